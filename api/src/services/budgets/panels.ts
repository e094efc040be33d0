import { available, type BudgetActor, canViewBudgets, fromUnits, maySeeBudget } from '@procura/core/budget'
import { isoDateIn } from '@procura/core/calendar'
import type { DomainError } from '@procura/core/errors'
import { toAmountString } from '@procura/core/money'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { budgetMoves, currencies, needLines, purchaseOrderLines } from '../../db/schema'
import { findVisibleNeed } from '../needs/needs'
import { findVisibleOrder } from '../purchase-orders/order-read'
import { loadSettings } from '../settings'
import { type BudgetLine, budgetName, budgetsOn, budgetTaking, lineKey } from './ledger'

type Deps = { db: Db; clock: Clock }
type Panel = {
  data: {
    id: number
    budget: string
    overrun_action: string
    amount: string
    available: string
    /** What the document's lines take of it (at its validation, or were it validated today). */
    takes: string
    /** What the document holds in it now (the ledger's moves of the document). */
    holds: string
    /** What would be left once the document holds all it takes. */
    after: string
    link: string
  }[]
}

/**
 * The budgets a document's lines fall in, for the budget panel of its page: each budget's amount
 * and what is left, what the document takes and already holds, and what would be left after it —
 * what an approver reads before deciding. Only the budgets the reader may see.
 */
const panel = async (
  deps: Deps,
  actor: BudgetActor,
  day: string,
  lines: readonly BudgetLine[],
  held: (budgetIds: number[]) => Promise<Map<number, number>>,
): Promise<Result<Panel, DomainError>> => {
  if (!canViewBudgets(actor)) return ok({ data: [] })
  const taking = await budgetTaking(deps.db, day, lines)
  if (!taking.ok) return taking
  const ids = [...taking.value.taken.keys()]
  if (ids.length === 0) return ok({ data: [] })
  const [rows, holds, settings] = await Promise.all([
    budgetsOn(deps.db, day),
    held(ids),
    loadSettings(deps.db),
  ])
  const money = (units: number) => toAmountString(fromUnits(units), settings.formats.decimals)
  return ok({
    data: rows
      .filter((b) => ids.includes(b.id))
      .map((b) => {
        const balance = {
          amount: Number(b.amount),
          reserved: Number(b.reserved),
          committed: Number(b.committed),
          actual: Number(b.actual),
        }
        return { b, left: available(balance) }
      })
      .filter(({ b, left }) => maySeeBudget(actor, { owner_id: b.owner_id, overrun: left < 0 }))
      .map(({ b, left }) => {
        const takes = taking.value.taken.get(b.id) ?? 0
        const holding = holds.get(b.id) ?? 0
        return {
          id: b.id,
          budget: budgetName(b),
          overrun_action: b.overrun_action,
          amount: money(Number(b.amount)),
          available: money(left),
          takes: money(takes),
          holds: money(holding),
          after: money(left - Math.max(takes - holding, 0)),
          link: `/budgets/${b.id}`,
        }
      }),
  })
}

const heldBy = (deps: Deps, which: 'order_id' | 'need_id') => async (documentId: number, ids: number[]) =>
  new Map(
    (
      await deps.db
        .select({ budget_id: budgetMoves.budget_id, units: sql<string>`sum(${budgetMoves.units})` })
        .from(budgetMoves)
        .where(and(eq(budgetMoves[which], documentId), inArray(budgetMoves.budget_id, ids)))
        .groupBy(budgetMoves.budget_id)
    ).map((r) => [r.budget_id, Number(r.units)] as const),
  )

/** GET /bwapi/purchase-orders/{id}/budgets: the order's budget panel. */
export const orderBudgetPanel = async (deps: Deps, actor: OrderActor & BudgetActor, id: number) => {
  const order = await findVisibleOrder(deps.db, actor, id, deps.clock.now())
  if (order === undefined) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const lines = await deps.db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.purchase_order_id, id))
  return panel(
    deps,
    actor,
    isoDateIn(order.validated_at ?? deps.clock.now()),
    lines.map((l) => ({ key: lineKey(order, l), amount: l.amount_exctax, currency: order.currency_code })),
    (ids) => heldBy(deps, 'order_id')(id, ids),
  )
}

/** GET /bwapi/needs/{id}/budgets: the request's budget panel (what its approver reads). */
export const needBudgetPanel = async (deps: Deps, actor: OrderActor & BudgetActor, id: number) => {
  const need = await findVisibleNeed(deps.db, actor, id)
  if (need === undefined) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const [lines, base] = await Promise.all([
    deps.db.select().from(needLines).where(eq(needLines.need_id, id)),
    deps.db.select({ code: currencies.code }).from(currencies).where(eq(currencies.is_default, true)),
  ])
  return panel(
    deps,
    actor,
    isoDateIn(deps.clock.now()),
    lines.map((l) => ({ key: lineKey({}, l), amount: l.amount_exctax, currency: base[0]?.code ?? '' })),
    async (ids) => {
      // What the request reserves, net of what its order released.
      const held = await heldBy(deps, 'need_id')(id, ids)
      return new Map([...held].filter(([, units]) => units > 0))
    },
  )
}
