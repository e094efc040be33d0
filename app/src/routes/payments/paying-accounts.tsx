import { FilterOptionsSchema } from '@procura/core/list'
import { useTranslation } from 'react-i18next'
import { useAnswer } from '../../http/use-api'
import { ErrorState } from '../error-state'
import { BankAccounts } from '../suppliers/bank-accounts'

/** payments/accounts: the paying companies' own bank accounts, debited by the SEPA files (administrators). */
export const PayingAccounts = () => {
  const { t } = useTranslation()
  const companies = useAnswer('/bwapi/payment-groups/filter-list/company_id', FilterOptionsSchema)
  if (companies.isError) return <ErrorState error={companies.error} />
  if (companies.data === undefined) return <p role="status">{t('common.loading')}</p>
  return (
    <section>
      <h1>{t('payments.accountsTitle')}</h1>
      <p>{t('payments.accountsHelp')}</p>
      {companies.data.data.map((c) => (
        <section key={c.value} aria-label={c.label}>
          <h2>{c.label}</h2>
          <BankAccounts base={`/bwapi/companies/${c.value}`} />
        </section>
      ))}
    </section>
  )
}
