import { dataOf, NumberedAnswerSchema, rowsOf } from '@procura/core/answer'
import type { CustomFieldDefinition } from '@procura/core/custom-field'
import { CustomFieldDefinitionAnswerSchema } from '@procura/core/custom-field'
import {
  CreateDeliverySchema,
  type DeliveryFormDataAnswer,
  DeliveryFormDataAnswerSchema,
} from '@procura/core/delivery'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { CustomFieldInputs, readCustomValues } from '../../forms/custom-fields'
import { DateInputField, DecimalField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { ErrorState } from '../error-state'

const DeliveryFormDataRead = dataOf(DeliveryFormDataAnswerSchema)

const CustomFieldRows = rowsOf(CustomFieldDefinitionAnswerSchema)

type FormData = DeliveryFormDataAnswer

/**
 * purchase-orders/{id}/receive?kind=delivery|technical|declare: what arrived, line by line — an
 * empty line is not received; "Fill in what remains" fills each line with what remains — a
 * negative quantity returns goods.
 */
export const DeliveryForm = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const [search] = useSearchParams()
  const kind = search.get('kind') ?? 'delivery'
  const form = useAnswer(`/bwapi/deliveries/create-form?purchase_order_id=${id}`, DeliveryFormDataRead)
  // The organisation's custom fields of deliveries (a supplier's declaration carries none).
  const fields = useAnswer('/bwapi/custom-fields?model=delivery&active=1', CustomFieldRows, {
    enabled: kind !== 'declare',
  })
  if (form.isError) return <ErrorState error={form.error} />
  if (form.data === undefined || (kind !== 'declare' && fields.data === undefined))
    return <p role="status">{t('common.loading')}</p>
  return <DeliveryFormFields data={form.data.data} kind={kind} fields={fields.data?.data ?? []} />
}

const DeliveryFormFields = ({
  data,
  kind,
  fields,
}: {
  data: FormData
  kind: string
  fields: CustomFieldDefinition[]
}) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const change = useChange(['delivery'])
  const toasts = useToasts()
  const format = useFormat()
  const { errors, message, busy, send } = useSubmit()
  const technical = kind !== 'delivery'
  // Every line starts empty (nothing received); "Fill in what remains" puts each line's remainder.
  const [values, setValues] = useState<Record<number, string>>({})
  const fillRemaining = () =>
    setValues(
      Object.fromEntries(
        data.lines.map((l) => [
          l.id,
          (l.receipt_mode === 'amount' ? l.remaining_amount_exctax : l.remaining_quantity) ?? '',
        ]),
      ),
    )
  const title =
    {
      delivery: 'deliveries.newTitle',
      technical: 'deliveries.newTechnicalTitle',
      declare: 'deliveries.declareTitle',
    }[kind as 'delivery'] ?? 'deliveries.newTitle'

  // The lines sent are the filled ones: the server names their errors by their rank among them.
  const sent = data.lines.filter((l) => (values[l.id] ?? '').trim() !== '')
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (name: string) => {
      const value = String(f.get(name) ?? '').trim()
      return value === '' ? null : value
    }
    const number = (name: string) => (text(name) === null ? null : Number(text(name)))
    const body = {
      purchase_order_id: data.order.id,
      kind: technical ? 'technical' : 'delivery',
      delivery_date: text('delivery_date'),
      delivery_note_number: text('delivery_note_number'),
      internal_number: text('internal_number'),
      comment: text('comment'),
      ...(technical
        ? { conform: f.get('conform') === 'on' }
        : { warehouse_id: number('warehouse_id'), from_warehouse_id: number('from_warehouse_id') }),
      lines: sent.map((l) => ({
        purchase_order_line_id: l.id,
        ...(l.receipt_mode === 'amount' ? { amount_exctax: values[l.id] } : { quantity: values[l.id] }),
      })),
      custom: readCustomValues(f, fields),
    }
    let created: { id: number; code: string } | null = null
    const done = await send(CreateDeliverySchema, body, async () => {
      created = (
        await change.mutateAsync(() =>
          apiRead('/bwapi/deliveries', NumberedAnswerSchema, { method: 'POST', body }),
        )
      ).data
    })
    const made = created as { id: number; code: string } | null
    if (!done || made === null) return
    toasts.show('success', t('deliveries.recorded', { code: made.code }))
    navigate(`/deliveries/${made.id}`)
  }

  return (
    <form onSubmit={submit} noValidate>
      <h1>{t(title, { code: data.order.code })}</h1>
      <FormAlert message={message} />
      <p>{t('deliveries.returnHint')}</p>
      <CustomFieldInputs fields={fields} values={{}} errors={errors} attachments={null} />
      <DateInputField
        label={t('deliveries.fields.deliveryDate')}
        name="delivery_date"
        defaultValue={data.today}
        errors={errors.delivery_date ?? []}
      />
      <TextField
        label={t('deliveries.fields.noteNumber')}
        name="delivery_note_number"
        errors={errors.delivery_note_number ?? []}
      />
      <TextField
        label={t('deliveries.fields.internalNumber')}
        name="internal_number"
        errors={errors.internal_number ?? []}
      />
      {technical ? (
        <CheckboxField label={t('deliveries.fields.conform')} name="conform" defaultChecked />
      ) : (
        <>
          <SelectField
            label={t('deliveries.fields.warehouse')}
            name="warehouse_id"
            options={data.warehouses.map((w) => ({ value: String(w.id), label: w.label }))}
            errors={errors.warehouse_id ?? []}
          />
          {data.order.transfer ? (
            <SelectField
              label={t('deliveries.fields.fromWarehouse')}
              name="from_warehouse_id"
              options={[
                { value: '', label: '—' },
                ...data.warehouses.map((w) => ({ value: String(w.id), label: w.label })),
              ]}
              errors={errors.from_warehouse_id ?? []}
            />
          ) : null}
        </>
      )}
      <Button variant="secondary" onClick={fillRemaining}>
        {t('deliveries.fillRemaining')}
      </Button>
      <Table
        caption={t('orders.fields.lines')}
        columns={[
          {
            key: 'line',
            header: t('deliveries.fields.line'),
            cell: (l) => (
              <>
                {l.label}
                {technical || l.moves_stock ? null : (
                  <span className="pc-block pc-text--muted">{t('deliveries.noStockMove')}</span>
                )}
              </>
            ),
          },
          {
            key: 'ordered',
            header: t('deliveries.fields.ordered'),
            cell: (l) =>
              l.receipt_mode === 'amount'
                ? format.money(l.ordered_amount_exctax, data.order.currency_code)
                : format.quantity(l.ordered_quantity, l.unit),
          },
          {
            key: 'delivered',
            header: t('deliveries.fields.delivered'),
            cell: (l) =>
              l.receipt_mode === 'amount'
                ? format.money(l.delivered_amount_exctax, data.order.currency_code)
                : format.number(l.delivered_quantity),
          },
          {
            key: 'predelivered',
            header: t('deliveries.fields.predelivered'),
            cell: (l) => format.number(l.predelivered_quantity),
          },
          {
            key: 'received',
            header: t('deliveries.fields.received'),
            cell: (l) => {
              const rank = sent.indexOf(l)
              const field = l.receipt_mode === 'amount' ? 'amount_exctax' : 'quantity'
              return (
                <DecimalField
                  label={`${t('deliveries.fields.received')} — ${l.label}`}
                  value={values[l.id] ?? ''}
                  onChange={(e) => setValues({ ...values, [l.id]: e.target.value })}
                  errors={rank === -1 ? [] : (errors[`lines.${rank}.${field}`] ?? [])}
                />
              )
            },
          },
        ]}
        rows={data.lines}
        rowKey={(l) => l.id}
      />
      <TextField label={t('deliveries.fields.comment')} name="comment" errors={errors.comment ?? []} />
      <Button type="submit" loading={busy}>
        {technical ? t('deliveries.predeliver') : t('deliveries.receive')}
      </Button>
    </form>
  )
}
