import { BANK_ACCOUNT_CSV_COLUMNS, canManageBankAccounts } from '@procura/core/payment'
import { CONTACT_CSV_COLUMNS, SUPPLIER_CSV_COLUMNS } from '@procura/core/supplier'
import { SelectField } from '@procura/ui-kit/form-field'
import { Modal } from '@procura/ui-kit/modal'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ImportForm } from '../../forms/import-form'
import { useCurrentUser } from '../../session/session'

const KINDS = {
  suppliers: { path: '/bwapi/suppliers/import', columns: SUPPLIER_CSV_COLUMNS },
  contacts: { path: '/bwapi/supplier-contacts/import', columns: CONTACT_CSV_COLUMNS },
  bankAccounts: { path: '/bwapi/supplier-bank-accounts/import', columns: BANK_ACCOUNT_CSV_COLUMNS },
} as const
type Kind = keyof typeof KINDS

/**
 * suppliers/import: suppliers, their contacts or their bank accounts from a CSV file, on the one
 * import engine (checked first if wished, then all or nothing). Bank accounts are offered to who
 * manages them; they arrive waiting for a second person's validation.
 */
export const SupplierImport = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const user = useCurrentUser()
  const [kind, setKind] = useState<Kind>('suppliers')
  const kinds = (Object.keys(KINDS) as Kind[]).filter(
    (k) => k !== 'bankAccounts' || canManageBankAccounts(user),
  )
  return (
    <Modal
      title={t('suppliers.import.title')}
      open
      onClose={() => navigate('/suppliers')}
      closeLabel={t('common.close')}
    >
      <SelectField
        label={t('suppliers.import.kind')}
        value={kind}
        onChange={(e) => setKind(e.target.value as Kind)}
        options={kinds.map((k) => ({ value: k, label: t(`suppliers.import.kinds.${k}`) }))}
      />
      <ImportForm
        key={kind}
        path={KINDS[kind].path}
        columns={KINDS[kind].columns}
        help={t(`suppliers.import.help.${kind}`)}
        stale={['supplier']}
      />
    </Modal>
  )
}
