import { AwardInputSchema, QuoteInputSchema, RfqInputSchema } from '@procura/core/sourcing'
import { Button } from '@procura/ui-kit/button'
import { DocumentHeader } from '@procura/ui-kit/document-header'
import { CheckboxField, FormAlert, TextAreaField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { DateInputField, DecimalField, FileField, ModuleSelect, OptionPicker } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch } from '../../http/client'
import { useApi } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { useCurrentUser } from '../../session/session'
import { ArticlePicker } from '../article-picker'
import { DocumentPanel } from '../document-panel'
import { ErrorState } from '../error-state'
import { LinesEditor } from '../lines-editor'
import { ListPage } from '../list-page'
import { useStatusLabel } from '../orders/use-status-label'
import { DocumentHistory } from '../traces'

type Row = { id: number; code: string; status: string }
type Quote = {
  rfq_line_id: number
  unit_price_exctax: string
  vat_rate: string
  quantity: string | null
  lead_time_days: number | null
  valid_until: string | null
  min_quantity: string | null
  comment: string | null
}
type Invited = {
  supplier_id: number
  supplier: string
  contact: string | null
  sent_to: string | null
  answered_at: string | null
  currency_code: string | null
  file_name: string | null
  comment: string | null
  quotes: Quote[]
}
type RfqLine = {
  id: number
  label: string
  quantity: string
  unit: string
  wanted_on: string | null
  awarded_supplier_id: number | null
}
type Rfq = {
  id: number
  code: string
  title: string
  status: string
  company: string
  currency_code: string
  reply_by: string
  comment: string | null
  buyer: string
  buyer_id: number
  award_reason: string | null
  internal: boolean
  sealed: boolean
  answer_open: boolean
  lines: RfqLine[]
  suppliers: Invited[]
  requests: { id: number; code: string }[]
  orders: { id: number; code: string; status: string; supplier_id: number }[]
  actions: string[]
  may_award: boolean
  may_quote: boolean
}
type Cell = {
  supplier_id: number
  unit_price: string
  quantity: string
  amount_exctax: string
  lead_time_days: number | null
  valid_until: string | null
  validity: 'valid' | 'expiring' | 'expired'
  raised_to_minimum: boolean
  partial: boolean
  best_price: boolean
  best_lead_time: boolean
}
type Comparison = {
  currency_code: string
  lines: { id: number; label: string; quantity: string; unit: string; cells: Cell[] }[]
  suppliers: {
    supplier_id: number
    supplier: string
    complete: boolean
    amount_exctax: string
    amount_inctax: string
  }[]
  cheapest_basket: number | null
  cheapest_per_line: { rfq_line_id: number; supplier_id: number | null }[]
}
type FormLine = {
  label: string
  quantity: string
  unit: string
  wanted_on: string
  need_line_id?: number | null
  article_id?: number | null
}
type Choices = {
  companies: { id: number; label: string }[]
  currencies: { code: string; symbol: string }[]
}

const STALE = ['/bwapi/rfqs', '/bwapi/purchase-orders', '/bwapi/needs'] as const

/** rfqs: the requests for quotation, latest reply day first; a supplier's contact sees the ones it is invited to. */
export const RfqsList = () => {
  const { t } = useTranslation()
  const user = useCurrentUser()
  return (
    <ListPage<Row>
      base="/bwapi/rfqs"
      name="rfqs"
      title={t('sourcing.rfqs.title')}
      defaultSort={{ key: 'reply_by', direction: 'desc' }}
      render={{ code: (r) => <Link to={`/rfqs/${r.id}`}>{r.code}</Link> }}
      rowLabel={(r) => r.code}
      actions={
        user.buyer === true ? (
          <Link className="pc-button pc-button--primary" to="/rfqs/new">
            {t('sourcing.rfqs.new')}
          </Link>
        ) : null
      }
      empty={t(user.buyer === true ? 'sourcing.rfqs.empty' : 'sourcing.rfqs.emptyPortal')}
    />
  )
}

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
  const choices = useApi<Choices>('/bwapi/purchase-orders/create')
  const fromNeeds = useApi<{ data: { title: string; lines: (FormLine & { need: string })[] } }>(
    `/bwapi/rfqs/from-needs?ids=${encodeURIComponent(needs)}`,
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
        apiFetch<{ data: { id: number } }>('/bwapi/rfqs', { method: 'POST', body }),
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
  const options = useApi<{ data: { value: string; label: string }[] }>(
    '/bwapi/purchase-orders/filter-list/supplier_id',
  )
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

/**
 * rfqs/{id}: the RFQ, its lines and invited suppliers; the answers (sealed until it closes; a
 * supplier's contact sees and writes its own), the comparison and the award.
 */
export const RfqPage = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const format = useFormat()
  const statusLabel = useStatusLabel()
  const toasts = useToasts()
  const change = useChange([...STALE])
  const { message, busy, run } = useSubmit()
  const [confirming, setConfirming] = useState<string | null>(null)
  const [answering, setAnswering] = useState<number | null>(null)
  const answer = useApi<{ data: Rfq }>(`/bwapi/rfqs/${id}`)
  if (answer.isError) return <ErrorState error={answer.error} />
  const r = answer.data?.data
  if (r === undefined) return <p role="status">{t('common.loading')}</p>
  const act = (action: string) =>
    run(async () => {
      await change.mutateAsync(() => apiFetch(`/bwapi/rfqs/${r.id}/${action}`, { method: 'POST', body: {} }))
      toasts.show('success', t(`sourcing.rfqs.done.${action}`, { code: r.code }))
    })
  const own = r.internal ? undefined : r.suppliers[0]
  const editing = answering === null ? undefined : r.suppliers.find((s) => s.supplier_id === answering)
  return (
    <section>
      <DocumentHeader
        code={r.code}
        actionsLabel={t('table.actions')}
        badges={<StatusBadge status={r.status} label={t(`sourcing.rfqs.statuses.${r.status}`)} />}
        actions={r.actions.map((action) => (
          <Button
            key={action}
            variant={action === 'send' ? 'primary' : 'ghost'}
            loading={busy}
            onClick={() => setConfirming(action)}
          >
            {t(`sourcing.rfqs.actions.${action}`)}
          </Button>
        ))}
      >
        <FormAlert message={message} />
        <dl className="pc-facts">
          <dt>{t('sourcing.rfqs.fields.title')}</dt>
          <dd>{r.title}</dd>
          <dt>{t('sourcing.rfqs.fields.company')}</dt>
          <dd>{r.company}</dd>
          <dt>{t('sourcing.rfqs.fields.replyBy')}</dt>
          <dd>{format.date(r.reply_by)}</dd>
          <dt>{t('sourcing.rfqs.fields.buyer')}</dt>
          <dd>{r.buyer}</dd>
          {r.comment === null ? null : (
            <>
              <dt>{t('sourcing.rfqs.fields.comment')}</dt>
              <dd>{r.comment}</dd>
            </>
          )}
          {r.requests.length === 0 ? null : (
            <>
              <dt>{t('sourcing.rfqs.requests')}</dt>
              <dd>
                {r.requests.map((n, i) => (
                  <span key={n.id}>
                    {i > 0 ? ', ' : ''}
                    <Link to={`/needs/${n.id}`}>{n.code}</Link>
                  </span>
                ))}
              </dd>
            </>
          )}
          {r.award_reason === null ? null : (
            <>
              <dt>{t('sourcing.rfqs.fields.reason')}</dt>
              <dd>{r.award_reason}</dd>
            </>
          )}
        </dl>
      </DocumentHeader>
      <div className="pc-table-scroll">
        <table className="pc-table">
          <caption>{t('sourcing.rfqs.lines')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('sourcing.rfqs.fields.lineLabel')}</th>
              <th scope="col">{t('sourcing.rfqs.fields.quantity')}</th>
              <th scope="col">{t('sourcing.rfqs.fields.wantedOn')}</th>
            </tr>
          </thead>
          <tbody>
            {r.lines.map((line) => (
              <tr key={line.id}>
                <td>{line.label}</td>
                <td>{format.quantity(line.quantity, line.unit)}</td>
                <td>{line.wanted_on === null ? '' : format.date(line.wanted_on)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {r.internal ? (
        <Invitations rfq={r} onAnswer={setAnswering} />
      ) : own === undefined ? null : (
        <section aria-labelledby="own-answer">
          <h2 id="own-answer">{t('sourcing.rfqs.ownAnswer')}</h2>
          {own.answered_at === null ? (
            <p>{t('sourcing.rfqs.notAnswered', { date: format.date(r.reply_by) })}</p>
          ) : (
            <QuotesTable rfq={r} invited={own} />
          )}
          {r.may_quote ? (
            <Button onClick={() => setAnswering(own.supplier_id)}>
              {t(own.answered_at === null ? 'sourcing.rfqs.answer' : 'sourcing.rfqs.changeAnswer')}
            </Button>
          ) : r.status === 'sent' ? (
            <p>{t('sourcing.rfqs.late')}</p>
          ) : null}
        </section>
      )}
      {editing === undefined ? null : (
        <QuoteForm key={editing.supplier_id} rfq={r} invited={editing} onDone={() => setAnswering(null)} />
      )}
      {r.internal && !r.sealed && r.status !== 'cancelled' ? <ComparisonPanel rfq={r} /> : null}
      {r.orders.length === 0 ? null : (
        <>
          <h2>{t('sourcing.rfqs.orders')}</h2>
          <ul className="pc-link-list">
            {r.orders.map((o) => (
              <li key={o.id}>
                <Link to={`/purchase-orders/${o.id}`}>{o.code}</Link> —{' '}
                {r.suppliers.find((s) => s.supplier_id === o.supplier_id)?.supplier} ({statusLabel(o.status)})
              </li>
            ))}
          </ul>
        </>
      )}
      {r.internal ? (
        <>
          <DocumentPanel base={`/bwapi/rfqs/${r.id}`} recipients={[{ id: r.buyer_id, label: r.buyer }]} />
          <DocumentHistory model="rfq" id={r.id} />
        </>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={t(`sourcing.rfqs.actions.${confirming ?? 'send'}`)}
        message={t(`sourcing.rfqs.confirm.${confirming ?? 'send'}`, {
          code: r.code,
          count: r.suppliers.length,
          date: format.date(r.reply_by),
        })}
        confirmLabel={t(`sourcing.rfqs.actions.${confirming ?? 'send'}`)}
        cancelLabel={t('common.back')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const action = confirming
          setConfirming(null)
          if (action !== null) void act(action)
        }}
      />
    </section>
  )
}

/** The invited suppliers: contact, when they answered, their file; prices once the RFQ is closed. */
const Invitations = ({ rfq, onAnswer }: { rfq: Rfq; onAnswer: (supplierId: number) => void }) => {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <>
      <div className="pc-table-scroll">
        <table className="pc-table">
          <caption>{t('sourcing.rfqs.invited')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('sourcing.rfqs.fields.supplier')}</th>
              <th scope="col">{t('sourcing.rfqs.sentTo')}</th>
              <th scope="col">{t('sourcing.rfqs.answered')}</th>
              <th scope="col">{t('sourcing.rfqs.file')}</th>
              <th scope="col">
                <span className="pc-visually-hidden">{t('table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rfq.suppliers.map((s) => (
              <tr key={s.supplier_id}>
                <td>{s.supplier}</td>
                <td>{s.sent_to ?? s.contact ?? ''}</td>
                <td>
                  {s.answered_at === null ? t('sourcing.rfqs.noAnswer') : format.dateTime(s.answered_at)}
                </td>
                <td>
                  {s.file_name === null || rfq.sealed ? (
                    (s.file_name ?? '')
                  ) : (
                    <a href={`/bwapi/rfqs/${rfq.id}/quotes/${s.supplier_id}/file`}>{s.file_name}</a>
                  )}
                </td>
                <td>
                  {rfq.may_quote ? (
                    <Button size="small" variant="ghost" onClick={() => onAnswer(s.supplier_id)}>
                      {t('sourcing.rfqs.enterAnswer', { supplier: s.supplier })}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rfq.sealed && rfq.status === 'sent' ? <p>{t('sourcing.rfqs.sealed')}</p> : null}
    </>
  )
}

/** One supplier's answer as a table: its price, quantity, lead time and validity per line. */
const QuotesTable = ({ rfq, invited }: { rfq: Rfq; invited: Invited }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = invited.currency_code ?? rfq.currency_code
  return (
    <div className="pc-table-scroll">
      <table className="pc-table">
        <caption>{invited.supplier}</caption>
        <thead>
          <tr>
            <th scope="col">{t('sourcing.rfqs.fields.lineLabel')}</th>
            <th scope="col">{t('sourcing.rfqs.fields.unitPrice')}</th>
            <th scope="col">{t('sourcing.rfqs.fields.leadTime')}</th>
            <th scope="col">{t('sourcing.rfqs.fields.validUntil')}</th>
          </tr>
        </thead>
        <tbody>
          {rfq.lines.map((line) => {
            const q = invited.quotes.find((x) => x.rfq_line_id === line.id)
            return (
              <tr key={line.id}>
                <td>{line.label}</td>
                <td>
                  {q === undefined
                    ? t('sourcing.rfqs.notOffered')
                    : format.money(q.unit_price_exctax, currency)}
                </td>
                <td>
                  {q?.lead_time_days == null ? '' : t('sourcing.rfqs.days', { count: q.lead_time_days })}
                </td>
                <td>{q?.valid_until == null ? '' : format.date(q.valid_until)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

type QuoteLine = {
  unit_price_exctax: string
  quantity: string
  lead_time_days: string
  valid_until: string
  min_quantity: string
}

/** A supplier's answer, written per line (a line left without a price is not offered), and its file. */
const QuoteForm = ({ rfq, invited, onDone }: { rfq: Rfq; invited: Invited; onDone: () => void }) => {
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

/**
 * The comparison, lines × suppliers, in the RFQ's currency: the best price and lead time marked,
 * expiring and expired quotes flagged, the totals and the cheapest basket; and the award, whole or
 * line by line, with a reason when it is not the cheapest.
 */
const ComparisonPanel = ({ rfq }: { rfq: Rfq }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const toasts = useToasts()
  const change = useChange([...STALE])
  const { errors, message, busy, send } = useSubmit()
  const answer = useApi<{ data: Comparison }>(`/bwapi/rfqs/${rfq.id}/comparison`)
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
        apiFetch<{ data: { orders: { code: string }[] } }>(`/bwapi/rfqs/${rfq.id}/award`, {
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
        <table className="pc-table pc-comparison">
          <caption>{t('sourcing.rfqs.comparisonCaption', { currency: c.currency_code })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('sourcing.rfqs.fields.lineLabel')}</th>
              {c.suppliers.map((s) => (
                <th scope="col" key={s.supplier_id}>
                  {s.supplier}
                </th>
              ))}
              {awardable ? <th scope="col">{t('sourcing.rfqs.awardTo')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {c.lines.map((line) => (
              <tr key={line.id}>
                <th scope="row">
                  {line.label}
                  <br />
                  <small>{format.quantity(line.quantity, line.unit)}</small>
                </th>
                {c.suppliers.map((s) => {
                  const cell = line.cells.find((x) => x.supplier_id === s.supplier_id)
                  return (
                    <td key={s.supplier_id} data-best={cell?.best_price ? 'price' : undefined}>
                      {cell === undefined ? (
                        t('sourcing.rfqs.notOffered')
                      ) : (
                        <QuoteCell cell={cell} line={line} currency={c.currency_code} />
                      )}
                    </td>
                  )
                })}
                {awardable ? (
                  <td>
                    <label>
                      <span className="pc-visually-hidden">
                        {t('sourcing.rfqs.awardLine', { line: line.label })}
                      </span>
                      <select
                        aria-label={t('sourcing.rfqs.awardLine', { line: line.label })}
                        value={chosen[line.id] ?? ''}
                        onChange={(e) => setChosen({ ...chosen, [line.id]: e.target.value })}
                      >
                        <option value="">{t('sourcing.rfqs.notAwarded')}</option>
                        {line.cells
                          .filter((cell) => cell.validity !== 'expired')
                          .map((cell) => (
                            <option key={cell.supplier_id} value={String(cell.supplier_id)}>
                              {name(cell.supplier_id)}
                            </option>
                          ))}
                      </select>
                    </label>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
          <tfoot>
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
          </tfoot>
        </table>
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
