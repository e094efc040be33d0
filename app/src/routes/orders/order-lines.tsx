/** An order's lines tab: its lines (with what was received and billed, once sent) and its totals. */
import { DocumentTotals } from '@procura/ui-kit/document-header'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../http/use-format'
import { vatLines } from '../vat-lines'
import { ReceivedCells } from './order-deliveries'
import type { Order } from './order-types'

export const OrderLines = ({ order: o, received }: { order: Order; received: boolean }) => {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <>
      <table className="pc-table">
        <caption>{t('orders.fields.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.fields.label')}</th>
            <th scope="col">{t('orders.fields.quantity')}</th>
            <th scope="col">{t('orders.fields.unitPrice')}</th>
            <th scope="col">{t('orders.fields.vatRate')}</th>
            <th scope="col">{t('orders.fields.amount')}</th>
            {received ? (
              <>
                <th scope="col">{t('deliveries.fields.delivered')}</th>
                <th scope="col">{t('deliveries.fields.predelivered')}</th>
                <th scope="col">{t('deliveries.fields.remaining')}</th>
                <th scope="col">{t('invoices.billed')}</th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {o.lines.map((l) => (
            <tr key={`${l.label}-${l.quantity}-${l.unit_price_exctax}`}>
              <td>{l.label}</td>
              <td className="pc-nowrap">{format.quantity(l.quantity, l.unit)}</td>
              <td>{format.amount(l.unit_price_exctax, o.currency_code)}</td>
              <td>{format.number(l.vat_rate)} %</td>
              <td>{format.amount(l.amount_exctax ?? '0', o.currency_code)}</td>
              {received ? <ReceivedCells line={l} currency={o.currency_code} /> : null}
            </tr>
          ))}
        </tbody>
      </table>
      <DocumentTotals
        lines={[
          {
            key: 'exctax',
            label: t('orders.totals.exctax'),
            value: format.money(o.amount_exctax, o.currency_code),
          },
          ...vatLines(o.vat_breakdown, o.currency_code, t, format),
          {
            key: 'inctax',
            label: t('orders.totals.inctax'),
            value: format.money(o.amount_inctax, o.currency_code),
            strong: true,
          },
        ]}
      />
    </>
  )
}
