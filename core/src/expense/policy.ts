/**
 * Who may do what with expenses and expense reports (docs/domain/expense.md): each employee's own
 * expenses and reports, the validators a report's circuit waits on, and who pays people. The
 * services guard with these policies and the reads answer them; nothing else decides.
 */
import { type CircuitState, currentStep } from '../circuit/runtime'
import { type CircuitTurn, turnRefusal } from '../circuit/turn'
import type { DomainError } from '../errors/domain-error'
import {
  type Decisions,
  decideEach,
  FORBIDDEN,
  firstRefusal,
  type Refusal,
  refusalOf,
  unless,
} from '../policy/decisions'
import { notAllowed, statusRefusal } from '../policy/lifecycle'
import { type ExpenseActor, seesAllExpenses } from './access'
import {
  checkMayWithdrawReport,
  EXPENSE_REPORT_ACTIONS,
  EXPENSE_REPORT_TRANSITIONS,
  type ExpenseReportStatus,
  isReportEditable,
} from './report'

/** An expense is seen by its employee and by who pays people; to others it does not exist. */
export const maySeeExpense = (actor: ExpenseActor, expense: { user_id: number }): boolean =>
  expense.user_id === actor.id || seesAllExpenses(actor)

/** Another's expense or report is not found by who would change it, even by who sees it. */
const NOT_FOUND: DomainError = { code: 'ITEM_NOT_FOUND' }

/**
 * An expense's policy: it is changed and deleted (`edit`) by its employee while it is in no report
 * (EXPENSE_IN_REPORT names the report).
 */
export const allowedExpenseActions = (
  actor: ExpenseActor,
  expense: { user_id: number; expense_report_id: number | null },
  reportCode: string | null,
): Decisions<'edit'> =>
  decideEach(
    ['edit'],
    () => unless(expense.user_id === actor.id, NOT_FOUND),
    () =>
      unless(expense.expense_report_id === null, {
        code: 'EXPENSE_IN_REPORT',
        params: { report: reportCode ?? '' },
      }),
  )

/** Everything a person may do to an expense report: its lifecycle's actions, and changing or deleting it. */
export const EXPENSE_REPORT_POLICY_ACTIONS = [...EXPENSE_REPORT_ACTIONS, 'edit'] as const
export type ExpenseReportPolicyAction = (typeof EXPENSE_REPORT_POLICY_ACTIONS)[number]

type ReportState = { user_id: number; status: ExpenseReportStatus; circuit: CircuitState | null }

/**
 * Who may: its employee submits, reopens, withdraws (only while no validator has decided) and
 * changes it; the validators its circuit waits on (or their delegates) decide, never who claims
 * the money; paid and unpaid follow its payment line, no one takes them on the report.
 */
const reportRule = (
  actor: ExpenseActor,
  report: ReportState,
  action: ExpenseReportPolicyAction,
  turn: CircuitTurn,
): Refusal => {
  switch (action) {
    case 'pay':
    case 'unpay':
      return FORBIDDEN
    case 'edit':
      return unless(report.user_id === actor.id, NOT_FOUND)
    case 'submit':
    case 'reopen':
      return unless(report.user_id === actor.id)
    case 'withdraw':
      return firstRefusal(
        unless(report.user_id === actor.id),
        refusalOf(checkMayWithdrawReport(report.circuit)),
      )
    case 'validate':
    case 'refuse':
      return firstRefusal(
        unless(report.circuit !== null && currentStep(report.circuit) !== null, {
          code: 'NOT_CURRENT_VALIDATOR',
        }),
        unless(report.user_id !== actor.id, { code: 'NOT_CURRENT_VALIDATOR' }),
        turnRefusal(actor, turn),
      )
  }
}

/**
 * The expense report's actions policy: who may first, then its status (its lifecycle's table; a
 * report changes while a draft or refused). Services guard with it; the report's page answers it.
 */
export const allowedExpenseReportActions = (
  actor: ExpenseActor,
  report: ReportState,
  turn: CircuitTurn,
): Decisions<ExpenseReportPolicyAction> =>
  decideEach(
    EXPENSE_REPORT_POLICY_ACTIONS,
    (action) => reportRule(actor, report, action, turn),
    (action) =>
      action === 'edit'
        ? unless(isReportEditable(report.status), notAllowed(action, report.status))
        : statusRefusal(EXPENSE_REPORT_TRANSITIONS, action, report.status),
  )
