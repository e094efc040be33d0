import type { CircuitState } from '@procura/core/circuit'
import { eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import { expenseReports, expenses } from '../../db/schema'
import type { ExpenseDeps } from './expenses'

export type ReportRow = typeof expenseReports.$inferSelect
export type Deps = ExpenseDeps & {
  notifyUser?: (userId: number, event: { type: string; payload?: unknown }) => number
}

export const circuitOfReport = (row: ReportRow) => (row.circuit as CircuitState | null) ?? null

export const findReport = (db: DbOrTx, id: number) =>
  db.select().from(expenseReports).where(eq(expenseReports.id, id)).limit(1).then(first)

/** The user's expenses a report may hold, as core reads them. */
export const reportable = (db: DbOrTx, ids: readonly number[]) =>
  db
    .select({
      id: expenses.id,
      user_id: expenses.user_id,
      currency_code: expenses.currency_code,
      amount_exctax: expenses.amount_exctax,
      amount_inctax: expenses.amount_inctax,
      expense_report_id: expenses.expense_report_id,
    })
    .from(expenses)
    .where(inArray(expenses.id, [...ids, 0]))
