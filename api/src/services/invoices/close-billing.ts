import type { DomainError } from '@procura/core/errors'
import { type BillingStatus, closeBilling, orderBillingStatus } from '@procura/core/invoice'
import { guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { and, eq } from 'drizzle-orm'
import { purchaseOrderLines, purchaseOrders } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { releaseOrderBudgets } from '../budgets/documents'
import { receivingDecisions } from '../deliveries/receive'
import { findVisibleOrder } from '../purchase-orders/order-read'
import type { OrderDeps } from '../purchase-orders/orders'
import { writeTrace } from '../trace'

/**
 * POST /bwapi/purchase-orders/{id}/close-billing {confirm}: the buyer closes an order's billing —
 * the supplier will not invoice the rest; lines billed short (or not at all) become complete_less.
 * Definitive, so it asks for confirmation (BILLING_CLOSE_CONFIRMATION_REQUIRED).
 */
export const closeOrderBilling = async (
  deps: OrderDeps,
  actor: OrderActor,
  orderId: number,
  input: { confirm?: boolean },
): Promise<Result<{ data: { id: number; billing_status: BillingStatus } }, DomainError>> => {
  const row = await findVisibleOrder(deps.db, actor, orderId, deps.clock.now())
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const allowed = guard(await receivingDecisions(deps, actor, row), 'close_billing')
  if (!allowed.ok) return allowed
  const lines = await deps.db
    .select({ id: purchaseOrderLines.id, status: purchaseOrderLines.billing_status })
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.purchase_order_id, orderId))
  const closed = closeBilling(lines.map((l) => l.status as BillingStatus))
  if (!closed.ok) return closed
  if (input.confirm !== true) return err({ code: 'BILLING_CLOSE_CONFIRMATION_REQUIRED' })
  const status = orderBillingStatus(closed.value)
  const done = await writeOrRefuse(deps.db, async (tx) => {
    const now = deps.clock.now()
    const applied = await tx
      .update(purchaseOrders)
      .set({ billing_status: status, lock_version: row.lock_version + 1, updated_at: now })
      .where(and(eq(purchaseOrders.id, orderId), eq(purchaseOrders.lock_version, row.lock_version)))
      .returning({ id: purchaseOrders.id })
    if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    // Billed short for good: what the order still commits in its budgets is released.
    const released = await releaseOrderBudgets(tx, orderId, { now, user_id: actor.id })
    if (!released.ok) return released
    for (const [i, line] of lines.entries())
      await tx
        .update(purchaseOrderLines)
        .set({ billing_status: closed.value[i] })
        .where(eq(purchaseOrderLines.id, line.id))
    await writeTrace(tx, deps.clock, {
      action: 'close_billing',
      message: `Order ${row.code}: billing closed (${status})`,
      model: 'purchase_order',
      model_id: orderId,
      user_id: actor.id,
      severity: 'warning',
    })
    return ok(undefined)
  })
  return done.ok ? ok({ data: { id: orderId, billing_status: status } }) : done
}
