import type { DutyActor } from '../auth/duties'
import type { CircuitState } from '../circuit/runtime'
import type { DomainError } from '../errors/domain-error'
import { dec, toAmountString } from '../money/decimal'
import { canPreparePayments } from '../payment/access'
import { COMMITTED_PAYMENT_LINE_STATUSES } from '../payment/line-status'
import { nextStatus, type TransitionTable, transitionTable } from '../policy/lifecycle'
import { err, ok, type Result } from '../result'
import type { PaymentLineStatus } from '../status/vocabularies'

/** An expense report's statuses (docs/domain/expense.md). */
export const EXPENSE_REPORT_STATUSES = ['draft', 'awaiting', 'validated', 'refused', 'paid'] as const
export type ExpenseReportStatus = (typeof EXPENSE_REPORT_STATUSES)[number]

export const EXPENSE_REPORT_ACTIONS = [
  'submit',
  'withdraw',
  'validate',
  'refuse',
  'reopen',
  'pay',
  'unpay',
] as const
export type ExpenseReportAction = (typeof EXPENSE_REPORT_ACTIONS)[number]

/**
 * The report's transitions: submitted into the expense reports' circuit, validated by its last
 * step (or at once when the circuit is empty), refused by any step and reopened by its owner to
 * change it; withdrawn by its owner back to draft while nobody has decided on it yet; paid when its
 * payment line is paid, back to validated when the bank rejects it.
 */
export const EXPENSE_REPORT_TRANSITIONS: TransitionTable<ExpenseReportStatus, ExpenseReportAction> =
  transitionTable([
    ['submit', 'draft', 'awaiting'],
    ['withdraw', 'awaiting', 'draft'],
    ['validate', 'awaiting', 'validated'],
    ['refuse', 'awaiting', 'refused'],
    ['reopen', 'refused', 'draft'],
    ['pay', 'validated', 'paid'],
    ['unpay', 'paid', 'validated'],
  ])

export const expenseReportTransition = (
  status: ExpenseReportStatus,
  action: ExpenseReportAction,
): Result<ExpenseReportStatus, DomainError> => nextStatus(EXPENSE_REPORT_TRANSITIONS, status, action)

/**
 * Its employee pulls a submitted report back to draft only while no validator has decided on it
 * (every step of its circuit still pending): a decision taken is not undone behind its author.
 */
export const checkMayWithdrawReport = (circuit: CircuitState | null): Result<true, DomainError> =>
  circuit === null || circuit.steps.every((step) => step.status === 'pending')
    ? ok(true)
    : err({ code: 'EXPENSE_REPORT_DECIDED' })

/**
 * Whether a report can be put in a payment now, by this reader: validated, and no payment of it on
 * its way or done (a payment rejected by the bank leaves it payable again); by who prepares payments.
 */
export const expenseReportPayable = (
  actor: DutyActor,
  report: { status: ExpenseReportStatus; payments: readonly { status: string }[] },
): boolean =>
  canPreparePayments(actor) &&
  report.status === 'validated' &&
  !report.payments.some((p) => COMMITTED_PAYMENT_LINE_STATUSES.includes(p.status as PaymentLineStatus))

/** A report is changed (expenses added or removed) and deleted only while it is a draft or refused. */
export const isReportEditable = (status: ExpenseReportStatus): boolean =>
  status === 'draft' || status === 'refused'

/** An expense as a report reads it. */
export type ReportableExpense = {
  id: number
  user_id: number
  currency_code: string
  amount_inctax: string
  /** The report it is in already, if any. */
  expense_report_id: number | null
}

/**
 * The expenses a report of this user holds (spec §5): at least one; every one the user's own, in
 * one currency, and in no other report (an expense already in a report is pending or paid). The
 * report's total is their sum.
 */
export const planExpenseReport = (
  expenses: readonly ReportableExpense[],
  ids: readonly number[],
  userId: number,
  reportId: number | null,
  decimals: number,
): Result<{ currency_code: string; amount_inctax: string; expense_count: number }, DomainError> => {
  if (ids.length === 0) return err({ code: 'EXPENSE_REPORT_EMPTY' })
  if (new Set(ids).size !== ids.length) return err({ code: 'ITEMS_ALREADY_PAID_OR_PENDING' })
  const chosen = ids.map((id) => expenses.find((e) => e.id === id))
  if (chosen.some((e) => e === undefined || e.user_id !== userId)) return err({ code: 'ITEM_NOT_FOUND' })
  const found = chosen as ReportableExpense[]
  if (found.some((e) => e.expense_report_id !== null && e.expense_report_id !== reportId))
    return err({ code: 'ITEMS_ALREADY_PAID_OR_PENDING' })
  const currency = found[0]?.currency_code ?? ''
  if (found.some((e) => e.currency_code !== currency)) return err({ code: 'DIFFERENT_CURRENCIES' })
  return ok({
    currency_code: currency,
    amount_inctax: toAmountString(
      found.reduce((sum, e) => sum.plus(e.amount_inctax), dec(0)),
      decimals,
    ),
    expense_count: found.length,
  })
}

/** An expense report as a payment group reads it. */
export type PayableExpenseReport = {
  id: number
  user_id: number
  company_id: number
  currency_code: string
  status: ExpenseReportStatus
  amount_inctax: string
  /** Its payment lines still committed (draft to paid): one means it is pending or paid. */
  committed_payments: number
}

/**
 * The expense reports a payment group pays (spec §5): each validated and neither paid nor
 * pending, in one currency and one company with the rest of the group, and all of one user
 * ("users are identical across added expense reports"). Each is paid in full.
 */
export const planExpensePayments = (
  reports: readonly PayableExpenseReport[],
  ids: readonly number[],
): Result<
  {
    expense_report_id: number
    user_id: number
    amount_inctax: string
    company_id: number
    currency_code: string
  }[],
  DomainError
> => {
  if (new Set(ids).size !== ids.length) return err({ code: 'ITEMS_ALREADY_PAID_OR_PENDING' })
  const chosen = ids.map((id) => reports.find((r) => r.id === id))
  if (chosen.some((r) => r === undefined)) return err({ code: 'ITEM_NOT_FOUND' })
  const found = chosen as PayableExpenseReport[]
  if (found.some((r) => r.status !== 'validated' || r.committed_payments > 0))
    return err({ code: 'ITEMS_ALREADY_PAID_OR_PENDING' })
  if (new Set(found.map((r) => r.user_id)).size > 1) return err({ code: 'DIFFERENT_USERS' })
  return ok(
    found.map((r) => ({
      expense_report_id: r.id,
      user_id: r.user_id,
      amount_inctax: r.amount_inctax,
      company_id: r.company_id,
      currency_code: r.currency_code,
    })),
  )
}
