/** The comparison of a closed RFQ's quotes, and its award. */

import { dataOf } from '@procura/core/answer'
import { AwardInputSchema, RfqAwardedAnswerSchema, RfqComparisonAnswerSchema } from '@procura/core/sourcing'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, Select, TextAreaField } from '@procura/ui-kit/form-field'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useChange } from '../../http/changes'
import { apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { ErrorState } from '../error-state'
import { type Cell, type Rfq, STALE } from './rfq-types'

const RfqComparisonRead = dataOf(RfqComparisonAnswerSchema)

/**
 * The comparison, lines × suppliers, in the RFQ's currency: the best price and lead time marked,
 * expiring and expired quotes flagged, the totals and the cheapest basket; and the award, whole or
 * line by line, with a reason when it is not the cheapest.
 */
export const ComparisonPanel = ({ rfq }: { rfq: Rfq }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const toasts = useToasts()
  const change = useChange([...STALE])
  const { errors, message, busy, send } = useSubmit()
  const answer = useAnswer(`/bwapi/rfqs/${rfq.id}/comparison`, RfqComparisonRead)
  const [chosen, setChosen] = useState<Record<number, string>>({})
  const [reason, setReason] = useState('')
  const [tellLosers, setTellLosers] = useState(true)
  const c = answer.data?.data
  useEffect(() => {
    if (c === undefined) return
    setChosen(
      Object.fromEntries(
        rfq.lines.map((line) => {
          const awarded = line.awarded_supplier_id
          const cheapest = c.cheapest_per_line.find((x) => x.rfq_line_id === line.id)?.supplier_id
          return [line.id, String(awarded ?? cheapest ?? '')]
        }),
      ),
    )
  }, [c, rfq.lines])
  if (answer.isError) return <ErrorState error={answer.error} />
  if (c === undefined) return <p role="status">{t('common.loading')}</p>
  const name = (supplierId: number | null) =>
    c.suppliers.find((s) => s.supplier_id === supplierId)?.supplier ?? ''
  const awardable = rfq.may_award
  const award = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = {
      lines: Object.entries(chosen)
        .filter(([, supplier]) => supplier !== '')
        .map(([line, supplier]) => ({ rfq_line_id: Number(line), supplier_id: Number(supplier) })),
      reason: reason.trim() || null,
      tell_losers: tellLosers,
    }
    await send(AwardInputSchema, body, async () => {
      const done = await change.mutateAsync(() =>
        apiRead(`/bwapi/rfqs/${rfq.id}/award`, RfqAwardedAnswerSchema, {
          method: 'POST',
          body,
        }),
      )
      toasts.show(
        'success',
        t('sourcing.rfqs.done.award', {
          code: rfq.code,
          orders: done.data.orders.map((o) => o.code).join(', '),
        }),
      )
    })
  }
  return (
    <section aria-labelledby="comparison">
      <h2 id="comparison">{t('sourcing.rfqs.comparison')}</h2>
      <p>
        {c.cheapest_basket === null
          ? t('sourcing.rfqs.noBasket')
          : t('sourcing.rfqs.cheapestBasket', { supplier: name(c.cheapest_basket) })}
      </p>
      <div className="pc-table-scroll">
        <Table
          className="pc-comparison"
          caption={t('sourcing.rfqs.comparisonCaption', { currency: c.currency_code })}
          columns={[
            {
              key: 'line',
              header: t('sourcing.rfqs.fields.lineLabel'),
              rowHeader: true,
              cell: (line) => (
                <>
                  {line.label}
                  <br />
                  <small>{format.quantity(line.quantity, line.unit)}</small>
                </>
              ),
            },
            ...c.suppliers.map((s) => {
              const cellOf = (line: (typeof c.lines)[number]) =>
                line.cells.find((x) => x.supplier_id === s.supplier_id)
              return {
                key: `supplier-${s.supplier_id}`,
                header: s.supplier,
                data: (line: (typeof c.lines)[number]) => ({
                  'data-best': cellOf(line)?.best_price ? 'price' : undefined,
                }),
                cell: (line: (typeof c.lines)[number]) => {
                  const cell = cellOf(line)
                  return cell === undefined ? (
                    t('sourcing.rfqs.notOffered')
                  ) : (
                    <QuoteCell cell={cell} line={line} currency={c.currency_code} />
                  )
                },
              }
            }),
            awardable && {
              key: 'award',
              header: t('sourcing.rfqs.awardTo'),
              cell: (line) => (
                <label>
                  <span className="pc-visually-hidden">
                    {t('sourcing.rfqs.awardLine', { line: line.label })}
                  </span>
                  <Select
                    aria-label={t('sourcing.rfqs.awardLine', { line: line.label })}
                    value={chosen[line.id] ?? ''}
                    onChange={(e) => setChosen({ ...chosen, [line.id]: e.target.value })}
                    placeholder={t('sourcing.rfqs.notAwarded')}
                    options={line.cells
                      .filter((cell) => cell.validity !== 'expired')
                      .map((cell) => ({
                        value: String(cell.supplier_id),
                        label: name(cell.supplier_id),
                      }))}
                  />
                </label>
              ),
            },
          ]}
          rows={c.lines}
          rowKey={(line) => line.id}
          footer={
            <tr>
              <th scope="row">{t('sourcing.rfqs.total')}</th>
              {c.suppliers.map((s) => (
                <td
                  key={s.supplier_id}
                  data-best={s.supplier_id === c.cheapest_basket ? 'basket' : undefined}
                >
                  <strong>{format.money(s.amount_exctax, c.currency_code)}</strong>
                  <br />
                  <small>
                    {t('sourcing.rfqs.inctax', { amount: format.money(s.amount_inctax, c.currency_code) })}
                  </small>
                  {s.complete ? null : (
                    <>
                      <br />
                      <small>{t('sourcing.rfqs.incomplete')}</small>
                    </>
                  )}
                  {s.supplier_id === c.cheapest_basket ? (
                    <>
                      <br />
                      <StatusBadge status="validated" label={t('sourcing.rfqs.cheapest')} />
                    </>
                  ) : null}
                </td>
              ))}
              {awardable ? <td /> : null}
            </tr>
          }
        />
      </div>
      {awardable ? (
        <form onSubmit={award} noValidate aria-label={t('sourcing.rfqs.award')}>
          <FormAlert message={message} />
          {c.cheapest_basket === null ? null : (
            <Button
              variant="ghost"
              onClick={() =>
                setChosen(Object.fromEntries(c.lines.map((l) => [l.id, String(c.cheapest_basket)])))
              }
            >
              {t('sourcing.rfqs.wholeTo', { supplier: name(c.cheapest_basket) })}
            </Button>
          )}{' '}
          <Button
            variant="ghost"
            onClick={() =>
              setChosen(
                Object.fromEntries(
                  c.cheapest_per_line.map((x) => [x.rfq_line_id, String(x.supplier_id ?? '')]),
                ),
              )
            }
          >
            {t('sourcing.rfqs.eachCheapest')}
          </Button>
          <TextAreaField
            label={t('sourcing.rfqs.fields.reason')}
            hint={t('sourcing.rfqs.reasonHint')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            errors={errors.reason ?? []}
          />
          <CheckboxField
            label={t('sourcing.rfqs.tellLosers')}
            checked={tellLosers}
            onChange={(e) => setTellLosers(e.target.checked)}
          />
          <Button type="submit" loading={busy}>
            {t('sourcing.rfqs.award')}
          </Button>
        </form>
      ) : null}
    </section>
  )
}

/** One quotation in the comparison: its price, total, lead time and validity, the best ones marked. */
const QuoteCell = ({
  cell,
  line,
  currency,
}: {
  cell: Cell
  line: { quantity: string; unit: string }
  currency: string
}) => {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <>
      <span className={cell.best_price ? 'pc-best' : undefined}>
        {format.money(cell.unit_price, currency)}
      </span>
      {cell.best_price ? <span className="pc-visually-hidden"> ({t('sourcing.rfqs.bestPrice')})</span> : null}
      <br />
      <small>
        {format.quantity(cell.quantity, line.unit)} · {format.money(cell.amount_exctax, currency)}
      </small>
      {cell.lead_time_days === null ? null : (
        <>
          <br />
          <small className={cell.best_lead_time ? 'pc-best' : undefined}>
            {t('sourcing.rfqs.days', { count: cell.lead_time_days })}
            {cell.best_lead_time ? ` (${t('sourcing.rfqs.fastest')})` : ''}
          </small>
        </>
      )}
      {cell.raised_to_minimum ? (
        <>
          <br />
          <small>{t('sourcing.rfqs.minimum', { quantity: format.quantity(cell.quantity, line.unit) })}</small>
        </>
      ) : null}
      {cell.partial ? (
        <>
          <br />
          <small>{t('sourcing.rfqs.partial')}</small>
        </>
      ) : null}
      {cell.validity === 'valid' ? null : (
        <>
          <br />
          <StatusBadge
            status={cell.validity === 'expired' ? 'refused' : 'awaiting'}
            label={t(`sourcing.rfqs.validity.${cell.validity}`, {
              date: format.date(cell.valid_until ?? ''),
            })}
          />
        </>
      )}
    </>
  )
}
