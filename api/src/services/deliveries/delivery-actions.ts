/** A delivery's actions: cancelling it, confirming a technical delivery, receiving one. */
import { ConfirmTechnicalSchema, planReceipt, ReceiveTechnicalSchema } from '@procura/core/delivery'
import { type DomainError, parseWith } from '@procura/core/errors'
import { guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { eq } from 'drizzle-orm'
import { first } from '../../db/first'
import { deliveries } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import type { Movement } from '../catalogue/stock'
import { loadOrder } from '../purchase-orders/orders'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { applyPlan, insertDelivery, stockPlaceOf, tryMove } from './delivery-write'
import {
  type Answer,
  type DeliveryDeps,
  deliveryDecisions,
  findVisibleDelivery,
  limitsOf,
  linesOf,
  moveStatus,
  orderLinesOf,
  receivableLine,
  receivableOrder,
} from './receive'

/**
 * POST /bwapi/deliveries/{id}/cancel {confirm}: takes a delivery's quantities back off the order
 * and its goods back out of stock (refused if they were used since), or withdraws a technical
 * delivery; a delivery made from a technical delivery leaves it confirmed again.
 */
export const cancelDelivery = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  id: number,
  input: { confirm?: boolean },
): Answer<{ data: { id: number; status: string } }> => {
  const found = await findVisibleDelivery(deps, actor, id)
  if (found === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const { delivery, order } = found
  const movable = guard(await deliveryDecisions(deps, actor, delivery, order), 'cancel')
  if (!movable.ok) return movable
  if (input.confirm !== true) return err({ code: 'DELIVERY_CANCEL_CONFIRMATION_REQUIRED' })
  const settings = await loadSettings(deps.db)
  const done = await writeOrRefuse(deps.db, async (tx) => {
    const now = deps.clock.now()
    const lines = await linesOf(tx, id)
    if (delivery.status !== 'declared') {
      const row = await loadOrder(tx, order.id)
      if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
      const plan = planReceipt(
        receivableOrder(row),
        (await orderLinesOf(tx, order.id)).map(receivableLine),
        lines.map((l) => ({
          purchase_order_line_id: l.purchase_order_line_id,
          quantity: l.quantity,
          amount_exctax: l.amount_exctax,
        })),
        { kind: delivery.kind, limits: limitsOf(settings), decimals: settings.formats.decimals, undo: true },
      )
      if (!plan.ok) return plan
      const applied = await applyPlan(tx, row, plan.value, now)
      if (!applied.ok) return applied
    }
    for (const line of lines) {
      if (line.stock_id === null || line.stock_units === null) continue
      const back = {
        userId: actor.id,
        now,
        purchaseOrderId: order.id,
        deliveryId: delivery.id,
        comment: `cancel ${delivery.code}`,
      }
      const units = line.stock_units
      const moves: Movement[] =
        line.from_stock_id === null
          ? [{ ...back, stockId: line.stock_id, type: units > 0 ? 'out' : 'in', delta: -units }]
          : [
              {
                ...back,
                stockId: units > 0 ? line.stock_id : line.from_stock_id,
                type: 'transfer_out',
                delta: -Math.abs(units),
              },
              {
                ...back,
                stockId: units > 0 ? line.from_stock_id : line.stock_id,
                type: 'transfer_in',
                delta: Math.abs(units),
              },
            ]
      for (const movement of moves) {
        const moved = await tryMove(tx, movement)
        if (!moved.ok)
          return err({
            code: 'DELIVERY_STOCK_CONSUMED',
            params: { exceeded: String(moved.error.params?.exceeded ?? '') },
          } as DomainError)
      }
    }
    const moved = await moveStatus(tx, delivery, 'cancel', {
      canceled_by: actor.id,
      canceled_at: now,
      updated_at: now,
    })
    if (!moved.ok) return moved
    // The technical delivery it was made from is confirmed again (its lifecycle's reopen).
    if (delivery.technical_delivery_id !== null) {
      const source = await tx
        .select()
        .from(deliveries)
        .where(eq(deliveries.id, delivery.technical_delivery_id))
        .then(first)
      if (source?.status === 'received') {
        const reopened = await moveStatus(tx, source, 'reopen', { updated_at: now })
        if (!reopened.ok) return reopened
      }
    }
    await writeTrace(tx, deps.clock, {
      action: 'cancel',
      message: `Delivery ${delivery.code} of order ${order.code} cancelled`,
      model: 'delivery',
      model_id: id,
      user_id: actor.id,
      severity: 'warning',
    })
    return ok(undefined)
  })
  return done.ok ? ok({ data: { id, status: 'canceled' } }) : done
}

/**
 * POST /bwapi/deliveries/{id}/confirm {conform}: a technical recipient confirms a shipment the
 * supplier declared; its quantities then count as predelivered.
 */
export const confirmTechnical = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  id: number,
  input: unknown,
): Answer<{ data: { id: number; status: string } }> => {
  const found = await findVisibleDelivery(deps, actor, id)
  if (found === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const { delivery, order } = found
  const movable = guard(await deliveryDecisions(deps, actor, delivery, order), 'confirm')
  if (!movable.ok) return movable
  const parsed = parseWith(ConfirmTechnicalSchema, input ?? {})
  if (!parsed.ok) return parsed
  const settings = await loadSettings(deps.db)
  const done = await writeOrRefuse(deps.db, async (tx) => {
    const now = deps.clock.now()
    const row = await loadOrder(tx, order.id)
    if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
    const lines = await linesOf(tx, id)
    const plan = planReceipt(
      receivableOrder(row),
      (await orderLinesOf(tx, order.id)).map(receivableLine),
      lines.map((l) => ({
        purchase_order_line_id: l.purchase_order_line_id,
        quantity: l.quantity,
        amount_exctax: l.amount_exctax,
      })),
      { kind: 'technical', limits: limitsOf(settings), decimals: settings.formats.decimals },
    )
    if (!plan.ok) return plan
    const applied = await applyPlan(tx, row, plan.value, now)
    if (!applied.ok) return applied
    const moved = await moveStatus(tx, delivery, 'confirm', {
      confirmed_by: actor.id,
      confirmed_at: now,
      conform: parsed.value.conform,
      ...(parsed.value.comment === null ? {} : { comment: parsed.value.comment }),
      updated_at: now,
    })
    if (!moved.ok) return moved
    await writeTrace(tx, deps.clock, {
      action: 'confirm',
      message: `Technical delivery ${delivery.code} of order ${order.code} confirmed`,
      model: 'delivery',
      model_id: id,
      user_id: actor.id,
    })
    return ok(undefined)
  })
  return done.ok ? ok({ data: { id, status: 'confirmed' } }) : done
}

/**
 * POST /bwapi/deliveries/{id}/receive: a buyer makes the reception of a confirmed technical
 * delivery (its lines, into stock); the technical delivery becomes received.
 */
export const receiveTechnical = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  id: number,
  input: unknown,
): Answer<{ data: { id: number; code: string } }> => {
  const found = await findVisibleDelivery(deps, actor, id)
  if (found === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const { delivery, order } = found
  const movable = guard(await deliveryDecisions(deps, actor, delivery, order), 'receive')
  if (!movable.ok) return movable
  const parsed = parseWith(ReceiveTechnicalSchema, input ?? {})
  if (!parsed.ok) return parsed
  const { warehouse_id, from_warehouse_id, ...fields } = parsed.value
  const place = await stockPlaceOf(deps.db, order, { warehouse_id, from_warehouse_id })
  if (!place.ok) return place
  const settings = await loadSettings(deps.db)
  const lines = await linesOf(deps.db, id)
  const created = await writeOrRefuse(deps.db, async (tx) => {
    const made = await insertDelivery(
      tx,
      deps,
      actor,
      order.id,
      {
        ...fields,
        kind: 'delivery',
        status: 'received',
        conform: null,
        comment: null,
        technical_delivery_id: id,
        lines: lines.map((l) => ({
          purchase_order_line_id: l.purchase_order_line_id,
          quantity: l.quantity,
          amount_exctax: l.amount_exctax,
        })),
      },
      place.value,
      settings,
    )
    if (!made.ok) return made
    const moved = await moveStatus(tx, delivery, 'receive', { updated_at: deps.clock.now() })
    return moved.ok ? made : moved
  })
  return created.ok ? ok({ data: created.value }) : created
}
