import {
  ConfirmTechnicalSchema,
  CreateDeliverySchema,
  canDeclareShipment,
  canPredeliver,
  canReceive,
  checkDeliveryAction,
  checkForceComplete,
  type DeliveryDocStatus,
  type DeliveryKind,
  type DeliveryOrderAccess,
  type OrderDeliveryStatus,
  planReceipt,
  type ReceiptLineInput,
  type ReceiptPlan,
  type ReceivableLine,
  ReceiveAllSchema,
  ReceiveTechnicalSchema,
  receiptBalance,
  receiptMovesStock,
  TRANSFER_PURCHASE_TYPE,
} from '@procura/core/delivery'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { countOf } from '@procura/core/format'
import { dec } from '@procura/core/money'
import { type OrderActor, seesInternals } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import type { Settings } from '@procura/core/settings'
import { checkCanEnterStock, toStockUnits } from '@procura/core/stock'
import { requiredFieldIssues } from '@procura/core/validation'
import { and, asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '../../db'
import { first } from '../../db/first'
import {
  articles,
  deliveries,
  deliveryLines,
  needs,
  purchaseOrderLines,
  purchaseOrders,
  warehouses,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { ensureStock, type Movement, move, Refused } from '../catalogue/stock'
import { type CheckedCustomValues, checkedCustomValues, saveCustomValues } from '../custom-fields'
import { notify } from '../notifications/notifications'
import { notifyActionsToDo } from '../notify'
import { numberPiece } from '../numbering'
import { findVisibleOrder } from '../purchase-orders/order-read'
import type { OrderDeps } from '../purchase-orders/orders'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'

export type DeliveryDeps = OrderDeps
type OrderRow = typeof purchaseOrders.$inferSelect
type OrderLineRow = typeof purchaseOrderLines.$inferSelect
export type DeliveryRow = typeof deliveries.$inferSelect
type Answer<T> = Promise<Result<T, DomainError>>

const receivableLine = (l: OrderLineRow): ReceivableLine => ({
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
const receivableOrder = (row: OrderRow) => ({
  status: row.status,
  delivery_status: row.delivery_status as OrderDeliveryStatus,
  amount_exctax: row.amount_exctax,
})
const limitsOf = (settings: Settings) => ({
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

const loadOrder = (db: Db | Tx, id: number) =>
  db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).limit(1).then(first)

/**
 * Writes a plan: the order's received totals and status (only if nobody changed the order since
 * it was read: two receipts of the same remainder cannot both pass), then each line's.
 */
const applyPlan = async (tx: Tx, row: OrderRow, plan: ReceiptPlan, now: Date): Answer<void> => {
  const applied = await tx
    .update(purchaseOrders)
    .set({ ...plan.order, lock_version: row.lock_version + 1, updated_at: now })
    .where(and(eq(purchaseOrders.id, row.id), eq(purchaseOrders.lock_version, row.lock_version)))
    .returning({ id: purchaseOrders.id })
  if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' })
  for (const line of plan.lines)
    await tx
      .update(purchaseOrderLines)
      .set(line.after)
      .where(eq(purchaseOrderLines.id, line.purchase_order_line_id))
  return ok(undefined)
}

/** A stock move inside the transaction, its refusal (stock exceeded) as an answer. */
const tryMove = async (tx: Tx, movement: Movement): Answer<number> => {
  try {
    return ok(await move(tx, movement))
  } catch (error) {
    if (error instanceof Refused) return err(error.refusal)
    throw error
  }
}

type StockPlace = { warehouse_id: number; from_warehouse_id: number | null }
type StockTrace = { stock_id: number | null; from_stock_id: number | null; stock_units: number | null }
const NO_STOCK: StockTrace = { stock_id: null, from_stock_id: null, stock_units: null }

/**
 * The stock a delivery line moves, in the delivery's transaction: a catalogue article counted in
 * quantity enters the delivery's warehouse from the supplier (a return leaves it), or, for a
 * transfer order, moves from the source warehouse to it (a return moves back).
 */
const moveLineStock = async (
  tx: Tx,
  actor: OrderActor,
  order: OrderRow,
  line: OrderLineRow,
  quantity: string,
  place: StockPlace,
  now: Date,
  field: string,
  deliveryId: number,
): Answer<StockTrace> => {
  if (!receiptMovesStock(line)) return ok(NO_STOCK)
  const units = toStockUnits(dec(quantity).abs().toString())
  if (units === null)
    return err(formError({ [field]: [{ code: 'TOO_MANY_DECIMALS', params: { decimals: 3 } }] }))
  const signed = dec(quantity).isNegative() ? -units : units
  const article = await tx
    .select()
    .from(articles)
    .where(eq(articles.id, line.article_id))
    .limit(1)
    .then(first)
  if (article === undefined) return ok(NO_STOCK)
  if (signed > 0) {
    const enter = checkCanEnterStock(article)
    if (!enter.ok) return enter
  }
  const target = await ensureStock(tx, article.id, place.warehouse_id, now)
  const common = { userId: actor.id, now, purchaseOrderId: order.id, deliveryId, comment: null }
  if (place.from_warehouse_id === null) {
    const moved = await tryMove(tx, {
      ...common,
      stockId: target.id,
      type: signed > 0 ? 'in' : 'out',
      delta: signed,
      supplierId: order.supplier_id,
    })
    return moved.ok ? ok({ stock_id: target.id, from_stock_id: null, stock_units: signed }) : moved
  }
  const source = await ensureStock(tx, article.id, place.from_warehouse_id, now)
  const out = await tryMove(tx, {
    ...common,
    stockId: signed > 0 ? source.id : target.id,
    type: 'transfer_out',
    delta: -Math.abs(signed),
  })
  if (!out.ok) return out
  const into = await tryMove(tx, {
    ...common,
    stockId: signed > 0 ? target.id : source.id,
    type: 'transfer_in',
    delta: Math.abs(signed),
  })
  return into.ok ? ok({ stock_id: target.id, from_stock_id: source.id, stock_units: signed }) : into
}

/** The warehouse goods enter (the one given, else the first active one) and, for a transfer order, the one they leave. */
const stockPlaceOf = async (
  db: Db,
  order: OrderRow,
  given: { warehouse_id: number | null; from_warehouse_id: number | null },
): Answer<StockPlace> => {
  const active = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.active, true))
    .orderBy(asc(warehouses.id))
  const known = (id: number | null) => id !== null && active.some((w) => w.id === id)
  if (given.warehouse_id !== null && !known(given.warehouse_id))
    return err(formError({ warehouse_id: [{ code: 'NOT_IN_LIST' }] }))
  const warehouseId = given.warehouse_id ?? active[0]?.id
  if (warehouseId === undefined) return err(formError({ warehouse_id: [{ code: 'FIELD_REQUIRED' }] }))
  if (order.purchase_type !== TRANSFER_PURCHASE_TYPE)
    return ok({ warehouse_id: warehouseId, from_warehouse_id: null })
  if (given.from_warehouse_id === null)
    return err(formError({ from_warehouse_id: [{ code: 'FIELD_REQUIRED' }] }))
  if (!known(given.from_warehouse_id)) return err(formError({ from_warehouse_id: [{ code: 'NOT_IN_LIST' }] }))
  if (given.from_warehouse_id === warehouseId)
    return err(formError({ from_warehouse_id: [{ code: 'STOCK_MOVE_SAME_STOCK' }] }))
  return ok({ warehouse_id: warehouseId, from_warehouse_id: given.from_warehouse_id })
}

type NewDelivery = {
  kind: DeliveryKind
  status: DeliveryDocStatus
  delivery_date: string
  internal_number: string | null
  delivery_note_number: string | null
  conform: boolean | null
  comment: string | null
  technical_delivery_id: number | null
  lines: readonly ReceiptLineInput[]
}

/**
 * Inside a transaction: re-reads the order and its lines, plans the delivery in core, applies it
 * (unless it is a declared shipment, which counts once confirmed), numbers it, writes it with its
 * lines and their stock moves, and traces it on the delivery and the order.
 */
const insertDelivery = async (
  tx: Tx,
  deps: DeliveryDeps,
  actor: OrderActor,
  orderId: number,
  delivery: NewDelivery,
  place: StockPlace | null,
  settings: Settings,
  /** The custom values checked by the caller (a person's receipt form). */
  custom?: CheckedCustomValues,
): Answer<{ id: number; code: string }> => {
  const now = deps.clock.now()
  const row = await loadOrder(tx, orderId)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const lines = await orderLinesOf(tx, orderId)
  const plan = planReceipt(receivableOrder(row), lines.map(receivableLine), delivery.lines, {
    kind: delivery.kind,
    limits: limitsOf(settings),
    decimals: settings.formats.decimals,
  })
  if (!plan.ok) return plan
  if (delivery.status !== 'declared') {
    const applied = await applyPlan(tx, row, plan.value, now)
    if (!applied.ok) return applied
  }
  const technical = delivery.kind === 'technical'
  const numbered = await numberPiece(
    tx,
    technical ? 'technical_delivery' : 'delivery',
    technical ? settings.formats.technical_delivery_number : settings.formats.delivery_number,
    now,
    row,
  )
  if (!numbered.ok) return numbered
  const { lines: _lines, ...fields } = delivery
  const [inserted] = await tx
    .insert(deliveries)
    .values({
      ...fields,
      code: numbered.value.code,
      purchase_order_id: orderId,
      warehouse_id: place?.warehouse_id ?? null,
      from_warehouse_id: place?.from_warehouse_id ?? null,
      created_by: actor.id,
      ...(delivery.status === 'confirmed' ? { confirmed_by: actor.id, confirmed_at: now } : {}),
      created_at: now,
      updated_at: now,
    })
    .returning({ id: deliveries.id })
  if (inserted === undefined) throw new Error('Insert returned no delivery')
  if (custom !== undefined) await saveCustomValues(tx, 'delivery', inserted.id, custom)
  const byId = new Map(lines.map((l) => [l.id, l]))
  for (const planned of plan.value.lines) {
    const line = byId.get(planned.purchase_order_line_id) as OrderLineRow
    const index = delivery.lines.findIndex((l) => l.purchase_order_line_id === line.id)
    const stock =
      place === null
        ? ok(NO_STOCK)
        : await moveLineStock(
            tx,
            actor,
            row,
            line,
            planned.quantity,
            place,
            now,
            `lines.${index}.quantity`,
            inserted.id,
          )
    if (!stock.ok) return stock
    await tx.insert(deliveryLines).values({
      delivery_id: inserted.id,
      purchase_order_line_id: line.id,
      quantity: planned.quantity,
      amount_exctax: planned.amount_exctax,
      ...stock.value,
    })
  }
  const what = technical ? `Technical delivery ${numbered.value.code}` : `Delivery ${numbered.value.code}`
  await writeTrace(tx, deps.clock, {
    action: delivery.status === 'declared' ? 'declare' : 'create',
    message: `${what} of order ${row.code}: ${countOf(plan.value.lines.length, 'line')}`,
    model: 'delivery',
    model_id: inserted.id,
    user_id: actor.id,
  })
  if (delivery.status !== 'declared')
    await writeTrace(tx, deps.clock, {
      action: technical ? 'predeliver' : 'receive',
      message: `${what}: delivery status ${plan.value.order.delivery_status}`,
      model: 'purchase_order',
      model_id: orderId,
      user_id: actor.id,
    })
  return ok({ id: inserted.id, code: numbered.value.code })
}

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
  let status: DeliveryDocStatus = kind === 'delivery' ? 'received' : 'confirmed'
  if (supplierContact) {
    if (
      kind !== 'technical' ||
      !canDeclareShipment(actor, order.value.access, settings.customer.supplier_access)
    )
      return err({ code: settings.customer.supplier_access ? 'FORBIDDEN' : 'SUPPLIER_ACCESS_DISABLED' })
    status = 'declared'
  } else if (!(kind === 'delivery' ? canReceive : canPredeliver)(actor, order.value.access))
    return err({ code: 'FORBIDDEN' })
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
  if (!canReceive(actor, order.value.access)) return err({ code: 'FORBIDDEN' })
  const parsed = parseWith(ReceiveAllSchema, input)
  if (!parsed.ok) return parsed
  const lines = remainingLines(await orderLinesOf(deps.db, orderId))
  if (lines.length === 0) return err({ code: 'DELIVERY_NO_LINE' })
  return createDelivery(deps, actor, { ...parsed.value, purchase_order_id: orderId, kind: 'delivery', lines })
}

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
const stateOfDelivery = (delivery: DeliveryRow) => ({
  kind: delivery.kind as DeliveryKind,
  status: delivery.status as DeliveryDocStatus,
  created_by: delivery.created_by,
})

/** A delivery's lines as planReceipt reads them (what to take back when it is cancelled). */
const linesOf = async (db: Db | Tx, deliveryId: number) =>
  db.select().from(deliveryLines).where(eq(deliveryLines.delivery_id, deliveryId))

/** The delivery's status moves from what was read (two cancellations at once: one wins). */
const moveStatus = async (
  tx: Tx,
  delivery: DeliveryRow,
  to: DeliveryDocStatus,
  set: Partial<DeliveryRow>,
) => {
  const moved = await tx
    .update(deliveries)
    .set({ ...set, status: to })
    .where(and(eq(deliveries.id, delivery.id), eq(deliveries.status, delivery.status)))
    .returning({ id: deliveries.id })
  return moved.length === 0 ? err({ code: 'DOCUMENT_CHANGED' } as DomainError) : ok(undefined)
}

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
  const movable = checkDeliveryAction(
    actor,
    stateOfDelivery(delivery),
    await deliveryAccessOf(deps.db, order),
    'cancel',
  )
  if (!movable.ok) return movable
  if (order.status === 'closed') return err({ code: 'MODEL_LOCKED' })
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
    const moved = await moveStatus(tx, delivery, 'canceled', {
      canceled_by: actor.id,
      canceled_at: now,
      updated_at: now,
    })
    if (!moved.ok) return moved
    if (delivery.technical_delivery_id !== null)
      await tx
        .update(deliveries)
        .set({ status: 'confirmed', updated_at: now })
        .where(and(eq(deliveries.id, delivery.technical_delivery_id), eq(deliveries.status, 'received')))
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
  const movable = checkDeliveryAction(
    actor,
    stateOfDelivery(delivery),
    await deliveryAccessOf(deps.db, order),
    'confirm',
  )
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
    const moved = await moveStatus(tx, delivery, 'confirmed', {
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
  const movable = checkDeliveryAction(
    actor,
    stateOfDelivery(delivery),
    await deliveryAccessOf(deps.db, order),
    'receive',
  )
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
    const moved = await moveStatus(tx, delivery, 'received', { updated_at: deps.clock.now() })
    return moved.ok ? made : moved
  })
  return created.ok ? ok({ data: created.value }) : created
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
  if (!canReceive(actor, order.value.access)) return err({ code: 'FORBIDDEN' })
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
