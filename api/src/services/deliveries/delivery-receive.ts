/** Receiving an order: a delivery, everything that remains, or forcing it to complete. */
import {
  CreateDeliverySchema,
  checkForceComplete,
  type DeliveryDocStatus,
  type DeliveryOrderAccess,
  type OrderDeliveryStatus,
  type ReceiptLineInput,
  ReceiveAllSchema,
  receiptBalance,
} from '@procura/core/delivery'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { dec } from '@procura/core/money'
import { guard } from '@procura/core/policy'
import { type OrderActor, seesInternals } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { requiredFieldIssues } from '@procura/core/validation'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { purchaseOrders } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { checkedCustomValues } from '../custom-fields'
import { notify } from '../notifications/notifications'
import { notifyActionsToDo } from '../notify'
import { findVisibleOrder } from '../purchase-orders/order-read'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { insertDelivery, type StockPlace, stockPlaceOf } from './delivery-write'
import {
  type Answer,
  type DeliveryDeps,
  deliveryAccessOf,
  type OrderLineRow,
  type OrderRow,
  orderLinesOf,
  receivableOrder,
  receivingDecisions,
} from './receive'

/** The order if this user sees it, with who may receive it; refusals as reading it would answer. */
const orderToReceive = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  orderId: number,
): Answer<{ row: OrderRow; access: DeliveryOrderAccess }> => {
  const row = await findVisibleOrder(deps.db, actor, orderId, deps.clock.now())
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  return ok({ row, access: await deliveryAccessOf(deps.db, row) })
}

/** The people waiting on a declared shipment (its technical recipients and buyer) hear of it. */
const tellRecipients = (deps: DeliveryDeps, access: DeliveryOrderAccess) =>
  notifyActionsToDo(deps.db, deps.notifyUser, { ids: [access.buyer_id, ...access.requester_ids] })

/**
 * POST /bwapi/deliveries: records a delivery (buyers) or a technical delivery (buyers and the
 * order's technical recipients, confirmed at once; a supplier's contact declares a shipment to be
 * confirmed) of a sent or acknowledged order, in one transaction with its stock moves.
 */
export const createDelivery = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  input: unknown,
): Answer<{ data: { id: number; code: string } }> => {
  const parsed = parseWith(CreateDeliverySchema, input)
  if (!parsed.ok) return parsed
  const {
    purchase_order_id,
    kind,
    warehouse_id,
    from_warehouse_id,
    lines,
    custom: given,
    ...fields
  } = parsed.value
  const order = await orderToReceive(deps, actor, purchase_order_id)
  if (!order.ok) return order
  // The organisation's fields are its own people's: a supplier's declaration carries none.
  const custom = seesInternals(actor) ? await checkedCustomValues(deps.db, 'delivery', given, null) : null
  if (custom !== null && !custom.ok) return custom
  const settings = await loadSettings(deps.db)
  const supplierContact = !seesInternals(actor)
  // The fields the settings make required, on what the organisation's people record.
  const required = supplierContact ? {} : requiredFieldIssues(fields, settings.misc.required_delivery_fields)
  if (Object.keys(required).length > 0) return err(formError(required))
  // A supplier's contact declares a shipment; the organisation receives or records a technical delivery.
  const action = kind === 'delivery' ? 'receive' : supplierContact ? 'declare' : 'predeliver'
  const allowed = guard(await receivingDecisions(deps, actor, order.value.row, order.value.access), action)
  if (!allowed.ok) return allowed
  const status: DeliveryDocStatus =
    kind === 'delivery' ? 'received' : supplierContact ? 'declared' : 'confirmed'
  let place: StockPlace | null = null
  if (kind === 'delivery') {
    const found = await stockPlaceOf(deps.db, order.value.row, { warehouse_id, from_warehouse_id })
    if (!found.ok) return found
    place = found.value
  }
  const created = await writeOrRefuse(deps.db, (tx) =>
    insertDelivery(
      tx,
      deps,
      actor,
      purchase_order_id,
      {
        ...fields,
        kind,
        status,
        conform: kind === 'technical' ? fields.conform : null,
        technical_delivery_id: null,
        lines,
      },
      place,
      settings,
      custom?.ok === true ? custom.value : undefined,
    ),
  )
  if (!created.ok) return created
  if (status === 'declared') await tellRecipients(deps, order.value.access)
  // Those who asked for the goods hear they arrived (the receiver knows it already).
  if (status === 'received')
    await notify(deps, {
      user_ids: order.value.access.requester_ids.filter((id) => id !== actor.id),
      kind: 'delivery_received',
      model: 'purchase_order',
      model_id: purchase_order_id,
      params: { code: order.value.row.code, delivery: created.value.code },
    })
  return ok({ data: created.value })
}

/** The lines that remain to receive on an order: what was ordered less what was received, per line. */
export const remainingLines = (lines: readonly OrderLineRow[]): ReceiptLineInput[] =>
  lines.flatMap((l) => {
    const { remaining } = receiptBalance(l)
    if (dec(remaining).lte(0)) return []
    return [
      {
        purchase_order_line_id: l.id,
        ...(l.receipt_mode === 'amount' ? { amount_exctax: remaining } : { quantity: remaining }),
      },
    ]
  })

/** POST /bwapi/purchase-orders/{id}/receive-all: everything that remains, received in one delivery. */
export const receiveAll = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  orderId: number,
  input: unknown,
): Answer<{ data: { id: number; code: string } }> => {
  const order = await orderToReceive(deps, actor, orderId)
  if (!order.ok) return order
  // Who may receive it, before what was sent is read.
  const allowed = guard(
    await receivingDecisions(deps, actor, order.value.row, order.value.access),
    'receive_all',
  )
  if (!allowed.ok) return allowed
  const parsed = parseWith(ReceiveAllSchema, input)
  if (!parsed.ok) return parsed
  const lines = remainingLines(await orderLinesOf(deps.db, orderId))
  if (lines.length === 0) return err({ code: 'DELIVERY_NO_LINE' })
  return createDelivery(deps, actor, { ...parsed.value, purchase_order_id: orderId, kind: 'delivery', lines })
}

/**
 * POST /bwapi/purchase-orders/{id}/force-complete {confirm}: the buyer closes what will never
 * come; definitive (the order receives nothing more).
 */
export const forceComplete = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  orderId: number,
  input: { confirm?: boolean },
): Answer<{ data: { id: number; delivery_status: OrderDeliveryStatus } }> => {
  const order = await orderToReceive(deps, actor, orderId)
  if (!order.ok) return order
  const allowed = guard(
    await receivingDecisions(deps, actor, order.value.row, order.value.access),
    'force_complete',
  )
  if (!allowed.ok) return allowed
  const { row } = order.value
  const checked = checkForceComplete(receivableOrder(row), input.confirm === true)
  if (!checked.ok) return checked
  const done = await writeOrRefuse(deps.db, async (tx) => {
    const now = deps.clock.now()
    const applied = await tx
      .update(purchaseOrders)
      .set({ delivery_status: 'forced_complete', lock_version: row.lock_version + 1, updated_at: now })
      .where(and(eq(purchaseOrders.id, orderId), eq(purchaseOrders.lock_version, row.lock_version)))
      .returning({ id: purchaseOrders.id })
    if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    await writeTrace(tx, deps.clock, {
      action: 'force_complete',
      message: `Order ${row.code}: delivery forced to complete (was ${row.delivery_status})`,
      model: 'purchase_order',
      model_id: orderId,
      user_id: actor.id,
      severity: 'warning',
    })
    return ok(undefined)
  })
  return done.ok ? ok({ data: { id: orderId, delivery_status: 'forced_complete' } }) : done
}

export type CreateDeliveryInput = z.input<typeof CreateDeliverySchema>
