/** A supplier's quote for an RFQ, typed in by the buyer or the supplier's contact. */
import { QuoteInputSchema } from '@procura/core/sourcing'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, TextAreaField } from '@procura/ui-kit/form-field'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateInputField, DecimalField, FileField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch } from '../../http/client'
import { useSubmit } from '../../http/use-submit'
import { type Invited, type Rfq, STALE } from './rfq-types'

type QuoteLine = {
  unit_price_exctax: string
  quantity: string
  lead_time_days: string
  valid_until: string
  min_quantity: string
}

/** A supplier's answer, written per line (a line left without a price is not offered), and its file. */
export const QuoteForm = ({ rfq, invited, onDone }: { rfq: Rfq; invited: Invited; onDone: () => void }) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange([...STALE])
  const { errors, message, busy, send } = useSubmit()
  const [fileErrors, setFileErrors] = useState<string[]>([])
  const [lines, setLines] = useState<Record<number, QuoteLine>>(() =>
    Object.fromEntries(
      rfq.lines.map((line) => {
        const q = invited.quotes.find((x) => x.rfq_line_id === line.id)
        return [
          line.id,
          {
            unit_price_exctax: q?.unit_price_exctax ?? '',
            quantity: q?.quantity ?? '',
            lead_time_days: q?.lead_time_days == null ? '' : String(q.lead_time_days),
            valid_until: q?.valid_until ?? '',
            min_quantity: q?.min_quantity ?? '',
          },
        ]
      }),
    ),
  )
  const [comment, setComment] = useState(invited.comment ?? '')
  const set = (lineId: number, key: keyof QuoteLine, value: string) =>
    setLines((all) => ({ ...all, [lineId]: { ...(all[lineId] as QuoteLine), [key]: value } }))
  const upload = async (file: File | undefined) => {
    if (file === undefined) return
    const body = new FormData()
    body.set('file', file)
    setFileErrors([])
    try {
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/rfqs/${rfq.id}/quotes/${invited.supplier_id}/file`, { method: 'POST', body }),
      )
    } catch (error) {
      setFileErrors(
        error instanceof ApiError
          ? (error.body.errors?.file ?? [error.body.message ?? error.message])
          : [t('errors.network')],
      )
    }
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = {
      comment: comment.trim() || null,
      lines: rfq.lines.flatMap((line) => {
        const l = lines[line.id]
        if (l === undefined || l.unit_price_exctax.trim() === '') return []
        return [
          {
            rfq_line_id: line.id,
            unit_price_exctax: l.unit_price_exctax,
            quantity: l.quantity.trim() || null,
            lead_time_days: l.lead_time_days.trim() === '' ? null : Number(l.lead_time_days),
            valid_until: l.valid_until.trim() || null,
            min_quantity: l.min_quantity.trim() || null,
          },
        ]
      }),
    }
    await send(QuoteInputSchema, body, async () => {
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/rfqs/${rfq.id}/quotes/${invited.supplier_id}`, { method: 'PUT', body }),
      )
      toasts.show('success', t('sourcing.rfqs.done.quote', { supplier: invited.supplier }))
      onDone()
    })
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby="quote-form">
      <h2 id="quote-form">{t('sourcing.rfqs.answerOf', { supplier: invited.supplier })}</h2>
      <p>{t('sourcing.rfqs.answerHint')}</p>
      <FormAlert message={message} />
      {rfq.lines.map((line) => {
        const l = lines[line.id] as QuoteLine
        return (
          <fieldset key={line.id}>
            <legend>{line.label}</legend>
            <DecimalField
              label={t('sourcing.rfqs.fields.unitPrice')}
              value={l.unit_price_exctax}
              currency={invited.currency_code ?? rfq.currency_code}
              onChange={(e) => set(line.id, 'unit_price_exctax', e.target.value)}
            />
            <DecimalField
              label={t('sourcing.rfqs.fields.offered')}
              hint={t('sourcing.rfqs.offeredHint', { quantity: line.quantity })}
              value={l.quantity}
              onChange={(e) => set(line.id, 'quantity', e.target.value)}
            />
            <DecimalField
              label={t('sourcing.rfqs.fields.leadTime')}
              value={l.lead_time_days}
              onChange={(e) => set(line.id, 'lead_time_days', e.target.value)}
            />
            <DateInputField
              label={t('sourcing.rfqs.fields.validUntil')}
              value={l.valid_until}
              onChange={(e) => set(line.id, 'valid_until', e.target.value)}
            />
            <DecimalField
              label={t('sourcing.rfqs.fields.minQuantity')}
              value={l.min_quantity}
              onChange={(e) => set(line.id, 'min_quantity', e.target.value)}
            />
          </fieldset>
        )
      })}
      {Object.keys(errors).length === 0 ? null : (
        <FormAlert message={Object.values(errors).flat().join(' ')} />
      )}
      <TextAreaField
        label={t('sourcing.rfqs.fields.answerComment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <FileField
        label={t('sourcing.rfqs.quoteFile')}
        name="file"
        accept=".pdf,.png,.jpg,.jpeg,.xlsx,.docx"
        errors={fileErrors}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <Button type="submit" loading={busy}>
        {t('sourcing.rfqs.saveAnswer')}
      </Button>{' '}
      <Button variant="ghost" onClick={onDone}>
        {t('common.back')}
      </Button>
    </form>
  )
}
