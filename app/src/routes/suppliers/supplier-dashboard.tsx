import { dataOf } from '@procura/core/answer'
import {
  AccountingTurnoverChartSchema,
  AdditionalRatingChartSchema,
  AnnualRatingChartSchema,
  CertificationChartSchema,
  PerformanceChartSchema,
  SecurityChartSchema,
  TurnoverChartSchema,
} from '@procura/core/supplier'
import { ShareChart, TimeChart } from '@procura/ui-kit/chart'
import { useTranslation } from 'react-i18next'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'

const AccountingTurnoverChartRead = dataOf(AccountingTurnoverChartSchema)
const AdditionalRatingChartRead = dataOf(AdditionalRatingChartSchema)
const AnnualRatingChartRead = dataOf(AnnualRatingChartSchema)
const CertificationChartRead = dataOf(CertificationChartSchema)
const PerformanceChartRead = dataOf(PerformanceChartSchema)
const SecurityChartRead = dataOf(SecurityChartSchema)
const TurnoverChartRead = dataOf(TurnoverChartSchema)

const num = (value: string | null | undefined) =>
  value === null || value === undefined ? null : Number(value)

/** "2026-11" as the reader writes a month ("Nov 26", "nov. 26"). */
export const useMonthLabel = () => {
  const { i18n } = useTranslation()
  return (month: string) =>
    new Date(`${month}-01T00:00:00Z`).toLocaleDateString(i18n.language, {
      month: 'short',
      year: '2-digit',
      timeZone: 'UTC',
    })
}

/**
 * The surveillance dashboard: the supplier's seven charts (spec §7 calls) — what we ordered and it
 * invoiced, its performance, safety, certification and ratings. The figures behind them are
 * recorded on the Surveillance tab.
 */
export const SupplierDashboard = ({ supplierId, currency }: { supplierId: number; currency: string }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const month = useMonthLabel()
  const base = `/bwapi/suppliers/${supplierId}/charts`
  const turnover = useAnswer(`${base}/turnover`, TurnoverChartRead)
  const invoiced = useAnswer(`${base}/accounting_turnover`, AccountingTurnoverChartRead)
  const performance = useAnswer(`${base}/performance`, PerformanceChartRead)
  const security = useAnswer(`${base}/security`, SecurityChartRead)
  const certification = useAnswer(`${base}/certification`, CertificationChartRead)
  const ratings = useAnswer(`${base}/additional_rating`, AdditionalRatingChartRead)
  const annual = useAnswer(`${base}/annual_rating`, AnnualRatingChartRead)
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
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">{t('suppliers.tabs.dashboard')}</h2>
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
