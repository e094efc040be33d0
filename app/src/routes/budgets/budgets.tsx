import {
  AllocationInputSchema,
  BUDGET_CSV_COLUMNS,
  BudgetInputSchema,
  canManageBudgets,
  FiscalPeriodInputSchema,
  GENERATION_BASES,
  GenerateBudgetsSchema,
  OVERRUN_ACTIONS,
} from '@procura/core/budget'
import { Button } from '@procura/ui-kit/button'
import { RankChart, TimeChart } from '@procura/ui-kit/chart'
import { DocumentHeader } from '@procura/ui-kit/document-header'
import { CheckboxField, FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog, Modal } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Tabs } from '@procura/ui-kit/tabs'
import { useToasts } from '@procura/ui-kit/toasts'
import type { FormEvent } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { ImportForm } from '../../forms/import-form'
import { useChange } from '../../http/changes'
import { apiFetch } from '../../http/client'
import { useApi } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { useCurrentUser } from '../../session/session'
import { ErrorState } from '../error-state'
import { ListPage } from '../list-page'
import { ReferenceTable } from '../reference-table'
import { useTab } from '../use-tab'

type Budget = {
  id: number
  key: string
  label: string | null
  fiscal_period_id: number
  fiscal_period: string | null
  company_id: number | null
  department_id: number | null
  allocation1: string | null
  allocation2: string | null
  allocation3: string | null
  allocation4: string | null
  amount: string
  reserved: string
  committed: string
  actual: string
  available: string
  overrun: boolean
  overrun_action: (typeof OVERRUN_ACTIONS)[number]
  tag: string | null
  owner_id: number | null
  owner: string | null
  currency_code: string
  documents?: { model: string; id: number; code: string; kind: string; amount: string; page: string }[]
}

type FormData_ = {
  fiscal_periods: { id: number; label: string }[]
  companies: { id: number; label: string }[]
  departments: { id: number; label: string }[]
  allocations: { id: number; level: number; code: string; label: string }[]
}

/** budgets: the budgets on the one list page, each with what holds it and what is left. */
export const BudgetsList = () => {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const manages = canManageBudgets(user)
  const [importing, setImporting] = useState(false)
  return (
    <>
      <Modal
        title={t('budgets.import')}
        open={importing}
        onClose={() => setImporting(false)}
        closeLabel={t('common.close')}
      >
        <ImportForm
          path="/bwapi/budgets/import"
          columns={BUDGET_CSV_COLUMNS}
          help={t('budgets.importHelp')}
          stale={['budget']}
        />
      </Modal>
      <ListPage<Budget>
        base="/bwapi/budgets"
        name="budgets"
        title={t('budgets.title')}
        defaultSort={{ key: 'key', direction: 'asc' }}
        render={{
          key: (r) => <Link to={`/budgets/${r.id}`}>{r.key}</Link>,
          available: (r) => <Available budget={r} />,
        }}
        rowLabel={(r) => r.label ?? r.key}
        actions={
          manages ? (
            <>
              <Link className="pc-button pc-button--secondary" to="/budget-settings">
                {t('budgets.settings')}
              </Link>{' '}
              <Link className="pc-button pc-button--secondary" to="/budget-analysis">
                {t('budgets.analysis')}
              </Link>{' '}
              <Button variant="secondary" onClick={() => setImporting(true)}>
                {t('budgets.import')}
              </Button>{' '}
              <a className="pc-button pc-button--ghost" href="/bwapi/budgets/file" download>
                {t('budgets.file')}
              </a>{' '}
              <Link className="pc-button pc-button--primary" to="/budgets/new">
                {t('budgets.new')}
              </Link>
            </>
          ) : null
        }
        empty={manages ? t('budgets.empty') : t('budgets.emptyReader')}
      />
    </>
  )
}

const Available = ({ budget }: { budget: Pick<Budget, 'available' | 'overrun' | 'currency_code'> }) => {
  const { t } = useTranslation()
  const format = useFormat()
  return budget.overrun ? (
    <StatusBadge
      status="refused"
      label={`${t('budgets.overrun')} ${format.money(budget.available, budget.currency_code)}`}
    />
  ) : (
    format.money(budget.available, budget.currency_code)
  )
}

/** budgets/{id}: what the budget may spend, what holds it (a chart and the documents), and its form. */
export const BudgetPage = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const format = useFormat()
  const user = useCurrentUser()
  const navigate = useNavigate()
  const toasts = useToasts()
  const change = useChange(['budget'])
  const { message, run } = useSubmit()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [copying, setCopying] = useState(false)
  const answer = useApi<{ data: Budget }>(`/bwapi/budgets/${id}`)
  if (answer.isError) return <ErrorState error={answer.error} />
  const b = answer.data?.data
  if (b === undefined) return <p role="status">{t('common.loading')}</p>
  const manages = canManageBudgets(user)
  const money = (v: string) => format.money(v, b.currency_code)
  const remove = () =>
    run(async () => {
      await change.mutateAsync(() => apiFetch(`/bwapi/budgets/${b.id}`, { method: 'DELETE' }))
      toasts.show('success', t('budgets.deleted'))
      navigate('/budgets')
    })
  if (editing) return <BudgetForm budget={b} onDone={() => setEditing(false)} />
  return (
    <section>
      <DocumentHeader
        code={b.label ?? b.key}
        actionsLabel={t('table.actions')}
        badges={
          <StatusBadge
            status={b.overrun ? 'refused' : 'validated'}
            label={t(`budgets.actions.${b.overrun_action}`)}
          />
        }
        actions={
          manages ? (
            <>
              <Button onClick={() => setEditing(true)}>{t('budgets.edit')}</Button>
              <Button variant="secondary" onClick={() => setCopying(true)}>
                {t('budgets.duplicate')}
              </Button>
              <Button variant="danger" onClick={() => setDeleting(true)}>
                {t('budgets.delete')}
              </Button>
            </>
          ) : null
        }
      >
        <FormAlert message={message} />
        <dl className="pc-facts">
          <dt>{t('budgets.period')}</dt>
          <dd>{b.fiscal_period}</dd>
          <dt>{t('budgets.key')}</dt>
          <dd>{b.key}</dd>
          <dt>{t('budgets.amount')}</dt>
          <dd>{money(b.amount)}</dd>
          <dt>{t('budgets.available')}</dt>
          <dd>
            <Available budget={b} />
          </dd>
          {b.owner ? (
            <>
              <dt>{t('budgets.owner')}</dt>
              <dd>{b.owner}</dd>
            </>
          ) : null}
        </dl>
      </DocumentHeader>
      <RankChart
        title={t('budgets.chart')}
        summary={`${t('budgets.amount')} ${money(b.amount)} — ${t('budgets.available')} ${money(b.available)}`}
        tableLabel={t('budgets.chart')}
        empty={t('budgets.documentsEmpty')}
        categoryLabel={t('budgets.kind')}
        format={(v) => money(String(v))}
        parts={[
          { key: 'amount', label: t('budgets.amount'), value: Number(b.amount) },
          { key: 'reserved', label: t('budgets.reserved'), value: Number(b.reserved) },
          { key: 'committed', label: t('budgets.committed'), value: Number(b.committed) },
          { key: 'actual', label: t('budgets.actual'), value: Number(b.actual) },
        ]}
      />
      <h2>{t('budgets.documents')}</h2>
      {(b.documents ?? []).length === 0 ? (
        <p>{t('budgets.documentsEmpty')}</p>
      ) : (
        <div className="pc-table-scroll">
          <table className="pc-table">
            <caption className="pc-visually-hidden">{t('budgets.documents')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('budgets.document')}</th>
                <th scope="col">{t('budgets.kind')}</th>
                <th scope="col" className="pc-num">
                  {t('budgets.held')}
                </th>
              </tr>
            </thead>
            <tbody>
              {(b.documents ?? []).map((d) => (
                <tr key={`${d.model}-${d.id}-${d.kind}`}>
                  <td>
                    <Link to={d.page}>{d.code}</Link>
                  </td>
                  <td>{t(`budgets.kinds.${d.kind}`)}</td>
                  <td className="pc-num">{money(d.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <GenerateDialog
        open={copying}
        title={t('budgets.duplicate')}
        from={b.fiscal_period_id}
        budgetIds={[b.id]}
        onClose={() => setCopying(false)}
      />
      <ConfirmDialog
        open={deleting}
        title={t('budgets.delete')}
        message={t('budgets.deleteConfirm')}
        confirmLabel={t('budgets.delete')}
        cancelLabel={t('common.back')}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false)
          void remove()
        }}
      />
    </section>
  )
}

/** budgets/new: a new budget's form. */
export const NewBudget = () => {
  const navigate = useNavigate()
  return (
    <BudgetForm budget={null} onDone={(id) => navigate(id === undefined ? '/budgets' : `/budgets/${id}`)} />
  )
}

/** The budget form, checked with core's schema before it is sent (the one form helper). */
const BudgetForm = ({ budget, onDone }: { budget: Budget | null; onDone: (id?: number) => void }) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(['budget'])
  const choices = useApi<{ data: FormData_ }>('/bwapi/budgets/form-data')
  const { errors, message, busy, send } = useSubmit()
  if (choices.isError) return <ErrorState error={choices.error} />
  const c = choices.data?.data
  if (c === undefined) return <p role="status">{t('common.loading')}</p>
  const optional = (raw: FormDataEntryValue | null) =>
    raw === null || String(raw) === '' ? null : String(raw)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const id = (name: string) => {
      const raw = optional(f.get(name))
      return raw === null ? null : Number(raw)
    }
    const body = {
      fiscal_period_id: id('fiscal_period_id') ?? 0,
      company_id: id('company_id'),
      department_id: id('department_id'),
      allocation1: optional(f.get('allocation1')),
      allocation2: optional(f.get('allocation2')),
      allocation3: optional(f.get('allocation3')),
      allocation4: optional(f.get('allocation4')),
      label: optional(f.get('label')),
      amount: String(f.get('amount') ?? '').trim(),
      tag: optional(f.get('tag')),
      overrun_action: String(f.get('overrun_action') ?? 'block'),
      owner_id: budget?.owner_id ?? null,
    }
    let saved: number | undefined
    const ok = await send(BudgetInputSchema, body, async () => {
      const answer = await change.mutateAsync(() =>
        budget === null
          ? apiFetch<{ data: { id: number } }>('/bwapi/budgets', { method: 'POST', body })
          : apiFetch<{ data: { id: number } }>(`/bwapi/budgets/${budget.id}`, { method: 'PUT', body }),
      )
      saved = answer.data?.id ?? budget?.id
    })
    if (ok) {
      toasts.show('success', t('budgets.saved'))
      onDone(saved)
    }
  }
  const options = (rows: { id: number; label: string }[]) =>
    rows.map((r) => ({ value: String(r.id), label: r.label }))
  const any = { value: '', label: t('budgets.any') }
  const value = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v))
  return (
    <section>
      <h1>{budget === null ? t('budgets.new') : t('budgets.edit')}</h1>
      <form onSubmit={submit} noValidate aria-label={budget === null ? t('budgets.new') : t('budgets.edit')}>
        <FormAlert message={message} />
        <SelectField
          label={t('budgets.period')}
          name="fiscal_period_id"
          defaultValue={value(budget?.fiscal_period_id ?? c.fiscal_periods[0]?.id)}
          options={options(c.fiscal_periods)}
          errors={errors.fiscal_period_id ?? []}
        />
        <SelectField
          label={t('budgets.company')}
          name="company_id"
          defaultValue={value(budget?.company_id)}
          options={[any, ...options(c.companies)]}
          errors={errors.company_id ?? []}
        />
        <SelectField
          label={t('budgets.department')}
          name="department_id"
          defaultValue={value(budget?.department_id)}
          options={[any, ...options(c.departments)]}
          errors={errors.department_id ?? []}
        />
        {([1, 2, 3, 4] as const).map((level) => (
          <SelectField
            key={level}
            label={`${t('budgets.level')} ${level}`}
            name={`allocation${level}`}
            defaultValue={value(budget?.[`allocation${level}`])}
            options={[
              any,
              ...c.allocations
                .filter((a) => a.level === level)
                .map((a) => ({ value: a.code, label: `${a.code} — ${a.label}` })),
            ]}
            errors={errors[`allocation${level}`] ?? []}
          />
        ))}
        <TextField
          label={t('budgets.label')}
          name="label"
          defaultValue={value(budget?.label)}
          errors={errors.label ?? []}
        />
        <TextField
          label={t('budgets.amount')}
          name="amount"
          inputMode="decimal"
          defaultValue={value(budget?.amount)}
          errors={errors.amount ?? []}
        />
        <SelectField
          label={t('budgets.overrunAction')}
          name="overrun_action"
          defaultValue={budget?.overrun_action ?? 'block'}
          options={OVERRUN_ACTIONS.map((a) => ({ value: a, label: t(`budgets.actions.${a}`) }))}
          errors={errors.overrun_action ?? []}
        />
        <TextField
          label={t('budgets.tag')}
          name="tag"
          defaultValue={value(budget?.tag)}
          errors={errors.tag ?? []}
        />
        <Button type="submit" loading={busy}>
          {t('common.save')}
        </Button>{' '}
        <Button variant="secondary" onClick={() => onDone(budget?.id)}>
          {t('common.back')}
        </Button>
      </form>
    </section>
  )
}

/** budget-settings: the fiscal periods and allocation codes budgets are kept by. */
export const BudgetSettings = () => {
  const { t } = useTranslation()
  const [tab, setTab] = useTab('periods')
  const codes = useApi<{ data: { id: number; level: number; code: string; label: string }[] }>(
    '/bwapi/allocations',
  )
  return (
    <section>
      <h1>{t('budgets.settings')}</h1>
      <Tabs
        label={t('budgets.settings')}
        selected={tab}
        onSelect={setTab}
        items={[
          {
            id: 'periods',
            label: t('budgets.periods'),
            content: (
              <ReferenceTable
                base="/bwapi/fiscal-periods"
                stale={['budget']}
                title={t('budgets.periods')}
                schema={FiscalPeriodInputSchema}
                empty={t('budgets.periodsEmpty')}
                fields={[
                  { name: 'code', label: t('budgets.code'), kind: 'text' },
                  { name: 'label', label: t('budgets.label'), kind: 'text' },
                  { name: 'starts_on', label: t('budgets.startsOn'), kind: 'date' },
                  { name: 'ends_on', label: t('budgets.endsOn'), kind: 'date' },
                  { name: 'active', label: t('budgets.active'), kind: 'flag' },
                ]}
              />
            ),
          },
          {
            id: 'allocations',
            label: t('budgets.allocations'),
            content: (
              <ReferenceTable
                base="/bwapi/allocations"
                stale={['budget']}
                title={t('budgets.allocations')}
                schema={AllocationInputSchema}
                empty={t('budgets.allocationsEmpty')}
                fields={[
                  {
                    name: 'level',
                    label: t('budgets.level'),
                    kind: 'choice',
                    options: [1, 2, 3, 4].map((l) => ({ value: String(l), label: String(l) })),
                  },
                  { name: 'code', label: t('budgets.code'), kind: 'text' },
                  { name: 'label', label: t('budgets.label'), kind: 'text' },
                  {
                    name: 'parent_id',
                    label: t('budgets.parent'),
                    kind: 'choice',
                    none: t('budgets.noParent'),
                    options: (codes.data?.data ?? []).map((a) => ({
                      value: String(a.id),
                      label: `${a.level} · ${a.code} — ${a.label}`,
                    })),
                  },
                  { name: 'active', label: t('budgets.active'), kind: 'flag' },
                ]}
              />
            ),
          },
        ]}
      />
    </section>
  )
}

type AnalysisRow = Budget & { paid: string; consumed_percent: number | null; link: string }
type Analysis = {
  with_tax?: boolean
  vat_rate?: string
  fiscal_period: { id: number; label: string } | null
  fiscal_periods: { id: number; label: string }[]
  currency_code: string
  rows: AnalysisRow[]
  totals: Record<'amount' | 'reserved' | 'committed' | 'actual' | 'paid' | 'available', string> | null
}

/** budget-analysis: a period's budgets against what is reserved, committed, invoiced and paid. */
export const BudgetAnalysis = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const [params, setParams] = useSearchParams()
  const [generating, setGenerating] = useState(false)
  const manages = canManageBudgets(useCurrentUser())
  const period = params.get('fiscal_period_id')
  const withTax = params.get('with_tax') === '1'
  const query = new URLSearchParams({
    ...(period === null ? {} : { fiscal_period_id: period }),
    ...(withTax ? { with_tax: '1' } : {}),
  })
  const answer = useApi<{ data: Analysis }>(`/bwapi/budgets/analysis?${query}`)
  if (answer.isError) return <ErrorState error={answer.error} />
  const a = answer.data?.data
  if (a === undefined) return <p role="status">{t('common.loading')}</p>
  const money = (v: string | number) => format.money(String(v), a.currency_code)
  const FIGURES = ['amount', 'reserved', 'committed', 'actual', 'paid', 'available'] as const
  const label = (figure: (typeof FIGURES)[number]) =>
    t(figure === 'amount' ? 'budgets.amount' : `budgets.${figure}`)
  return (
    <section>
      <header className="pc-page-header">
        <h1>{t('budgets.analysis')}</h1>
        <div className="pc-page-header__actions">
          {manages && a.fiscal_period !== null ? (
            <Button onClick={() => setGenerating(true)}>{t('budgets.generate')}</Button>
          ) : null}{' '}
          <Link className="pc-button pc-button--secondary" to="/budgets">
            {t('budgets.title')}
          </Link>
        </div>
      </header>
      {a.fiscal_period === null ? null : (
        <GenerateDialog
          open={generating}
          title={t('budgets.generate')}
          from={a.fiscal_period.id}
          budgetIds={null}
          onClose={() => setGenerating(false)}
        />
      )}
      <SelectField
        label={t('budgets.period')}
        value={String(a.fiscal_period?.id ?? '')}
        options={a.fiscal_periods.map((p) => ({ value: String(p.id), label: p.label }))}
        onChange={(event) => {
          const next = new URLSearchParams(params)
          next.set('fiscal_period_id', event.currentTarget.value)
          setParams(next, { replace: true })
        }}
      />
      <CheckboxField
        label={t('budgets.withTax', { rate: a.vat_rate ?? '' })}
        checked={withTax}
        onChange={(event) => {
          const next = new URLSearchParams(params)
          if (event.currentTarget.checked) next.set('with_tax', '1')
          else next.delete('with_tax')
          setParams(next, { replace: true })
        }}
      />
      <TimeChart
        title={t('budgets.analysisChart', { period: a.fiscal_period?.label ?? '' })}
        summary={
          a.totals === null
            ? ''
            : t('budgets.analysisSummary', {
                amount: money(a.totals.amount),
                committed: money(a.totals.committed),
                actual: money(a.totals.actual),
                available: money(a.totals.available),
              })
        }
        tableLabel={t('budgets.analysisChart', { period: a.fiscal_period?.label ?? '' })}
        empty={t('budgets.analysisEmpty')}
        categoryLabel={t('budgets.key')}
        format={(v) => money(v)}
        series={[
          { key: 'amount', label: label('amount'), kind: 'line', tone: 'muted' },
          { key: 'committed', label: label('committed'), kind: 'bar', tone: 'warning' },
          { key: 'actual', label: label('actual'), kind: 'bar', tone: 'primary' },
          { key: 'paid', label: label('paid'), kind: 'bar', tone: 'success' },
        ]}
        points={a.rows.map((r) => ({
          key: String(r.id),
          label: r.label ?? r.key,
          values: {
            amount: Number(r.amount),
            committed: Number(r.committed),
            actual: Number(r.actual),
            paid: Number(r.paid),
          },
        }))}
      />
      {a.rows.length === 0 ? (
        <p>{t('budgets.analysisEmpty')}</p>
      ) : (
        <div className="pc-table-scroll">
          <table className="pc-table">
            <caption>{t('budgets.analysisTable', { period: a.fiscal_period?.label ?? '' })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('budgets.key')}</th>
                {FIGURES.map((f) => (
                  <th key={f} scope="col" className="pc-num">
                    {label(f)}
                  </th>
                ))}
                <th scope="col" className="pc-num">
                  {t('budgets.consumed')}
                </th>
              </tr>
            </thead>
            <tbody>
              {a.rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    <Link to={r.link}>{r.label ?? r.key}</Link>
                  </th>
                  {FIGURES.map((f) => (
                    <td key={f} className="pc-num">
                      {f === 'available' ? <Available budget={r} /> : money(r[f])}
                    </td>
                  ))}
                  <td className="pc-num">
                    {r.consumed_percent === null
                      ? '—'
                      : `${format.number(String(r.consumed_percent))}\u00a0%`}
                  </td>
                </tr>
              ))}
            </tbody>
            {a.totals === null ? null : (
              <tfoot>
                <tr>
                  <th scope="row">{t('lists.total')}</th>
                  {FIGURES.map((f) => (
                    <td key={f} className="pc-num">
                      {money(a.totals?.[f] ?? '0')}
                    </td>
                  ))}
                  <td />
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
    </section>
  )
}

/**
 * Next period's budgets made from this one's (or one budget duplicated): the target period, what
 * each is made from (its amount, what it held, what it spent) and a percentage up or down.
 */
const GenerateDialog = ({
  open,
  title,
  from,
  budgetIds,
  onClose,
}: {
  open: boolean
  title: string
  from: number
  budgetIds: number[] | null
  onClose: () => void
}) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(['budget'])
  const choices = useApi<{ data: FormData_ }>('/bwapi/budgets/form-data', { enabled: open })
  const { errors, message, busy, send } = useSubmit()
  const targets = (choices.data?.data.fiscal_periods ?? []).filter((p) => p.id !== from)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body = {
      from_period_id: from,
      to_period_id: Number(f.get('to_period_id') ?? 0),
      basis: String(f.get('basis') ?? 'amount'),
      percent: String(f.get('percent') ?? '0').trim() || '0',
      budget_ids: budgetIds,
    }
    let answer: { created: number; skipped: string[] } | undefined
    const ok = await send(GenerateBudgetsSchema, body, async () => {
      answer = (
        await change.mutateAsync(() =>
          apiFetch<{ data: { created: number; skipped: string[] } }>('/bwapi/budgets/generate', {
            method: 'POST',
            body,
          }),
        )
      ).data
    })
    if (ok && answer !== undefined) {
      toasts.show(
        'success',
        answer.skipped.length === 0
          ? t('budgets.generated', { count: answer.created })
          : `${t('budgets.generated', { count: answer.created })} ${t('budgets.skipped', { keys: answer.skipped.join(', ') })}`,
      )
      onClose()
    }
  }
  return (
    <Modal title={title} open={open} onClose={onClose} closeLabel={t('common.back')}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <FormAlert message={message} />
        <SelectField
          label={t('budgets.toPeriod')}
          name="to_period_id"
          options={targets.map((p) => ({ value: String(p.id), label: p.label }))}
          errors={errors.to_period_id ?? []}
        />
        <SelectField
          label={t('budgets.basis')}
          name="basis"
          defaultValue={budgetIds === null ? 'held' : 'amount'}
          options={GENERATION_BASES.map((b) => ({ value: b, label: t(`budgets.bases.${b}`) }))}
          errors={errors.basis ?? []}
        />
        <TextField
          label={t('budgets.percent')}
          name="percent"
          inputMode="decimal"
          defaultValue={budgetIds === null ? '5' : '0'}
          errors={errors.percent ?? []}
        />
        <Button type="submit" loading={busy}>
          {title}
        </Button>
      </form>
    </Modal>
  )
}
