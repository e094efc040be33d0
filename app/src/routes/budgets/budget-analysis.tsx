/** budgets/analysis: consumption by key and period, and the next period generated. */

import { dataOf } from '@procura/core/answer'
import {
  BudgetAnalysisAnswerSchema,
  BudgetFormDataAnswerSchema,
  BudgetsGeneratedAnswerSchema,
  canManageBudgets,
  GENERATION_BASES,
  GenerateBudgetsSchema,
} from '@procura/core/budget'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { TimeChart } from '@procura/ui-kit/chart'
import { CheckboxField, FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { Modal } from '@procura/ui-kit/modal'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import type { FormEvent } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { useChange } from '../../http/changes'
import { apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { useCurrentUser } from '../../session/session'
import { ErrorState } from '../error-state'
import { Available } from './budget-available'

const BudgetAnalysisRead = dataOf(BudgetAnalysisAnswerSchema)
const BudgetFormDataRead = dataOf(BudgetFormDataAnswerSchema)

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
  const answer = useAnswer(`/bwapi/budgets/analysis?${query}`, BudgetAnalysisRead)
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
          <ButtonLink as={Link} variant="secondary" to="/budgets">
            {t('budgets.title')}
          </ButtonLink>
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
          <Table
            caption={t('budgets.analysisTable', { period: a.fiscal_period?.label ?? '' })}
            columns={[
              {
                key: 'key',
                header: t('budgets.key'),
                rowHeader: true,
                cell: (r) => <Link to={r.link}>{r.label ?? r.key}</Link>,
              },
              ...FIGURES.map((f) => ({
                key: f,
                header: label(f),
                numeric: true,
                cell: (r: (typeof a.rows)[number]) =>
                  f === 'available' ? <Available budget={r} /> : money(r[f]),
              })),
              {
                key: 'consumed',
                header: t('budgets.consumed'),
                numeric: true,
                cell: (r) =>
                  r.consumed_percent === null ? '—' : `${format.number(String(r.consumed_percent))}\u00a0%`,
              },
            ]}
            rows={a.rows}
            rowKey={(r) => r.id}
            {...(a.totals === null
              ? {}
              : {
                  footer: (
                    <tr>
                      <th scope="row">{t('lists.total')}</th>
                      {FIGURES.map((f) => (
                        <td key={f} className="pc-num">
                          {money(a.totals?.[f] ?? '0')}
                        </td>
                      ))}
                      <td />
                    </tr>
                  ),
                })}
          />
        </div>
      )}
    </section>
  )
}

/**
 * Next period's budgets made from this one's (or one budget duplicated): the target period, what
 * each is made from (its amount, what it held, what it spent) and a percentage up or down.
 */
export const GenerateDialog = ({
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
  const choices = useAnswer('/bwapi/budgets/form-data', BudgetFormDataRead, { enabled: open })
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
          apiRead('/bwapi/budgets/generate', BudgetsGeneratedAnswerSchema, {
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
