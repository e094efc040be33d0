import { type DutyActor, hasDuty } from '../auth/duties'
import type { CircuitState } from '../circuit/runtime'

export type ExpenseActor = DutyActor & { id: number; login: string; administrator?: boolean }

/** Expense types and kilometer scales are administered by administrators. */
export const canAdministerExpenses = (actor: ExpenseActor): boolean => actor.administrator === true

/** Who pays people sees every expense and report (who prepares payments, and administrators). */
export const seesAllExpenses = (actor: ExpenseActor): boolean =>
  canAdministerExpenses(actor) || hasDuty(actor, 'prepare_payments')

/** A report is read by its employee, by who sees every report, and by the validators its circuit names. */
export const mayReadExpenseReport = (
  actor: ExpenseActor,
  report: { user_id: number; circuit: CircuitState | null },
): boolean =>
  report.user_id === actor.id ||
  seesAllExpenses(actor) ||
  (report.circuit?.steps ?? []).some((s) => s.validators.includes(actor.login) || s.by === actor.login)
