import { type ReactNode, useId } from 'react'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  Pie,
  PieChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'

/** The colours a series may take: the kit's tokens, so the dark theme holds. */
export const CHART_TONES = {
  primary: 'var(--pc-primary)',
  success: 'var(--pc-success)',
  warning: 'var(--pc-warning)',
  danger: 'var(--pc-danger)',
  muted: 'var(--pc-muted)',
} as const
export type ChartTone = keyof typeof CHART_TONES

export type ChartSeries = {
  key: string
  label: string
  kind: 'bar' | 'line'
  tone: ChartTone
}

/** One point of a chart: its category (a month, a year, a criterion) and a value per series (null: none). */
export type ChartPoint = { key: string; label: string; values: Readonly<Record<string, number | null>> }

type Frame = {
  /** What the chart shows, as its caption ("Orders over 24 months"). */
  title: string
  /** One sentence a reader gets without the picture (the latest figure, the objective met or not). */
  summary?: string
  /** Shown instead of the chart when there is nothing to draw. */
  empty: string
  /** The caption of the figures' table (read by screen readers, shown on demand). */
  tableLabel: string
  /** A link or an action under the chart (the list it summarises, a form to add a figure). */
  footer?: ReactNode
}

/**
 * A chart as a figure: its title as caption, a one-sentence summary, the picture (Recharts, sized
 * by its container) and the same figures as a table people can open and screen readers read.
 */
const ChartFigure = ({
  title,
  summary,
  empty,
  tableLabel,
  footer,
  isEmpty,
  table,
  children,
}: Frame & { isEmpty: boolean; table: ReactNode; children: ReactNode }) => {
  const id = useId()
  return (
    <figure className="pc-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="pc-chart__title">
        {title}
      </figcaption>
      {summary ? <p className="pc-chart__summary">{summary}</p> : null}
      {isEmpty ? (
        <p className="pc-chart__empty">{empty}</p>
      ) : (
        <>
          <div className="pc-chart__plot" aria-hidden="true">
            {children}
          </div>
          <details className="pc-chart__figures">
            <summary>{tableLabel}</summary>
            {table}
          </details>
        </>
      )}
      {footer}
    </figure>
  )
}

export type TimeChartProps = Frame & {
  points: readonly ChartPoint[]
  series: readonly ChartSeries[]
  /** A target drawn across the chart (an objective in percent). */
  objective?: { value: number; label: string }
  /** How a value reads (in the reader's format: amounts, percents). */
  format: (value: number) => string
  /** The category column's header in the table ("Month"). */
  categoryLabel: string
}

/** Bars and lines over categories (months, years, criteria), with an optional objective line. */
export const TimeChart = ({ points, series, objective, format, categoryLabel, ...frame }: TimeChartProps) => {
  const data = points.map((p) => ({ label: p.label, ...p.values }))
  const isEmpty = points.every((p) =>
    series.every((s) => p.values[s.key] === null || p.values[s.key] === undefined),
  )
  return (
    <ChartFigure
      {...frame}
      isEmpty={isEmpty}
      table={
        <table className="pc-table">
          <caption className="pc-visually-hidden">{frame.tableLabel}</caption>
          <thead>
            <tr>
              <th scope="col">{categoryLabel}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.key}>
                <th scope="row">{p.label}</th>
                {series.map((s) => {
                  const value = p.values[s.key]
                  return (
                    <td key={s.key} className="pc-num">
                      {value === null || value === undefined ? '—' : format(value)}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ComposedChart responsive data={data} style={{ width: '100%', height: 260 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--pc-border)" vertical={false} />
        <XAxis dataKey="label" tick={{ fill: 'var(--pc-muted)', fontSize: 12 }} />
        <YAxis
          tick={{ fill: 'var(--pc-muted)', fontSize: 12 }}
          tickFormatter={(v: number) => format(v)}
          width="auto"
        />
        <Tooltip formatter={(v) => (typeof v === 'number' ? format(v) : String(v))} />
        <Legend />
        {objective ? (
          <ReferenceLine
            y={objective.value}
            stroke="var(--pc-warning)"
            strokeDasharray="4 4"
            label={{
              value: objective.label,
              fill: 'var(--pc-warning)',
              fontSize: 12,
              position: 'insideTopRight',
            }}
          />
        ) : null}
        {series.map((s) =>
          s.kind === 'bar' ? (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={CHART_TONES[s.tone]}
              isAnimationActive={false}
            />
          ) : (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={CHART_TONES[s.tone]}
              strokeWidth={2}
              connectNulls
              isAnimationActive={false}
            />
          ),
        )}
      </ComposedChart>
    </ChartFigure>
  )
}

export type ShareChartProps = Frame & {
  parts: readonly { key: string; label: string; value: number; tone: ChartTone }[]
}

/** Parts of a whole (documents valid, expiring, expired) as a ring, with the counts in its table. */
export const ShareChart = ({ parts, ...frame }: ShareChartProps) => (
  <ChartFigure
    {...frame}
    isEmpty={parts.every((p) => p.value === 0)}
    table={
      <table className="pc-table">
        <caption className="pc-visually-hidden">{frame.tableLabel}</caption>
        <tbody>
          {parts.map((p) => (
            <tr key={p.key}>
              <th scope="row">{p.label}</th>
              <td className="pc-num">{p.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    }
  >
    <PieChart responsive style={{ width: '100%', height: 220 }} accessibilityLayer={false}>
      <Pie
        data={parts.map((p) => ({ name: p.label, value: p.value }))}
        dataKey="value"
        nameKey="name"
        innerRadius="55%"
        outerRadius="85%"
        rootTabIndex={-1}
        isAnimationActive={false}
      >
        {parts.map((p) => (
          <Cell key={p.key} fill={CHART_TONES[p.tone]} />
        ))}
      </Pie>
      <Tooltip />
      <Legend />
    </PieChart>
  </ChartFigure>
)

export type RankChartProps = Frame & {
  /** The parts, largest first, as they should read. */
  parts: readonly { key: string; label: string; value: number; tone?: ChartTone }[]
  /** How a value reads (an amount in the reader's format). */
  format: (value: number) => string
  /** The parts' column header in the table ("Supplier"). */
  categoryLabel: string
  /** What a part's name becomes in the table: a link to the list it sums, for instance. */
  renderLabel?: (part: { key: string; label: string }) => ReactNode
}

/** Parts ranked by size (spend by supplier, family, department) as horizontal bars, their figures in a table. */
export const RankChart = ({ parts, format, categoryLabel, renderLabel, ...frame }: RankChartProps) => (
  <ChartFigure
    {...frame}
    isEmpty={parts.every((p) => p.value === 0)}
    table={
      <table className="pc-table">
        <caption className="pc-visually-hidden">{frame.tableLabel}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryLabel}</th>
            <th scope="col" className="pc-num">
              {frame.title}
            </th>
          </tr>
        </thead>
        <tbody>
          {parts.map((p) => (
            <tr key={p.key}>
              <th scope="row">{renderLabel ? renderLabel(p) : p.label}</th>
              <td className="pc-num">{format(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    }
  >
    <BarChart
      responsive
      layout="vertical"
      data={parts.map((p) => ({ label: p.label, value: p.value, tone: p.tone ?? 'primary' }))}
      style={{ width: '100%', height: 40 + parts.length * 34 }}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke="var(--pc-border)" horizontal={false} />
      <XAxis
        type="number"
        tick={{ fill: 'var(--pc-muted)', fontSize: 12 }}
        tickFormatter={(v: number) => format(v)}
      />
      <YAxis type="category" dataKey="label" width={150} tick={{ fill: 'var(--pc-text)', fontSize: 12 }} />
      <Tooltip formatter={(v) => (typeof v === 'number' ? format(v) : String(v))} />
      <Bar dataKey="value" name={frame.title} isAnimationActive={false}>
        {parts.map((p) => (
          <Cell key={p.key} fill={CHART_TONES[p.tone ?? 'primary']} />
        ))}
      </Bar>
    </BarChart>
  </ChartFigure>
)
