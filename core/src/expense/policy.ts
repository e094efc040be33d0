/**
 * Who may do what with expenses and expense reports (docs/domain/expense.md): each employee's own
 * expenses and reports, the validators a report's circuit waits on, and who pays people. The
 * services guard with these and the reads answer them; nothing else decides.
 */
import { type CircuitState, currentStep, waitingOn } from '../circuit/runtime'
import type { DomainError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'
import { type ExpenseActor, seesAllExpenses } from './access'
import {
  checkMayWithdrawReport,
  EXPENSE_REPORT_ACTIONS,
  type ExpenseReportAction,
  type ExpenseReportStatus,
  expenseReportTransition,
  isReportEditable,
} from './report'

/** An expense is seen by its employee and by who pays people; to others it does not exist. */
export const maySeeExpense = (actor: ExpenseActor, expense: { user_id: number }): boolean =>
  expense.user_id === actor.id || seesAllExpenses(actor)

/** An expense is changed and deleted by its employee, while it is in no report. */
export const mayEditExpense = (
  actor: ExpenseActor,
  expense: { user_id: number; expense_report_id: number | null },
): boolean => expense.user_id === actor.id && expense.expense_report_id === null

/**
 * Changing or deleting an expense: another's is not found (ITEM_NOT_FOUND, even to who sees it);
 * one in a report is refused with the report's code (EXPENSE_IN_REPORT).
 */
export const checkExpenseEditable = (
  actor: ExpenseActor,
  expense: { user_id: number; expense_report_id: number | null },
  reportCode: string | null,
): Result<void, DomainError> => {
  if (expense.user_id !== actor.id) return err({ code: 'ITEM_NOT_FOUND' })
  return expense.expense_report_id === null
    ? ok(undefined)
    : err({ code: 'EXPENSE_IN_REPORT', params: { report: reportCode ?? '' } })
}

/** A report's expenses are changed, and the report deleted, by its employee while it is a draft or refused. */
export const mayEditExpenseReport = (
  actor: ExpenseActor,
  report: { user_id: number; status: ExpenseReportStatus },
): boolean => report.user_id === actor.id && isReportEditable(report.status)

/** Changing or deleting a report: another's is not found; one submitted or validated is refused. */
export const checkExpenseReportEditable = (
  actor: ExpenseActor,
  report: { user_id: number; status: ExpenseReportStatus },
): Result<void, DomainError> => {
  if (report.user_id !== actor.id) return err({ code: 'ITEM_NOT_FOUND' })
  return isReportEditable(report.status) ? ok(undefined) : err({ code: 'TRANSITION_NOT_ALLOWED' })
}

type ReportState = { user_id: number; status: ExpenseReportStatus; circuit: CircuitState | null }

/**
 * One action on a report by this actor, its status aside (expenseReportTransition): its employee
 * submits, reopens and withdraws it (withdrawing only while no validator has decided); deciding
 * (validate, refuse) needs a current step, and who claims the money never approves it (the step's
 * own validators and their delegates are checked by the circuit when they decide).
 */
export const checkExpenseReportActor = (
  actor: ExpenseActor,
  report: ReportState,
  action: ExpenseReportAction,
): Result<void, DomainError> => {
  // Paid and unpaid follow the payment line: no one takes them on the report.
  if (action === 'pay' || action === 'unpay') return err({ code: 'FORBIDDEN' })
  if (action === 'submit' || action === 'withdraw' || action === 'reopen') {
    if (report.user_id !== actor.id) return err({ code: 'FORBIDDEN' })
    if (action === 'withdraw') {
      const undecided = checkMayWithdrawReport(report.circuit)
      if (!undecided.ok) return undecided
    }
    return ok(undefined)
  }
  if (report.circuit === null || currentStep(report.circuit) === null)
    return err({ code: 'NOT_CURRENT_VALIDATOR' })
  if (report.user_id === actor.id) return err({ code: 'NOT_CURRENT_VALIDATOR' })
  return ok(undefined)
}

/** The actions this reader may take on a report now (its page's buttons). */
export const expenseReportActionsFor = (actor: ExpenseActor, report: ReportState): ExpenseReportAction[] =>
  EXPENSE_REPORT_ACTIONS.filter((action) => {
    if (!expenseReportTransition(report.status, action).ok) return false
    if (!checkExpenseReportActor(actor, report, action).ok) return false
    if (action === 'validate' || action === 'refuse')
      return report.circuit !== null && waitingOn(report.circuit).includes(actor.login)
    return action === 'submit' || action === 'withdraw' || action === 'reopen'
  })
