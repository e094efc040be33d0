import type { DistributionAxis } from '@procura/core/dashboard'
import { isLanguage } from '@procura/core/i18n'
import { Button } from '@procura/ui-kit/button'
import { RankChart, TimeChart } from '@procura/ui-kit/chart'
import { ErrorPage } from '@procura/ui-kit/error-page'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ApiError, apiRead } from '../http/client'
import { useAnswer } from '../http/use-api'
import { useFormat } from '../http/use-format'
import { FIRST_PAGE_ANSWERS } from '../session/first-page-answers'
import { useStatusLabel } from './orders/use-status-label'
import { useMonthLabel } from './suppliers/supplier-dashboard'

/**
 * The dashboard (base path): where purchasing stands for this reader and what waits — its
 * sections from GET /bwapi/dashboard (a supplier's contact: its orders only), each figure a link
 * to the list it sums, filtered. A server in maintenance answers 503 here first.
 */
export const Dashboard = () => {
  const { t, i18n } = useTranslation()
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  const query = useQuery({
    queryKey: ['init-infos', language],
    queryFn: ({ signal }) => apiRead('/bwapi/init-infos', FIRST_PAGE_ANSWERS.initInfos, { signal }),
  })
  const frame = useAnswer('/bwapi/dashboard', FIRST_PAGE_ANSWERS.dashboard)
  if (query.isPending) return <p role="status">{t('dashboard.loading')}</p>
  if (query.isError) {
    const error = query.error
    const maintenance = error instanceof ApiError && error.status === 503
    return (
      <ErrorPage
        as="section"
        status={maintenance ? 503 : 500}
        language={language}
        {...(maintenance
          ? { retryAfter: error.body.retry_after ?? null, extraMessage: error.body.extra_message ?? null }
          : {})}
        actions={<Button onClick={() => void query.refetch()}>{t('dashboard.retry')}</Button>}
      />
    )
  }
  const sections = frame.data?.data.sections ?? []
  return (
    <section>
      <h1>{t('dashboard.title')}</h1>
      <p>{t('dashboard.welcome', { name: query.data.app.name })}</p>
      {sections.includes('instance') ? <Instance /> : null}
      {sections.includes('distribution') || sections.includes('comparison') ? (
        <div className="pc-charts">
          {sections.includes('comparison') ? <ComparisonChart /> : null}
          {sections.includes('distribution') ? <DistributionCharts /> : null}
        </div>
      ) : null}
      {sections.includes('global') ? <Global /> : null}
    </section>
  )
}

/** A figure as a link to its list: its count, and its amount when it has one. */
const KeyFigure = ({
  label,
  count,
  amount,
  link,
  currency,
}: {
  label: string
  count: number
  amount: string | null
  link: string | null
  currency: string
}) => {
  const format = useFormat()
  const body = (
    <>
      <span className="pc-key-figure__label">{label}</span>
      <strong className="pc-key-figure__count">{format.number(count)}</strong>
      {amount === null ? null : (
        <span className="pc-key-figure__amount">{format.money(amount, currency)}</span>
      )}
    </>
  )
  return <li className="pc-key-figure">{link === null ? body : <Link to={link}>{body}</Link>}</li>
}

const Instance = () => {
  const { t } = useTranslation()
  const statusLabel = useStatusLabel()
  const answer = useAnswer('/bwapi/dashboard/instance', FIRST_PAGE_ANSWERS.dashboardInstance)
  const d = answer.data?.data
  if (d === undefined) return <p role="status">{t('dashboard.loading')}</p>
  const waiting = [
    ...d.awaiting.map((f) => ({ ...f, label: t(`dashboard.awaiting.${f.key}`) })),
    { ...d.late_deliveries, label: t('dashboard.lateDeliveries') },
    ...(d.awaiting.some((f) => f.key === 'invoices')
      ? [
          { ...d.invoices_in_dispute, label: t('dashboard.invoicesInDispute') },
          { ...d.payments_due, label: t('dashboard.paymentsDue') },
        ]
      : []),
  ]
  return (
    <>
      <section aria-labelledby="dashboard-waiting">
        <h2 id="dashboard-waiting">{t('dashboard.waiting')}</h2>
        <ul className="pc-key-figures">
          {waiting.map((f) => (
            <KeyFigure
              key={f.key}
              label={f.label}
              count={f.count}
              amount={f.amount}
              link={f.link}
              currency={d.currency_code}
            />
          ))}
        </ul>
      </section>
      <section aria-labelledby="dashboard-orders">
        <h2 id="dashboard-orders">{t('dashboard.ordersByStatus')}</h2>
        {d.orders.length === 0 ? <p>{t('dashboard.noOrder')}</p> : null}
        <ul className="pc-key-figures">
          {d.orders.map((f) => (
            <KeyFigure
              key={f.key}
              label={statusLabel(f.key)}
              count={f.count}
              amount={f.amount}
              link={f.link}
              currency={d.currency_code}
            />
          ))}
        </ul>
      </section>
    </>
  )
}

const useChartTexts = (currency: string | undefined) => {
  const { t } = useTranslation()
  const format = useFormat()
  return {
    tableLabel: t('dashboard.figures'),
    empty: t('dashboard.nothing'),
    money: (v: number) => format.money(String(v), currency),
  }
}

const ComparisonChart = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const month = useMonthLabel()
  const answer = useAnswer('/bwapi/dashboard/comparison', FIRST_PAGE_ANSWERS.dashboardComparison)
  const d = answer.data?.data
  const texts = useChartTexts(d?.currency_code)
  if (d === undefined) return null
  return (
    <TimeChart
      title={t('dashboard.comparison', { count: d.months.length })}
      summary={t('dashboard.comparisonSummary', {
        current: format.money(d.current_total, d.currency_code),
        previous: format.money(d.previous_total, d.currency_code),
      })}
      tableLabel={texts.tableLabel}
      empty={texts.empty}
      categoryLabel={t('dashboard.month')}
      format={texts.money}
      series={[
        { key: 'current', label: t('dashboard.thisYear'), kind: 'bar', tone: 'primary' },
        { key: 'previous', label: t('dashboard.yearBefore'), kind: 'bar', tone: 'muted' },
      ]}
      points={d.months.map((m) => ({
        key: m.month,
        label: month(m.month),
        values: { current: Number(m.current), previous: Number(m.previous) },
      }))}
      footer={
        <Link to={`/purchase-orders?created_from=${d.months[0]?.month ?? ''}-01`}>
          {t('dashboard.seeOrders')}
        </Link>
      }
    />
  )
}

const AXES: readonly DistributionAxis[] = ['supplier', 'family', 'department']

const DistributionCharts = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const answer = useAnswer('/bwapi/dashboard/distribution', FIRST_PAGE_ANSWERS.dashboardDistribution)
  const d = answer.data?.data
  const texts = useChartTexts(d?.currency_code)
  if (d === undefined) return null
  const nameOf = (axis: DistributionAxis, key: string, label: string) =>
    key === 'others' ? t('dashboard.others') : key === 'none' ? t(`dashboard.none.${axis}`) : label
  return (
    <>
      {AXES.map((axis) => (
        <RankChart
          key={axis}
          title={t(`dashboard.distribution.${axis}`)}
          summary={t('dashboard.distributionSummary', {
            total: format.money(d.total, d.currency_code),
            from: format.date(d.from),
          })}
          tableLabel={texts.tableLabel}
          empty={texts.empty}
          categoryLabel={t(`dashboard.axis.${axis}`)}
          format={texts.money}
          parts={d[axis].map((p) => ({
            key: p.key,
            label: nameOf(axis, p.key, p.label),
            value: Number(p.amount),
            ...(p.key === 'others' ? { tone: 'muted' as const } : {}),
          }))}
          renderLabel={(p) => {
            const link = d[axis].find((x) => x.key === p.key)?.link ?? null
            return link === null ? p.label : <Link to={link}>{p.label}</Link>
          }}
        />
      ))}
    </>
  )
}

const Global = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const answer = useAnswer('/bwapi/dashboard/global', FIRST_PAGE_ANSWERS.dashboardGlobal)
  const d = answer.data?.data
  if (d === undefined) return null
  // Invoiced and paid show only to who reads every invoice (null otherwise).
  const rows = (
    [
      ['ordered', d.ordered],
      ['received', d.received],
      ['invoiced', d.invoiced],
      ['paid', d.paid],
      ['committed', d.committed],
    ] as const
  ).flatMap(([key, value]) => (value === null ? [] : [[key, value] as const]))
  return (
    <section aria-labelledby="dashboard-global">
      <h2 id="dashboard-global">
        {t(d.whole_organisation ? 'dashboard.global' : 'dashboard.globalMine', { year: d.year })}
      </h2>
      <dl className="pc-facts">
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`dashboard.totals.${key}`)}</dt>
            <dd className="pc-num">{format.money(value, d.currency_code)}</dd>
          </div>
        ))}
        <div>
          <dt>{t('dashboard.totals.activeSuppliers')}</dt>
          <dd className="pc-num">
            <Link to="/suppliers?status=active">{format.number(d.active_suppliers)}</Link>
          </dd>
        </div>
      </dl>
    </section>
  )
}
