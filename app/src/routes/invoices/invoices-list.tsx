import { InvoiceRowAnswerSchema } from '@procura/core/invoice'
import { ButtonLink } from '@procura/ui-kit/button'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ListPage } from '../list-page'

/** supplier-invoices: the invoices of the accounts-payable team, with the way to the pending queue. */
export const InvoicesList = () => {
  const { t } = useTranslation()
  return (
    <ListPage
      row={InvoiceRowAnswerSchema}
      base="/bwapi/supplier-invoices"
      name="supplier-invoices"
      title={t('invoices.title')}
      defaultSort={{ key: 'created_at', direction: 'desc' }}
      render={{
        code: (r) => <Link to={`/supplier-invoices/${r.id}`}>{r.code}</Link>,
        status: (r) => (
          <>
            <StatusBadge status={r.status} label={t(`invoices.statuses.${r.status}`)} />
            {r.dispute_status === 'ongoing' ? (
              <StatusBadge status="refused" label={t('invoices.disputeStatuses.ongoing')} />
            ) : null}
          </>
        ),
      }}
      rowLabel={(r) => r.code}
      actions={
        <>
          <ButtonLink as={Link} variant="primary" to="/supplier-invoices/new">
            {t('invoices.new')}
          </ButtonLink>
          <ButtonLink as={Link} variant="secondary" to="/pending-invoices">
            {t('invoices.pendingTitle')}
          </ButtonLink>
        </>
      }
      empty={t('invoices.empty')}
    />
  )
}
