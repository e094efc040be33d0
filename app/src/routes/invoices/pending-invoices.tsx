import { Button } from '@procura/ui-kit/button'
import { FormAlert, TextField } from '@procura/ui-kit/form-field'
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

const BASE = '/bwapi/pending-invoices'

export type PendingInvoice = {
  id: number
  status: string
  supplier_id: number | null
  supplier: string | null
  label: string | null
  invoice_date: string | null
  currency_code: string
  amount_exctax: string
  amount_inctax: string
  file_name: string | null
  /** The e-invoice read from the file, and what of its totals did not add up. */
  e_invoice: {
    syntax: string
    lines: {
      label: string
      quantity: string
      unit_price: string | null
      amount: string
      vat_rate: string | null
    }[]
  } | null
  e_invoice_issues: { code: string; message: string }[]
  /** The order its references found (BT-13, BT-16, BT-12, BT-10), and the rule. */
  e_invoice_match: { rule: string; order_id: number; order_code: string } | null
  /** The department an e-invoice's routing code addresses (its queue). */
  department: string | null
  created_at: string
}
/** pending-invoices: what arrived, queued for the accounts-payable team; each becomes an invoice or is rejected. */
export const PendingInvoices = () => {
  const { t } = useTranslation()
  const change = useChange(['invoice'])
  const toasts = useToasts()
  const navigate = useNavigate()
  const [queueing, setQueueing] = useState(false)
  const [rejecting, setRejecting] = useState<PendingInvoice | null>(null)
  const reject = async (pending: PendingInvoice) => {
    try {
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/pending-invoices/${pending.id}/reject`, { method: 'POST' }),
      )
      toasts.show(
        'success',
        t('invoices.rejected', { label: pending.label ?? pending.file_name ?? pending.id }),
      )
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  return (
    <ListPage<PendingInvoice>
      base={BASE}
      name="pending-invoices"
      title={t('invoices.pendingTitle')}
      defaultSort={{ key: 'created_at', direction: 'asc' }}
      render={{
        label: (p) => (
          <>
            {p.label ?? '—'}
            {p.e_invoice ? (
              <small className="pc-text--muted">
                {' '}
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
      rowLabel={(p) => p.label ?? p.file_name ?? String(p.id)}
      rowActions={(p) =>
        p.status === 'pending'
          ? [
              { action: 'make', label: t('invoices.makeInvoice'), primary: true },
              { action: 'reject', label: t('invoices.reject') },
            ]
          : []
      }
      onRowAction={(p, action) => {
        if (action === 'make') void navigate(`/supplier-invoices/new?pending=${p.id}`)
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
      <ConfirmDialog
        open={rejecting !== null}
        title={t('invoices.reject')}
        message={t('invoices.rejectConfirm')}
        confirmLabel={t('invoices.reject')}
        cancelLabel={t('common.back')}
        danger
        onCancel={() => setRejecting(null)}
        onConfirm={() => {
          const pending = rejecting
          setRejecting(null)
          if (pending) void reject(pending)
        }}
      />
    </ListPage>
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
