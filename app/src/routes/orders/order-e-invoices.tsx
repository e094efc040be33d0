/** The e-invoices received for an order, with their statuses. */
import { isLanguage } from '@procura/core/i18n'
import {
  LIFECYCLE_REASONS,
  LIFECYCLE_STATUSES,
  type LifecycleCode,
  type LifecycleReason,
} from '@procura/core/invoice'
import { Table } from '@procura/ui-kit/table'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../http/use-format'
import type { Order } from './order-types'

/** The supplier's e-invoices on its order and where each stands (its latest lifecycle status). */
export const OrderEInvoices = ({ invoices }: { invoices: NonNullable<Order['e_invoices']> }) => {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  return (
    <Table
      caption={t('orders.eInvoices.title')}
      columns={[
        { key: 'number', header: t('orders.eInvoices.number'), cell: (invoice) => invoice.number },
        {
          key: 'status',
          header: t('orders.eInvoices.status'),
          cell: (invoice) => (
            <>
              {invoice.code} — {LIFECYCLE_STATUSES[invoice.code as LifecycleCode]?.[language] ?? invoice.code}
              {invoice.reason_code === null
                ? ''
                : ` (${LIFECYCLE_REASONS[invoice.reason_code as LifecycleReason]?.[language] ?? invoice.reason_code})`}
            </>
          ),
        },
        { key: 'since', header: t('orders.eInvoices.since'), cell: (invoice) => format.dateTime(invoice.at) },
      ]}
      rows={invoices}
      rowKey={(invoice) => invoice.number}
    />
  )
}
