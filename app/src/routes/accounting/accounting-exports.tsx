import { Button } from '@procura/ui-kit/button'
import { DataTable } from '@procura/ui-kit/data-table'
import { FormAlert, SelectField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useToasts } from '@procura/ui-kit/toasts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateInputField } from '../../forms/fields'
import { ApiError, apiFetch } from '../../http/client'
import { useApi } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { useCurrentUser } from '../../session/session'
import { ErrorState } from '../error-state'
import { useListParams } from '../use-list-params'
import { useTableLabels } from '../use-table-labels'
import { AccountingSettings } from './accounting-settings'

type Check = {
  count: number
  /** Paid payments the export also books, in the bank journal. */
  payment_count?: number
  problems: { code: string; message: string }[]
  invoices: {
    id: number
    code: string
    label: string
    supplier: string
    invoice_date: string
    amount_inctax: string
    currency_code: string
    ok: boolean
  }[]
}
type ExportRow = {
  id: number
  company: string
  format: string
  status: string
  up_to: string | null
  invoice_count: number
  payment_count: number
  debit_total: string
  credit_total: string
  file_name: string | null
  created_by: string
  created_at: string
}

/**
 * accounting-exports: choose the company, the last invoice date and the format; see what the
 * export would take and every problem before running it; then the history, with each file to
 * download again and the cancellation of an export as a whole.
 */
export const AccountingExports = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const labels = useTableLabels()
  const toasts = useToasts()
  const client = useQueryClient()
  const user = useCurrentUser()
  const companies = useApi<{ data: { value: string; label: string }[] }>(
    '/bwapi/payment-groups/filter-list/company_id',
  )
  const [company, setCompany] = useState('')
  const [upTo, setUpTo] = useState('')
  const [fileFormat, setFileFormat] = useState('csv')
  const [check, setCheck] = useState<Check | null>(null)
  /** Invoices unticked in the check's list: the export then names the ticked ones. */
  const [excluded, setExcluded] = useState<number[]>([])
  const [canceling, setCanceling] = useState<ExportRow | null>(null)
  const { message, busy, run } = useSubmit()
  const { query, update, sort } = useListParams({ key: 'created_at', direction: 'desc' })
  const history = useQuery({
    queryKey: ['/bwapi/accounting-exports', query],
    queryFn: ({ signal }) =>
      apiFetch<{
        data: ExportRow[]
        meta: { total: number; total_exact: boolean; page: number; per_page: number }
      }>(`/bwapi/accounting-exports?${query}`, { signal }),
    placeholderData: (previous) => previous,
  })
  if (history.isError) return <ErrorState error={history.error} />
  if (history.data === undefined || companies.data === undefined)
    return <p role="status">{t('common.loading')}</p>
  const chosenCompany = company || companies.data.data[0]?.value || ''
  const body = () => ({ company_id: Number(chosenCompany), up_to: upTo || null, format: fileFormat })
  const checkIt = () =>
    run(async () => {
      setExcluded([])
      setCheck(
        (await apiFetch<{ data: Check }>('/bwapi/accounting-exports/check', { method: 'POST', body: body() }))
          .data,
      )
    })
  // Every invoice is listed when there are 200 at most: then some may be left out of the export.
  const selectable = check !== null && check.count <= check.invoices.length
  const chosen = check === null ? [] : check.invoices.filter((i) => !excluded.includes(i.id)).map((i) => i.id)
  const exportIt = () =>
    run(async () => {
      const made = await apiFetch<{
        data: { invoice_count: number; payment_count: number; debit_total: string }
      }>('/bwapi/accounting-exports', {
        method: 'POST',
        body: excluded.length > 0 && selectable ? { ...body(), invoice_ids: chosen } : body(),
      })
      setExcluded([])
      toasts.show(
        'success',
        [
          t('accounting.exported', { count: made.data.invoice_count }),
          made.data.payment_count > 0
            ? t('accounting.paymentsExported', { count: made.data.payment_count })
            : '',
        ]
          .join(' ')
          .trim(),
      )
      setCheck(null)
      await client.invalidateQueries()
    })
  const cancel = async (row: ExportRow) => {
    try {
      await apiFetch(`/bwapi/accounting-exports/${row.id}/cancel`, {
        method: 'POST',
        body: { confirm: true },
      })
      toasts.show('success', t('accounting.canceled', { id: row.id }))
      await client.invalidateQueries()
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  return (
    <section>
      <h1>{t('accounting.exportsTitle')}</h1>
      <form aria-label={t('accounting.newExport')} onSubmit={(e) => e.preventDefault()} noValidate>
        <h2>{t('accounting.newExport')}</h2>
        <div className="pc-actions">
          <SelectField
            label={t('accounting.fields.company')}
            value={chosenCompany}
            onChange={(e) => {
              setCompany(e.target.value)
              setCheck(null)
            }}
            options={companies.data.data}
          />
          <DateInputField
            label={t('accounting.upTo')}
            value={upTo}
            onChange={(e) => {
              setUpTo(e.target.value)
              setCheck(null)
            }}
            errors={[]}
          />
          <SelectField
            label={t('accounting.fields.format')}
            value={fileFormat}
            onChange={(e) => setFileFormat(e.target.value)}
            options={[
              { value: 'csv', label: t('accounting.formats.csv') },
              { value: 'fec', label: t('accounting.formats.fec') },
            ]}
          />
        </div>
        <FormAlert message={message} />
        <div className="pc-actions">
          <Button variant="secondary" loading={busy} onClick={() => void checkIt()}>
            {t('accounting.check')}
          </Button>
          {check !== null &&
          check.count > 0 &&
          check.problems.length === 0 &&
          (excluded.length === 0 || chosen.length > 0) ? (
            <Button variant="primary" loading={busy} onClick={() => void exportIt()}>
              {t('accounting.run', {
                count: excluded.length > 0 && selectable ? chosen.length : check.count,
              })}
            </Button>
          ) : null}
          {check !== null && check.count === 0 && (check.payment_count ?? 0) > 0 ? (
            <Button variant="primary" loading={busy} onClick={() => void exportIt()}>
              {t('accounting.runPayments', { count: check.payment_count })}
            </Button>
          ) : null}
        </div>
      </form>
      {check !== null ? (
        <section aria-labelledby="check-title">
          <h2 id="check-title">{t('accounting.checkTitle', { count: check.count })}</h2>
          {check.problems.length > 0 ? (
            <ul className="pc-alert pc-alert--danger">
              {check.problems.map((p) => (
                <li key={p.code}>{p.message}</li>
              ))}
            </ul>
          ) : (
            <p>
              {check.count === 0 ? t('accounting.nothing') : t('accounting.ready')}
              {(check.payment_count ?? 0) > 0
                ? ` ${t('accounting.paymentsWaiting', { count: check.payment_count })}`
                : ''}
            </p>
          )}
          {check.invoices.length > 0 ? (
            <table className="pc-table">
              <caption>{t('accounting.invoicesCaption')}</caption>
              <thead>
                <tr>
                  {selectable ? <th scope="col">{t('accounting.include')}</th> : null}
                  <th scope="col">{t('invoices.fields.code')}</th>
                  <th scope="col">{t('invoices.fields.label')}</th>
                  <th scope="col">{t('invoices.fields.supplier')}</th>
                  <th scope="col">{t('invoices.fields.invoiceDate')}</th>
                  <th scope="col">{t('invoices.fields.amountInctax')}</th>
                  <th scope="col">{t('accounting.fields.status')}</th>
                </tr>
              </thead>
              <tbody>
                {check.invoices.map((i) => (
                  <tr key={i.id}>
                    {selectable ? (
                      <td>
                        <input
                          type="checkbox"
                          aria-label={t('accounting.includeInvoice', { code: i.code })}
                          checked={!excluded.includes(i.id)}
                          onChange={(e) =>
                            setExcluded((x) =>
                              e.target.checked ? x.filter((v) => v !== i.id) : [...x, i.id],
                            )
                          }
                        />
                      </td>
                    ) : null}
                    <td data-label={t('invoices.fields.code')}>{i.code}</td>
                    <td data-label={t('invoices.fields.label')}>{i.label}</td>
                    <td data-label={t('invoices.fields.supplier')}>{i.supplier}</td>
                    <td data-label={t('invoices.fields.invoiceDate')}>{format.date(i.invoice_date)}</td>
                    <td data-label={t('invoices.fields.amountInctax')}>
                      {format.money(i.amount_inctax, i.currency_code)}
                    </td>
                    <td data-label={t('accounting.fields.status')}>
                      <StatusBadge
                        status={i.ok ? 'validated' : 'refused'}
                        label={t(i.ok ? 'accounting.bookable' : 'accounting.notBookable')}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </section>
      ) : null}
      <h2>{t('accounting.history')}</h2>
      <DataTable<ExportRow>
        caption={t('accounting.history')}
        columns={[
          {
            key: 'created_at',
            label: t('accounting.fields.date'),
            sortable: true,
            render: (r) => format.dateTime(r.created_at),
          },
          { key: 'company', label: t('accounting.fields.company') },
          {
            key: 'format',
            label: t('accounting.fields.format'),
            render: (r) => t(`accounting.formats.${r.format}`),
          },
          { key: 'invoice_count', label: t('accounting.fields.invoices') },
          { key: 'payment_count', label: t('accounting.fields.payments') },
          {
            key: 'debit_total',
            label: t('accounting.fields.total'),
            render: (r) => format.number(r.debit_total),
          },
          {
            key: 'status',
            label: t('accounting.fields.status'),
            render: (r) => (
              <StatusBadge
                status={r.status === 'done' ? 'validated' : r.status === 'running' ? 'awaiting' : 'canceled'}
                label={t(`accounting.statuses.${r.status}`)}
              />
            ),
          },
          {
            key: 'file_name',
            label: t('accounting.fields.file'),
            render: (r) =>
              r.file_name === null ? (
                '—'
              ) : (
                <span className="pc-actions">
                  <a href={`/bwapi/accounting-exports/${r.id}/file`} download>
                    {r.file_name}
                  </a>
                  {r.status === 'done' ? (
                    <Button variant="danger" onClick={() => setCanceling(r)}>
                      {t('accounting.cancel')}
                    </Button>
                  ) : null}
                </span>
              ),
          },
        ]}
        rows={history.data.data}
        rowLabel={(r) => `${r.company} ${r.created_at}`}
        total={history.data.meta.total}
        totalExact={history.data.meta.total_exact}
        page={history.data.meta.page}
        perPage={history.data.meta.per_page}
        sort={sort}
        onSortChange={(s) => update({ sort: s.key, direction: s.direction })}
        onPageChange={(page) => update({ page: String(page) })}
        onPerPageChange={(perPage) => update({ per_page: String(perPage) })}
        search=""
        onSearchChange={() => undefined}
        filters={[]}
        onFilterChange={() => undefined}
        bulkActions={[]}
        onBulkAction={() => undefined}
        loading={history.isFetching}
        labels={labels}
      />
      <ConfirmDialog
        open={canceling !== null}
        title={t('accounting.cancel')}
        message={t('accounting.cancelConfirm', { count: canceling?.invoice_count ?? 0 })}
        confirmLabel={t('accounting.cancel')}
        cancelLabel={t('common.back')}
        onCancel={() => setCanceling(null)}
        onConfirm={() => {
          const row = canceling
          setCanceling(null)
          if (row !== null) void cancel(row)
        }}
      />
      {user.permissions.includes('admin_menu') ? <AccountingSettings /> : null}
    </section>
  )
}
