import { CreatedAnswerSchema, dataOf, rowsOf } from '@procura/core/answer'
import type { CustomFieldDefinition } from '@procura/core/custom-field'
import { CustomFieldDefinitionAnswerSchema } from '@procura/core/custom-field'
import { type NeedAnswer, NeedAnswerSchema, NeedInputSchema } from '@procura/core/need'
import { type BuyerAnswer, BuyerAnswerSchema } from '@procura/core/user'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextAreaField, TextField } from '@procura/ui-kit/form-field'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { CustomFieldInputs, readCustomValues } from '../../forms/custom-fields'
import { useChange } from '../../http/changes'
import { apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'
import { useAllocationFields } from '../allocation-fields'
import { ArticlePicker } from '../article-picker'
import { blankToNull, LinesEditor } from '../lines-editor'

const NeedRead = dataOf(NeedAnswerSchema)
const BuyerRows = rowsOf(BuyerAnswerSchema)
const CustomFieldRows = rowsOf(CustomFieldDefinitionAnswerSchema)

type Line = {
  description: string
  product_family: string | null
  quantity: string
  quantity_step: string | null
  unit: string
  unit_price_exctax: string
  wanted_date: string | null
  allocation1: string | null
  allocation2: string | null
  allocation3: string | null
  allocation4: string | null
  delivery_address: string | null
  /** Set by the catalogue picker; the request's default otherwise. */
  vat_rate?: string
}
const LINE_KEYS = [
  'description',
  'product_family',
  'quantity',
  'quantity_step',
  'unit',
  'unit_price_exctax',
  'wanted_date',
  'allocation1',
  'allocation2',
  'allocation3',
  'allocation4',
  'delivery_address',
] as const satisfies readonly (keyof Line)[]
const OPTIONAL = LINE_KEYS.filter(
  (k) => !['description', 'quantity', 'unit', 'unit_price_exctax'].includes(k),
)
type Need = NeedAnswer

const EMPTY: Line = {
  description: '',
  product_family: null,
  quantity: '1',
  quantity_step: null,
  unit: 'unit',
  unit_price_exctax: '0',
  wanted_date: null,
  allocation1: null,
  allocation2: null,
  allocation3: null,
  allocation4: null,
  delivery_address: null,
}
/** The editable part of a saved line (ids and amounts are the server's). */
const editable = (line: NeedAnswer['lines'][number]): Line =>
  Object.fromEntries(LINE_KEYS.map((k) => [k, line[k] ?? null])) as Line

/** needs/new and needs/{id}/edit. */
export const NeedForm = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const existing = useAnswer(`/bwapi/needs/${id}`, NeedRead, { enabled: id !== undefined })
  const buyers = useAnswer('/bwapi/buyers', BuyerRows)
  // The requests' custom fields, as the admin list serves them to everyone (active ones only).
  const fields = useAnswer('/bwapi/custom-fields?model=need&active=1', CustomFieldRows)
  if (
    buyers.data === undefined ||
    fields.data === undefined ||
    (id !== undefined && existing.data === undefined)
  )
    return <p role="status">{t('common.loading')}</p>
  return <NeedFields need={existing.data?.data ?? null} buyers={buyers.data.data} fields={fields.data.data} />
}

const NeedFields = ({
  need,
  buyers,
  fields,
}: {
  need: Need | null
  buyers: BuyerAnswer[]
  fields: CustomFieldDefinition[]
}) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const change = useChange(['need'])
  const { errors, message, busy, send } = useSubmit()
  const [lines, setLines] = useState<Line[]>(need?.lines.map(editable) ?? [{ ...EMPTY }])
  const allocationFields = useAllocationFields(lines)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body = {
      title: f.get('title'),
      buyer_id: f.get('buyer_id') ? Number(f.get('buyer_id')) : undefined,
      purchase_family: f.get('purchase_family'),
      comment: String(f.get('comment') ?? '').trim() || null,
      lines: blankToNull(lines, OPTIONAL),
      custom: readCustomValues(f, fields),
    }
    await send(NeedInputSchema, body, async () => {
      let saved = need?.id ?? 0
      if (need === null)
        saved = (
          await change.mutateAsync(() =>
            apiRead('/bwapi/needs', CreatedAnswerSchema, { method: 'POST', body }),
          )
        ).data.id
      else await change.mutateAsync(() => apiFetch(`/bwapi/needs/${need.id}`, { method: 'PUT', body }))
      navigate(`/needs/${saved}`)
    })
  }
  return (
    <form onSubmit={submit} noValidate>
      <h1>{need === null ? t('needs.new') : need.title}</h1>
      <FormAlert message={message} />
      <TextField
        label={t('needs.fields.title')}
        name="title"
        defaultValue={need?.title ?? ''}
        errors={errors.title ?? []}
      />
      <SelectField
        label={t('orders.fields.buyer')}
        name="buyer_id"
        defaultValue={String(need?.buyer_id ?? '')}
        options={[{ value: '', label: '—' }, ...buyers.map((b) => ({ value: String(b.id), label: b.label }))]}
        errors={errors.buyer_id ?? []}
      />
      <TextField
        label={t('needs.fields.family')}
        name="purchase_family"
        defaultValue={need?.purchase_family ?? ''}
        errors={errors.purchase_family ?? []}
      />
      <TextAreaField
        label={t('needs.fields.comment')}
        name="comment"
        rows={3}
        defaultValue={need?.comment ?? ''}
        errors={errors.comment ?? []}
      />
      <CustomFieldInputs
        fields={fields}
        values={Object.fromEntries((need?.custom ?? []).map((c) => [c.code, c.value]))}
        errors={errors}
        attachments={need === null ? null : `/bwapi/needs/${need.id}/attachments`}
      />
      <LinesEditor<Line>
        lines={lines}
        wide
        fields={[
          { key: 'description', label: t('needs.fields.description') },
          { key: 'product_family', label: t('needs.fields.productFamily') },
          { key: 'quantity', label: t('orders.fields.quantity'), decimal: true },
          { key: 'quantity_step', label: t('needs.fields.quantityStep'), decimal: true },
          { key: 'unit', label: t('needs.fields.unit') },
          { key: 'unit_price_exctax', label: t('needs.fields.estimatedPrice'), decimal: true },
          { key: 'wanted_date', label: t('needs.fields.wantedDate'), type: 'date' },
          ...allocationFields,
          { key: 'delivery_address', label: t('needs.fields.deliveryAddress') },
        ]}
        empty={EMPTY}
        errors={errors}
        onChange={setLines}
        picker={(_, apply) => (
          <ArticlePicker
            onPick={(article) =>
              apply({
                description: article.label,
                unit_price_exctax: article.price_exctax.includes('.')
                  ? article.price_exctax.replace(/\.?0+$/, '')
                  : article.price_exctax,
                vat_rate: article.vat_rate,
                quantity_step: article.quantity_step,
                quantity: article.quantity_step ?? '1',
                product_family: article.product_family,
              })
            }
          />
        )}
      />
      <Button type="submit" loading={busy}>
        {t('common.save')}
      </Button>
    </form>
  )
}
