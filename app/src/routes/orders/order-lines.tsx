/** An order's lines tab: its lines (with what was received and billed, once sent) and its totals. */
import { DocumentTotals } from '@procura/ui-kit/document-header'
import { Table } from '@procura/ui-kit/table'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../http/use-format'
import { vatLines } from '../vat-lines'
import { useReceivedColumns } from './order-deliveries'
import type { Order } from './order-types'

export const OrderLines = ({ order: o, received }: { order: Order; received: boolean }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const receivedColumns = useReceivedColumns(o.currency_code)
  return (
    <>
      <Table
        caption={t('orders.fields.lines')}
        columns={[
          { key: 'label', header: t('orders.fields.label'), cell: (l) => l.label },
          {
            key: 'quantity',
            header: t('orders.fields.quantity'),
            cell: (l) => format.quantity(l.quantity, l.unit),
            className: 'pc-nowrap',
          },
          {
            key: 'unit_price',
            header: t('orders.fields.unitPrice'),
            cell: (l) => format.amount(l.unit_price_exctax, o.currency_code),
          },
          {
            key: 'vat_rate',
            header: t('orders.fields.vatRate'),
            cell: (l) => `${format.number(l.vat_rate)} %`,
          },
          {
            key: 'amount',
            header: t('orders.fields.amount'),
            cell: (l) => format.amount(l.amount_exctax ?? '0', o.currency_code),
          },
          ...(received ? receivedColumns : []),
        ]}
        rows={o.lines}
        rowKey={(l) => `${l.label}-${l.quantity}-${l.unit_price_exctax}`}
      />
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
