import {
  type AccountingTurnoverChart,
  type AdditionalRatingChart,
  type AnnualRatingChart,
  type CertificationChart,
  type PerformanceChart,
  RATING_CRITERIA,
  RatingInputSchema,
  SafetyInputSchema,
  type SecurityChart,
  type TurnoverChart,
  TurnoverInputSchema,
} from '@procura/core/supplier'
import { Button } from '@procura/ui-kit/button'
import { ShareChart, TimeChart } from '@procura/ui-kit/chart'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { useToasts } from '@procura/ui-kit/toasts'
import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { DecimalField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiFetch } from '../../http/client'
import { useApi } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { useMayManageSuppliers } from './supplier-types'

const num = (value: string | null | undefined) =>
  value === null || value === undefined ? null : Number(value)

/** "2026-11" as the reader writes a month ("Nov 26", "nov. 26"). */
const useMonthLabel = () => {
  const { i18n } = useTranslation()
  return (month: string) =>
    new Date(`${month}-01T00:00:00Z`).toLocaleDateString(i18n.language, {
      month: 'short',
      year: '2-digit',
      timeZone: 'UTC',
    })
}

/**
 * Surveillance: the supplier's charts (spec §7 calls) — what we ordered and it invoiced, its
 * performance, safety, certification and ratings — with the forms buyers record figures through.
 */
export const SupplierSurveillance = ({ supplierId, currency }: { supplierId: number; currency: string }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const month = useMonthLabel()
  const base = `/bwapi/suppliers/${supplierId}/charts`
  const turnover = useApi<{ data: TurnoverChart }>(`${base}/turnover`)
  const invoiced = useApi<{ data: AccountingTurnoverChart }>(`${base}/accounting_turnover`)
  const performance = useApi<{ data: PerformanceChart }>(`${base}/performance`)
  const security = useApi<{ data: SecurityChart }>(`${base}/security`)
  const certification = useApi<{ data: CertificationChart }>(`${base}/certification`)
  const ratings = useApi<{ data: AdditionalRatingChart }>(`${base}/additional_rating`)
  const annual = useApi<{ data: AnnualRatingChart }>(`${base}/annual_rating`)
  const money = (v: number) => format.money(String(v), currency)
  const percent = (v: number) => `${format.number(v)} %`
  const common = {
    tableLabel: t('suppliers.surveillance.figures'),
    empty: t('suppliers.surveillance.nothing'),
  }
  const p = performance.data?.data
  const s = security.data?.data
  const c = certification.data?.data
  const r = ratings.data?.data
  const shown = (v: string | null | undefined) => (v === null || v === undefined ? '—' : format.number(v))
  return (
    <section aria-labelledby="surveillance-title">
      <h2 id="surveillance-title">{t('suppliers.tabs.surveillance')}</h2>
      <div className="pc-charts">
        {turnover.data ? (
          <TimeChart
            {...common}
            title={t('suppliers.surveillance.turnover')}
            summary={
              turnover.data.data.declared.length === 0
                ? t('suppliers.surveillance.noDeclared')
                : t('suppliers.surveillance.declared', {
                    figures: turnover.data.data.declared
                      .map((d) => `${d.year} — ${format.money(d.amount, currency)}`)
                      .join(' · '),
                  })
            }
            categoryLabel={t('suppliers.surveillance.month')}
            format={money}
            series={[
              { key: 'ordered', label: t('suppliers.surveillance.ordered'), kind: 'bar', tone: 'primary' },
            ]}
            points={turnover.data.data.months.map((m) => ({
              key: m.month,
              label: month(m.month),
              values: { ordered: Number(m.ordered) },
            }))}
            footer={<TurnoverForm base={base} />}
          />
        ) : null}
        {p ? (
          <TimeChart
            {...common}
            title={t('suppliers.surveillance.performance')}
            summary={t('suppliers.surveillance.performanceSummary', {
              otd: shown(p.otd),
              oqd: shown(p.oqd),
              objective: p.objectives.otd,
            })}
            categoryLabel={t('suppliers.surveillance.month')}
            format={percent}
            objective={{
              value: p.objectives.otd,
              label: t('suppliers.surveillance.objective', { value: p.objectives.otd }),
            }}
            series={[
              { key: 'otd', label: t('suppliers.surveillance.otd'), kind: 'line', tone: 'primary' },
              { key: 'oqd', label: t('suppliers.surveillance.oqd'), kind: 'line', tone: 'success' },
            ]}
            points={p.months.map((m) => ({
              key: m.month,
              label: month(m.month),
              values: { otd: num(m.otd), oqd: num(m.oqd) },
            }))}
          />
        ) : null}
        {s ? (
          <TimeChart
            {...common}
            title={t('suppliers.surveillance.security')}
            summary={t('suppliers.surveillance.securitySummary', {
              tf1: shown(s.tf1),
              tf2: shown(s.tf2),
              tg: shown(s.tg),
              hse: shown(s.hse),
              objective: s.objective_hse,
            })}
            categoryLabel={t('suppliers.surveillance.month')}
            format={(v) => format.number(v)}
            series={[
              { key: 'tf1', label: 'TF1', kind: 'bar', tone: 'danger' },
              { key: 'tf2', label: 'TF2', kind: 'bar', tone: 'warning' },
              { key: 'tg', label: 'TG', kind: 'line', tone: 'primary' },
            ]}
            points={s.months.map((m) => ({
              key: m.month,
              label: month(m.month),
              values: { tf1: num(m.tf1), tf2: num(m.tf2), tg: num(m.tg) },
            }))}
            footer={<SafetyForm base={base} />}
          />
        ) : null}
        {c ? (
          <ShareChart
            {...common}
            title={t('suppliers.surveillance.certification')}
            summary={c.types
              .map((type) => `${type.type} — ${t(`suppliers.surveillance.states.${type.state}`)}`)
              .join(' · ')}
            parts={[
              {
                key: 'valid',
                label: t('suppliers.surveillance.states.valid'),
                value: c.valid,
                tone: 'success',
              },
              {
                key: 'expiring',
                label: t('suppliers.surveillance.states.expiring'),
                value: c.expiring,
                tone: 'warning',
              },
              {
                key: 'expired',
                label: t('suppliers.surveillance.states.expired'),
                value: c.expired,
                tone: 'danger',
              },
              {
                key: 'awaiting',
                label: t('suppliers.surveillance.states.awaiting'),
                value: c.awaiting,
                tone: 'muted',
              },
            ]}
          />
        ) : null}
        {r ? (
          <TimeChart
            {...common}
            title={t('suppliers.surveillance.ratings')}
            summary={t('suppliers.surveillance.ratingsSummary', {
              average: shown(r.average),
              count: r.ratings.length,
            })}
            categoryLabel={t('suppliers.surveillance.criterion')}
            format={(v) => format.number(v)}
            series={[
              { key: 'average', label: t('suppliers.surveillance.average'), kind: 'bar', tone: 'primary' },
            ]}
            points={r.criteria.map((criterion) => ({
              key: criterion.criterion,
              label: t(`suppliers.surveillance.criteria.${criterion.criterion}`),
              values: { average: num(criterion.average) },
            }))}
            footer={<RatingForm base={base} />}
          />
        ) : null}
        {annual.data ? (
          <TimeChart
            {...common}
            title={t('suppliers.surveillance.annual')}
            categoryLabel={t('suppliers.surveillance.year')}
            format={percent}
            series={[
              { key: 'score', label: t('suppliers.surveillance.score'), kind: 'bar', tone: 'primary' },
              { key: 'otd', label: t('suppliers.surveillance.otd'), kind: 'line', tone: 'success' },
              { key: 'hse', label: 'HSE', kind: 'line', tone: 'warning' },
            ]}
            points={annual.data.data.years.map((y) => ({
              key: String(y.year),
              label: String(y.year),
              values: { score: num(y.score), otd: num(y.otd), hse: num(y.hse) },
            }))}
          />
        ) : null}
        {invoiced.data ? (
          <TimeChart
            {...common}
            title={t('suppliers.surveillance.invoiced')}
            categoryLabel={t('suppliers.surveillance.month')}
            format={money}
            series={[
              {
                key: 'invoiced',
                label: t('suppliers.surveillance.invoicedSeries'),
                kind: 'bar',
                tone: 'success',
              },
            ]}
            points={invoiced.data.data.months.map((m) => ({
              key: m.month,
              label: month(m.month),
              values: { invoiced: Number(m.invoiced) },
            }))}
          />
        ) : null}
      </div>
    </section>
  )
}

/** A small form under a chart that records one figure (POST …/charts/{name}), checked by core's schema. */
const FigureForm = ({
  path,
  label,
  schema,
  bodyOf,
  children,
}: {
  path: string
  label: string
  schema: z.ZodType
  bodyOf: (f: FormData) => Record<string, unknown>
  children: (errors: Record<string, string[]>) => ReactNode
}) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(['supplier'])
  const mayManage = useMayManageSuppliers()
  const { errors, message, busy, send } = useSubmit()
  if (!mayManage) return null
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const body = bodyOf(new FormData(form))
    const saved = await send(schema, body, async () => {
      await change.mutateAsync(() => apiFetch(path, { method: 'POST', body }))
    })
    if (saved) {
      form.reset()
      toasts.show('success', t('common.saved'))
    }
  }
  return (
    <details className="pc-chart__form">
      <summary>{label}</summary>
      <form onSubmit={submit} noValidate aria-label={label}>
        <FormAlert message={message} />
        {children(errors)}
        <Button type="submit" size="small" loading={busy}>
          {t('common.save')}
        </Button>
      </form>
    </details>
  )
}

const whole = (f: FormData, name: string) => {
  const value = String(f.get(name) ?? '').trim()
  return value === '' ? Number.NaN : Number(value)
}

const TurnoverForm = ({ base }: { base: string }) => {
  const { t } = useTranslation()
  return (
    <FigureForm
      path={`${base}/turnover`}
      label={t('suppliers.surveillance.declare')}
      schema={TurnoverInputSchema}
      bodyOf={(f) => ({ year: whole(f, 'year'), amount: String(f.get('amount') ?? '') })}
    >
      {(errors) => (
        <>
          <TextField
            label={t('suppliers.surveillance.year')}
            name="year"
            inputMode="numeric"
            errors={errors.year ?? []}
          />
          <DecimalField
            label={t('suppliers.surveillance.declaredAmount')}
            name="amount"
            errors={errors.amount ?? []}
          />
        </>
      )}
    </FigureForm>
  )
}

const SafetyForm = ({ base }: { base: string }) => {
  const { t } = useTranslation()
  const fields = [
    'hours_worked',
    'accidents_with_lost_time',
    'accidents_without_lost_time',
    'days_lost',
  ] as const
  return (
    <FigureForm
      path={`${base}/security`}
      label={t('suppliers.surveillance.recordSafety')}
      schema={SafetyInputSchema}
      bodyOf={(f) => ({
        month: String(f.get('month') ?? ''),
        ...Object.fromEntries(fields.map((name) => [name, whole(f, name)])),
      })}
    >
      {(errors) => (
        <>
          <TextField
            label={t('suppliers.surveillance.month')}
            hint={t('suppliers.surveillance.monthHint')}
            name="month"
            errors={errors.month ?? []}
          />
          {fields.map((name) => (
            <TextField
              key={name}
              label={t(`suppliers.surveillance.safety.${name}`)}
              name={name}
              inputMode="numeric"
              errors={errors[name] ?? []}
            />
          ))}
        </>
      )}
    </FigureForm>
  )
}

const RatingForm = ({ base }: { base: string }) => {
  const { t } = useTranslation()
  return (
    <FigureForm
      path={`${base}/additional_rating`}
      label={t('suppliers.surveillance.rate')}
      schema={RatingInputSchema}
      bodyOf={(f) => ({
        criterion: f.get('criterion'),
        score: whole(f, 'score'),
        comment: String(f.get('comment') ?? ''),
      })}
    >
      {(errors) => (
        <>
          <SelectField
            label={t('suppliers.surveillance.criterion')}
            name="criterion"
            options={RATING_CRITERIA.map((c) => ({
              value: c,
              label: t(`suppliers.surveillance.criteria.${c}`),
            }))}
          />
          <SelectField
            label={t('suppliers.surveillance.scoreOn5')}
            name="score"
            defaultValue="3"
            options={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: String(n) }))}
            errors={errors.score ?? []}
          />
          <TextField
            label={t('suppliers.surveillance.comment')}
            name="comment"
            errors={errors.comment ?? []}
          />
        </>
      )}
    </FigureForm>
  )
}
