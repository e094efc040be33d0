/** Writing budgets: saving, deleting, generating a period's, and the form's lists. */
import {
  available,
  type BudgetActor,
  BudgetInputSchema,
  checkCanManageBudgets,
  fromUnits,
  GenerateBudgetsSchema,
  generatedAmount,
  generationBase,
  keyText,
  maySeeBudget,
  toUnits,
} from '@procura/core/budget'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { toAmountString } from '@procura/core/money'
import { guard } from '@procura/core/policy'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import { allocations, budgets, companies, departments, fiscalPeriods, users } from '../../db/schema'
import { uniqueViolationError } from '../../db/unique'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { balanceOf, budgetDecisions, type Deps, loadBudget } from './budgets'
import { allocationIssues, budgetName } from './ledger'

/** What the schema cannot check: the period, company, department, owner and codes exist. */
const checkBudgetReferences = async (db: DbOrTx, input: ReturnType<typeof BudgetInputSchema.parse>) => {
  const [period, company, department, owner, codes] = await Promise.all([
    db
      .select({ id: fiscalPeriods.id })
      .from(fiscalPeriods)
      .where(eq(fiscalPeriods.id, input.fiscal_period_id))
      .then(first),
    input.company_id === null
      ? { id: 0 }
      : db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company_id)).then(first),
    input.department_id === null
      ? { id: 0 }
      : db
          .select({ id: departments.id })
          .from(departments)
          .where(eq(departments.id, input.department_id))
          .then(first),
    input.owner_id === null
      ? { id: 0 }
      : db.select({ id: users.id }).from(users).where(eq(users.id, input.owner_id)).then(first),
    allocationIssues(db, [input]),
  ])
  const issues: Record<string, { code: 'NOT_IN_LIST' }[]> = {}
  if (period === undefined) issues.fiscal_period_id = [{ code: 'NOT_IN_LIST' }]
  if (company === undefined) issues.company_id = [{ code: 'NOT_IN_LIST' }]
  if (department === undefined) issues.department_id = [{ code: 'NOT_IN_LIST' }]
  if (owner === undefined) issues.owner_id = [{ code: 'NOT_IN_LIST' }]
  for (const field of Object.keys(codes ?? {}))
    issues[field.replace('lines.0.', '')] = [{ code: 'NOT_IN_LIST' }]
  return Object.keys(issues).length === 0 ? null : issues
}

/**
 * POST /bwapi/budgets (id null) and PUT /bwapi/budgets/{id}: checked, then written with its key
 * text; the same combination twice in a period is refused (BUDGET_ALREADY_EXISTS), by a check and,
 * when two saves race, by the unique index. What the ledger holds is never written here.
 */
export const saveBudget = async (
  deps: Deps,
  actor: BudgetActor,
  id: number | null,
  input: unknown,
): Promise<Result<{ data: { id: number } }, DomainError>> => {
  const existing = id === null ? undefined : await loadBudget(deps.db, id)
  if (id !== null && existing === undefined)
    return err({ code: checkCanManageBudgets(actor).ok ? 'ITEM_NOT_FOUND' : 'FORBIDDEN' })
  // A new budget: who manages budgets; an existing one: its policy.
  const allowed =
    existing === undefined
      ? checkCanManageBudgets(actor)
      : guard(await budgetDecisions(deps.db, actor, existing), 'edit')
  if (!allowed.ok) return allowed
  const parsed = parseWith(BudgetInputSchema, input)
  if (!parsed.ok) return parsed
  const issues = await checkBudgetReferences(deps.db, parsed.value)
  if (issues !== null) return err(formError(issues))
  const key = keyText(parsed.value)
  const twin = await deps.db
    .select({ id: budgets.id })
    .from(budgets)
    .where(and(eq(budgets.fiscal_period_id, parsed.value.fiscal_period_id), eq(budgets.key, key)))
    .then(first)
  if (twin !== undefined && twin.id !== id)
    return err(formError({ allocation1: [{ code: 'BUDGET_ALREADY_EXISTS' }] }))
  const { amount, ...fields } = parsed.value
  const now = deps.clock.now()
  try {
    const saved = await deps.db.transaction(async (tx) => {
      const values = { ...fields, key, amount: toUnits(amount), updated_at: now }
      let rowId = id ?? 0
      if (id === null) {
        const [inserted] = await tx
          .insert(budgets)
          .values({ ...values, created_at: now })
          .returning({ id: budgets.id })
        rowId = inserted?.id ?? 0
      } else await tx.update(budgets).set(values).where(eq(budgets.id, id))
      await writeTrace(tx, deps.clock, {
        action: id === null ? 'create' : 'update',
        message: `Budget ${budgetName({ label: parsed.value.label, key })}: ${amount}${
          existing === undefined ? '' : ` (was ${toAmountString(fromUnits(existing.amount), 4)})`
        }, ${parsed.value.overrun_action}`,
        model: 'budget',
        model_id: rowId,
        user_id: actor.id,
      })
      return rowId
    })
    return ok({ data: { id: saved } })
  } catch (error) {
    const refusal = uniqueViolationError(error)
    if (refusal !== null) return err(refusal)
    throw error
  }
}

/** DELETE /bwapi/budgets/{id}: only a budget no document has moved (else its history would go). */
export const deleteBudget = async (deps: Deps, actor: BudgetActor, id: number) => {
  const row = await loadBudget(deps.db, id)
  if (row === undefined)
    return err({ code: checkCanManageBudgets(actor).ok ? 'ITEM_NOT_FOUND' : 'FORBIDDEN' } as DomainError)
  const allowed = guard(await budgetDecisions(deps.db, actor, row), 'delete')
  if (!allowed.ok) return allowed
  await deps.db.transaction(async (tx) => {
    await tx.delete(budgets).where(eq(budgets.id, id))
    await writeTrace(tx, deps.clock, {
      action: 'delete',
      message: `Budget ${budgetName(row)} deleted`,
      model: 'budget',
      model_id: id,
      user_id: actor.id,
    })
  })
  return ok({ data: { id } })
}

/** GET /bwapi/budgets/form-data: the choices of the budget form (periods, companies, departments, codes). */
export const budgetFormData = async (db: Db, actor: BudgetActor) => {
  const allowed = checkCanManageBudgets(actor)
  if (!allowed.ok) return allowed
  const [periods, companyRows, departmentRows, codes] = await Promise.all([
    db.select().from(fiscalPeriods).orderBy(desc(fiscalPeriods.starts_on)),
    db.select({ id: companies.id, label: companies.label }).from(companies).orderBy(asc(companies.label)),
    db
      .select({ id: departments.id, label: departments.label })
      .from(departments)
      .orderBy(asc(departments.label)),
    db
      .select({
        id: allocations.id,
        level: allocations.level,
        code: allocations.code,
        label: allocations.label,
      })
      .from(allocations)
      .where(eq(allocations.active, true))
      .orderBy(asc(allocations.level), asc(allocations.code)),
  ])
  return ok({
    data: {
      fiscal_periods: periods.map((p) => ({ id: p.id, label: p.label, active: p.active })),
      companies: companyRows,
      departments: departmentRows,
      allocations: codes,
    },
  })
}

/**
 * POST /bwapi/budgets/generate: the budgets of one period (all those the reader sees, or the ones
 * named: a duplication) made again in another, each from its basis (amount, what it held, what it
 * spent) raised or lowered by a percentage; the basis is kept as the copied forecast amount. Keys
 * already budgeted in the target period are skipped and named. One transaction.
 */
export const generateBudgets = async (deps: Deps, actor: BudgetActor, input: unknown) => {
  const allowed = checkCanManageBudgets(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(GenerateBudgetsSchema, input)
  if (!parsed.ok) return parsed
  const g = parsed.value
  const [from, to] = await Promise.all(
    [g.from_period_id, g.to_period_id].map((id) =>
      deps.db.select().from(fiscalPeriods).where(eq(fiscalPeriods.id, id)).then(first),
    ),
  )
  if (from === undefined) return err(formError({ from_period_id: [{ code: 'NOT_IN_LIST' }] }))
  if (to === undefined) return err(formError({ to_period_id: [{ code: 'NOT_IN_LIST' }] }))
  const sources = (
    await deps.db
      .select()
      .from(budgets)
      .where(
        and(
          eq(budgets.fiscal_period_id, from.id),
          g.budget_ids === null ? undefined : inArray(budgets.id, g.budget_ids),
        ),
      )
      .orderBy(asc(budgets.id))
  ).filter((b) => maySeeBudget(actor, { owner_id: b.owner_id, overrun: available(balanceOf(b)) < 0 }))
  const taken = new Set(
    (await deps.db.select({ key: budgets.key }).from(budgets).where(eq(budgets.fiscal_period_id, to.id))).map(
      (b) => b.key,
    ),
  )
  const decimals = (await loadSettings(deps.db)).formats.decimals
  const now = deps.clock.now()
  const fromYear = from.starts_on.slice(0, 4)
  const toYear = to.starts_on.slice(0, 4)
  const made = sources.filter((b) => !taken.has(b.key))
  const skipped = sources.filter((b) => taken.has(b.key)).map((b) => budgetName(b))
  try {
    await deps.db.transaction(async (tx) => {
      if (made.length > 0)
        await tx.insert(budgets).values(
          made.map((b) => {
            const base = fromUnits(generationBase(balanceOf(b), g.basis))
            return {
              fiscal_period_id: to.id,
              company_id: b.company_id,
              department_id: b.department_id,
              allocation1: b.allocation1,
              allocation2: b.allocation2,
              allocation3: b.allocation3,
              allocation4: b.allocation4,
              key: b.key,
              label: b.label === null ? null : b.label.replace(fromYear, toYear),
              amount: toUnits(generatedAmount(base, g.percent, decimals)),
              copied_forecast_amount: toAmountString(base, decimals),
              last_validated_amount: null,
              tag: b.tag,
              overrun_action: b.overrun_action,
              owner_id: b.owner_id,
              created_at: now,
              updated_at: now,
            }
          }),
        )
      await writeTrace(tx, deps.clock, {
        action: 'generate',
        message: `Budgets of ${to.label} generated from ${from.label} (${g.basis} ${g.percent} %): ${made.length} made, ${skipped.length} already there`,
        model: 'budget',
        user_id: actor.id,
      })
    })
  } catch (error) {
    const refusal = uniqueViolationError(error)
    if (refusal !== null) return err(refusal)
    throw error
  }
  return ok({ data: { created: made.length, skipped } })
}
