import {
  type AccountingCheckAnswer,
  AccountingCheckAnswerSchema,
  AccountingExportedAnswerSchema,
  AccountingExportInputSchema,
  type AccountingExportRowAnswer,
  AccountingExportRowAnswerSchema,
} from '@procura/core/accounting'
import { dataOf } from '@procura/core/answer'
import { FilterOptionsSchema } from '@procura/core/list'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateInputField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { useCurrentUser } from '../../session/session'
import { ErrorState } from '../error-state'
import { ListPage } from '../list-page'
import { AccountingSettings } from './accounting-settings'

const AccountingCheckRead = dataOf(AccountingCheckAnswerSchema)

const BASE = '/bwapi/accounting-exports'

type Check = AccountingCheckAnswer
type ExportRow = AccountingExportRowAnswer

/**
 * accounting-exports: choose the company, the last invoice date and the format; see what the
 * export would take and every problem before running it; then the history on the one list page,
 * with each file to download again and the cancellation of an export as a whole.
 */
export const AccountingExports = () => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(['accounting'])
  const user = useCurrentUser()
  const [canceling, setCanceling] = useState<ExportRow | null>(null)
  const cancel = async (row: ExportRow) => {
    try {
      await change.mutateAsync(() =>
        apiFetch(`${BASE}/${row.id}/cancel`, { method: 'POST', body: { confirm: true } }),
      )
      toasts.show('success', t('accounting.canceled', { id: row.id }))
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  return (
    <ListPage
      row={AccountingExportRowAnswerSchema}
      base={BASE}
      name="accounting-exports"
      title={t('accounting.exportsTitle')}
      defaultSort={{ key: 'created_at', direction: 'desc' }}
      before={<NewExport />}
      render={{
        status: (r) => (
          <StatusBadge
            status={r.status === 'done' ? 'validated' : r.status === 'running' ? 'awaiting' : 'canceled'}
            label={t(`accounting.statuses.${r.status}`)}
          />
        ),
        file_name: (r) =>
          r.file_name === null ? (
            '—'
          ) : (
            <a href={`${BASE}/${r.id}/file`} download>
              {r.file_name}
            </a>
          ),
      }}
      rowLabel={(r) => `${r.company} ${r.created_at}`}
      rowActions={(r) =>
        r.actions
          .filter((action) => action === 'cancel')
          .map((action) => ({ action, label: t('accounting.cancel') }))
      }
      onRowAction={(r) => setCanceling(r)}
      empty={t('accounting.noExport')}
    >
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
    </ListPage>
  )
}

/** A new export: the company, the last invoice date and the format; checked, then run. */
const NewExport = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const toasts = useToasts()
  const change = useChange(['accounting'])
  const companies = useAnswer(`${BASE}/filter-list/company_id`, FilterOptionsSchema)
  const [company, setCompany] = useState('')
  const [upTo, setUpTo] = useState('')
  const [fileFormat, setFileFormat] = useState('csv')
  const [check, setCheck] = useState<Check | null>(null)
  /** Invoices unticked in the check's list: the export then names the ticked ones. */
  const [excluded, setExcluded] = useState<number[]>([])
  const { errors, message, busy, send } = useSubmit()
  if (companies.isError) return <ErrorState error={companies.error} />
  if (companies.data === undefined) return <p role="status">{t('common.loading')}</p>
  const chosenCompany = company || companies.data.data[0]?.value || ''
  const body = () => ({ company_id: Number(chosenCompany), up_to: upTo || null, format: fileFormat })
  const checkIt = () =>
    send(AccountingExportInputSchema, body(), async () => {
      setExcluded([])
      setCheck((await apiRead(`${BASE}/check`, AccountingCheckRead, { method: 'POST', body: body() })).data)
    })
  // Every invoice is listed when there are 200 at most: then some may be left out of the export.
  const selectable = check !== null && check.count <= check.invoices.length
  const chosen = check === null ? [] : check.invoices.filter((i) => !excluded.includes(i.id)).map((i) => i.id)
  const exportBody = () => (excluded.length > 0 && selectable ? { ...body(), invoice_ids: chosen } : body())
  const exportIt = () =>
    send(AccountingExportInputSchema, exportBody(), async () => {
      const made = await change.mutateAsync(() =>
        apiRead(BASE, AccountingExportedAnswerSchema, {
          method: 'POST',
          body: exportBody(),
        }),
      )
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
    })
  return (
    <section aria-labelledby="new-export-title">
      <form aria-label={t('accounting.newExport')} onSubmit={(e) => e.preventDefault()} noValidate>
        <h2 id="new-export-title">{t('accounting.newExport')}</h2>
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
            errors={errors.up_to ?? []}
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
            <Table
              caption={t('accounting.invoicesCaption')}
              columns={[
                selectable && {
                  key: 'include',
                  header: t('accounting.include'),
                  cell: (i) => (
                    <input
                      type="checkbox"
                      aria-label={t('accounting.includeInvoice', { code: i.code })}
                      checked={!excluded.includes(i.id)}
                      onChange={(e) =>
                        setExcluded((x) => (e.target.checked ? x.filter((v) => v !== i.id) : [...x, i.id]))
                      }
                    />
                  ),
                },
                { key: 'code', header: t('invoices.fields.code'), cell: (i) => i.code },
                { key: 'label', header: t('invoices.fields.label'), cell: (i) => i.label },
                { key: 'supplier', header: t('invoices.fields.supplier'), cell: (i) => i.supplier },
                {
                  key: 'date',
                  header: t('invoices.fields.invoiceDate'),
                  cell: (i) => format.date(i.invoice_date),
                },
                {
                  key: 'amount',
                  header: t('invoices.fields.amountInctax'),
                  cell: (i) => format.money(i.amount_inctax, i.currency_code),
                  numeric: true,
                },
                {
                  key: 'status',
                  header: t('accounting.fields.status'),
                  cell: (i) => (
                    <StatusBadge
                      status={i.ok ? 'validated' : 'refused'}
                      label={t(i.ok ? 'accounting.bookable' : 'accounting.notBookable')}
                    />
                  ),
                },
              ]}
              rows={check.invoices}
              rowKey={(i) => i.id}
            />
          ) : null}
        </section>
      ) : null}
    </section>
  )
}
