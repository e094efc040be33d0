import { type CircuitState, circuitTurn, waitingOn } from '@procura/core/circuit'
import {
  allowedExpenseReportActions,
  type ExpenseActor,
  type ExpenseReportStatus,
} from '@procura/core/expense'
import { eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import { expenseReports, expenses } from '../../db/schema'
import { delegationsTo } from '../purchase-orders/circuit'
import type { ValidationMailDeps } from '../validation-mail'
import type { ExpenseDeps } from './expenses'

export type ReportRow = typeof expenseReports.$inferSelect
/** The reports' services: the expenses' deps, and what tells validators (mail, real time, the link's base). */
export type Deps = ExpenseDeps & Omit<ValidationMailDeps, 'db' | 'clock'>

export const circuitOfReport = (row: Pick<ReportRow, 'circuit'>) =>
  (row.circuit as CircuitState | null) ?? null

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

/**
 * The report's actions policy for one person, with what it reads besides the report: whom its
 * circuit waits on, and whether this person is the delegate of one today.
 */
export const reportDecisions = async (db: DbOrTx, actor: ExpenseActor, report: ReportRow, now: Date) => {
  const circuit = circuitOfReport(report)
  const waiting = circuit === null ? [] : waitingOn(circuit)
  const delegations =
    waiting.length === 0 || waiting.includes(actor.login) ? [] : await delegationsTo(db, actor.id)
  return allowedExpenseReportActions(
    actor,
    { user_id: report.user_id, status: report.status as ExpenseReportStatus, circuit },
    circuitTurn(circuit, delegations, now),
  )
}
