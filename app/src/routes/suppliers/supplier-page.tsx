import { dataOf } from '@procura/core/answer'
import { isSupplierContact } from '@procura/core/auth'
import { canManageBankAccounts } from '@procura/core/payment'
import { SupplierAnswerSchema } from '@procura/core/supplier'
import { DocumentHeader } from '@procura/ui-kit/document-header'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Tabs } from '@procura/ui-kit/tabs'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useModules } from '../../http/use-modules'
import { useCurrentUser } from '../../session/session'
import { ErrorState } from '../error-state'
import { useStatusLabel } from '../orders/use-status-label'
import { useTab } from '../use-tab'
import { BankAccounts } from './bank-accounts'
import { ApproveButton, ForcedStatusTab, useApproval, ValidatorsTab } from './supplier-approval'
import { Contacts } from './supplier-contacts'
import { SupplierContracts } from './supplier-contracts-tab'
import { SupplierDashboard } from './supplier-dashboard'
import { SupplierDocuments } from './supplier-documents'
import { SupplierMonitoringTab } from './supplier-monitoring'
import { SupplierPunchout } from './supplier-punchout'
import { FinanceTab, IdentityTab, PurchaseTab } from './supplier-record'
import { SupplierSurveillance } from './supplier-surveillance'
import type { Supplier } from './supplier-types'

const SupplierRead = dataOf(SupplierAnswerSchema)

/**
 * suppliers/new and suppliers/{id}: the whole record in the tabs of spec §2 (identity, contacts,
 * purchase, finance, bank details, contracts, documents, validators, surveillance, forced status,
 * monitoring, surveillance dashboard), its status and approval
 * in the header with the approve button when nothing is missing.
 */
export const SupplierPage = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const supplier = useAnswer(`/bwapi/suppliers/${id}`, SupplierRead, { enabled: id !== undefined })
  if (id === undefined)
    return (
      <section>
        <h1>{t('suppliers.new')}</h1>
        <IdentityTab supplier={null} />
      </section>
    )
  if (supplier.isError) return <ErrorState error={supplier.error} />
  if (supplier.data === undefined) return <p role="status">{t('common.loading')}</p>
  return <SupplierRecord supplier={supplier.data.data} />
}

const SupplierRecord = ({ supplier }: { supplier: Supplier }) => {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const format = useFormat()
  const statusLabel = useStatusLabel()
  const [tab, setTab] = useTab('identity')
  const approval = useApproval(supplier.id)
  const a = approval.data?.data
  const contact = isSupplierContact(user)
  const modules = useModules()
  const tabs = [
    { id: 'identity', label: t('suppliers.tabs.identity'), content: <IdentityTab supplier={supplier} /> },
    {
      id: 'contacts',
      label: t('suppliers.tabs.contacts'),
      count: supplier.contacts.length,
      content: <Contacts supplier={supplier} />,
    },
    { id: 'purchase', label: t('suppliers.tabs.purchase'), content: <PurchaseTab supplier={supplier} /> },
    { id: 'finance', label: t('suppliers.tabs.finance'), content: <FinanceTab supplier={supplier} /> },
    // Bank accounts are who manages them (accounts payable, finance): core/payment access.
    ...(canManageBankAccounts(user)
      ? [
          {
            id: 'bank',
            label: t('suppliers.tabs.bank'),
            content: <BankAccounts base={`/bwapi/suppliers/${supplier.id}`} />,
          },
        ]
      : []),
    // Its PunchOut shop: who manages suppliers (the read's actions), never its own contact.
    ...(supplier.actions.includes('edit') && !contact
      ? [
          {
            id: 'punchout',
            label: t('suppliers.tabs.punchout'),
            content: <SupplierPunchout supplierId={supplier.id} />,
          },
        ]
      : []),
    {
      id: 'documents',
      label: t('suppliers.tabs.documents'),
      content: <SupplierDocuments supplierId={supplier.id} />,
    },
    ...(contact
      ? []
      : [
          {
            id: 'contracts',
            label: t('suppliers.tabs.contracts'),
            content: <SupplierContracts supplierId={supplier.id} currency={supplier.currency_code} />,
          },
        ]),
    ...(a === undefined || contact
      ? []
      : [
          {
            id: 'validators',
            label: t('suppliers.tabs.validators'),
            content: <ValidatorsTab approval={a} />,
          },
          {
            id: 'forced',
            label: t('suppliers.tabs.forced'),
            content: <ForcedStatusTab supplierId={supplier.id} approval={a} />,
          },
        ]),
    // Surveillance, monitoring and the supplier dashboard come with the advanced suppliers module.
    ...(a === undefined || contact || !modules.advanced_suppliers
      ? []
      : [
          {
            id: 'surveillance',
            label: t('suppliers.tabs.surveillance'),
            content: <SupplierSurveillance supplierId={supplier.id} currency={supplier.currency_code} />,
          },
          {
            id: 'monitoring',
            label: t('suppliers.tabs.monitoring'),
            content: <SupplierMonitoringTab supplierId={supplier.id} />,
          },
          {
            id: 'dashboard',
            label: t('suppliers.tabs.dashboard'),
            content: <SupplierDashboard supplierId={supplier.id} currency={supplier.currency_code} />,
          },
        ]),
  ]
  // In the order of spec §2. A supplier's contact sees its company's identity and documents (it sends them), nothing internal.
  const order = [
    'identity',
    'contacts',
    'purchase',
    'finance',
    'bank',
    'punchout',
    'contracts',
    'documents',
    'validators',
    'surveillance',
    'forced',
    'monitoring',
    'dashboard',
  ]
  const sorted = [...tabs].sort((x, y) => order.indexOf(x.id) - order.indexOf(y.id))
  const shown = contact ? sorted.filter((x) => x.id === 'identity' || x.id === 'documents') : sorted
  return (
    <section>
      <DocumentHeader
        code={`${supplier.company_name} (${supplier.code})`}
        actionsLabel={t('table.actions')}
        badges={
          a === undefined ? null : (
            <>
              <StatusBadge status={a.status} label={statusLabel(a.status)} />{' '}
              <StatusBadge
                status={a.approved_until === null ? 'draft' : 'validated'}
                label={
                  a.approved_until === null
                    ? t('suppliers.approval.neverApproved')
                    : t('suppliers.approval.approvedUntil', { date: format.date(a.approved_until) })
                }
              />
            </>
          )
        }
        actions={a?.may_approve ? <ApproveButton supplierId={supplier.id} approval={a} /> : null}
      />
      <Tabs label={t('suppliers.tabs.label')} selected={tab} onSelect={setTab} items={shown} />
    </section>
  )
}
