import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import {
  ACCOUNTING_FORMATS,
  type AccountingFormat,
  accountingExportActionsFor,
  accountOfLine,
  canExportAccounting,
  type ExportCandidate,
  entryTotals,
  expenseReportEntry,
  exportProblems,
  FEC_LABELS,
  isExportable,
  type JournalInvoice,
  type JournalPayment,
  journalEntry,
  paymentEntry,
  type VatAccount,
  writerFor,
} from '@procura/core/accounting'
import type { Actor } from '@procura/core/auth'
import { type DomainError, translate } from '@procura/core/errors'
import { countOf } from '@procura/core/format'
import type { Language } from '@procura/core/i18n'
import type { VatType } from '@procura/core/invoice'
import { bookingFactor, rateOn } from '@procura/core/locale'
import { dec, toAmountString } from '@procura/core/money'
import { err, ok, type Result } from '@procura/core/result'
import type { Settings } from '@procura/core/settings'
import {
  and,
  asc,
  count,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  max,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import { z } from 'zod'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import {
  accountingEntries,
  accountingExports,
  accountingVatEntries,
  articles,
  companies,
  currencies,
  currencyRates,
  paymentGroups,
  paymentLines,
  purchaseOrderLines,
  purchaseOrders,
  supplierInvoiceLines,
  supplierInvoices,
  suppliers,
} from '../../db/schema'
import { uniqueViolationKey } from '../../db/unique'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import {
  claimReports,
  countReports,
  employeePaymentBatch,
  releaseReports,
  reportBatch,
} from './expense-report-journal'

export type ExportDeps = { db: Db; clock: Clock; storageDir: string }
type Answer<T> = Promise<Result<T, DomainError>>

/** Invoices read and written per round: what the export holds in memory at once. */
const BATCH = 500
/** A running export not heard of for this long was abandoned (a crash): its invoices are released. */
const ABANDONED_MS = 30 * 60_000
/** At most this many invoices or suppliers are named in a refusal. */
const NAMED = 20

export const AccountingExportInputSchema = z.object({
  company_id: z.number().int().positive(),
  /** The invoices dated up to this day (all validated, not exported, of the company); or… */
  up_to: z.iso.date().nullable().default(null),
  /** …exactly these invoices. */
  invoice_ids: z.array(z.number().int().positive()).max(100_000).nullable().default(null),
  format: z.enum(ACCOUNTING_FORMATS).default('csv'),
})
type ExportInput = z.output<typeof AccountingExportInputSchema>

/** The accounting references: active entries and VAT accounts. */
const loadAccounts = async (db: DbOrTx) => {
  const entries = await db.select().from(accountingEntries)
  const vat = await db.select().from(accountingVatEntries).where(eq(accountingVatEntries.active, true))
  const history = await db.select().from(currencyRates)
  const current = await db.select({ code: currencies.code, rate: currencies.rate }).from(currencies)
  return {
    /** A currency's rate to the default one on a day (an invoice booked in its company's currency). */
    rateOn: (code: string, day: string) =>
      rateOn(
        history.filter((h) => h.currency_code === code),
        day,
        current.find((c) => c.code === code)?.rate ?? '1',
      ),
    entries,
    vat: vat.map(
      (v): VatAccount => ({
        vat_rate: v.vat_rate,
        vat_type: v.vat_type as VatType,
        code: v.code,
        self_assessed_code: v.self_assessed_code,
        label: v.label,
      }),
    ),
    /** Each expense account's name by its number (the FEC's CompteLib). */
    labels: new Map(entries.map((e) => [e.code, e.label])),
  }
}
type Accounts = Awaited<ReturnType<typeof loadAccounts>>

/** Read at each call: the schema's bindings point at PostgreSQL's tables once that engine is opened. */
const invoiceColumns = () => ({
  id: supplierInvoices.id,
  code: supplierInvoices.code,
  label: supplierInvoices.label,
  status: supplierInvoices.status,
  company_id: supplierInvoices.company_id,
  invoice_date: supplierInvoices.invoice_date,
  due_date: supplierInvoices.due_date,
  currency_code: supplierInvoices.currency_code,
  exchange_rate: supplierInvoices.exchange_rate,
  company_currency: companies.currency_code,
  vat_type: supplierInvoices.vat_type,
  amount_inctax: supplierInvoices.amount_inctax,
  payment_status: supplierInvoices.payment_status,
  accounting_export_id: supplierInvoices.accounting_export_id,
  supplier_code: suppliers.accounting_code,
  supplier_name: suppliers.company_name,
})

/** A batch of invoices with their lines (and the product family of each line's article), as the journal reads them. */
const journalBatch = async (db: DbOrTx, condition: SQL | undefined, afterId: number, accounts: Accounts) => {
  const rows = await db
    .select(invoiceColumns())
    .from(supplierInvoices)
    .innerJoin(suppliers, eq(supplierInvoices.supplier_id, suppliers.id))
    .innerJoin(companies, eq(supplierInvoices.company_id, companies.id))
    .where(and(condition, gt(supplierInvoices.id, afterId)))
    .orderBy(asc(supplierInvoices.id))
    .limit(BATCH)
  const lines =
    rows.length === 0
      ? []
      : await db
          .select({
            invoice: supplierInvoiceLines.supplier_invoice_id,
            amount_exctax: supplierInvoiceLines.amount_exctax,
            vat_rate: supplierInvoiceLines.vat_rate,
            accounting_entry_id: supplierInvoiceLines.accounting_entry_id,
            product_family_id: articles.product_family_id,
          })
          .from(supplierInvoiceLines)
          .leftJoin(
            purchaseOrderLines,
            eq(supplierInvoiceLines.purchase_order_line_id, purchaseOrderLines.id),
          )
          .leftJoin(articles, eq(purchaseOrderLines.article_id, articles.id))
          .where(
            inArray(
              supplierInvoiceLines.supplier_invoice_id,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(supplierInvoiceLines.supplier_invoice_id), asc(supplierInvoiceLines.position))
  const linesOf = new Map<number, typeof lines>()
  for (const line of lines) {
    const known = linesOf.get(line.invoice)
    if (known === undefined) linesOf.set(line.invoice, [line])
    else known.push(line)
  }
  // Fully paid invoices: the day of their last paid payment letters their supplier line.
  const paid = rows.filter((r) => r.payment_status === 'complete').map((r) => r.id)
  const paidOn = new Map(
    (paid.length === 0
      ? []
      : await db
          .select({ invoice: paymentLines.supplier_invoice_id, at: max(paymentLines.paid_at) })
          .from(paymentLines)
          .where(and(inArray(paymentLines.supplier_invoice_id, paid), eq(paymentLines.status, 'paid')))
          .groupBy(paymentLines.supplier_invoice_id)
    ).map((r) => [r.invoice, r.at === null ? null : new Date(r.at).toISOString().slice(0, 10)]),
  )
  return rows.map((row) => ({
    row,
    invoice: {
      id: row.id,
      code: row.code,
      label: row.label,
      invoice_date: row.invoice_date,
      due_date: row.due_date,
      currency_code: row.currency_code,
      vat_type: row.vat_type as VatType,
      supplier: { code: row.supplier_code, name: row.supplier_name },
      paid_on: paidOn.get(row.id) ?? null,
      // Another currency than its company's: booked in the company's at the invoice date's rates.
      booking:
        row.currency_code === row.company_currency
          ? null
          : {
              currency: row.company_currency,
              factor: bookingFactor(
                row.exchange_rate,
                accounts.rateOn(row.company_currency, row.invoice_date),
              ),
            },
      lines: (linesOf.get(row.id) ?? []).map((l) => {
        const account = accountOfLine(
          { accounting_entry_id: l.accounting_entry_id, product_family_id: l.product_family_id ?? null },
          accounts.entries,
        )
        return {
          amount_exctax: l.amount_exctax,
          vat_rate: l.vat_rate,
          account,
          account_label: accounts.labels.get(account ?? '') ?? undefined,
        }
      }),
    } satisfies JournalInvoice,
  }))
}

/** The invoices an export would take: validated, not exported, of the company, up to a date — or those named. */
const selectionOf = (input: ExportInput): SQL | undefined =>
  input.invoice_ids !== null
    ? inArray(supplierInvoices.id, input.invoice_ids)
    : and(
        eq(supplierInvoices.company_id, input.company_id),
        eq(supplierInvoices.status, 'validated'),
        isNull(supplierInvoices.accounting_export_id),
        input.up_to === null ? undefined : lte(supplierInvoices.invoice_date, input.up_to),
      )

/**
 * The paid payments an export books in the bank journal: paid, not yet exported, of the company's
 * groups, paid up to the date. Only a company's export takes them (not one naming invoices).
 */
const paymentSelectionOf = (input: ExportInput): SQL | undefined =>
  input.invoice_ids !== null
    ? eq(paymentLines.id, 0)
    : and(
        eq(paymentLines.status, 'paid'),
        isNull(paymentLines.accounting_export_id),
        // Suppliers' payments (an employee's is booked on the employee's account, expense-report-journal.ts).
        isNotNull(paymentLines.supplier_id),
        // A subquery: the company's groups, however many.
        sql`${paymentLines.payment_group_id} in (select ${paymentGroups.id} from ${paymentGroups} where ${paymentGroups.company_id} = ${input.company_id})`,
        input.up_to === null
          ? undefined
          : lte(paymentLines.paid_at, new Date(`${input.up_to}T23:59:59.999Z`)),
      )

const named = (values: readonly string[]) =>
  values.length > NAMED ? `${values.slice(0, NAMED).join(', ')}…` : values.join(', ')

/**
 * The §5 checks that read columns only, in SQL (they hold for any number of invoices): at least
 * one, one company, all validated, none exported, every supplier with a code.
 */
const checkSelection = async (
  db: DbOrTx,
  input: ExportInput,
): Promise<
  Result<
    { invoices: number; payments: number; employees: { reports: number; payments: number } },
    DomainError
  >
> => {
  const selection = selectionOf(input)
  const [counted] = await db.select({ n: count() }).from(supplierInvoices).where(selection)
  const total = counted?.n ?? 0
  const payments = await checkPayments(db, input)
  if (!payments.ok) return payments
  // Expense reports and their payments (docs/domain/expense.md).
  const employees = await countReports(db, input)
  if (total === 0 && payments.value === 0 && employees.reports === 0 && employees.payments === 0)
    return err({ code: input.invoice_ids === null ? 'ACCOUNTING_NOTHING_TO_EXPORT' : 'PAYMENT_NO_INVOICE' })
  if (total === 0) return ok({ invoices: 0, payments: payments.value, employees })
  if (input.invoice_ids !== null && total !== new Set(input.invoice_ids).size)
    return err({ code: 'ITEM_NOT_FOUND' })
  const offenders = (where: SQL | undefined) =>
    db
      .select({ code: supplierInvoices.code, supplier: suppliers.company_name })
      .from(supplierInvoices)
      .innerJoin(suppliers, eq(supplierInvoices.supplier_id, suppliers.id))
      .where(and(selection, where))
      .orderBy(asc(supplierInvoices.id))
      .limit(NAMED + 1)
  if ((await offenders(ne(supplierInvoices.company_id, input.company_id))).length > 0)
    return err({ code: 'DIFFERENT_COMPANIES' })
  const notValidated = await offenders(ne(supplierInvoices.status, 'validated'))
  if (notValidated.length > 0)
    return err({ code: 'INVOICE_NOT_VALIDATED', params: { invoice: named(notValidated.map((o) => o.code)) } })
  const exported = await offenders(isNotNull(supplierInvoices.accounting_export_id))
  if (exported.length > 0)
    return err({ code: 'INVOICE_ALREADY_EXPORTED', params: { invoice: named(exported.map((o) => o.code)) } })
  const noCode = await db
    .selectDistinct({ supplier: suppliers.company_name })
    .from(supplierInvoices)
    .innerJoin(suppliers, eq(supplierInvoices.supplier_id, suppliers.id))
    .where(and(selection, or(isNull(suppliers.accounting_code), eq(suppliers.accounting_code, ''))))
    .limit(NAMED + 1)
  if (noCode.length > 0)
    return err({ code: 'SUPPLIER_WITHOUT_CODE', params: { supplier: named(noCode.map((o) => o.supplier)) } })
  return ok({ invoices: total, payments: payments.value, employees })
}

/** The paid payments waiting for the bank journal, their suppliers each with a code. */
const checkPayments = async (db: DbOrTx, input: ExportInput): Promise<Result<number, DomainError>> => {
  const selection = paymentSelectionOf(input)
  const [counted] = await db.select({ n: count() }).from(paymentLines).where(selection)
  const noCode = await db
    .selectDistinct({ supplier: suppliers.company_name })
    .from(paymentLines)
    .innerJoin(suppliers, eq(paymentLines.supplier_id, suppliers.id))
    .where(and(selection, or(isNull(suppliers.accounting_code), eq(suppliers.accounting_code, ''))))
    .limit(NAMED + 1)
  if (noCode.length > 0)
    return err({ code: 'SUPPLIER_WITHOUT_CODE', params: { supplier: named(noCode.map((o) => o.supplier)) } })
  return ok(counted?.n ?? 0)
}

/** A batch of claimed payments, as the bank journal reads them. */
const paymentBatch = async (db: DbOrTx, exportId: number, afterId: number): Promise<JournalPayment[]> => {
  const rows = await db
    .select({
      id: paymentLines.id,
      amount: paymentLines.amount_inctax,
      paid_at: paymentLines.paid_at,
      updated_at: paymentLines.updated_at,
      group_code: paymentGroups.code,
      supplier_code: suppliers.accounting_code,
      supplier_name: suppliers.company_name,
      invoice_code: supplierInvoices.code,
      invoice_label: supplierInvoices.label,
      invoice_date: supplierInvoices.invoice_date,
      order_code: purchaseOrders.code,
    })
    .from(paymentLines)
    .innerJoin(paymentGroups, eq(paymentLines.payment_group_id, paymentGroups.id))
    .innerJoin(suppliers, eq(paymentLines.supplier_id, suppliers.id))
    .leftJoin(supplierInvoices, eq(paymentLines.supplier_invoice_id, supplierInvoices.id))
    .leftJoin(purchaseOrders, eq(paymentLines.purchase_order_id, purchaseOrders.id))
    .where(and(eq(paymentLines.accounting_export_id, exportId), gt(paymentLines.id, afterId)))
    .orderBy(asc(paymentLines.id))
    .limit(BATCH)
  return rows.map((r) => ({
    id: r.id,
    group_code: r.group_code,
    paid_on: (r.paid_at ?? r.updated_at).toISOString().slice(0, 10),
    amount: r.amount,
    supplier: { code: r.supplier_code ?? '', name: r.supplier_name },
    invoice:
      r.invoice_code === null
        ? null
        : { code: r.invoice_code, label: r.invoice_label ?? '', invoice_date: r.invoice_date ?? '' },
    order_code: r.order_code,
  }))
}

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
  let debit = dec(0)
  let credit = dec(0)
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
        const totals = entryTotals(entry.value)
        debit = debit.plus(totals.debit)
        credit = credit.plus(totals.credit)
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
        const totals = entryTotals(entry.value)
        debit = debit.plus(totals.debit)
        credit = credit.plus(totals.credit)
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
          const totals = entryTotals(entry)
          debit = debit.plus(totals.debit)
          credit = credit.plus(totals.credit)
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
  const decimals = settings.formats.decimals
  await deps.db.transaction(async (tx) => {
    await tx
      .update(accountingExports)
      .set({
        status: 'done',
        running_company_id: null,
        invoice_count: number - paymentCount,
        payment_count: paymentCount,
        debit_total: toAmountString(debit, decimals),
        credit_total: toAmountString(credit, decimals),
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
      message: `Accounting export ${exportId} (${input.format}): ${countOf(number - paymentCount, 'invoice')}, ${countOf(paymentCount, 'payment')}, ${toAmountString(debit, decimals)} debit = credit`,
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
      debit_total: toAmountString(debit, decimals),
      credit_total: toAmountString(credit, decimals),
      file_name: fileName,
    },
  })
}

class ClaimLost extends Error {}

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
  if (!canExportAccounting(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  const row = await deps.db
    .select()
    .from(accountingExports)
    .where(eq(accountingExports.id, id))
    .limit(1)
    .then(first)
  if (row === undefined || row.file_path === null || row.file_name === null)
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  return ok({
    name: row.file_name,
    contentType: row.format === 'fec' ? 'text/plain; charset=utf-8' : 'text/csv; charset=utf-8',
    open: () => createReadStream(join(deps.storageDir, row.file_path as string)),
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
  if (!canExportAccounting(actor)) return err({ code: 'FORBIDDEN' })
  const row = await deps.db
    .select({ status: accountingExports.status })
    .from(accountingExports)
    .where(eq(accountingExports.id, id))
    .limit(1)
    .then(first)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  if (accountingExportActionsFor(actor, row.status).length === 0)
    return err({ code: 'TRANSITION_NOT_ALLOWED', params: { action: 'cancel', status: row.status } })
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
