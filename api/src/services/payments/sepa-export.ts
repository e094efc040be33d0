import { isoDateIn } from '@procura/core/calendar'
import type { DomainError } from '@procura/core/errors'
import { countOf } from '@procura/core/format'
import {
  type BankAccountStatus,
  buildPain001,
  checkSepaBatch,
  controlSum,
  DEFAULT_SEPA_FORMAT,
  isSepaFormat,
  payableAccountOf,
  type SepaBatch,
  type SepaFormat,
  seesAllPayments,
  sepaExecutionDate,
} from '@procura/core/payment'
import { guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import {
  bankAccounts,
  companies,
  creditAllocations,
  expenseReports,
  paymentExports,
  paymentGroups,
  paymentLines,
  purchaseOrders,
  supplierInvoices,
  suppliers,
  users,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import type { InvoiceDeps } from '../invoices/invoices'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { moveLines } from './payment-actions'
import { paymentGroupDecisions } from './payment-policy'
import { sepaSchemaErrors } from './sepa-validate'

export type Answer<T> = Promise<Result<T, DomainError>>
type AccountRow = typeof bankAccounts.$inferSelect

/** An ISO 20022 identifier (Max35Text) that keeps its unique end when the number format is long. */
export const reference = (prefix: string, suffix: string) =>
  `${prefix.slice(0, Math.max(0, 35 - suffix.length))}${suffix}`

/** The line's EndToEndId, quoted back by the bank's status report. */
export const endToEndId = (groupCode: string, lineId: number) => reference(groupCode, `-${lineId}`)

const payable = (accounts: readonly AccountRow[]) =>
  payableAccountOf(accounts.map((a) => ({ ...a, status: a.status as BankAccountStatus })))

/**
 * The batch of a group's validated lines, as core builds the file from: the paying company's
 * main validated IBAN, each supplier's account (the line's, while it is still validated, else the
 * supplier's payable one: a changed IBAN waiting for its second person is never paid), the
 * invoice numbers as remittance, with the validated credit notes the amount is net of ("INV 1
 * 202611-0001 net of CN 7"): the supplier reads why less than the invoice came.
 */
const batchOf = async (
  db: DbOrTx,
  group: typeof paymentGroups.$inferSelect,
  messageId: string,
  now: Date,
  executionDate: string,
) => {
  // Only the columns the file and the move read (10,000 lines: each column costs).
  const lines = await db
    .select({
      id: paymentLines.id,
      status: paymentLines.status,
      supplier_id: paymentLines.supplier_id,
      user_id: paymentLines.user_id,
      bank_account_id: paymentLines.bank_account_id,
      amount_inctax: paymentLines.amount_inctax,
      purchase_order_id: paymentLines.purchase_order_id,
      supplier_invoice_id: paymentLines.supplier_invoice_id,
      expense_report_id: paymentLines.expense_report_id,
      supplier: sql<string>`coalesce(${suppliers.company_name}, ${users.label})`,
      invoice: supplierInvoices.label,
      invoice_code: supplierInvoices.code,
      order: purchaseOrders.code,
      report: expenseReports.code,
    })
    .from(paymentLines)
    .leftJoin(suppliers, eq(paymentLines.supplier_id, suppliers.id))
    .leftJoin(users, eq(paymentLines.user_id, users.id))
    .leftJoin(expenseReports, eq(paymentLines.expense_report_id, expenseReports.id))
    .leftJoin(supplierInvoices, eq(paymentLines.supplier_invoice_id, supplierInvoices.id))
    .leftJoin(purchaseOrders, eq(paymentLines.purchase_order_id, purchaseOrders.id))
    .where(and(eq(paymentLines.payment_group_id, group.id), eq(paymentLines.status, 'validated')))
    .orderBy(asc(paymentLines.id))
  const invoiceIds = lines.flatMap((l) => (l.supplier_invoice_id === null ? [] : [l.supplier_invoice_id]))
  const creditNotes =
    invoiceIds.length === 0
      ? []
      : await db
          .select({ invoice: supplierInvoices.corrects_invoice_id, label: supplierInvoices.label })
          .from(supplierInvoices)
          .where(
            and(
              inArray(supplierInvoices.corrects_invoice_id, invoiceIds),
              eq(supplierInvoices.kind, 'credit_note'),
              eq(supplierInvoices.status, 'validated'),
            ),
          )
          .orderBy(asc(supplierInvoices.id))
  // And the credit notes naming no invoice whose credit was set against them (credit_allocations).
  const allocated =
    invoiceIds.length === 0
      ? []
      : await db
          .select({ invoice: creditAllocations.supplier_invoice_id, label: supplierInvoices.label })
          .from(creditAllocations)
          .innerJoin(supplierInvoices, eq(creditAllocations.credit_note_id, supplierInvoices.id))
          .where(inArray(creditAllocations.supplier_invoice_id, invoiceIds))
          .orderBy(asc(supplierInvoices.id))
  creditNotes.push(...allocated)
  const netOf = (invoiceId: number | null) => {
    const labels = creditNotes.filter((n) => n.invoice === invoiceId).map((n) => n.label)
    return labels.length === 0 ? '' : ` net of ${labels.join(', ')}`
  }
  const company = await db
    .select({ label: companies.label })
    .from(companies)
    .where(eq(companies.id, group.company_id))
    .limit(1)
    .then(first)
  const companyAccount = payable(
    await db.select().from(bankAccounts).where(eq(bankAccounts.company_id, group.company_id)),
  )
  // The payees' accounts: suppliers', and employees' for expense reports.
  const supplierAccounts = await db
    .select()
    .from(bankAccounts)
    .where(
      or(
        inArray(bankAccounts.supplier_id, [...new Set(lines.map((l) => l.supplier_id ?? 0)), 0]),
        inArray(bankAccounts.user_id, [...new Set(lines.map((l) => l.user_id ?? 0)), 0]),
      ),
    )
  const batch: SepaBatch = {
    message_id: messageId,
    created_at: now,
    execution_date: executionDate,
    currency_code: group.currency_code,
    debtor: {
      name: companyAccount?.holder_name ?? company?.label ?? '',
      iban: companyAccount?.account_number ?? null,
      bic: companyAccount?.bic ?? null,
      country_code: companyAccount?.holder_country_code ?? null,
    },
    transfers: lines.map((line) => {
      const { supplier, invoice, invoice_code, order, report } = line
      const own = supplierAccounts.filter((a) =>
        line.supplier_id === null ? a.user_id === line.user_id : a.supplier_id === line.supplier_id,
      )
      const kept = own.find((a) => a.id === line.bank_account_id && payable([a]) !== undefined)
      const account = kept ?? payable(own)
      return {
        end_to_end_id: endToEndId(group.code, line.id),
        amount: line.amount_inctax,
        creditor: {
          supplier,
          name: account?.holder_name ?? supplier,
          iban: account?.account_number ?? null,
          bic: account?.bic ?? null,
          country_code: account?.holder_country_code ?? null,
        },
        remittance:
          invoice !== null
            ? `${invoice} ${invoice_code ?? ''}${netOf(line.supplier_invoice_id)}`
            : order !== null
              ? `Deposit ${order}`
              : report !== null
                ? `Expense report ${report}`
                : group.code,
      }
    }),
  }
  return { batch, lineIds: lines.map((l) => l.id), lineRows: lines }
}

/**
 * POST /bwapi/payment-groups/{id}/sepa {format: 09|03}: the SEPA credit-transfer file of the
 * group's validated lines (one file per group: one company, one debtor account). Checked (euros,
 * bank details of payer and suppliers), validated against the official schema before it is kept
 * or served, its lines marked planified in the same transaction that records the file: the same
 * lines cannot be exported twice (EXPORT_IN_PROGRESS).
 */
export const exportSepa = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  id: number,
  input: { format?: unknown },
): Answer<{
  data: {
    id: number
    message_id: string
    format: SepaFormat
    line_count: number
    control_sum: string
    /** The date the file asks the bank to pay on, and the group's own when that had passed. */
    execution_date: string
    requested_date: string
    date_moved: boolean
  }
}> => {
  const format = input.format ?? DEFAULT_SEPA_FORMAT
  if (!isSepaFormat(format))
    return err({ code: 'FORM_ERRORS', fields: { format: [{ code: 'INVALID_VALUE' }] } })
  const group = await deps.db
    .select()
    .from(paymentGroups)
    .where(eq(paymentGroups.id, id))
    .limit(1)
    .then(first)
  if (group === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const now = deps.clock.now()
  const lines = await deps.db.select().from(paymentLines).where(eq(paymentLines.payment_group_id, id))
  const allowed = guard(await paymentGroupDecisions(deps.db, actor, { group, lines }, now), 'export')
  if (!allowed.ok) return allowed
  const [done] = await deps.db
    .select({ n: count() })
    .from(paymentExports)
    .where(eq(paymentExports.payment_group_id, id))
  const messageId = reference(group.code, `-E${(done?.n ?? 0) + 1}`)
  // A date already past is one the bank would refuse: the file asks for the next business day.
  const { formats } = await loadSettings(deps.db)
  const execution = sepaExecutionDate(group.payment_date, isoDateIn(now, formats.time_zone))
  const { batch, lineIds, lineRows } = await batchOf(deps.db, group, messageId, now, execution.date)
  if (batch.transfers.length === 0) {
    const planified = await deps.db
      .select({ id: paymentLines.id })
      .from(paymentLines)
      .where(and(eq(paymentLines.payment_group_id, id), eq(paymentLines.status, 'planified')))
      .limit(1)
    return err(planified.length > 0 ? { code: 'EXPORT_IN_PROGRESS' } : { code: 'PAYMENT_NOTHING_TO_EXPORT' })
  }
  const checked = checkSepaBatch(batch)
  if (!checked.ok) return checked
  const file = buildPain001(batch, format)
  // The schema checks the file in its worker while this thread records it; the transaction
  // commits only once the file is found valid.
  const validation = sepaSchemaErrors(file, format)
  validation.catch(() => undefined)
  const sum = controlSum(batch.transfers.map((t) => t.amount))
  const saved = await writeOrRefuse(deps.db, async (tx) => {
    // The lines first: each moves only if still validated, so a second export of the same lines
    // (waiting on their row locks) finds them planified and is refused.
    // The group's validated lines now must be the file's (their ids only: the rows were read for the file).
    const validated = await tx
      .select({ id: paymentLines.id })
      .from(paymentLines)
      .where(and(eq(paymentLines.payment_group_id, id), eq(paymentLines.status, 'validated')))
    const inFile = new Set(lineIds)
    if (validated.length !== inFile.size || validated.some((l) => !inFile.has(l.id)))
      return err({ code: 'EXPORT_IN_PROGRESS' } as DomainError)
    const [row] = await tx
      .insert(paymentExports)
      .values({
        payment_group_id: id,
        message_id: messageId,
        format,
        line_count: lineIds.length,
        control_sum: sum,
        execution_date: execution.date,
        file,
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: paymentExports.id })
    if (row === undefined) throw new Error('Insert returned no payment export')
    // The lines move to planified and name their file in one pass (the file's row is undone with
    // them if one of them was moved meanwhile).
    const moved = await moveLines(tx, lineRows, 'export', now, { payment_export_id: row.id })
    if (!moved.ok)
      return moved.error.code === 'DOCUMENT_CHANGED'
        ? err({ code: 'EXPORT_IN_PROGRESS' } as DomainError)
        : moved
    // Never kept nor served: a file the bank would refuse is a defect, reported with the schema's words.
    const invalid = await validation
    if (invalid.length > 0)
      throw new Error(`SEPA file invalid against pain.001.001.${format}: ${invalid.join('; ')}`)
    await writeTrace(tx, deps.clock, {
      action: 'export',
      message: `Payment group ${group.code}: SEPA pain.001.001.${format} ${messageId}, ${countOf(lineIds.length, 'transfer')}, ${sum} ${group.currency_code}, to be executed on ${execution.date}${execution.moved ? ` (the group's date ${execution.requested} had passed)` : ''}`,
      model: 'payment_group',
      model_id: id,
      user_id: actor.id,
    })
    return ok(row.id)
  })
  if (!saved.ok) return saved
  return ok({
    data: {
      id: saved.value,
      message_id: messageId,
      format,
      line_count: lineIds.length,
      control_sum: sum,
      execution_date: execution.date,
      requested_date: execution.requested,
      date_moved: execution.moved,
    },
  })
}

/** GET /bwapi/payment-groups/{id}/exports: the files made for the group, newest first. */
export const listSepaExports = async (deps: InvoiceDeps, actor: OrderActor, id: number) => {
  if (!seesAllPayments(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  const rows = await deps.db
    .select({
      id: paymentExports.id,
      message_id: paymentExports.message_id,
      format: paymentExports.format,
      line_count: paymentExports.line_count,
      control_sum: paymentExports.control_sum,
      execution_date: paymentExports.execution_date,
      created_at: paymentExports.created_at,
    })
    .from(paymentExports)
    .where(eq(paymentExports.payment_group_id, id))
    .orderBy(desc(paymentExports.id))
  return ok({ data: rows })
}

/** GET /bwapi/payment-groups/{id}/exports/{exportId}/file: a file made, as it was handed out. */
export const sepaExportFile = async (deps: InvoiceDeps, actor: OrderActor, id: number, exportId: number) => {
  if (!seesAllPayments(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  const row = await deps.db
    .select({ file: paymentExports.file, message_id: paymentExports.message_id })
    .from(paymentExports)
    .where(and(eq(paymentExports.id, exportId), eq(paymentExports.payment_group_id, id)))
    .limit(1)
    .then(first)
  return row === undefined
    ? err({ code: 'ITEM_NOT_FOUND' } as DomainError)
    : ok({ name: `${row.message_id}.xml`, file: row.file })
}

/** A payment group by its number or its id, with its latest SEPA file (for the command line). */
export const findPaymentGroup = async (db: DbOrTx, reference: string) => {
  const byId = /^\d+$/.test(reference) ? Number(reference) : null
  const group = await db
    .select({ id: paymentGroups.id, code: paymentGroups.code, currency_code: paymentGroups.currency_code })
    .from(paymentGroups)
    .where(byId === null ? eq(paymentGroups.code, reference) : eq(paymentGroups.id, byId))
    .limit(1)
    .then(first)
  if (group === undefined) return undefined
  const latest = await db
    .select({ id: paymentExports.id })
    .from(paymentExports)
    .where(eq(paymentExports.payment_group_id, group.id))
    .orderBy(desc(paymentExports.id))
    .limit(1)
    .then(first)
  return { ...group, latest_export: latest?.id ?? null }
}
