/** Running an accounting export: its invoices and payments claimed, the file written by batches, all or nothing. */
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import {
  AccountingExportInputSchema,
  type AccountingFormat,
  canExportAccounting,
  entryTotals,
  expenseReportEntry,
  FEC_LABELS,
  type JournalPayment,
  journalEntry,
  paymentEntry,
  writerFor,
} from '@procura/core/accounting'
import type { Actor } from '@procura/core/auth'
import type { DomainError } from '@procura/core/errors'
import { countOf } from '@procura/core/format'
import { addMinor, fromMinor } from '@procura/core/money'
import { err, ok } from '@procura/core/result'
import type { Settings } from '@procura/core/settings'
import { and, count, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { accountingExports, companies, paymentLines, supplierInvoices } from '../../db/schema'
import { uniqueViolationKey } from '../../db/unique'
import { fileStore } from '../documents/file-store'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { claimReports, employeePaymentBatch, releaseReports, reportBatch } from './expense-report-journal'
import { journalBatch, paymentBatch } from './export-journal'
import { checkSelection, named, paymentSelectionOf, selectionOf } from './export-selection'
import { ABANDONED_MS, type Answer, type ExportDeps, loadAccounts } from './exports'

/** Releases what an abandoned export (a crash mid-file) still holds, so the company can export again. */
const releaseAbandoned = async (deps: ExportDeps, companyId: number) => {
  const cutoff = new Date(deps.clock.now().getTime() - ABANDONED_MS)
  const stale = await deps.db
    .select({ id: accountingExports.id, updated_at: accountingExports.updated_at })
    .from(accountingExports)
    .where(and(eq(accountingExports.running_company_id, companyId), eq(accountingExports.status, 'running')))
  for (const row of stale.filter((r) => r.updated_at < cutoff))
    await abandon(deps.db, row.id, deps.clock.now())
}

/** Releases an export's invoices; a refused export leaves no row, an abandoned one stays as failed. */
const abandon = (db: Db, id: number, now: Date, refused = false) =>
  db.transaction(async (tx) => {
    await tx
      .update(supplierInvoices)
      .set({ accounting_export_id: null })
      .where(eq(supplierInvoices.accounting_export_id, id))
    await tx
      .update(paymentLines)
      .set({ accounting_export_id: null })
      .where(eq(paymentLines.accounting_export_id, id))
    await releaseReports(tx, id)
    if (refused) await tx.delete(accountingExports).where(eq(accountingExports.id, id))
    else
      await tx
        .update(accountingExports)
        .set({ status: 'failed', running_company_id: null, updated_at: now })
        .where(eq(accountingExports.id, id))
  })

const writerOptions = (settings: Settings, today: string) => ({
  journal_code: settings.accounting.journal_code,
  journal_label: settings.accounting.journal_label,
  decimal_delimiter: settings.formats.decimal_delimiter,
  date_format: settings.formats.date_format,
  csv_separator: settings.accounting.csv_separator,
  csv_columns: settings.accounting.csv_columns,
  exported_on: today,
  prefix: settings.accounting.export_prefix,
})

/**
 * POST /bwapi/accounting-exports: one journal entry per invoice, in the file format asked, the
 * §5 checks first. The invoices are claimed by the export in one transaction (a company exports
 * one file at a time: EXPORT_IN_PROGRESS; invoices another export took are refused), then read and
 * written to the file 500 at a time, so memory stays flat however many there are; an invoice that
 * cannot be booked (no expense or VAT account) fails the whole export, which then releases its
 * invoices and removes its file. Done, the invoices are marked exported.
 */
export const runAccountingExport = async (
  deps: ExportDeps,
  actor: Actor & { buyer?: boolean },
  raw: unknown,
): Answer<{
  data: {
    id: number
    invoice_count: number
    payment_count: number
    debit_total: string
    credit_total: string
    file_name: string
  }
}> => {
  if (!canExportAccounting(actor)) return err({ code: 'FORBIDDEN' })
  const parsed = AccountingExportInputSchema.safeParse(raw ?? {})
  if (!parsed.success)
    return err({
      code: 'FORM_ERRORS',
      fields: Object.fromEntries(
        parsed.error.issues.map((i) => [String(i.path[0] ?? 'company_id'), [{ code: 'INVALID_VALUE' }]]),
      ),
    } as DomainError)
  const input = parsed.data
  const company = await deps.db
    .select({ id: companies.id, code: companies.code })
    .from(companies)
    .where(eq(companies.id, input.company_id))
    .limit(1)
    .then(first)
  if (company === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  await releaseAbandoned(deps, company.id)
  const checked = await checkSelection(deps.db, input)
  if (!checked.ok) return checked
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  // Claim: the export row (one running per company) and its invoices, in one transaction.
  let exportId: number
  try {
    exportId = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(accountingExports)
        .values({
          company_id: company.id,
          format: input.format,
          status: 'running',
          running_company_id: company.id,
          up_to: input.up_to,
          created_by: actor.id,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: accountingExports.id })
      if (row === undefined) throw new Error('Insert returned no accounting export')
      const ids = input.invoice_ids
      const claim = (where: SQL | undefined) =>
        tx
          .update(supplierInvoices)
          .set({ accounting_export_id: row.id })
          .where(
            and(
              where,
              eq(supplierInvoices.company_id, company.id),
              eq(supplierInvoices.status, 'validated'),
              isNull(supplierInvoices.accounting_export_id),
            ),
          )
      if (ids === null) await claim(selectionOf(input))
      else
        for (let start = 0; start < ids.length; start += 1000)
          await claim(inArray(supplierInvoices.id, ids.slice(start, start + 1000)))
      // Counted, not returned: the claim holds no list of invoices in memory.
      const [taken] = await tx
        .select({ n: count() })
        .from(supplierInvoices)
        .where(eq(supplierInvoices.accounting_export_id, row.id))
      const claimed = taken?.n ?? 0
      if (claimed !== checked.value.invoices) throw new ClaimLost()
      // The paid payments of the company, for the bank journal.
      if (checked.value.payments > 0) {
        await tx.update(paymentLines).set({ accounting_export_id: row.id }).where(paymentSelectionOf(input))
        const [paid] = await tx
          .select({ n: count() })
          .from(paymentLines)
          .where(eq(paymentLines.accounting_export_id, row.id))
        if ((paid?.n ?? 0) !== checked.value.payments) throw new ClaimLost()
      }
      if (!(await claimReports(tx, row.id, input, checked.value.employees))) throw new ClaimLost()
      return row.id
    })
  } catch (error) {
    // The unique index on the running company (its SQLite key or its PostgreSQL constraint name).
    const key = uniqueViolationKey(error)
    if (
      error instanceof ClaimLost ||
      key === 'accounting_exports.running_company_id' ||
      key === 'accounting_exports_running_idx'
    )
      return err({ code: 'EXPORT_IN_PROGRESS' })
    throw error
  }
  // Write the file, a batch at a time.
  const today = now.toISOString().slice(0, 10)
  const writer = writerFor(input.format as AccountingFormat, writerOptions(settings, today))
  const fileName = `accounting-${company.code}-${today}-${exportId}.${writer.extension}`
  const relative = join('accounting', `${exportId}.${writer.extension}`)
  await mkdir(join(deps.storageDir, 'accounting'), { recursive: true })
  const path = join(deps.storageDir, relative)
  const out = createWriteStream(path, { encoding: 'utf8' })
  // Back-pressure: wait for the disk when its buffer is full (a write error rejects the wait).
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain')
  }
  const accounts = await loadAccounts(deps.db)
  const faults: string[] = []
  const booked = new Set<string>()
  // Integers of the decimals' unit (core/money minor-units), summed exactly.
  let debit = 0
  let credit = 0
  let number = 0
  let paymentCount = 0
  let after = 0
  try {
    await write(writer.header())
    for (;;) {
      const batch = await journalBatch(
        deps.db,
        eq(supplierInvoices.accounting_export_id, exportId),
        after,
        accounts,
      )
      if (batch.length === 0) break
      after = batch[batch.length - 1]?.row.id ?? after
      let text = ''
      for (const { row, invoice } of batch) {
        const entry = journalEntry(
          invoice,
          accounts.vat,
          settings.accounting.export_prefix,
          settings.formats.decimals,
        )
        if (!entry.ok) {
          faults.push(row.code)
          continue
        }
        if (faults.length > 0) continue
        number += 1
        const totals = entryTotals(entry.value, settings.formats.decimals)
        debit = addMinor(debit, totals.debit)
        credit = addMinor(credit, totals.credit)
        for (const line of entry.value.lines) booked.add(line.account)
        text += writer.entry(entry.value, {
          number,
          invoice_number: row.label,
          due_date: row.due_date,
          currency_code: row.company_currency,
        })
      }
      if (faults.length === 0) await write(text)
      // Still alive: a long export is not taken for an abandoned one.
      await deps.db
        .update(accountingExports)
        .set({ updated_at: deps.clock.now() })
        .where(eq(accountingExports.id, exportId))
    }
    // The expense reports: each employee credited with what their report owes them.
    let afterReport = 0
    while (faults.length === 0) {
      const reports = await reportBatch(deps.db, exportId, afterReport, accounts)
      if (reports.length === 0) break
      afterReport = reports[reports.length - 1]?.id ?? afterReport
      let text = ''
      for (const report of reports) {
        const entry = expenseReportEntry(
          report,
          accounts.vat,
          settings.accounting.employee_prefix,
          settings.formats.decimals,
        )
        if (!entry.ok) {
          faults.push(report.code)
          continue
        }
        number += 1
        const totals = entryTotals(entry.value, settings.formats.decimals)
        debit = addMinor(debit, totals.debit)
        credit = addMinor(credit, totals.credit)
        for (const line of entry.value.lines) booked.add(line.account)
        text += writer.entry(entry.value, {
          number,
          invoice_number: report.code,
          due_date: report.date,
          currency_code: 'EUR',
        })
      }
      if (faults.length === 0) await write(text)
    }
    // Then the paid payments, in the bank journal: each supplier debited, the bank credited.
    const bank = {
      code: settings.accounting.bank_journal_code,
      label: settings.accounting.bank_journal_label ?? FEC_LABELS.bank,
      account: settings.accounting.bank_account_code,
      account_label: FEC_LABELS.bank,
    }
    /** Books paid payments a batch at a time: the payee debited (on its prefix's account), the bank credited. */
    const bookPayments = async (
      batch: (afterId: number) => Promise<JournalPayment[]>,
      prefix: string,
      voucher: (payment: JournalPayment) => string,
    ) => {
      let afterPayment = 0
      while (faults.length === 0) {
        const payments = await batch(afterPayment)
        if (payments.length === 0) break
        afterPayment = payments[payments.length - 1]?.id ?? afterPayment
        let text = ''
        for (const payment of payments) {
          const entry = paymentEntry(payment, bank, prefix, settings.formats.decimals)
          number += 1
          paymentCount += 1
          const totals = entryTotals(entry, settings.formats.decimals)
          debit = addMinor(debit, totals.debit)
          credit = addMinor(credit, totals.credit)
          for (const line of entry.lines) booked.add(line.account)
          text += writer.entry(entry, {
            number,
            invoice_number: voucher(payment),
            due_date: payment.paid_on,
            currency_code: 'EUR',
          })
        }
        await write(text)
      }
    }
    await bookPayments(
      (after) => paymentBatch(deps.db, exportId, after),
      settings.accounting.export_prefix,
      (payment) => payment.invoice?.label ?? payment.order_code ?? '',
    )
    // The employees' payments: each employee debited (their report letters both), the bank credited.
    await bookPayments(
      (after) => employeePaymentBatch(deps.db, exportId, after),
      settings.accounting.employee_prefix,
      (payment) => payment.invoice?.code ?? '',
    )
  } catch (error) {
    // A failure mid-file (disk, database): the file goes, the invoices are released, the export stays as failed.
    await new Promise<void>((resolve) => out.end(resolve))
    await rm(path, { force: true })
    await abandon(deps.db, exportId, deps.clock.now())
    throw error
  }
  await new Promise<void>((resolve) => out.end(resolve))
  if (faults.length > 0) {
    await rm(path, { force: true })
    await abandon(deps.db, exportId, deps.clock.now(), true)
    return err({ code: 'MISSING_ACCOUNTING_ENTRY', params: { invoice: named(faults) } })
  }
  // Written in the storage folder as it streamed; kept in the database when the settings say so.
  await fileStore(deps).settle(relative)
  const decimals = settings.formats.decimals
  await deps.db.transaction(async (tx) => {
    await tx
      .update(accountingExports)
      .set({
        status: 'done',
        running_company_id: null,
        invoice_count: number - paymentCount,
        payment_count: paymentCount,
        debit_total: fromMinor(debit, decimals),
        credit_total: fromMinor(credit, decimals),
        accounts: [...booked].sort(),
        file_name: fileName,
        file_path: relative,
        updated_at: deps.clock.now(),
      })
      .where(eq(accountingExports.id, exportId))
    await tx
      .update(supplierInvoices)
      .set({ exported_at: now })
      .where(eq(supplierInvoices.accounting_export_id, exportId))
    await writeTrace(tx, deps.clock, {
      action: 'export',
      message: `Accounting export ${exportId} (${input.format}): ${countOf(number - paymentCount, 'invoice')}, ${countOf(paymentCount, 'payment')}, ${fromMinor(debit, decimals)} debit = credit`,
      model: 'accounting_export',
      model_id: exportId,
      user_id: actor.id,
    })
  })
  return ok({
    data: {
      id: exportId,
      invoice_count: number - paymentCount,
      payment_count: paymentCount,
      debit_total: fromMinor(debit, decimals),
      credit_total: fromMinor(credit, decimals),
      file_name: fileName,
    },
  })
}

class ClaimLost extends Error {}
