/** What an export takes (validated invoices, paid payments of a company up to a date) and the problems that refuse it. */
import type { DomainError } from '@procura/core/errors'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, count, eq, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { paymentGroups, paymentLines, supplierInvoices, suppliers } from '../../db/schema'
import { countReports } from './expense-report-journal'
import { type ExportInput, NAMED } from './exports'

/** The invoices an export would take: validated, not exported, of the company, up to a date — or those named. */
export const selectionOf = (input: ExportInput): SQL | undefined =>
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
export const paymentSelectionOf = (input: ExportInput): SQL | undefined =>
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

export const named = (values: readonly string[]) =>
  values.length > NAMED ? `${values.slice(0, NAMED).join(', ')}…` : values.join(', ')

/**
 * The §5 checks that read columns only, in SQL (they hold for any number of invoices): at least
 * one, one company, all validated, none exported, every supplier with a code.
 */
export const checkSelection = async (
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
