import {
  allowedDeliveryActions,
  allowedReceivingActions,
  checkReservationWindow,
  type DeliveryDocStatus,
  type DeliveryKind,
  type DeliveryMove,
  type DeliveryOrderAccess,
  deliveryTransition,
  type OrderDeliveryStatus,
  type ReceivableLine,
  reservationDeadline,
} from '@procura/core/delivery'
import type { DomainError } from '@procura/core/errors'
import { type OrderActor, seesInternals } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import type { Settings } from '@procura/core/settings'
import { and, asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db'
import { first } from '../../db/first'
import { deliveries, deliveryLines, needs, purchaseOrderLines, type purchaseOrders } from '../../db/schema'
import { findVisibleOrder } from '../purchase-orders/order-read'
import type { OrderDeps } from '../purchase-orders/orders'
import { loadSettings } from '../settings'

export type DeliveryDeps = OrderDeps
export type OrderRow = typeof purchaseOrders.$inferSelect
export type OrderLineRow = typeof purchaseOrderLines.$inferSelect
export type DeliveryRow = typeof deliveries.$inferSelect
export type Answer<T> = Promise<Result<T, DomainError>>

export const receivableLine = (l: OrderLineRow): ReceivableLine => ({
  id: l.id,
  quantity: l.quantity,
  quantity_step: l.quantity_step,
  unit_price_exctax: l.unit_price_exctax,
  amount_exctax: l.amount_exctax,
  receipt_mode: l.receipt_mode,
  delivered_quantity: l.delivered_quantity,
  delivered_amount_exctax: l.delivered_amount_exctax,
  predelivered_quantity: l.predelivered_quantity,
  predelivered_amount_exctax: l.predelivered_amount_exctax,
})
export const receivableOrder = (row: OrderRow) => ({
  status: row.status,
  delivery_status: row.delivery_status as OrderDeliveryStatus,
  amount_exctax: row.amount_exctax,
})
export const limitsOf = (settings: Settings) => ({
  line_percent: settings.prices.delivery_line_deviation_percent,
  total_percent: settings.prices.delivery_total_deviation_percent,
})

/** Who may receive an order: its buyer, its supplier, whether it was sent, its requesters (technical recipients). */
export const deliveryAccessOf = async (db: Db | Tx, row: OrderRow): Promise<DeliveryOrderAccess> => ({
  buyer_id: row.buyer_id,
  supplier_id: row.supplier_id,
  sent: row.sent_at !== null,
  requester_ids: (
    await db.select({ id: needs.requester_id }).from(needs).where(eq(needs.purchase_order_id, row.id))
  ).map((r) => r.id),
})

export const orderLinesOf = (db: Db | Tx, orderId: number) =>
  db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.purchase_order_id, orderId))
    .orderBy(asc(purchaseOrderLines.position))

/** A delivery and its order if this user sees the order. */
export const findVisibleDelivery = async (deps: DeliveryDeps, actor: OrderActor, id: number) => {
  const delivery = await deps.db.select().from(deliveries).where(eq(deliveries.id, id)).limit(1).then(first)
  if (delivery === undefined) return undefined
  const order = await findVisibleOrder(deps.db, actor, delivery.purchase_order_id, deps.clock.now())
  if (order === undefined) return undefined
  // A supplier's contact sees the shipments it declared, not the organisation's receptions.
  if (!seesInternals(actor) && delivery.kind !== 'technical') return undefined
  return { delivery, order }
}

/** What core's delivery rules read of a delivery row. */
export const stateOfDelivery = (delivery: DeliveryRow) => ({
  kind: delivery.kind as DeliveryKind,
  status: delivery.status as DeliveryDocStatus,
  created_by: delivery.created_by,
})

/** The day reservations are checked against (the delivery note's window). */
export const today = (deps: DeliveryDeps) => deps.clock.now().toISOString().slice(0, 10)

/**
 * The delivery's actions policy for one person, with what it reads besides the delivery: who may
 * receive its order, the order's status, and the delivery note's reservation window.
 */
export const deliveryDecisions = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  delivery: DeliveryRow,
  order: OrderRow,
  access?: DeliveryOrderAccess,
) =>
  allowedDeliveryActions(
    actor,
    {
      ...stateOfDelivery(delivery),
      reservation_open: checkReservationWindow(delivery.delivery_date, today(deps)).ok,
      reservation_deadline: reservationDeadline(delivery.delivery_date),
    },
    { ...(access ?? (await deliveryAccessOf(deps.db, order))), status: order.status },
  )

/** A delivery's lines as planReceipt reads them (what to take back when it is cancelled). */
export const linesOf = async (db: Db | Tx, deliveryId: number) =>
  db.select().from(deliveryLines).where(eq(deliveryLines.delivery_id, deliveryId))

/** The delivery's status moves from what was read (two cancellations at once: one wins). */
export const moveStatus = async (
  tx: Tx,
  delivery: DeliveryRow,
  move: DeliveryMove,
  set: Partial<DeliveryRow>,
) => {
  const to = deliveryTransition(delivery.kind as DeliveryKind, delivery.status as DeliveryDocStatus, move)
  if (!to.ok) return to
  const moved = await tx
    .update(deliveries)
    .set({ ...set, status: to.value })
    .where(and(eq(deliveries.id, delivery.id), eq(deliveries.status, delivery.status)))
    .returning({ id: deliveries.id })
  return moved.length === 0 ? err({ code: 'DOCUMENT_CHANGED' } as DomainError) : ok(undefined)
}

/** The order's receiving policy for one person (core allowedReceivingActions), with the supplier-access setting. */
export const receivingDecisions = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  row: OrderRow,
  access?: DeliveryOrderAccess,
) =>
  allowedReceivingActions(
    actor,
    {
      ...(access ?? (await deliveryAccessOf(deps.db, row))),
      status: row.status,
      delivery_status: row.delivery_status as OrderDeliveryStatus,
      billing_status: row.billing_status,
    },
    (await loadSettings(deps.db)).customer.supplier_access,
  )
