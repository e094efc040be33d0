import {
  AccountingExportInputSchema,
  allowedAccountingExportActions,
  canExportAccounting,
  type ExportCandidate,
  exportProblems,
  isExportable,
  journalEntry,
} from '@procura/core/accounting'
import type { Actor } from '@procura/core/auth'
import { type DomainError, translate } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { guard } from '@procura/core/policy'
import { err, ok } from '@procura/core/result'
import { and, count, eq } from 'drizzle-orm'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { accountingExports, companies, paymentLines, supplierInvoices } from '../../db/schema'
import { fileStore } from '../documents/file-store'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { releaseReports } from './expense-report-journal'
import { journalBatch } from './export-journal'
import { checkSelection, paymentSelectionOf, selectionOf } from './export-selection'
import { type Answer, type ExportDeps, loadAccounts } from './exports'

const isExportableAt = (candidates: readonly ExportCandidate[], i: number, companyId: number) => {
  const candidate = candidates[i]
  return candidate !== undefined && isExportable(candidate, companyId)
}

/**
 * POST /bwapi/accounting-exports/check: what an export would take and the §5 problems, before it
 * runs — each problem with its translated message, the invoices (the first 200) with their own.
 */
export const previewAccountingExport = async (
  deps: ExportDeps,
  actor: Actor & { buyer?: boolean },
  raw: unknown,
  language: Language,
) => {
  if (!canExportAccounting(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  const parsed = AccountingExportInputSchema.safeParse(raw ?? {})
  if (!parsed.success)
    return err({ code: 'FORM_ERRORS', fields: { company_id: [{ code: 'INVALID_VALUE' }] } } as DomainError)
  const input = parsed.data
  const accounts = await loadAccounts(deps.db)
  const settings = await loadSettings(deps.db)
  const batch = await journalBatch(deps.db, selectionOf(input), 0, accounts)
  const shown = batch.slice(0, 200)
  const [counted] = await deps.db.select({ n: count() }).from(supplierInvoices).where(selectionOf(input))
  const candidates = batch.map(({ row, invoice }) => ({
    id: row.id,
    code: row.code,
    status: row.status,
    company_id: row.company_id,
    exported: row.accounting_export_id !== null,
    supplier: invoice.supplier,
    has_accounts: journalEntry(
      invoice,
      accounts.vat,
      settings.accounting.export_prefix,
      settings.formats.decimals,
    ).ok,
  }))
  const checked =
    batch.length === 0 ? [] : [...(await checkSelection(deps.db, input).then((r) => (r.ok ? [] : [r.error])))]
  // Nothing waiting is not a problem to show: the screen says there is nothing to export.
  const problems =
    batch.length === 0
      ? []
      : [...checked, ...exportProblems(candidates).filter((p) => !checked.some((c) => c.code === p.code))]
  // The paid payments the export would also book in the bank journal (a company's export only).
  const [paid] = await deps.db.select({ n: count() }).from(paymentLines).where(paymentSelectionOf(input))
  return ok({
    data: {
      count: counted?.n ?? 0,
      payment_count: paid?.n ?? 0,
      problems: problems.map((p) => ({ code: p.code, message: translate(p.code, p.params, language) })),
      invoices: shown.map(({ row }, i) => ({
        id: row.id,
        code: row.code,
        label: row.label,
        supplier: row.supplier_name,
        invoice_date: row.invoice_date,
        amount_inctax: row.amount_inctax,
        currency_code: row.currency_code,
        ok: isExportableAt(candidates, i, input.company_id),
      })),
    },
  })
}

/** GET /bwapi/accounting-exports/{id}/file: the file as it was made, streamed from the storage folder. */
export const accountingExportFile = async (
  deps: ExportDeps,
  actor: Actor & { buyer?: boolean },
  id: number,
) => {
  const row = await deps.db
    .select()
    .from(accountingExports)
    .where(eq(accountingExports.id, id))
    .limit(1)
    .then(first)
  if (row === undefined)
    return err({ code: canExportAccounting(actor) ? 'ITEM_NOT_FOUND' : 'FORBIDDEN' } as DomainError)
  const allowed = guard(
    allowedAccountingExportActions(actor, { status: row.status, has_file: row.file_path !== null }),
    'download',
  )
  if (!allowed.ok) return allowed
  if (row.file_path === null || row.file_name === null) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  return ok({
    name: row.file_name,
    contentType: row.format === 'fec' ? 'text/plain; charset=utf-8' : 'text/csv; charset=utf-8',
    open: () => fileStore(deps).stream(row.file_path as string),
  })
}

/**
 * POST /bwapi/accounting-exports/{id}/cancel {confirm: true}: the export is cancelled as a whole —
 * its invoices and payments are no longer exported and can go in a new one; the file stays in the history.
 */
export const cancelAccountingExport = async (
  deps: ExportDeps,
  actor: Actor & { buyer?: boolean },
  id: number,
  input: { confirm?: unknown },
): Answer<{ data: { id: number; status: string } }> => {
  const row = await deps.db
    .select({ status: accountingExports.status, file_path: accountingExports.file_path })
    .from(accountingExports)
    .where(eq(accountingExports.id, id))
    .limit(1)
    .then(first)
  if (row === undefined) return err({ code: canExportAccounting(actor) ? 'ITEM_NOT_FOUND' : 'FORBIDDEN' })
  const allowed = guard(
    allowedAccountingExportActions(actor, { status: row.status, has_file: row.file_path !== null }),
    'cancel',
  )
  if (!allowed.ok) return allowed
  if (input.confirm !== true) return err({ code: 'EXPORT_CANCEL_CONFIRMATION_REQUIRED' })
  const now = deps.clock.now()
  // Cancelled once: the status moves only from done, so a second cancel at the same time finds none.
  const cancelled = await deps.db.transaction(async (tx) => {
    const moved = await tx
      .update(accountingExports)
      .set({ status: 'canceled', canceled_by: actor.id, canceled_at: now, updated_at: now })
      .where(and(eq(accountingExports.id, id), eq(accountingExports.status, 'done')))
      .returning({ id: accountingExports.id })
    if (moved.length === 0) return false
    await tx
      .update(supplierInvoices)
      .set({ accounting_export_id: null, exported_at: null })
      .where(eq(supplierInvoices.accounting_export_id, id))
    await tx
      .update(paymentLines)
      .set({ accounting_export_id: null })
      .where(eq(paymentLines.accounting_export_id, id))
    await releaseReports(tx, id)
    await writeTrace(tx, deps.clock, {
      action: 'cancel',
      message: `Accounting export ${id} cancelled: its invoices and payments can be exported again`,
      model: 'accounting_export',
      model_id: id,
      user_id: actor.id,
      severity: 'warning',
    })
    return true
  })
  return cancelled
    ? ok({ data: { id, status: 'canceled' } })
    : err({ code: 'TRANSITION_NOT_ALLOWED', params: { action: 'cancel', status: 'canceled' } })
}

/** A company by its code (for the command line). */
export const findCompany = (db: Db, code: string) =>
  db
    .select({ id: companies.id, label: companies.label })
    .from(companies)
    .where(eq(companies.code, code))
    .limit(1)
    .then(first)
