import { CreatedAnswerSchema } from '@procura/core/answer'
import { FilterOptionsSchema } from '@procura/core/list'
import { OrderFormDataAnswerSchema } from '@procura/core/purchase-order'
/** rfqs/new: a new request for quotation, its lines and the suppliers invited. */
import { RfqFromNeedsAnswerSchema, RfqInputSchema } from '@procura/core/sourcing'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, TextAreaField, TextField } from '@procura/ui-kit/form-field'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { DateInputField, ModuleSelect, OptionPicker } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'
import { ArticlePicker } from '../article-picker'
import { ErrorState } from '../error-state'
import { LinesEditor } from '../lines-editor'
import { type FormLine, STALE } from './rfq-types'

const EMPTY_LINE: FormLine = { label: '', quantity: '', unit: 'unit', wanted_on: '' }

/**
 * rfqs/new: the lines to price (from scratch, or from approved requests: ?needs=1,2), the
 * suppliers invited, the reply day.
 */
export const NewRfq = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const needs = params.get('needs') ?? ''
  const change = useChange([...STALE])
  const choices = useAnswer('/bwapi/purchase-orders/create', OrderFormDataAnswerSchema)
  const fromNeeds = useAnswer(
    `/bwapi/rfqs/from-needs?ids=${encodeURIComponent(needs)}`,
    RfqFromNeedsAnswerSchema,
    { enabled: needs !== '' },
  )
  const { errors, message, busy, send } = useSubmit()
  const [lines, setLines] = useState<FormLine[]>([{ ...EMPTY_LINE }])
  const [title, setTitle] = useState('')
  const [invited, setInvited] = useState<{ id: number; label: string }[]>([])
  const [picker, setPicker] = useState(0)
  useEffect(() => {
    const taken = fromNeeds.data?.data
    if (taken === undefined) return
    setTitle(taken.title)
    setLines(taken.lines.map(({ need: _need, ...l }) => ({ ...l, wanted_on: l.wanted_on ?? '' })))
  }, [fromNeeds.data])
  if (choices.isError) return <ErrorState error={choices.error} />
  if (fromNeeds.isError) return <ErrorState error={fromNeeds.error} />
  if (choices.data === undefined) return <p role="status">{t('common.loading')}</p>
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body = {
      title,
      company_id: Number(f.get('company_id')),
      currency_code: f.get('currency_code'),
      reply_by: String(f.get('reply_by') ?? ''),
      comment: String(f.get('comment') ?? '').trim() || null,
      suppliers: invited.map((s) => ({ supplier_id: s.id })),
      lines: lines.map((l) => ({ ...l, wanted_on: l.wanted_on.trim() === '' ? null : l.wanted_on })),
    }
    await send(RfqInputSchema, body, async () => {
      const made = await change.mutateAsync(() =>
        apiRead('/bwapi/rfqs', CreatedAnswerSchema, { method: 'POST', body }),
      )
      navigate(`/rfqs/${made.data.id}`)
    })
  }
  return (
    <form onSubmit={submit} noValidate>
      <h1>{t('sourcing.rfqs.new')}</h1>
      <FormAlert message={message} />
      {needs === '' ? null : <p>{t('sourcing.rfqs.fromNeeds')}</p>}
      <TextField
        label={t('sourcing.rfqs.fields.title')}
        name="title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        errors={errors.title ?? []}
      />
      <ModuleSelect
        module="multi_company"
        label={t('sourcing.rfqs.fields.company')}
        name="company_id"
        options={choices.data.companies.map((c) => ({ value: String(c.id), label: c.label }))}
        errors={errors.company_id ?? []}
      />
      <ModuleSelect
        module="multi_currency"
        label={t('sourcing.rfqs.fields.currency')}
        name="currency_code"
        options={choices.data.currencies.map((c) => ({ value: c.code, label: `${c.code} (${c.symbol})` }))}
        errors={errors.currency_code ?? []}
      />
      <DateInputField
        label={t('sourcing.rfqs.fields.replyBy')}
        name="reply_by"
        errors={errors.reply_by ?? []}
      />
      <TextAreaField
        label={t('sourcing.rfqs.fields.comment')}
        name="comment"
        hint={t('sourcing.rfqs.commentHint')}
        errors={errors.comment ?? []}
      />
      <fieldset>
        <legend>{t('sourcing.rfqs.fields.suppliers')}</legend>
        {invited.length === 0 ? (
          <p>{t('sourcing.rfqs.noSupplier')}</p>
        ) : (
          <ul className="pc-link-list">
            {invited.map((s) => (
              <li key={s.id}>
                {s.label}{' '}
                <Button
                  variant="ghost"
                  size="small"
                  onClick={() => setInvited(invited.filter((x) => x.id !== s.id))}
                >
                  {t('sourcing.rfqs.removeSupplier', { supplier: s.label })}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <InvitePicker
          key={picker}
          onPick={(s) => {
            if (!invited.some((x) => x.id === s.id)) setInvited([...invited, s])
            setPicker((n) => n + 1)
          }}
          errors={errors.suppliers ?? []}
        />
      </fieldset>
      <LinesEditor<FormLine>
        lines={lines}
        wide
        fields={[
          { key: 'label', label: t('sourcing.rfqs.fields.lineLabel') },
          { key: 'quantity', label: t('sourcing.rfqs.fields.quantity'), decimal: true },
          { key: 'unit', label: t('sourcing.rfqs.fields.unit') },
          { key: 'wanted_on', label: t('sourcing.rfqs.fields.wantedOn'), type: 'date' },
        ]}
        empty={EMPTY_LINE}
        errors={errors}
        onChange={setLines}
        picker={(_, apply) => (
          <ArticlePicker onPick={(article) => apply({ article_id: article.id, label: article.label })} />
        )}
      />
      <Button type="submit" loading={busy}>
        {t('common.save')}
      </Button>
    </form>
  )
}

/** Adds a supplier to the invited ones: typed, picked, then the picker is empty again. */
const InvitePicker = ({
  onPick,
  errors,
}: {
  onPick: (supplier: { id: number; label: string }) => void
  errors: readonly string[]
}) => {
  const { t } = useTranslation()
  const options = useAnswer('/bwapi/purchase-orders/filter-list/supplier_id', FilterOptionsSchema)
  return (
    <OptionPicker
      label={t('sourcing.rfqs.addSupplier')}
      name="supplier_pick"
      source="/bwapi/purchase-orders/filter-list/supplier_id"
      errors={errors}
      onPick={(value) => {
        if (value === null) return
        const label = options.data?.data.find((o) => o.value === value)?.label ?? value
        onPick({ id: Number(value), label })
      }}
    />
  )
}
