import {
  canPredeliver,
  canReceive,
  checkReservationWindow,
  DELIVERY_ACTION_LABELS,
  type DeliveryAction,
  ReservationInputSchema,
  receiptMovesStock,
  reservationDeadline,
  TRANSFER_PURCHASE_TYPE,
} from '@procura/core/delivery'
import { type DomainError, parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { canBillOrder } from '@procura/core/invoice'
import { actionsAnswerOf, guard } from '@procura/core/policy'
import { type OrderActor, seesInternals } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { asc, eq, inArray } from 'drizzle-orm'
import {
  deliveries,
  deliveryLines,
  deliveryReservations,
  purchaseOrderLines,
  suppliers,
  users,
  warehouses,
} from '../../db/schema'
import { customFieldsShown, fieldsOf, valuesOf } from '../custom-fields'
import { findVisibleOrder } from '../purchase-orders/order-read'
import { writeTrace } from '../trace'
import { remainingLines } from './delivery-receive'
import {
  type DeliveryDeps,
  type DeliveryRow,
  deliveryAccessOf,
  deliveryDecisions,
  findVisibleDelivery,
  orderLinesOf,
  today,
} from './receive'

type Answer<T> = Promise<Result<T, DomainError>>

const reservationOpen = (deps: DeliveryDeps, delivery: Pick<DeliveryRow, 'delivery_date'>) =>
  checkReservationWindow(delivery.delivery_date, today(deps)).ok

/** GET /bwapi/deliveries/{id}: the delivery, its lines against the order's, its reservations and the actions this user may take. */
export const getDelivery = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  id: number,
  language: Language = 'en',
): Answer<{ data: unknown }> => {
  const found = await findVisibleDelivery(deps, actor, id)
  if (found === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const { delivery, order } = found
  const [lines, reservations, people, places, supplier, access, made, source] = await Promise.all([
    deps.db
      .select({ line: deliveryLines, order_line: purchaseOrderLines })
      .from(deliveryLines)
      .innerJoin(purchaseOrderLines, eq(deliveryLines.purchase_order_line_id, purchaseOrderLines.id))
      .where(eq(deliveryLines.delivery_id, id))
      .orderBy(asc(purchaseOrderLines.position)),
    deps.db
      .select({ reservation: deliveryReservations, author: users.label })
      .from(deliveryReservations)
      .innerJoin(users, eq(deliveryReservations.user_id, users.id))
      .where(eq(deliveryReservations.delivery_id, id))
      .orderBy(asc(deliveryReservations.created_at), asc(deliveryReservations.id)),
    deps.db
      .select({ id: users.id, label: users.label })
      .from(users)
      .where(
        inArray(
          users.id,
          [delivery.created_by, delivery.confirmed_by, delivery.canceled_by].filter(
            (v): v is number => v !== null,
          ),
        ),
      ),
    deps.db
      .select({ id: warehouses.id, label: warehouses.label })
      .from(warehouses)
      .where(
        inArray(
          warehouses.id,
          [delivery.warehouse_id, delivery.from_warehouse_id].filter((v): v is number => v !== null),
        ),
      ),
    deps.db
      .select({ id: suppliers.id, company_name: suppliers.company_name })
      .from(suppliers)
      .where(eq(suppliers.id, order.supplier_id))
      .limit(1),
    deliveryAccessOf(deps.db, order),
    deps.db
      .select({ id: deliveries.id, code: deliveries.code, status: deliveries.status })
      .from(deliveries)
      .where(eq(deliveries.technical_delivery_id, id)),
    delivery.technical_delivery_id === null
      ? []
      : deps.db
          .select({ id: deliveries.id, code: deliveries.code })
          .from(deliveries)
          .where(eq(deliveries.id, delivery.technical_delivery_id)),
  ])
  const nameOf = (userId: number | null) => people.find((p) => p.id === userId)?.label ?? null
  const placeOf = (warehouseId: number | null) => places.find((p) => p.id === warehouseId) ?? null
  const open = reservationOpen(deps, delivery)
  const custom = seesInternals(actor)
    ? customFieldsShown(
        await fieldsOf(deps.db, 'delivery', true),
        (await valuesOf(deps.db, 'delivery', [id])).get(id) ?? {},
        language,
      )
    : []
  return ok({
    data: {
      id: delivery.id,
      code: delivery.code,
      custom,
      kind: delivery.kind,
      status: delivery.status,
      delivery_date: delivery.delivery_date,
      internal_number: delivery.internal_number,
      delivery_note_number: delivery.delivery_note_number,
      conform: delivery.conform,
      comment: delivery.comment,
      warehouse: placeOf(delivery.warehouse_id),
      from_warehouse: placeOf(delivery.from_warehouse_id),
      created_by: nameOf(delivery.created_by),
      confirmed_by: nameOf(delivery.confirmed_by),
      confirmed_at: delivery.confirmed_at?.toISOString() ?? null,
      canceled_by: nameOf(delivery.canceled_by),
      canceled_at: delivery.canceled_at?.toISOString() ?? null,
      created_at: delivery.created_at.toISOString(),
      technical_delivery: source[0] ?? null,
      receptions: made,
      order: {
        id: order.id,
        code: order.code,
        status: order.status,
        delivery_status: order.delivery_status,
        currency_code: order.currency_code,
        supplier: supplier[0] ?? null,
      },
      lines: lines.map(({ line, order_line }) => ({
        id: line.id,
        purchase_order_line_id: order_line.id,
        label: order_line.label,
        unit: order_line.unit,
        receipt_mode: order_line.receipt_mode,
        ordered_quantity: order_line.quantity,
        ordered_amount_exctax: order_line.amount_exctax,
        quantity: line.quantity,
        amount_exctax: line.amount_exctax,
      })),
      reservations: reservations.map(({ reservation, author }) => ({
        id: reservation.id,
        kind: reservation.kind,
        comment: reservation.comment,
        author,
        created_at: reservation.created_at.toISOString(),
      })),
      /** Whether this reader sees the internal discussion and files (false for a supplier's contact). */
      internal: seesInternals(actor),
      reservation_deadline: reservationDeadline(delivery.delivery_date),
      reservation_open: open && delivery.status !== 'canceled',
      // Who handles invoices records the supplier's invoice of its order from here (core canBillOrder).
      billing_actions: delivery.status !== 'canceled' && canBillOrder(actor, order) ? ['bill'] : [],
      // Core decides for everyone: a supplier's contact may withdraw the shipment it declared.
      ...actionsAnswerOf(await deliveryDecisions(deps, actor, delivery, order, access)),
    },
  })
}

/**
 * GET /bwapi/deliveries/create-form?purchase_order_id=: what the receiving form needs — the
 * order's lines with what remains to receive (prefilled), the warehouses, whether the order is a
 * transfer, and what this user may record.
 */
export const deliveryFormData = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  orderId: number,
): Answer<{ data: unknown }> => {
  const order = await findVisibleOrder(deps.db, actor, orderId, deps.clock.now())
  if (order === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const [lines, places, access] = await Promise.all([
    orderLinesOf(deps.db, orderId),
    deps.db
      .select({ id: warehouses.id, code: warehouses.code, label: warehouses.label })
      .from(warehouses)
      .where(eq(warehouses.active, true))
      .orderBy(asc(warehouses.id)),
    deliveryAccessOf(deps.db, order),
  ])
  const remaining = new Map(remainingLines(lines).map((l) => [l.purchase_order_line_id, l]))
  return ok({
    data: {
      order: {
        id: order.id,
        code: order.code,
        status: order.status,
        delivery_status: order.delivery_status,
        currency_code: order.currency_code,
        transfer: order.purchase_type === TRANSFER_PURCHASE_TYPE,
      },
      lines: lines.map((l) => ({
        id: l.id,
        label: l.label,
        unit: l.unit,
        article_id: l.article_id,
        moves_stock: receiptMovesStock(l),
        receipt_mode: l.receipt_mode,
        quantity_step: l.quantity_step,
        ordered_quantity: l.quantity,
        ordered_amount_exctax: l.amount_exctax,
        delivered_quantity: l.delivered_quantity,
        delivered_amount_exctax: l.delivered_amount_exctax,
        predelivered_quantity: l.predelivered_quantity,
        remaining_quantity: l.receipt_mode === 'quantity' ? (remaining.get(l.id)?.quantity ?? '0') : null,
        remaining_amount_exctax:
          l.receipt_mode === 'amount' ? (remaining.get(l.id)?.amount_exctax ?? '0') : null,
      })),
      warehouses: places,
      today: today(deps),
      can_receive: canReceive(actor, access),
      can_predeliver: canPredeliver(actor, access),
    },
  })
}

/**
 * POST /bwapi/deliveries/{id}/reservations {kind, comment}: a recipient raises a reservation or a
 * nonconformity on the delivery note, within 3 days of the delivery (spec §9); files go with the
 * delivery's attachments.
 */
export const addReservation = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  id: number,
  input: unknown,
): Answer<{ data: { id: number } }> => {
  const found = await findVisibleDelivery(deps, actor, id)
  if (found === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const { delivery, order } = found
  const allowed = guard(await deliveryDecisions(deps, actor, delivery, order), 'reserve')
  if (!allowed.ok) return allowed
  const parsed = parseWith(ReservationInputSchema, input)
  if (!parsed.ok) return parsed
  const reservationId = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(deliveryReservations)
      .values({ delivery_id: id, ...parsed.value, user_id: actor.id, created_at: deps.clock.now() })
      .returning({ id: deliveryReservations.id })
    await writeTrace(tx, deps.clock, {
      action: parsed.value.kind,
      message: `${parsed.value.kind === 'reservation' ? 'Reservation' : 'Nonconformity'} on delivery ${delivery.code}`,
      model: 'delivery',
      model_id: id,
      user_id: actor.id,
      severity: 'warning',
    })
    return inserted?.id ?? 0
  })
  return ok({ data: { id: reservationId } })
}

/** GET /bwapi/deliveries/{id}/contextual-menu: the actions this user may take on this delivery now. */
export const deliveryContextualMenu = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  id: number,
  language: Language,
) => {
  const delivery = await getDelivery(deps, actor, id)
  if (!delivery.ok) return delivery
  const { actions } = delivery.value.data as { actions: DeliveryAction[] }
  return ok({
    actions: actions.map((action) => ({ action, label: DELIVERY_ACTION_LABELS[action][language] })),
  })
}
