/** The budgets list. */
import {
  type BudgetActor,
  canViewBudgets,
  OVERRUN_ACTION_LABELS,
  OVERRUN_ACTIONS,
  toUnits,
} from '@procura/core/budget'
import type { DomainError } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { listFilter, parseListQuery } from '@procura/core/list'
import { err, ok } from '@procura/core/result'
import { and, asc, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db'
import { everyWord, likeCi } from '../../db/portable-sql'
import { budgets, companies, departments, fiscalPeriods, users } from '../../db/schema'
import { inSlice, readPage } from '../list-page'
import { loadSettings } from '../settings'
import { availableUnits, defaultCurrency, named, view, visibleBudgets } from './budgets'

export const BUDGET_SORTS = ['key', 'amount', 'available'] as const
export const BUDGET_FILTER_KINDS = {
  fiscal_period_id: listFilter.id(),
  overrun_action: listFilter.oneOf(OVERRUN_ACTIONS),
  department_id: listFilter.id(),
  available_min: listFilter.decimal(),
  available_max: listFilter.decimal(),
}
export const BUDGET_QUERY_FILTERS = Object.keys(BUDGET_FILTER_KINDS)

/** GET /bwapi/budgets: paged, sorted, searched (key, label, tag) and filtered; each with what it holds. */
export const listBudgets = async (
  deps: { db: Db },
  actor: BudgetActor,
  query: Record<string, string | undefined>,
  options: { count?: boolean } = {},
) => {
  if (!canViewBudgets(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  const parsed = parseListQuery(query, {
    sortable: BUDGET_SORTS,
    defaultSort: 'key',
    defaultDirection: 'asc',
    filters: BUDGET_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const f = q.filters
  const where: (SQL | undefined)[] = [visibleBudgets(actor)]
  where.push(
    everyWord(q.search, (pattern) =>
      or(likeCi(budgets.key, pattern), likeCi(budgets.label, pattern), likeCi(budgets.tag, pattern)),
    ),
  )
  if (f.fiscal_period_id !== undefined) where.push(eq(budgets.fiscal_period_id, f.fiscal_period_id))
  if (f.overrun_action !== undefined) where.push(eq(budgets.overrun_action, f.overrun_action))
  if (f.department_id !== undefined) where.push(eq(budgets.department_id, f.department_id))
  if (f.available_min !== undefined) where.push(gte(availableUnits(), toUnits(f.available_min)))
  if (f.available_max !== undefined) where.push(lte(availableUnits(), toUnits(f.available_max)))
  const [page, settings, currency] = await Promise.all([
    readPage(deps.db, q, {
      table: budgets,
      id: budgets.id,
      idDirection: 'asc',
      where: and(...where),
      sort: { by: q.sort === 'available' ? availableUnits() : budgets[q.sort] },
      counted: options.count !== false,
      rows: (slice) =>
        inSlice(
          deps.db
            .select(named())
            .from(budgets)
            .innerJoin(fiscalPeriods, eq(fiscalPeriods.id, budgets.fiscal_period_id))
            .leftJoin(users, eq(users.id, budgets.owner_id))
            .leftJoin(companies, eq(companies.id, budgets.company_id))
            .leftJoin(departments, eq(departments.id, budgets.department_id))
            .$dynamic(),
          slice,
        ),
    }),
    loadSettings(deps.db),
    defaultCurrency(deps.db),
  ])
  if (!page.ok) return page
  const rows = page.value.rows
  const decimals = settings.formats.decimals
  return ok({
    data: rows.map((r) => view(r.budget, decimals, currency, r)),
    meta: page.value.meta,
  })
}

/** GET /bwapi/budgets/filter-list/{field}: periods, overrun actions, departments. */
export const budgetFilterOptions = async (db: Db, actor: BudgetActor, field: string, language: Language) => {
  if (!canViewBudgets(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  if (field === 'fiscal_period_id')
    return ok(
      (await db.select().from(fiscalPeriods).orderBy(desc(fiscalPeriods.starts_on))).map((p) => ({
        value: String(p.id),
        label: p.label,
      })),
    )
  if (field === 'overrun_action')
    return ok(OVERRUN_ACTIONS.map((a) => ({ value: a, label: OVERRUN_ACTION_LABELS[a][language] })))
  if (field === 'department_id')
    return ok(
      (await db.select().from(departments).orderBy(asc(departments.label))).map((d) => ({
        value: String(d.id),
        label: d.label,
      })),
    )
  return ok(null)
}
