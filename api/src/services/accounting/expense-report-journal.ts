import { employeeCode, type JournalExpenseReport, type JournalPayment } from '@procura/core/accounting'
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { expenseReports, expenses, expenseTypes, paymentGroups, paymentLines, users } from '../../db/schema'

/** Reports and payments read and written per round. */
const BATCH = 500

type Selection = { company_id: number; up_to: string | null; invoice_ids: readonly number[] | null }
type Accounts = {
  entries: readonly { code: string; is_default: boolean; active: boolean }[]
  labels: ReadonlyMap<string, string>
}

const endOf = (day: string) => new Date(`${day}T23:59:59.999Z`)

/**
 * The expense reports a company's export books (docs/domain/expense.md): validated or paid, not yet
 * exported, of the company, validated up to the date. An export naming invoices takes none.
 */
export const reportSelectionOf = (input: Selection): SQL | undefined =>
  input.invoice_ids !== null
    ? eq(expenseReports.id, 0)
    : and(
        eq(expenseReports.company_id, input.company_id),
        inArray(expenseReports.status, ['validated', 'paid']),
        isNull(expenseReports.accounting_export_id),
        input.up_to === null ? undefined : lte(expenseReports.validated_at, endOf(input.up_to)),
      )

/** The employees' paid payments (expense reports) of the company's groups, for the bank journal. */
export const employeePaymentSelectionOf = (input: Selection): SQL | undefined =>
  input.invoice_ids !== null
    ? eq(paymentLines.id, 0)
    : and(
        eq(paymentLines.status, 'paid'),
        isNull(paymentLines.accounting_export_id),
        isNotNull(paymentLines.expense_report_id),
        sql`${paymentLines.payment_group_id} in (select ${paymentGroups.id} from ${paymentGroups} where ${paymentGroups.company_id} = ${input.company_id})`,
        input.up_to === null ? undefined : lte(paymentLines.paid_at, endOf(input.up_to)),
      )

export const countReports = async (db: DbOrTx, input: Selection) => ({
  reports: Number(
    (await db.select({ n: count() }).from(expenseReports).where(reportSelectionOf(input)))[0]?.n ?? 0,
  ),
  payments: Number(
    (await db.select({ n: count() }).from(paymentLines).where(employeePaymentSelectionOf(input)))[0]?.n ?? 0,
  ),
})

/** Claims the reports and employee payments for the export, in its claim transaction: false when another took some. */
export const claimReports = async (
  tx: DbOrTx,
  exportId: number,
  input: Selection,
  expected: { reports: number; payments: number },
) => {
  if (expected.reports > 0) {
    await tx.update(expenseReports).set({ accounting_export_id: exportId }).where(reportSelectionOf(input))
    const [taken] = await tx
      .select({ n: count() })
      .from(expenseReports)
      .where(eq(expenseReports.accounting_export_id, exportId))
    if (Number(taken?.n ?? 0) !== expected.reports) return false
  }
  if (expected.payments > 0) {
    await tx
      .update(paymentLines)
      .set({ accounting_export_id: exportId })
      .where(employeePaymentSelectionOf(input))
    const [taken] = await tx
      .select({ n: count() })
      .from(paymentLines)
      .where(and(eq(paymentLines.accounting_export_id, exportId), isNotNull(paymentLines.expense_report_id)))
    if (Number(taken?.n ?? 0) !== expected.payments) return false
  }
  return true
}

/** Releases an export's reports (a failed or cancelled export); its payment lines are released with the others. */
export const releaseReports = (tx: DbOrTx, exportId: number) =>
  tx
    .update(expenseReports)
    .set({ accounting_export_id: null })
    .where(eq(expenseReports.accounting_export_id, exportId))

/** A batch of claimed reports with their expenses, as the purchase journal reads them. */
export const reportBatch = async (
  db: DbOrTx,
  exportId: number,
  afterId: number,
  accounts: Accounts,
): Promise<JournalExpenseReport[]> => {
  const rows = await db
    .select({ report: expenseReports, login: users.login, name: users.label })
    .from(expenseReports)
    .innerJoin(users, eq(expenseReports.user_id, users.id))
    .where(and(eq(expenseReports.accounting_export_id, exportId), gt(expenseReports.id, afterId)))
    .orderBy(asc(expenseReports.id))
    .limit(BATCH)
  const items =
    rows.length === 0
      ? []
      : await db
          .select({ expense: expenses, account: expenseTypes.account })
          .from(expenses)
          .innerJoin(expenseTypes, eq(expenses.expense_type_id, expenseTypes.id))
          .where(
            inArray(
              expenses.expense_report_id,
              rows.map((r) => r.report.id),
            ),
          )
          .orderBy(asc(expenses.id))
  const fallback = accounts.entries.find((e) => e.is_default && e.active)?.code ?? null
  return rows.map(({ report, login, name }) => ({
    id: report.id,
    code: report.code,
    label: report.label,
    date: (report.validated_at ?? report.updated_at).toISOString().slice(0, 10),
    employee: { code: employeeCode(login), name },
    paid_on: report.status === 'paid' ? report.payment_date : null,
    expenses: items
      .filter((i) => i.expense.expense_report_id === report.id)
      .map(({ expense, account }) => {
        const code = account !== null && account !== '' ? account : fallback
        return {
          account: code,
          account_label: code === null ? undefined : (accounts.labels.get(code) ?? code),
          amount_exctax: expense.amount_exctax,
          amount_inctax: expense.amount_inctax,
          vat: expense.vat as { rate: string; amount: string }[],
        }
      }),
  }))
}

/** A batch of the export's employee payments, as the bank journal reads them (the report's code letters both entries). */
export const employeePaymentBatch = async (
  db: DbOrTx,
  exportId: number,
  afterId: number,
): Promise<JournalPayment[]> => {
  const rows = await db
    .select({
      id: paymentLines.id,
      amount: paymentLines.amount_inctax,
      paid_at: paymentLines.paid_at,
      updated_at: paymentLines.updated_at,
      group_code: paymentGroups.code,
      report: expenseReports.code,
      report_label: expenseReports.label,
      created: expenseReports.created_at,
      login: users.login,
      name: users.label,
    })
    .from(paymentLines)
    .innerJoin(paymentGroups, eq(paymentLines.payment_group_id, paymentGroups.id))
    .innerJoin(expenseReports, eq(paymentLines.expense_report_id, expenseReports.id))
    .innerJoin(users, eq(expenseReports.user_id, users.id))
    .where(and(eq(paymentLines.accounting_export_id, exportId), gt(paymentLines.id, afterId)))
    .orderBy(asc(paymentLines.id))
    .limit(BATCH)
  return rows.map((r) => ({
    id: r.id,
    group_code: r.group_code,
    paid_on: (r.paid_at ?? r.updated_at).toISOString().slice(0, 10),
    amount: r.amount,
    supplier: { code: employeeCode(r.login), name: r.name },
    invoice: {
      code: r.report,
      label: r.report_label || r.report,
      invoice_date: r.created.toISOString().slice(0, 10),
    },
    order_code: null,
  }))
}
