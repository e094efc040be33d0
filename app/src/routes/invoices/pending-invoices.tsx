import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { useToasts } from '@procura/ui-kit/toasts'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DateInputField, DecimalField } from '../../forms/fields'
import { ApiError, apiFetch } from '../../http/client'
import { useApi } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { ErrorState } from '../error-state'

export type PendingInvoice = {
  id: number
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
  created_at: string
}
type FormChoices = { suppliers: { id: number; code: string; company_name: string }[] }

/** pending-invoices: what arrived, queued for the accounts-payable team; each becomes an invoice or is rejected. */
export const PendingInvoices = () => {
  const { t } = useTranslation()
  const client = useQueryClient()
  const toasts = useToasts()
  const format = useFormat()
  const queue = useApi<{ data: PendingInvoice[] }>('/bwapi/pending-invoices?per_page=100')
  const choices = useApi<FormChoices>('/bwapi/supplier-invoices/create-form')
  const { errors, message, busy, run } = useSubmit()
  const [rejecting, setRejecting] = useState<PendingInvoice | null>(null)
  if (queue.isError) return <ErrorState error={queue.error} />
  if (queue.data === undefined || choices.data === undefined)
    return <p role="status">{t('common.loading')}</p>

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const done = await run(() =>
      apiFetch('/bwapi/pending-invoices', { method: 'POST', body: form }).then(() => undefined),
    )
    if (!done) return
    ;(event.target as HTMLFormElement).reset()
    toasts.show('success', t('invoices.queued'))
    await client.invalidateQueries({ queryKey: ['/bwapi/pending-invoices?per_page=100'] })
  }
  const reject = async (pending: PendingInvoice) => {
    try {
      await apiFetch(`/bwapi/pending-invoices/${pending.id}/reject`, { method: 'POST' })
      await client.invalidateQueries({ queryKey: ['/bwapi/pending-invoices?per_page=100'] })
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  return (
    <section>
      <h1>{t('invoices.pendingTitle')}</h1>
      <form onSubmit={submit} noValidate aria-label={t('invoices.queueFile')}>
        <FormAlert message={message} />
        <SelectField
          label={t('invoices.fields.supplier')}
          name="supplier_id"
          options={[
            { value: '', label: '—' },
            ...choices.data.suppliers.map((s) => ({
              value: String(s.id),
              label: `${s.company_name} (${s.code})`,
            })),
          ]}
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
        <TextField label={t('invoices.fields.file')} name="file" type="file" errors={errors.file ?? []} />
        <Button type="submit" loading={busy}>
          {t('invoices.queueFile')}
        </Button>
      </form>
      {queue.data.data.length === 0 ? (
        <p>{t('invoices.noPending')}</p>
      ) : (
        <table className="pc-table">
          <caption>{t('invoices.pendingTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('invoices.fields.label')}</th>
              <th scope="col">{t('invoices.fields.supplier')}</th>
              <th scope="col">{t('invoices.fields.amountInctax')}</th>
              <th scope="col">{t('invoices.fields.file')}</th>
              <th scope="col">{t('table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {queue.data.data.map((p) => (
              <tr key={p.id}>
                <td data-label={t('invoices.fields.label')}>
                  {p.label ?? '—'}
                  {p.e_invoice
                    ? ` (${t('invoices.eInvoice', { syntax: t(`invoices.syntaxes.${p.e_invoice.syntax}`) })})`
                    : ''}
                  {p.e_invoice_issues.map((issue) => (
                    <p key={issue.message} className="pc-text--danger">
                      {issue.message}
                    </p>
                  ))}
                </td>
                <td data-label={t('invoices.fields.supplier')}>{p.supplier ?? '—'}</td>
                <td data-label={t('invoices.fields.amountInctax')}>
                  {format.money(p.amount_inctax, p.currency_code)}
                </td>
                <td data-label={t('invoices.fields.file')}>
                  {p.file_name ? (
                    <a href={`/bwapi/pending-invoices/${p.id}/file`} download>
                      {p.file_name}
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
                <td data-label={t('table.actions')}>
                  <Link
                    className="pc-button pc-button--primary"
                    to={`/supplier-invoices/new?pending=${p.id}`}
                  >
                    {t('invoices.makeInvoice')}
                  </Link>{' '}
                  <Button variant="danger" onClick={() => setRejecting(p)}>
                    {t('invoices.reject')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={rejecting !== null}
        title={t('invoices.reject')}
        message={t('invoices.rejectConfirm')}
        confirmLabel={t('invoices.reject')}
        cancelLabel={t('common.back')}
        onCancel={() => setRejecting(null)}
        onConfirm={() => {
          const pending = rejecting
          setRejecting(null)
          if (pending) void reject(pending)
        }}
      />
    </section>
  )
}
