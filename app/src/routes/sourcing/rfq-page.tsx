/** rfqs/{id}: one RFQ, its invitations and quotes, its actions. */

import { dataOf } from '@procura/core/answer'
import { RfqAnswerSchema } from '@procura/core/sourcing'
import { Button } from '@procura/ui-kit/button'
import { DocumentHeader } from '@procura/ui-kit/document-header'
import { FormAlert } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useChange } from '../../http/changes'
import { apiFetch } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { RefusedActions } from '../decision'
import { DocumentPanel } from '../document-panel'
import { ErrorState } from '../error-state'
import { useStatusLabel } from '../orders/use-status-label'
import { DocumentHistory } from '../traces'
import { ComparisonPanel } from './rfq-comparison'
import { QuoteForm } from './rfq-quote-form'
import { type Invited, type Rfq, STALE } from './rfq-types'

const RfqRead = dataOf(RfqAnswerSchema)

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
  const answer = useAnswer(`/bwapi/rfqs/${id}`, RfqRead)
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
        <RefusedActions
          refused={r.refused_actions}
          label={(action) => t(`sourcing.rfqs.actions.${action}`)}
        />
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
        <Table
          caption={t('sourcing.rfqs.lines')}
          columns={[
            { key: 'label', header: t('sourcing.rfqs.fields.lineLabel'), cell: (line) => line.label },
            {
              key: 'quantity',
              header: t('sourcing.rfqs.fields.quantity'),
              cell: (line) => format.quantity(line.quantity, line.unit),
            },
            {
              key: 'wanted_on',
              header: t('sourcing.rfqs.fields.wantedOn'),
              cell: (line) => (line.wanted_on === null ? '' : format.date(line.wanted_on)),
            },
          ]}
          rows={r.lines}
          rowKey={(line) => line.id}
        />
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
        <Table
          caption={t('sourcing.rfqs.invited')}
          columns={[
            { key: 'supplier', header: t('sourcing.rfqs.fields.supplier'), cell: (s) => s.supplier },
            { key: 'sent_to', header: t('sourcing.rfqs.sentTo'), cell: (s) => s.sent_to ?? s.contact ?? '' },
            {
              key: 'answered',
              header: t('sourcing.rfqs.answered'),
              cell: (s) =>
                s.answered_at === null ? t('sourcing.rfqs.noAnswer') : format.dateTime(s.answered_at),
            },
            {
              key: 'file',
              header: t('sourcing.rfqs.file'),
              cell: (s) =>
                s.file_name === null || rfq.sealed ? (
                  (s.file_name ?? '')
                ) : (
                  <a href={`/bwapi/rfqs/${rfq.id}/quotes/${s.supplier_id}/file`}>{s.file_name}</a>
                ),
            },
            {
              key: 'actions',
              header: <span className="pc-visually-hidden">{t('table.actions')}</span>,
              cell: (s) =>
                rfq.may_quote ? (
                  <Button size="small" variant="ghost" onClick={() => onAnswer(s.supplier_id)}>
                    {t('sourcing.rfqs.enterAnswer', { supplier: s.supplier })}
                  </Button>
                ) : null,
            },
          ]}
          rows={rfq.suppliers}
          rowKey={(s) => s.supplier_id}
        />
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
  const quoteOf = (lineId: number) => invited.quotes.find((x) => x.rfq_line_id === lineId)
  return (
    <div className="pc-table-scroll">
      <Table
        caption={invited.supplier}
        columns={[
          { key: 'label', header: t('sourcing.rfqs.fields.lineLabel'), cell: (line) => line.label },
          {
            key: 'price',
            header: t('sourcing.rfqs.fields.unitPrice'),
            numeric: true,
            cell: (line) => {
              const q = quoteOf(line.id)
              return q === undefined
                ? t('sourcing.rfqs.notOffered')
                : format.money(q.unit_price_exctax, currency)
            },
          },
          {
            key: 'lead_time',
            header: t('sourcing.rfqs.fields.leadTime'),
            cell: (line) => {
              const days = quoteOf(line.id)?.lead_time_days
              return days == null ? '' : t('sourcing.rfqs.days', { count: days })
            },
          },
          {
            key: 'valid_until',
            header: t('sourcing.rfqs.fields.validUntil'),
            cell: (line) => {
              const until = quoteOf(line.id)?.valid_until
              return until == null ? '' : format.date(until)
            },
          },
        ]}
        rows={rfq.lines}
        rowKey={(line) => line.id}
      />
    </div>
  )
}
