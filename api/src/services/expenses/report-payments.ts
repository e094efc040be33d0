import type { ExpenseReportStatus, PayableExpenseReport } from '@procura/core/expense'
import type { BankAccountStatus } from '@procura/core/payment'
import {
  COMMITTED_PAYMENT_LINE_STATUSES,
  type PaymentLineAction,
  payableAccountOf,
} from '@procura/core/payment'
import { and, count, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { bankAccounts, expenseReports, expenses, paymentLines } from '../../db/schema'

/** Expense reports as a payment group reads them, with their payment lines still committed. */
export const payableReports = async (db: DbOrTx, ids: readonly number[]) => {
  if (ids.length === 0) return []
  const rows = await db
    .select()
    .from(expenseReports)
    .where(inArray(expenseReports.id, [...ids]))
  const committed = await db
    .select({ report: paymentLines.expense_report_id, n: count() })
    .from(paymentLines)
    .where(
      and(
        inArray(paymentLines.expense_report_id, [...ids]),
        inArray(paymentLines.status, [...COMMITTED_PAYMENT_LINE_STATUSES]),
      ),
    )
    .groupBy(paymentLines.expense_report_id)
  return rows.map((r): PayableExpenseReport & { lock_version: number } => ({
    id: r.id,
    user_id: r.user_id,
    company_id: r.company_id,
    currency_code: r.currency_code,
    status: r.status as ExpenseReportStatus,
    amount_inctax: r.amount_inctax,
    committed_payments: Number(committed.find((c) => c.report === r.id)?.n ?? 0),
    lock_version: r.lock_version,
  }))
}

/** Each employee's account their reports are paid on: their main validated one. */
export const employeeAccounts = async (db: DbOrTx, userIds: readonly number[]) => {
  const accounts =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(bankAccounts)
          .where(inArray(bankAccounts.user_id, [...userIds]))
  return (userId: number) =>
    payableAccountOf(
      accounts
        .filter((a) => a.user_id === userId)
        .map((a) => ({ ...a, status: a.status as BankAccountStatus })),
    )
}

/**
 * After payment lines moved: a report whose line is paid is paid (its payment date the day it was
 * paid, its expenses paid); one whose paid line the bank sent back is validated again, payable anew.
 */
export const followReportPayments = async (
  tx: DbOrTx,
  lines: readonly { expense_report_id: number | null }[],
  action: PaymentLineAction,
  now: Date,
) => {
  const ids = [...new Set(lines.flatMap((l) => (l.expense_report_id === null ? [] : [l.expense_report_id])))]
  if (ids.length === 0 || (action !== 'pay' && action !== 'reject_beneficiary')) return
  const paid = action === 'pay'
  await tx
    .update(expenseReports)
    .set({
      status: paid ? 'paid' : 'validated',
      payment_date: paid ? now.toISOString().slice(0, 10) : null,
      updated_at: now,
    })
    .where(and(inArray(expenseReports.id, ids), eq(expenseReports.status, paid ? 'validated' : 'paid')))
  await tx
    .update(expenses)
    .set({ payment_status: paid ? 'paid' : 'pending', updated_at: now })
    .where(inArray(expenses.expense_report_id, ids))
}
