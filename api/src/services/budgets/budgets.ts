import {
  allowedBudgetActions,
  available,
  type BudgetActor,
  fromUnits,
  maySeeBudget,
  unitsText,
} from '@procura/core/budget'
import { dec, toAmountString } from '@procura/core/money'
import { count, eq, or, type SQL, sql } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import { cachedReference } from '../../db/reference-cache'
import {
  budgetMoves,
  budgets,
  companies,
  currencies,
  departments,
  fiscalPeriods,
  users,
} from '../../db/schema'
import { budgetName } from './ledger'

export type Deps = { db: Db; clock: Clock }
export type Row = typeof budgets.$inferSelect

export const availableUnits = () =>
  sql<number>`(${budgets.amount} - ${budgets.reserved} - ${budgets.committed} - ${budgets.actual})`
const overrun = () => sql`${availableUnits()} < 0`

/** The budgets this reader may see, as SQL (core maySeeBudget): an overrun one only to who may. */
export const visibleBudgets = (actor: BudgetActor): SQL | undefined => {
  if (maySeeBudget(actor, { owner_id: null, overrun: true })) return undefined
  return or(eq(budgets.owner_id, actor.id), sql`not (${overrun()})`)
}

export const balanceOf = (b: Row) => ({
  amount: Number(b.amount),
  reserved: Number(b.reserved),
  committed: Number(b.committed),
  actual: Number(b.actual),
})

/** A budget as its pages and lists show it: amounts as decimal strings in the default currency. */
/** The key as people read it: company, department and codes, the parts it names. */
const keyLabel = (b: Row, names: { company: string | null; department: string | null }) =>
  [names.company, names.department, b.allocation1, b.allocation2, b.allocation3, b.allocation4]
    .filter((part): part is string => part !== null && part !== '')
    .join(' / ')

type Names = {
  period: string | null
  owner: string | null
  company: string | null
  department: string | null
}

export const view = (b: Row, decimals: number, currency: string, names: Names, factor = dec(1)) => {
  const { period, owner } = names
  // In the default currency: integers to text; another (a converted view): its rate applies.
  const money = factor.equals(1)
    ? (units: number) => unitsText(units, decimals)
    : (units: number) => toAmountString(fromUnits(units).times(factor), decimals)
  const balance = balanceOf(b)
  return {
    id: b.id,
    fiscal_period_id: b.fiscal_period_id,
    fiscal_period: period,
    company_id: b.company_id,
    department_id: b.department_id,
    allocation1: b.allocation1,
    allocation2: b.allocation2,
    allocation3: b.allocation3,
    allocation4: b.allocation4,
    key: keyLabel(b, names),
    label: b.label,
    tag: b.tag,
    overrun_action: b.overrun_action,
    owner_id: b.owner_id,
    owner: owner,
    currency_code: currency,
    amount: money(balance.amount),
    copied_forecast_amount: b.copied_forecast_amount,
    last_validated_amount: b.last_validated_amount,
    reserved: money(balance.reserved),
    committed: money(balance.committed),
    actual: money(balance.actual),
    available: money(available(balance)),
    overrun: available(balance) < 0,
  }
}

/**
 * A budget with the names its page and list show (a function: the tables are the engine's,
 * bound at start, never captured at import).
 */
export const named = () => ({
  budget: budgets,
  period: fiscalPeriods.label,
  owner: users.label,
  company: companies.label,
  department: departments.label,
})

export const defaultCurrency = async (db: DbOrTx) =>
  // Reference data: from the request's cache while the reference version holds.
  (
    await cachedReference(db, 'default-currency', () =>
      db
        .select({ code: currencies.code })
        .from(currencies)
        .where(eq(currencies.is_default, true))
        .then(first),
    )
  )?.code ?? 'EUR'

export const loadBudget = (db: DbOrTx, id: number) =>
  db.select().from(budgets).where(eq(budgets.id, id)).then(first)

/**
 * The budget's actions policy for one person, with what it reads besides the budget: how many
 * moves it holds (a budget in use is not deleted).
 */
export const budgetDecisions = async (db: DbOrTx, actor: BudgetActor, row: Row) => {
  const moves = await db
    .select({ n: count() })
    .from(budgetMoves)
    .where(eq(budgetMoves.budget_id, row.id))
    .then((r) => Number(r[0]?.n ?? 0))
  return allowedBudgetActions(actor, { name: budgetName(row), moves })
}
