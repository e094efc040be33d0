import { dataOf, rowsOf } from '@procura/core/answer'
import { type TraceRowAnswer, TraceRowAnswerSchema } from '@procura/core/trace'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useAnswer } from '../http/use-api'
import { useFormat } from '../http/use-format'
import { ErrorState } from './error-state'
import { ListPage } from './list-page'

const TraceRowRead = dataOf(TraceRowAnswerSchema)
const TraceRowRows = rowsOf(TraceRowAnswerSchema)

type TraceRow = TraceRowAnswer

const TONE = {
  debug: 'draft',
  info: 'validated',
  warning: 'partial',
  error: 'refused',
  danger: 'refused',
} as const

/** traces: who did what, when — on the one list page (administrators: everything). */
export const TracesList = () => {
  const { t } = useTranslation()
  return (
    <ListPage
      row={TraceRowAnswerSchema}
      base="/bwapi/traces"
      name="traces"
      title={t('traces.title')}
      defaultSort={{ key: 'created_at', direction: 'desc' }}
      render={{
        created_at: (r) => <TraceLink trace={r} />,
        severity: (r) => (
          <StatusBadge status={TONE[r.severity]} label={t(`traces.severities.${r.severity}`)} />
        ),
        model_id: (r) => (r.page === null ? (r.model_id ?? '—') : <Link to={r.page}>{r.model_id}</Link>),
        user: (r) => r.user ?? t('traces.system'),
      }}
      rowLabel={(r) => r.message}
      empty={t('traces.empty')}
    />
  )
}

const TraceLink = ({ trace }: { trace: TraceRow }) => {
  const format = useFormat()
  return <Link to={`/traces/${trace.id}`}>{format.dateTime(trace.created_at)}</Link>
}

/** traces/{id}: the trace details page. */
export const TracePage = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const { id } = useParams()
  const answer = useAnswer(`/bwapi/traces/${id}`, TraceRowRead)
  if (answer.isError) return <ErrorState error={answer.error} />
  const trace = answer.data?.data
  if (trace === undefined) return <p role="status">{t('common.loading')}</p>
  return (
    <section>
      <h1>{t('traces.detail', { id: trace.id })}</h1>
      <dl className="pc-facts">
        <div>
          <dt>{t('traces.when')}</dt>
          <dd>{format.dateTime(trace.created_at)}</dd>
        </div>
        <div>
          <dt>{t('traces.by')}</dt>
          <dd>
            {trace.user === null ? (
              t('traces.system')
            ) : (
              <Link to={`/users/${trace.user_id}`}>{trace.user}</Link>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('traces.severity')}</dt>
          <dd>
            <StatusBadge status={TONE[trace.severity]} label={t(`traces.severities.${trace.severity}`)} />
          </dd>
        </div>
        <div>
          <dt>{t('traces.action')}</dt>
          <dd>
            <code>{trace.action}</code>
          </dd>
        </div>
        <div>
          <dt>{t('traces.about')}</dt>
          <dd>
            {t(`traces.models.${trace.model}`, { defaultValue: trace.model })}{' '}
            {trace.page === null ? trace.model_id : <Link to={trace.page}>{trace.model_id}</Link>}
          </dd>
        </div>
        <div>
          <dt>{t('traces.message')}</dt>
          <dd>{trace.message}</dd>
        </div>
      </dl>
      <Link
        to={`/traces?model=${trace.model}${trace.model_id === null ? '' : `&model_id=${trace.model_id}`}`}
      >
        {t('traces.sameDocument')}
      </Link>
    </section>
  )
}

/** A document's history (its traces, newest first) as a tab of its page. */
export const DocumentHistory = ({ model, id }: { model: string; id: number }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const answer = useAnswer(`/bwapi/traces?model=${model}&model_id=${id}&per_page=100`, TraceRowRows)
  const rows = answer.data?.data
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">{t('traces.history')}</h2>
      {rows === undefined ? <p role="status">{t('common.loading')}</p> : null}
      {rows?.length === 0 ? <p>{t('traces.empty')}</p> : null}
      {rows !== undefined && rows.length > 0 ? (
        <ol className="pc-comments">
          {rows.map((r) => (
            <li key={r.id}>
              <p className="pc-comments__meta">
                <Link to={`/traces/${r.id}`}>
                  <time dateTime={r.created_at}>{format.dateTime(r.created_at)}</time>
                </Link>{' '}
                · {r.user ?? t('traces.system')}
              </p>
              <p>{r.summary}</p>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}
