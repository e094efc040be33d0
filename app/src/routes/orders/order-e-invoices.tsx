/** The e-invoices received for an order, with their statuses. */
import { isLanguage } from '@procura/core/i18n'
import {
  LIFECYCLE_REASONS,
  LIFECYCLE_STATUSES,
  type LifecycleCode,
  type LifecycleReason,
} from '@procura/core/invoice'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../http/use-format'
import type { Order } from './order-types'

/** The supplier's e-invoices on its order and where each stands (its latest lifecycle status). */
export const OrderEInvoices = ({ invoices }: { invoices: NonNullable<Order['e_invoices']> }) => {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  return (
    <table className="pc-table">
      <caption>{t('orders.eInvoices.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('orders.eInvoices.number')}</th>
          <th scope="col">{t('orders.eInvoices.status')}</th>
          <th scope="col">{t('orders.eInvoices.since')}</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.number}>
            <td>{invoice.number}</td>
            <td>
              {invoice.code} — {LIFECYCLE_STATUSES[invoice.code as LifecycleCode]?.[language] ?? invoice.code}
              {invoice.reason_code === null
                ? ''
                : ` (${LIFECYCLE_REASONS[invoice.reason_code as LifecycleReason]?.[language] ?? invoice.reason_code})`}
            </td>
            <td>{format.dateTime(invoice.at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
