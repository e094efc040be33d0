import {
  type PendingInvoiceAnswer,
  PendingInvoiceAnswerSchema,
  PendingInvoiceHoldSchema,
  PendingInvoiceRejectSchema,
} from '@procura/core/invoice'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, TextAreaField, TextField } from '@procura/ui-kit/form-field'
import { Icon } from '@procura/ui-kit/icon'
import { ConfirmDialog, Modal } from '@procura/ui-kit/modal'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { DateInputField, DecimalField, FileField, OptionPicker } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch, apiUpload } from '../../http/client'
import { useSubmit } from '../../http/use-submit'
import { ListPage } from '../list-page'
import { ReasonCodeField } from './reason-code-field'

const BASE = '/bwapi/pending-invoices'

export type PendingInvoice = PendingInvoiceAnswer
/** pending-invoices: what arrived, queued for the accounts-payable team; each becomes an invoice or is rejected. */
export const PendingInvoices = () => {
  const { t } = useTranslation()
  const change = useChange(['invoice'])
  const toasts = useToasts()
  const navigate = useNavigate()
  const [queueing, setQueueing] = useState(false)
  const [rejecting, setRejecting] = useState<PendingInvoice | null>(null)
  const [holding, setHolding] = useState<PendingInvoice | null>(null)
  /** Rejected or released: the action, then what it did said in a toast. */
  const act = async (pending: PendingInvoice, action: 'reject' | 'release') => {
    try {
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/pending-invoices/${pending.id}/${action}`, { method: 'POST' }),
      )
      toasts.show(
        'success',
        t(action === 'reject' ? 'invoices.rejected' : 'invoices.released', { label: labelOf(pending) }),
      )
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  return (
    <ListPage
      row={PendingInvoiceAnswerSchema}
      base={BASE}
      name="pending-invoices"
      title={t('invoices.pendingTitle')}
      defaultSort={{ key: 'created_at', direction: 'asc' }}
      render={{
        label: (p) => (
          <>
            {p.label ?? '—'}
            {p.e_invoice ? (
              <small className="pc-text--muted pc-block">
                {t('invoices.eInvoice', { syntax: t(`invoices.syntaxes.${p.e_invoice.syntax}`) })}
              </small>
            ) : null}
            {p.e_invoice_match === null ? null : (
              <small className="pc-block">
                {t('invoices.matchedOrder', {
                  order: p.e_invoice_match.order_code,
                  rule: t(`invoices.matchRules.${p.e_invoice_match.rule}`),
                })}
              </small>
            )}
            {p.hold_reason === null ? null : (
              <small className="pc-block">{t('invoices.onHold', { reason: p.hold_reason })}</small>
            )}
            {p.e_invoice_issues.map((issue) => (
              <span key={issue.message} className="pc-text--danger pc-block">
                {issue.message}
              </span>
            ))}
          </>
        ),
        file_name: (p) =>
          p.file_name ? (
            <a href={`${BASE}/${p.id}/file`} download>
              {p.file_name}
            </a>
          ) : (
            '—'
          ),
      }}
      rowLabel={labelOf}
      rowActions={(p) =>
        p.actions.map((action) => ({
          action,
          label: t(`invoices.queueActions.${action}`),
          ...(action === 'make' || action === 'release' ? { primary: true } : {}),
        }))
      }
      onRowAction={(p, action) => {
        if (action === 'make') void navigate(`/supplier-invoices/new?pending=${p.id}`)
        if (action === 'hold') setHolding(p)
        if (action === 'release') void act(p, 'release')
        if (action === 'reject') setRejecting(p)
      }}
      actions={
        <Button onClick={() => setQueueing(true)}>
          <Icon name="upload" />
          {t('invoices.queueFile')}
        </Button>
      }
      empty={t('invoices.noPending')}
    >
      <QueueFile open={queueing} onClose={() => setQueueing(false)} />
      {rejecting?.e_invoice ? (
        <RejectEInvoiceDialog pending={rejecting} onClose={() => setRejecting(null)} />
      ) : null}
      <ConfirmDialog
        open={rejecting !== null && rejecting.e_invoice === null}
        title={t('invoices.reject')}
        message={t('invoices.rejectConfirm')}
        confirmLabel={t('invoices.reject')}
        cancelLabel={t('common.back')}
        danger
        onCancel={() => setRejecting(null)}
        onConfirm={() => {
          const pending = rejecting
          setRejecting(null)
          if (pending) void act(pending, 'reject')
        }}
      />
      {holding === null ? null : <HoldDialog pending={holding} onClose={() => setHolding(null)} />}
    </ListPage>
  )
}

const labelOf = (pending: PendingInvoice) => pending.label ?? pending.file_name ?? String(pending.id)

/** Put on hold: why it waits, in a sentence (checked as the server checks it). */
const HoldDialog = ({ pending, onClose }: { pending: PendingInvoice; onClose: () => void }) => {
  const { t } = useTranslation()
  const change = useChange(['invoice'])
  const toasts = useToasts()
  const { errors, message, busy, send } = useSubmit()
  // An e-invoice's hold is sent to its seller as 208 suspended: with a reason code, if one fits.
  const [reasonCode, setReasonCode] = useState('')
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = {
      reason: String(new FormData(event.currentTarget).get('reason') ?? ''),
      ...(reasonCode === '' ? {} : { reason_code: reasonCode }),
    }
    const done = await send(PendingInvoiceHoldSchema, body, () =>
      change
        .mutateAsync(() => apiFetch(`${BASE}/${pending.id}/hold`, { method: 'POST', body }))
        .then(() => undefined),
    )
    if (!done) return
    toasts.show('success', t('invoices.held', { label: labelOf(pending) }))
    onClose()
  }
  return (
    <Modal
      title={t('invoices.holdTitle', { label: labelOf(pending) })}
      open
      onClose={onClose}
      closeLabel={t('common.back')}
      footer={
        <Button type="submit" form="pc-hold-pending" loading={busy}>
          {t('invoices.queueActions.hold')}
        </Button>
      }
    >
      <form id="pc-hold-pending" onSubmit={submit} noValidate aria-label={t('invoices.queueActions.hold')}>
        <FormAlert message={message} />
        <TextAreaField
          label={t('invoices.holdReason')}
          name="reason"
          hint={t('invoices.holdHint')}
          errors={errors.reason ?? []}
        />
        {pending.e_invoice === null ? null : (
          <ReasonCodeField
            event="put_on_hold"
            value={reasonCode}
            onChange={setReasonCode}
            errors={errors.reason_code ?? []}
          />
        )}
      </form>
    </Modal>
  )
}

/**
 * Reject an e-invoice: its seller is told (210 refused), with a reason code of 210's list (required)
 * and why in words.
 */
const RejectEInvoiceDialog = ({ pending, onClose }: { pending: PendingInvoice; onClose: () => void }) => {
  const { t } = useTranslation()
  const change = useChange(['invoice'])
  const toasts = useToasts()
  const { errors, message, busy, send } = useSubmit()
  const [reasonCode, setReasonCode] = useState('')
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '')
    const body = {
      ...(reasonCode === '' ? {} : { reason_code: reasonCode }),
      ...(reason === '' ? {} : { reason }),
    }
    const done = await send(PendingInvoiceRejectSchema, body, () =>
      change
        .mutateAsync(() => apiFetch(`${BASE}/${pending.id}/reject`, { method: 'POST', body }))
        .then(() => undefined),
    )
    if (!done) return
    toasts.show('success', t('invoices.rejected', { label: labelOf(pending) }))
    onClose()
  }
  return (
    <Modal
      title={t('invoices.rejectTitle', { label: labelOf(pending) })}
      open
      onClose={onClose}
      closeLabel={t('common.back')}
      footer={
        <Button type="submit" form="pc-reject-pending" variant="danger" loading={busy}>
          {t('invoices.reject')}
        </Button>
      }
    >
      <form id="pc-reject-pending" onSubmit={submit} noValidate aria-label={t('invoices.reject')}>
        <FormAlert message={message} />
        <p>{t('invoices.rejectEInvoice')}</p>
        <ReasonCodeField
          event="refused"
          value={reasonCode}
          onChange={setReasonCode}
          required
          errors={errors.reason_code ?? []}
        />
        <TextAreaField label={t('invoices.rejectReason')} name="reason" errors={errors.reason ?? []} />
      </form>
    </Modal>
  )
}

/** What arrived by post or e-mail, queued with its file: dropped or chosen, sent with its progress. */
const QueueFile = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation()
  const change = useChange(['invoice'])
  const toasts = useToasts()
  const { errors, message, busy, run } = useSubmit()
  const [progress, setProgress] = useState<number | null>(null)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const done = await run(() =>
      change.mutateAsync(() => apiUpload(BASE, form, setProgress)).then(() => undefined),
    )
    setProgress(null)
    if (!done) return
    toasts.show('success', t('invoices.queued'))
    onClose()
  }
  return (
    <Modal
      title={t('invoices.queueFile')}
      open={open}
      onClose={onClose}
      closeLabel={t('common.back')}
      footer={
        <Button type="submit" form="pc-queue-file" loading={busy}>
          {t('invoices.queueFile')}
        </Button>
      }
    >
      <form id="pc-queue-file" onSubmit={submit} noValidate aria-label={t('invoices.queueFile')}>
        <FormAlert message={message} />
        <FileField
          label={t('invoices.fields.file')}
          name="file"
          accept=".pdf,.xml,.png,.jpg,.jpeg"
          hint={t('invoices.fileHint')}
          progress={progress}
          errors={errors.file ?? []}
        />
        <OptionPicker
          label={t('invoices.fields.supplier')}
          name="supplier_id"
          source={`${BASE}/filter-list/supplier_id`}
          errors={errors.supplier_id ?? []}
        />
        <TextField label={t('invoices.fields.label')} name="label" errors={errors.label ?? []} />
        <DateInputField
          label={t('invoices.fields.invoiceDate')}
          name="invoice_date"
          errors={errors.invoice_date ?? []}
        />
        <DecimalField
          label={t('invoices.fields.amountExctax')}
          name="amount_exctax"
          errors={errors.amount_exctax ?? []}
        />
        <DecimalField
          label={t('invoices.fields.amountInctax')}
          name="amount_inctax"
          errors={errors.amount_inctax ?? []}
        />
      </form>
    </Modal>
  )
}
