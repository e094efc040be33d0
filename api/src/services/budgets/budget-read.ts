/** Reading one budget with what it holds and the documents behind it. */
import { available, type BudgetActor, canViewBudgets, fromUnits, maySeeBudget } from '@procura/core/budget'
import type { DomainError } from '@procura/core/errors'
import { toAmountString } from '@procura/core/money'
import { actionsAnswerOf } from '@procura/core/policy'
import { err, ok } from '@procura/core/result'
import { tracePage } from '@procura/core/trace'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import {
  budgetMoves,
  budgets,
  companies,
  departments,
  expenseReports,
  fiscalPeriods,
  needs,
  purchaseOrders,
  supplierInvoices,
  users,
} from '../../db/schema'
import { loadSettings } from '../settings'
import { balanceOf, budgetDecisions, defaultCurrency, named, view } from './budgets'

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
      ...actionsAnswerOf(await budgetDecisions(deps.db, actor, row.budget)),
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
