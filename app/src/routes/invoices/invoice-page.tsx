import { isLanguage } from '@procura/core/i18n'
import {
  AGREEING_MATCH_RESULTS,
  DisputeInputSchema,
  type InvoiceAnswer,
  InvoiceAnswerSchema,
  LIFECYCLE_REASONS,
  LIFECYCLE_STATUSES,
  type LifecycleCode,
  type LifecycleReason,
} from '@procura/core/invoice'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { DocumentHeader, DocumentTotals } from '@procura/ui-kit/document-header'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
import { Tabs } from '@procura/ui-kit/tabs'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { z } from 'zod'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { RefusalNote, RefuseDialog, RefusedActions } from '../decision'
import { DocumentPanel } from '../document-panel'
import { ErrorState } from '../error-state'
import { DocumentHistory } from '../traces'
import { useTab } from '../use-tab'
import { vatLines } from '../vat-lines'
import { ReasonCodeField } from './reason-code-field'

/** An invoice as its page reads it: core's answer schema (checked by the API's tests). */
type Invoice = InvoiceAnswer
const InvoiceAnswerPage = z.object({ data: InvoiceAnswerSchema })

/** supplier-invoices/{id}: the invoice, the match of each line, its validation, dispute, files and discussion. */
export const InvoicePage = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const change = useChange(['invoice'])
  const toasts = useToasts()
  const format = useFormat()
  const invoice = useAnswer(`/bwapi/supplier-invoices/${id}`, InvoiceAnswerPage)
  const [confirming, setConfirming] = useState<string | null>(null)
  const [refusing, setRefusing] = useState(false)
  const [reasonCode, setReasonCode] = useState('')
  const [tab, setTab] = useTab('match')
  if (invoice.isError) return <ErrorState error={invoice.error} />
  if (invoice.data === undefined) return <p role="status">{t('common.loading')}</p>
  const v = invoice.data.data
  const act = async (action: string, body: Record<string, unknown> = {}) => {
    try {
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/supplier-invoices/${v.id}/${action}`, { method: 'POST', body }),
      )
      toasts.show('success', t('orders.done', { action: t(`invoices.actions.${action}`), code: v.code }))
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  const onAction = (action: string) => {
    if (action === 'refuse') return setRefusing(true)
    if (action === 'cancel' || action === 'back_to_draft') return setConfirming(action)
    // In dispute, submitting or validating goes on only once confirmed (core invoiceTransition).
    if ((action === 'submit' || action === 'validate') && v.dispute_status === 'ongoing')
      return setConfirming(action)
    return void act(action)
  }
  const paidOrExported = v.payment_status !== 'no' || v.exported_at !== null
  // Editing, disputing and crediting have their own places on the page.
  const lifecycle = v.actions.filter((a) => a !== 'edit' && a !== 'dispute' && a !== 'credit')
  const actions =
    lifecycle.length > 0 || v.can_credit || v.can_edit ? (
      <>
        {lifecycle.map((action) => (
          <Button
            key={action}
            variant={
              action === 'refuse' || action === 'cancel'
                ? 'danger'
                : action === 'validate' || action === 'submit'
                  ? 'primary'
                  : 'secondary'
            }
            onClick={() => onAction(action)}
          >
            {t(`invoices.actions.${action}`)}
          </Button>
        ))}
        {v.can_credit ? (
          <ButtonLink
            as={Link}
            variant="secondary"
            to={`/supplier-invoices/new?kind=credit_note&corrects=${v.id}&supplier=${v.supplier?.id ?? ''}`}
          >
            {t('invoices.recordCreditNote')}
          </ButtonLink>
        ) : null}
        {v.can_edit ? (
          <ButtonLink
            as={Link}
            variant="secondary"
            to={
              v.kind === 'external_charge'
                ? `/external-charges/${v.id}/edit`
                : `/supplier-invoices/${v.id}/edit`
            }
          >
            {t('orders.editButton')}
          </ButtonLink>
        ) : null}
      </>
    ) : undefined
  return (
    <section>
      <DocumentHeader
        code={v.code}
        actionsLabel={t('table.actions')}
        badges={
          <>
            <StatusBadge status={v.status} label={t(`invoices.statuses.${v.status}`)} />
            {v.dispute_status !== 'no' ? (
              <StatusBadge
                status={v.dispute_status === 'ongoing' ? 'refused' : 'closed'}
                label={t(`invoices.disputeStatuses.${v.dispute_status}`)}
              />
            ) : null}
          </>
        }
        actions={actions}
      >
        <RefusedActions refused={v.refused_actions} label={(action) => t(`invoices.actions.${action}`)} />
        <dl className="pc-facts">
          {v.kind === 'credit_note' ? (
            <>
              <dt>{t('invoices.fields.kind')}</dt>
              <dd>
                {t('invoices.kinds.credit_note')}
                {v.corrects === null ? null : (
                  <>
                    {' — '}
                    <Link to={`/supplier-invoices/${v.corrects.id}`}>
                      {t('invoices.corrects', { label: v.corrects.label, code: v.corrects.code })}
                    </Link>
                  </>
                )}
              </dd>
            </>
          ) : null}
          {v.credit_notes.length > 0 ? (
            <>
              <dt>{t('invoices.creditNotes')}</dt>
              <dd>
                {v.credit_notes.map((note, i) => (
                  <span key={note.id}>
                    {i > 0 ? ', ' : null}
                    <Link to={`/supplier-invoices/${note.id}`}>{note.label}</Link> (
                    {format.money(note.amount_inctax, v.currency_code)})
                  </span>
                ))}
              </dd>
            </>
          ) : null}
          {v.credit_applied.length > 0 ? (
            <>
              <dt>
                {t(v.kind === 'credit_note' ? 'invoices.creditAppliedTo' : 'invoices.creditAppliedFrom')}
              </dt>
              <dd>
                {v.credit_applied.map((applied, i) => (
                  <span key={applied.id}>
                    {i > 0 ? ', ' : null}
                    <Link to={`/supplier-invoices/${applied.id}`}>{applied.label}</Link> (
                    {format.money(applied.amount, v.currency_code)})
                  </span>
                ))}
              </dd>
            </>
          ) : null}
          <dt>{t('invoices.fields.label')}</dt>
          <dd>{v.label}</dd>
          <dt>{t('invoices.fields.supplier')}</dt>
          <dd>
            {v.supplier ? <Link to={`/suppliers/${v.supplier.id}`}>{v.supplier.company_name}</Link> : '—'}
          </dd>
          <dt>{t('invoices.fields.invoiceDate')}</dt>
          <dd>{format.date(v.invoice_date)}</dd>
          <dt>{t('invoices.fields.dueDate')}</dt>
          <dd>{format.date(v.due_date)}</dd>
          <dt>{t('invoices.fields.vatType')}</dt>
          <dd>{t(`invoices.vatTypes.${v.vat_type}`)}</dd>
          {v.exported_at !== null ? (
            <>
              <dt>{t('accounting.exportsTitle')}</dt>
              <dd>
                <Link to="/accounting-exports">
                  {t('invoices.exportedOn', { date: format.date(v.exported_at) })}
                </Link>
              </dd>
            </>
          ) : null}
          {v.original_file ? (
            <>
              <dt>{t('invoices.fields.file')}</dt>
              <dd>
                <a href={`/bwapi/pending-invoices/${v.original_file.pending_invoice_id}/file`} download>
                  {v.original_file.name}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
        <RefusalNote refusal={v.refusal} />
        {v.waiting_on.length > 0 ? (
          <p>{t('needs.waitingOn', { names: v.waiting_on.map((l) => v.names?.[l] ?? l).join(', ') })}</p>
        ) : null}
      </DocumentHeader>
      <Tabs
        label={t('invoices.sections')}
        selected={tab}
        onSelect={setTab}
        items={[
          {
            id: 'match',
            label: t('invoices.matchTitle'),
            content: (
              <>
                <Table
                  caption={t('invoices.matchTitle')}
                  columns={[
                    {
                      key: 'order',
                      header: t('invoices.fields.order'),
                      cell: (l) =>
                        l.purchase_order_id ? (
                          <Link to={`/purchase-orders/${l.purchase_order_id}`}>{l.purchase_order_code}</Link>
                        ) : (
                          '—'
                        ),
                    },
                    { key: 'line', header: t('invoices.fields.line'), cell: (l) => l.label },
                    {
                      key: 'quantity',
                      header: t('invoices.fields.quantity'),
                      cell: (l) =>
                        l.quantity === null
                          ? '—'
                          : `${format.number(l.quantity)} × ${format.amount(l.unit_price_exctax ?? '0', v.currency_code)}`,
                    },
                    {
                      key: 'amount',
                      header: t('invoices.fields.amount'),
                      cell: (l) => format.money(l.amount_exctax, v.currency_code),
                      numeric: true,
                    },
                    {
                      key: 'remaining',
                      header: t('invoices.fields.remaining'),
                      cell: (l) =>
                        l.remaining_exctax === null ? '—' : format.money(l.remaining_exctax, v.currency_code),
                      numeric: true,
                    },
                    {
                      key: 'match',
                      header: t('invoices.fields.match'),
                      cell: (l) => (
                        <StatusBadge
                          status={AGREEING_MATCH_RESULTS.includes(l.match_result) ? 'validated' : 'refused'}
                          label={t(`invoices.matchResults.${l.match_result}`)}
                        />
                      ),
                    },
                  ]}
                  rows={v.lines}
                  rowKey={(l) => l.id}
                />
                <DocumentTotals
                  lines={[
                    {
                      key: 'exctax',
                      label: t('invoices.fields.amountExctax'),
                      value: format.money(v.amount_exctax, v.currency_code),
                    },
                    ...vatLines(v.vat_breakdown, v.currency_code, t, format),
                    {
                      key: 'inctax',
                      label: t('invoices.fields.amountInctax'),
                      value: format.money(v.amount_inctax, v.currency_code),
                    },
                    {
                      key: 'payable',
                      label: t('invoices.payable'),
                      value: format.money(v.payable_amount, v.currency_code),
                      strong: true,
                    },
                  ]}
                />
                {v.payable_amount !== v.amount_inctax ? <p>{t('invoices.selfAssessed')}</p> : null}
              </>
            ),
          },
          { id: 'dispute', label: t('invoices.dispute'), content: <Dispute invoice={v} /> },
          ...(v.e_invoice === true
            ? [{ id: 'lifecycle', label: t('invoices.lifecycle'), content: <Lifecycle invoice={v} /> }]
            : []),
          {
            id: 'discussion',
            label: t('documents.discussion'),
            content: <DocumentPanel base={`/bwapi/supplier-invoices/${v.id}`} recipients={[]} />,
          },
          {
            id: 'history',
            label: t('traces.history'),
            content: <DocumentHistory model="supplier_invoice" id={v.id} />,
          },
        ]}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={t(`invoices.actions.${confirming ?? 'cancel'}`)}
        message={
          confirming === 'back_to_draft' && paidOrExported
            ? t('invoices.backToDraftConfirm')
            : confirming === 'submit' || confirming === 'validate'
              ? t('invoices.inDisputeConfirm', { code: v.code })
              : t('orders.confirm', { code: v.code })
        }
        confirmLabel={t(`invoices.actions.${confirming ?? 'cancel'}`)}
        cancelLabel={t('common.back')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const action = confirming
          setConfirming(null)
          if (action)
            void act(
              action,
              ['back_to_draft', 'submit', 'validate'].includes(action) ? { confirm: true } : {},
            )
        }}
      />
      <RefuseDialog
        open={refusing}
        code={v.code}
        author="buyer"
        onCancel={() => setRefusing(false)}
        onRefuse={(reason) => {
          setRefusing(false)
          void act('refuse', { reason, ...(v.e_invoice === true ? { reason_code: reasonCode } : {}) })
        }}
      >
        {v.e_invoice === true ? (
          <ReasonCodeField event="refused" value={reasonCode} onChange={setReasonCode} required />
        ) : null}
      </RefuseDialog>
    </section>
  )
}

/** The dispute with the supplier: its exchanges, and the form to open, write in or close it. */
const Dispute = ({ invoice }: { invoice: Invoice }) => {
  const { t } = useTranslation()
  const change = useChange(['invoice'])
  const format = useFormat()
  const { errors, message, busy, send } = useSubmit()
  const [body, setBody] = useState('')
  const [reasonCode, setReasonCode] = useState('')
  const ongoing = invoice.dispute_status === 'ongoing'
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const action = String(new FormData(event.currentTarget).get('action') ?? (ongoing ? 'message' : 'open'))
    const input = { action, body, ...(reasonCode === '' ? {} : { reason_code: reasonCode }) }
    const done = await send(DisputeInputSchema, input, () =>
      change
        .mutateAsync(() =>
          apiFetch(`/bwapi/supplier-invoices/${invoice.id}/dispute`, { method: 'POST', body: input }),
        )
        .then(() => undefined),
    )
    if (!done) return
    setBody('')
  }
  return (
    <section aria-labelledby="dispute-title">
      <h2 id="dispute-title">{t('invoices.dispute')}</h2>
      {invoice.dispute.length === 0 ? (
        <p>{t('invoices.disputeNone')}</p>
      ) : (
        <ul>
          {invoice.dispute.map((m) => (
            <li key={m.id}>
              <strong>{m.author}</strong> ({format.dateTime(m.created_at)}): {m.body}
            </li>
          ))}
        </ul>
      )}
      {invoice.can_dispute ? (
        <form onSubmit={submit} noValidate>
          <FormAlert message={message} />
          {ongoing ? (
            <SelectField
              label={t('table.actions')}
              name="action"
              options={[
                { value: 'message', label: t('invoices.disputeMessage') },
                { value: 'close', label: t('invoices.disputeClose') },
              ]}
            />
          ) : null}
          {!ongoing && invoice.e_invoice === true ? (
            <ReasonCodeField event="dispute_opened" value={reasonCode} onChange={setReasonCode} />
          ) : null}
          <TextField
            label={t('invoices.fields.message')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            errors={errors.body ?? []}
          />
          <Button type="submit" variant="secondary" loading={busy}>
            {ongoing ? t('invoices.disputeMessage') : t('invoices.disputeOpen')}
          </Button>
        </form>
      ) : null}
    </section>
  )
}

/** A received e-invoice's lifecycle statuses, as sent back to its platform. */
const Lifecycle = ({ invoice }: { invoice: Invoice }) => {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  const rows = invoice.lifecycle ?? []
  return (
    <section aria-labelledby="lifecycle-title">
      <h2 id="lifecycle-title">{t('invoices.lifecycle')}</h2>
      <Table
        label={t('invoices.lifecycle')}
        columns={[
          {
            key: 'code',
            header: t('invoices.lifecycleCode'),
            cell: (r) => `${r.code} — ${LIFECYCLE_STATUSES[r.code as LifecycleCode]?.[language] ?? r.code}`,
          },
          { key: 'when', header: t('invoices.lifecycleWhen'), cell: (r) => format.dateTime(r.created_at) },
          {
            key: 'by',
            header: t('invoices.lifecycleBy'),
            cell: (r) =>
              r.source === 'platform'
                ? t('invoices.lifecyclePlatform')
                : (r.by ?? t('invoices.lifecycleSystem')),
          },
          {
            key: 'reason',
            header: t('invoices.reasonCode'),
            cell: (r) => (
              <>
                {r.reason_code === null
                  ? ''
                  : `${r.reason_code} — ${LIFECYCLE_REASONS[r.reason_code as LifecycleReason]?.[language] ?? ''}`}
                {r.comment ? <small className="pc-block">{r.comment}</small> : null}
              </>
            ),
          },
        ]}
        rows={rows}
        rowKey={(r) => `${r.code}-${r.created_at}`}
      />
    </section>
  )
}
