import type { BillableLine, FreeLine } from './invoice-form-types'
/** The invoice form's lines: the order lines it bills (with their match) and its free lines. */

import { AGREEING_MATCH_RESULTS } from '@procura/core/invoice'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, TextField } from '@procura/ui-kit/form-field'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
import { useTranslation } from 'react-i18next'
import { DecimalField } from '../../forms/fields'
import { useFormat } from '../../http/use-format'

type Errors = Record<string, string[]>

/** The order lines an invoice may bill: what remains, what it bills, its rebilling, its match. */
export const BillableLinesTable = ({
  lines,
  billed,
  onBilled,
  rebill,
  onRebill,
  resultOf,
  rank,
  errors,
}: {
  lines: readonly BillableLine[]
  billed: Record<number, string>
  onBilled: (billed: Record<number, string>) => void
  rebill: Record<number, boolean>
  onRebill: (rebill: Record<number, boolean>) => void
  resultOf: (lineId: number) => string | undefined
  rank: (lineId: number) => number
  errors: Errors
}) => {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <Table
      caption={t('orders.fields.lines')}
      columns={[
        { key: 'order', header: t('invoices.fields.order'), cell: (l) => l.purchase_order_code },
        { key: 'line', header: t('invoices.fields.line'), cell: (l) => l.label },
        {
          key: 'remaining',
          header: t('invoices.fields.remaining'),
          cell: (l) =>
            l.receipt_mode === 'amount'
              ? format.money(l.remaining_exctax, l.currency_code)
              : `${format.number(l.remaining_quantity)} × ${format.amount(l.unit_price_exctax, l.currency_code)}`,
        },
        {
          key: 'quantity',
          header: t('invoices.fields.quantity'),
          cell: (l) => (
            <DecimalField
              label={`${t(l.receipt_mode === 'amount' ? 'invoices.fields.amount' : 'invoices.fields.quantity')} — ${l.label}`}
              value={billed[l.id] ?? ''}
              onChange={(e) => onBilled({ ...billed, [l.id]: e.target.value })}
              errors={
                rank(l.id) === -1
                  ? []
                  : (errors[
                      `lines.${rank(l.id)}.${l.receipt_mode === 'amount' ? 'amount_exctax' : 'quantity'}`
                    ] ?? [])
              }
            />
          ),
        },
        {
          key: 'rebill',
          header: t('invoices.fields.rebill'),
          cell: (l) => (
            <CheckboxField
              label={`${t('invoices.fields.rebill')} — ${l.label}`}
              checked={rebill[l.id] === true}
              onChange={(e) => onRebill({ ...rebill, [l.id]: e.target.checked })}
            />
          ),
        },
        {
          key: 'match',
          header: t('invoices.fields.match'),
          cell: (l) => {
            const result = resultOf(l.id)
            return result ? (
              <StatusBadge
                status={AGREEING_MATCH_RESULTS.includes(result) ? 'validated' : 'refused'}
                label={t(`invoices.matchResults.${result}`)}
              />
            ) : null
          },
        },
      ]}
      rows={lines}
      rowKey={(l) => l.id}
    />
  )
}

/** The invoice's free lines (freight, fees): a label, an amount and a VAT rate each. */
export const FreeLinesFieldset = ({
  free,
  onChange,
  errors,
  offset,
}: {
  free: readonly FreeLine[]
  onChange: (free: FreeLine[]) => void
  errors: Errors
  /** The free lines come after the billed ones in the sent lines (their errors' index). */
  offset: number
}) => {
  const { t } = useTranslation()
  return (
    <fieldset>
      <legend>{t('invoices.freeLines')}</legend>
      {free.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: free lines have no id until saved
        <div key={i} className="pc-order-line">
          {(['label', 'amount_exctax', 'vat_rate'] as const).map((key) => (
            <TextField
              key={key}
              label={t(
                `invoices.fields.${key === 'label' ? 'line' : key === 'amount_exctax' ? 'amount' : 'vatRate'}`,
              )}
              value={line[key]}
              onChange={(e) => onChange(free.map((l, j) => (j === i ? { ...l, [key]: e.target.value } : l)))}
              errors={errors[`lines.${offset + i}.${key}`] ?? []}
            />
          ))}
          <Button variant="ghost" size="small" onClick={() => onChange(free.filter((_, j) => j !== i))}>
            {t('invoices.removeFreeLine')}
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="small"
        onClick={() => onChange([...free, { label: '', amount_exctax: '', vat_rate: '20' }])}
      >
        {t('invoices.addFreeLine')}
      </Button>
    </fieldset>
  )
}
