import {
  available,
  type BudgetActor,
  BudgetInputSchema,
  budgetTaxFactor,
  canViewBudgets,
  checkCanManageBudgets,
  fromUnits,
  GenerateBudgetsSchema,
  generatedAmount,
  generationBase,
  keyText,
  maySeeBudget,
  OVERRUN_ACTION_LABELS,
  OVERRUN_ACTIONS,
  toUnits,
  UNITS,
} from '@procura/core/budget'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { listFilter, parseListQuery } from '@procura/core/list'
import { Dec, dec, toAmountString } from '@procura/core/money'
import { err, ok, type Result } from '@procura/core/result'
import { tracePage } from '@procura/core/trace'
import { and, asc, count, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import { everyWord, likeCi } from '../../db/portable-sql'
import {
  allocations,
  budgetMoves,
  budgets,
  companies,
  currencies,
  departments,
  expenseReports,
  fiscalPeriods,
  needs,
  paymentLines,
  purchaseOrders,
  supplierInvoices,
  users,
} from '../../db/schema'
import { uniqueViolationError } from '../../db/unique'
import { readPage } from '../list-page'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { allocationIssues, budgetName } from './ledger'

type Deps = { db: Db; clock: Clock }
type Row = typeof budgets.$inferSelect

export const BUDGET_SORTS = ['key', 'amount', 'available'] as const
export const BUDGET_FILTER_KINDS = {
  fiscal_period_id: listFilter.id(),
  overrun_action: listFilter.oneOf(OVERRUN_ACTIONS),
  department_id: listFilter.id(),
  available_min: listFilter.decimal(),
  available_max: listFilter.decimal(),
}
export const BUDGET_QUERY_FILTERS = Object.keys(BUDGET_FILTER_KINDS)

const availableUnits = () =>
  sql<number>`(${budgets.amount} - ${budgets.reserved} - ${budgets.committed} - ${budgets.actual})`
const overrun = () => sql`${availableUnits()} < 0`

/** The budgets this reader may see, as SQL (core maySeeBudget): an overrun one only to who may. */
const visibleBudgets = (actor: BudgetActor): SQL | undefined => {
  if (maySeeBudget(actor, { owner_id: null, overrun: true })) return undefined
  return or(eq(budgets.owner_id, actor.id), sql`not (${overrun()})`)
}

const balanceOf = (b: Row) => ({
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

const view = (b: Row, decimals: number, currency: string, names: Names, factor = dec(1)) => {
  const { period, owner } = names
  const money = (units: number) => toAmountString(fromUnits(units).times(factor), decimals)
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
const named = () => ({
  budget: budgets,
  period: fiscalPeriods.label,
  owner: users.label,
  company: companies.label,
  department: departments.label,
})

const defaultCurrency = async (db: DbOrTx) =>
  (
    await db
      .select({ code: currencies.code })
      .from(currencies)
      .where(eq(currencies.is_default, true))
      .then(first)
  )?.code ?? 'EUR'

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
        deps.db
          .select(named())
          .from(budgets)
          .innerJoin(fiscalPeriods, eq(fiscalPeriods.id, budgets.fiscal_period_id))
          .leftJoin(users, eq(users.id, budgets.owner_id))
          .leftJoin(companies, eq(companies.id, budgets.company_id))
          .leftJoin(departments, eq(departments.id, budgets.department_id))
          .where(slice.where)
          .orderBy(...slice.orderBy)
          .limit(slice.limit)
          .offset(slice.offset),
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

const loadBudget = (db: DbOrTx, id: number) => db.select().from(budgets).where(eq(budgets.id, id)).then(first)

/** GET /bwapi/budgets/{id}: a budget with what it holds and the documents that moved it. */
export const getBudget = async (deps: { db: Db }, actor: BudgetActor, id: number) => {
  const row = await deps.db
    .select(named())
    .from(budgets)
    .innerJoin(fiscalPeriods, eq(fiscalPeriods.id, budgets.fiscal_period_id))
    .leftJoin(users, eq(users.id, budgets.owner_id))
    .leftJoin(companies, eq(companies.id, budgets.company_id))
    .leftJoin(departments, eq(departments.id, budgets.department_id))
    .where(eq(budgets.id, id))
    .then(first)
  if (row === undefined || !canViewBudgets(actor)) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const balance = balanceOf(row.budget)
  if (!maySeeBudget(actor, { owner_id: row.budget.owner_id, overrun: available(balance) < 0 }))
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const [settings, currency, documents] = await Promise.all([
    loadSettings(deps.db),
    defaultCurrency(deps.db),
    budgetDocuments(deps.db, id),
  ])
  const decimals = settings.formats.decimals
  return ok({
    data: {
      ...view(row.budget, decimals, currency, row),
      documents: documents.map((d) => ({ ...d, amount: toAmountString(fromUnits(d.units), decimals) })),
    },
  })
}

/**
 * The drill-down: per document, what it holds now in the budget (its moves summed by kind), with
 * its number and page; documents whose moves cancel out are left out.
 */
const budgetDocuments = async (db: DbOrTx, budgetId: number) => {
  // A reservation is its request's, even once an order released it (then it nets to nothing).
  const model = sql<string>`case when ${budgetMoves.expense_report_id} is not null then 'expense_report' when ${budgetMoves.invoice_id} is not null then 'supplier_invoice' when ${budgetMoves.kind} = 'reservation' then 'need' when ${budgetMoves.order_id} is not null then 'purchase_order' else 'need' end`
  const documentId = sql<number>`case when ${budgetMoves.expense_report_id} is not null then ${budgetMoves.expense_report_id} when ${budgetMoves.invoice_id} is not null then ${budgetMoves.invoice_id} when ${budgetMoves.kind} = 'reservation' then ${budgetMoves.need_id} else coalesce(${budgetMoves.order_id}, ${budgetMoves.need_id}) end`
  const rows = await db
    .select({ model, id: documentId, kind: budgetMoves.kind, units: sql<string>`sum(${budgetMoves.units})` })
    .from(budgetMoves)
    .where(eq(budgetMoves.budget_id, budgetId))
    .groupBy(model, documentId, budgetMoves.kind)
  const held = rows
    .map((r) => ({ model: r.model, id: Number(r.id), kind: r.kind, units: Number(r.units) }))
    .filter((r) => r.units !== 0)
  // Each document's number, read from its own table; its page as the traces name it.
  const tables = {
    need: needs,
    purchase_order: purchaseOrders,
    supplier_invoice: supplierInvoices,
    expense_report: expenseReports,
  }
  const codes = new Map<string, string>()
  for (const [model, table] of Object.entries(tables)) {
    const ids = held.filter((r) => r.model === model).map((r) => r.id)
    if (ids.length === 0) continue
    for (const row of await db
      .select({ id: table.id, code: table.code })
      .from(table)
      .where(inArray(table.id, ids)))
      codes.set(`${model}|${row.id}`, row.code)
  }
  return held.map((r) => ({
    model: r.model,
    id: r.id,
    code: codes.get(`${r.model}|${r.id}`) ?? String(r.id),
    kind: r.kind,
    units: r.units,
    page: tracePage(r.model, String(r.id)) ?? '/',
  }))
}

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
  const allowed = checkCanManageBudgets(actor)
  if (!allowed.ok) return allowed
  const existing = id === null ? undefined : await loadBudget(deps.db, id)
  if (id !== null && existing === undefined) return err({ code: 'ITEM_NOT_FOUND' })
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
  const allowed = checkCanManageBudgets(actor)
  if (!allowed.ok) return allowed
  const row = await loadBudget(deps.db, id)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const moved = await deps.db
    .select({ n: count() })
    .from(budgetMoves)
    .where(eq(budgetMoves.budget_id, id))
    .then((r) => Number(r[0]?.n ?? 0))
  if (moved > 0)
    return err({ code: 'BUDGET_IN_USE', params: { budget: budgetName(row), count: moved } } as DomainError)
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
 * GET /bwapi/budgets/analysis?fiscal_period_id=: each budget the reader may see against what holds
 * it — reserved, committed, invoiced and, of what was invoiced, what was paid (each invoice's
 * share in the budget times the part of the invoice paid) — with the totals. The period is the
 * one asked, else the one holding today, else the latest.
 */
type Analysis = {
  data: {
    fiscal_period: { id: number; label: string; starts_on: string; ends_on: string } | null
    fiscal_periods: { id: number; label: string }[]
    currency_code: string
    rows: (ReturnType<typeof view> & { paid: string; consumed_percent: number | null; link: string })[]
    totals: Record<'amount' | 'reserved' | 'committed' | 'actual' | 'paid' | 'available', string> | null
  }
}

export const budgetAnalysis = async (
  deps: { db: Db; clock: Clock },
  actor: BudgetActor,
  query: Record<string, string | undefined>,
): Promise<Result<Analysis, DomainError>> => {
  if (!canViewBudgets(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  const periods = await deps.db.select().from(fiscalPeriods).orderBy(desc(fiscalPeriods.starts_on))
  const today = deps.clock.now().toISOString().slice(0, 10)
  const asked = query.fiscal_period_id === undefined ? null : Number(query.fiscal_period_id)
  if (asked !== null && !periods.some((p) => p.id === asked))
    return err(formError({ fiscal_period_id: [{ code: 'NOT_IN_LIST' }] }))
  const period =
    periods.find((p) => p.id === asked) ??
    periods.find((p) => p.starts_on <= today && today <= p.ends_on) ??
    periods[0]
  const [settings, currency] = await Promise.all([loadSettings(deps.db), defaultCurrency(deps.db)])
  const decimals = settings.formats.decimals
  if (period === undefined)
    return ok({
      data: { fiscal_period: null, fiscal_periods: [], currency_code: currency, rows: [], totals: null },
    })
  const rows = await deps.db
    .select(named())
    .from(budgets)
    .innerJoin(fiscalPeriods, eq(fiscalPeriods.id, budgets.fiscal_period_id))
    .leftJoin(users, eq(users.id, budgets.owner_id))
    .leftJoin(companies, eq(companies.id, budgets.company_id))
    .leftJoin(departments, eq(departments.id, budgets.department_id))
    .where(and(eq(budgets.fiscal_period_id, period.id), visibleBudgets(actor)))
    .orderBy(asc(budgets.key))
  const ids = rows.map((r) => r.budget.id)
  // What each invoice spent in each budget, and how much of each invoice was paid.
  const spent =
    ids.length === 0
      ? []
      : await deps.db
          .select({
            budget_id: budgetMoves.budget_id,
            invoice_id: budgetMoves.invoice_id,
            units: sql<string>`sum(${budgetMoves.units})`,
          })
          .from(budgetMoves)
          .where(and(inArray(budgetMoves.budget_id, ids), eq(budgetMoves.kind, 'actual')))
          .groupBy(budgetMoves.budget_id, budgetMoves.invoice_id)
  const invoiceIds = [...new Set(spent.flatMap((s) => (s.invoice_id === null ? [] : [s.invoice_id])))]
  const [invoiceRows, paidRows] =
    invoiceIds.length === 0
      ? [[], []]
      : await Promise.all([
          deps.db
            .select({ id: supplierInvoices.id, total: supplierInvoices.amount_inctax })
            .from(supplierInvoices)
            .where(inArray(supplierInvoices.id, invoiceIds)),
          deps.db
            .select({ id: paymentLines.supplier_invoice_id, amount: paymentLines.amount_inctax })
            .from(paymentLines)
            .where(
              and(inArray(paymentLines.supplier_invoice_id, invoiceIds), eq(paymentLines.status, 'paid')),
            ),
        ])
  const share = new Map(
    invoiceRows.map((i) => {
      const paid = paidRows.filter((p) => p.id === i.id).reduce((sum, p) => sum.plus(dec(p.amount)), dec(0))
      const total = dec(i.total)
      return [i.id, total.isZero() ? dec(0) : Dec.min(paid.div(total), 1)] as const
    }),
  )
  const paidUnits = (budgetId: number) =>
    spent
      .filter((s) => s.budget_id === budgetId && s.invoice_id !== null)
      .reduce((sum, s) => sum.plus(dec(String(s.units)).times(share.get(s.invoice_id ?? 0) ?? 0)), dec(0))
  // Kept excluding tax; read including it at the budget VAT rate when asked (?with_tax=1).
  const withTax = query.with_tax === '1'
  const factor = budgetTaxFactor(settings.prices.budget_vat_rate, withTax)
  const money = (units: ReturnType<typeof dec>) => toAmountString(units.div(UNITS).times(factor), decimals)
  const data = rows.map((r) => {
    const v = view(r.budget, decimals, currency, r, factor)
    const paid = paidUnits(r.budget.id)
    const held = Number(r.budget.reserved) + Number(r.budget.committed) + Number(r.budget.actual)
    return {
      ...v,
      paid: money(paid),
      consumed_percent:
        Number(r.budget.amount) === 0 ? null : Math.round((held / Number(r.budget.amount)) * 1000) / 10,
      link: `/budgets/${r.budget.id}`,
    }
  })
  const total = (pick: (b: Row) => number) => money(dec(rows.reduce((sum, r) => sum + pick(r.budget), 0)))
  return ok({
    data: {
      fiscal_period: {
        id: period.id,
        label: period.label,
        starts_on: period.starts_on,
        ends_on: period.ends_on,
      },
      fiscal_periods: periods.map((p) => ({ id: p.id, label: p.label })),
      currency_code: currency,
      rows: data,
      totals: {
        amount: total((b) => Number(b.amount)),
        reserved: total((b) => Number(b.reserved)),
        committed: total((b) => Number(b.committed)),
        actual: total((b) => Number(b.actual)),
        paid: money(rows.reduce((sum, r) => sum.plus(paidUnits(r.budget.id)), dec(0))),
        available: total((b) => available(balanceOf(b))),
      },
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
