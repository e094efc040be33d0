import type { Actor } from '@procura/core/auth'
import { can } from '@procura/core/auth'
import {
  budgetDisagreements,
  countDisagreements,
  type Disagreement,
  ORDER_LINE_SUMS,
  orderDisagreements,
} from '@procura/core/data-check'
import { err, ok } from '@procura/core/result'
import { asc, count, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { budgetMoves, budgets, orderSums, purchaseOrderLines, purchaseOrders } from '../db/schema'

/** One document (or sum) whose figures do not agree, with each figure at fault. */
export type DataProblem = {
  check: 'order_totals' | 'budget_balances' | 'order_counts'
  /** What it is about: the order's code and version, the budget's key, "dashboard". */
  subject: string
  /** The app's page of it, when it has one. */
  link: string | null
  disagreements: Disagreement[]
}

const PAGE = 500

/** Rows by a key (Map.groupBy comes with Node 21). */
const groupBy = <T, K>(rows: readonly T[], key: (row: T) => K) => {
  const groups = new Map<K, T[]>()
  for (const row of rows) {
    const group = groups.get(key(row))
    if (group === undefined) groups.set(key(row), [row])
    else group.push(row)
  }
  return groups
}
/** Problems listed at most (the counts cover every document checked). */
const MAX_PROBLEMS = 500

/** Every order against its lines, by pages of ids. */
const orderProblems = async (db: Db, problems: DataProblem[]) => {
  let lastId = 0
  let checked = 0
  for (;;) {
    const orders = await db
      .select({
        id: purchaseOrders.id,
        code: purchaseOrders.code,
        version: purchaseOrders.version,
        amount_tax: purchaseOrders.amount_tax,
        amount_inctax: purchaseOrders.amount_inctax,
        ...Object.fromEntries(ORDER_LINE_SUMS.map((f) => [f, purchaseOrders[f]])),
      })
      .from(purchaseOrders)
      .where(gt(purchaseOrders.id, lastId))
      .orderBy(asc(purchaseOrders.id))
      .limit(PAGE)
    if (orders.length === 0) return checked
    lastId = orders[orders.length - 1]?.id ?? lastId
    checked += orders.length
    const lines = await db
      .select({
        order_id: purchaseOrderLines.purchase_order_id,
        ...Object.fromEntries(ORDER_LINE_SUMS.map((f) => [f, purchaseOrderLines[f]])),
      })
      .from(purchaseOrderLines)
      .where(
        inArray(
          purchaseOrderLines.purchase_order_id,
          orders.map((o) => o.id),
        ),
      )
    const byOrder = groupBy(lines as { order_id: number; [k: string]: string | number }[], (l) => l.order_id)
    for (const order of orders as ((typeof orders)[number] & Record<string, string>)[]) {
      const found = orderDisagreements(order, byOrder.get(order.id) ?? [])
      if (found.length > 0 && problems.length < MAX_PROBLEMS)
        problems.push({
          check: 'order_totals',
          subject: `${order.code} v${order.version}`,
          link: `/purchase-orders/${order.id}`,
          disagreements: found,
        })
    }
  }
}

/** Every budget's kept balances against its ledger. */
const budgetProblems = async (db: Db, problems: DataProblem[]) => {
  const rows = await db
    .select({
      id: budgets.id,
      key: budgets.key,
      reserved: budgets.reserved,
      committed: budgets.committed,
      actual: budgets.actual,
    })
    .from(budgets)
  const moves = await db
    .select({
      budget_id: budgetMoves.budget_id,
      kind: budgetMoves.kind,
      units: sql<number>`sum(${budgetMoves.units})`.mapWith(Number),
    })
    .from(budgetMoves)
    .groupBy(budgetMoves.budget_id, budgetMoves.kind)
  const byBudget = groupBy(moves, (m) => m.budget_id)
  for (const budget of rows) {
    const found = budgetDisagreements(budget, byBudget.get(budget.id) ?? [])
    if (found.length > 0 && problems.length < MAX_PROBLEMS)
      problems.push({
        check: 'budget_balances',
        subject: budget.key,
        link: `/budgets/${budget.id}`,
        disagreements: found,
      })
  }
  return rows.length
}

/** The dashboard's kept sums (database triggers) against the orders counted by status. */
const countProblems = async (db: Db, problems: DataProblem[]) => {
  const [kept, counted] = await Promise.all([
    db
      .select({ status: orderSums.status, n: sql<number>`sum(${orderSums.orders})`.mapWith(Number) })
      .from(orderSums)
      .groupBy(orderSums.status),
    db
      .select({ status: purchaseOrders.status, n: count() })
      .from(purchaseOrders)
      .groupBy(purchaseOrders.status),
  ])
  const found = countDisagreements(
    Object.fromEntries(kept.filter((r) => r.n !== 0).map((r) => [r.status, r.n])),
    Object.fromEntries(counted.map((r) => [r.status, Number(r.n)])),
  )
  if (found.length > 0)
    problems.push({ check: 'order_counts', subject: 'dashboard', link: '/', disagreements: found })
}

/**
 * GET /bwapi/maintenance/data-check: the totals that must agree (core/data-check), every order,
 * budget and the dashboard's sums read; what does not agree is listed, nothing is changed.
 */
export const runDataCheck = async (db: Db, actor: Actor) => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' } as const)
  const problems: DataProblem[] = []
  const orders = await orderProblems(db, problems)
  const budgetCount = await budgetProblems(db, problems)
  await countProblems(db, problems)
  return ok({ data: { checked: { orders, budgets: budgetCount }, problems } })
}
