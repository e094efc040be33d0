import { z } from 'zod'
import { type DutyActor, hasDuty } from '../auth/duties'
import type { DomainError } from '../errors/domain-error'
import { type Decisions, decideEach, firstRefusal, unless } from '../policy/decisions'
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

/** What a person may do to a budget from its page. */
export const BUDGET_POLICY_ACTIONS = ['edit', 'duplicate', 'delete'] as const
export type BudgetPolicyAction = (typeof BUDGET_POLICY_ACTIONS)[number]

/**
 * A budget's actions policy: who manages budgets changes, copies and deletes it; one that holds
 * moves (reservations, commitments, actuals) is not deleted (BUDGET_IN_USE, with how many).
 */
export const allowedBudgetActions = (
  actor: BudgetActor,
  budget: { name: string; moves: number },
): Decisions<BudgetPolicyAction> =>
  decideEach(
    BUDGET_POLICY_ACTIONS,
    // A budget has no lifecycle: what it holds decides, and the page says why.
    (action) =>
      firstRefusal(
        unless(canManageBudgets(actor)),
        action === 'delete' && budget.moves > 0
          ? { code: 'BUDGET_IN_USE', params: { budget: budget.name, count: budget.moves } }
          : undefined,
      ),
  )

/**
 * Spec §6: a user may lack the right to see an overrun budget. Who manages budgets and the budget's
 * owner see it; others who view budget analyses see the budgets still within their amount.
 */
export const maySeeBudget = (
  actor: BudgetActor,
  budget: { owner_id: number | null; overrun: boolean },
): boolean =>
  canManageBudgets(actor) || budget.owner_id === actor.id || (canViewBudgets(actor) && !budget.overrun)

/** A user's authorization on one dimension (spec §6: per company, department, project, request type). */
export type Authorization = { dimension: string; value_code: string | null; access: 'read' | 'write' }

/**
 * Spec §6 "allocation code injection requires the right to use that code": a project code
 * (allocation 1) may be put on a document by who holds a write authorization on it, or on "All"
 * (no code). A user whose authorizations name no project at all is not restricted by project.
 */
export const mayUseProject = (authorizations: readonly Authorization[], code: string): boolean => {
  const projects = authorizations.filter((a) => a.dimension === 'project' && a.access === 'write')
  const readOnly = authorizations.some((a) => a.dimension === 'project' && a.access === 'read')
  if (projects.length === 0) return !readOnly
  return projects.some((a) => a.value_code === null || a.value_code === code)
}

/**
 * GET /bwapi/allocation-codes: the levels whose list holds codes (a line names one of them; the
 * other levels are free text), and the active codes of each that this user may put on a line.
 */
export const UsableAllocationsSchema = z.object({
  data: z.object({
    administered: z.array(z.number().int().min(1).max(4)),
    codes: z.array(z.object({ level: z.number().int().min(1).max(4), code: z.string(), label: z.string() })),
  }),
})
export type UsableAllocations = z.infer<typeof UsableAllocationsSchema>['data']
