import {
  AllocationAnswerSchema,
  type AllocationInput,
  AllocationInputSchema,
  canManageBudgets,
  FiscalPeriodInputSchema,
  mayUseProject,
  overlaps,
  type UsableAllocations,
} from '@procura/core/budget'
import { asc, count, eq, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import { allocations, budgets, fiscalPeriods, userAuthorizations } from '../../db/schema'
import { type ReferenceTable, stamped } from '../reference-table'
import { loadSettings } from '../settings'

const budgetsOf = async (db: DbOrTx, level: number, code: string) =>
  (
    await db
      .select({ n: count() })
      .from(budgets)
      .where(eq(budgets[`allocation${level as 1 | 2 | 3 | 4}`], code))
  )[0]?.n ?? 0

/**
 * Allocation codes of the four levels (GET/POST /bwapi/allocations, PUT/DELETE /{id}): a code is
 * unique in its level, under a code of the level above when it has a parent; disabled rather than
 * deleted once a budget or a code below uses it.
 */
export const ALLOCATIONS: ReferenceTable<typeof AllocationInputSchema> = {
  model: 'allocation',
  table: () => allocations,
  schema: AllocationInputSchema,
  answer: AllocationAnswerSchema,
  may: canManageBudgets,
  stamp: stamped,
  active: () => allocations.active,
  filters: { level: () => allocations.level },
  check: async (db, input: AllocationInput) => {
    if (input.parent_id === null) return null
    const parent = await db.select().from(allocations).where(eq(allocations.id, input.parent_id)).then(first)
    if (parent === undefined) return { parent_id: [{ code: 'NOT_IN_LIST' }] }
    if (parent.level !== input.level - 1) return { parent_id: [{ code: 'ALLOCATION_PARENT_LEVEL' }] }
    return null
  },
  inUse: async (db, row) => {
    const code = String(row.code)
    const n =
      Number(await budgetsOf(db, Number(row.level), code)) +
      Number(
        (await db.select({ n: count() }).from(allocations).where(eq(allocations.parent_id, row.id)))[0]?.n ??
          0,
      )
    return n === 0 ? null : { code: 'ALLOCATION_IN_USE', params: { code, count: n } }
  },
}

/**
 * Fiscal periods (GET/POST /bwapi/fiscal-periods, PUT/DELETE /{id}): they never overlap, so a day
 * belongs to one period; a period with budgets is not deleted.
 */
export const FISCAL_PERIODS: ReferenceTable<typeof FiscalPeriodInputSchema> = {
  model: 'fiscal_period',
  table: () => fiscalPeriods,
  schema: FiscalPeriodInputSchema,
  may: canManageBudgets,
  stamp: stamped,
  active: () => fiscalPeriods.active,
  check: async (db, input, id) => {
    const others = await db
      .select()
      .from(fiscalPeriods)
      .where(id === null ? undefined : ne(fiscalPeriods.id, id))
    const clash = others.find((p) => overlaps(p, input))
    return clash === undefined
      ? null
      : { starts_on: [{ code: 'FISCAL_PERIOD_OVERLAP', params: { period: clash.label } }] }
  },
  inUse: async (db, row) => {
    const n = Number(
      (await db.select({ n: count() }).from(budgets).where(eq(budgets.fiscal_period_id, row.id)))[0]?.n ?? 0,
    )
    return n === 0 ? null : { code: 'FISCAL_PERIOD_IN_USE', params: { period: String(row.label), count: n } }
  },
}

/** The most codes of one level offered on a line (a bigger plan is typed, and checked as always). */
const USABLE_PER_LEVEL = 1000

/**
 * GET /bwapi/allocation-codes: the levels whose list holds codes (the others are free text, as the
 * save checks them: ledger unknownCodes), and the active codes of each, by code, that this user may
 * put on a line; projects (level 1) only those its authorizations allow when the instance checks
 * code rights (core mayUseProject, the rule the save applies).
 */
export const usableAllocations = async (db: DbOrTx, actor: { id: number }): Promise<UsableAllocations> => {
  const [administered, rows, settings, authorizations] = await Promise.all([
    db.selectDistinct({ level: allocations.level }).from(allocations).orderBy(asc(allocations.level)),
    db
      .select({ level: allocations.level, code: allocations.code, label: allocations.label })
      .from(allocations)
      .where(eq(allocations.active, true))
      .orderBy(asc(allocations.level), asc(allocations.code)),
    loadSettings(db),
    db
      .select({
        dimension: userAuthorizations.dimension,
        value_code: userAuthorizations.value_code,
        access: userAuthorizations.access,
      })
      .from(userAuthorizations)
      .where(eq(userAuthorizations.user_id, actor.id)),
  ])
  const checked = settings.allocations.check_code_rights
  const kept = new Map<number, number>()
  return {
    administered: administered.map((a) => a.level),
    codes: rows.filter((row) => {
      if (row.level === 1 && checked && !mayUseProject(authorizations, row.code)) return false
      const n = kept.get(row.level) ?? 0
      kept.set(row.level, n + 1)
      return n < USABLE_PER_LEVEL
    }),
  }
}
