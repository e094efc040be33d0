import { type DutyActor, hasDuty } from '../auth/duties'
import type { DomainError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'

export type BudgetActor = DutyActor & { id: number; administrator?: boolean }

/** Creating, changing and removing budgets, allocations and fiscal periods. */
export const canManageBudgets = (actor: BudgetActor): boolean =>
  actor.administrator === true || hasDuty(actor, 'manage_budgets')

/** Reading budgets and their analysis (spec §6 "view budget analyses"). */
export const canViewBudgets = (actor: BudgetActor): boolean =>
  canManageBudgets(actor) || hasDuty(actor, 'view_budget_analyses')

export const checkCanManageBudgets = (actor: BudgetActor): Result<void, DomainError> =>
  canManageBudgets(actor) ? ok(undefined) : err({ code: 'FORBIDDEN' })

/**
 * Spec §6: a user may lack the right to see an overrun budget. Who manages budgets and the budget's
 * owner see it; others who view budget analyses see the budgets still within their amount.
 */
export const maySeeBudget = (
  actor: BudgetActor,
  budget: { owner_id: number | null; overrun: boolean },
): boolean =>
  canManageBudgets(actor) || budget.owner_id === actor.id || (canViewBudgets(actor) && !budget.overrun)
