/** Writing a delivery: its receipt plan applied to the order, its goods moved in or out of stock, its rows inserted. */
import {
  type DeliveryDocStatus,
  type DeliveryKind,
  planReceipt,
  type ReceiptLineInput,
  type ReceiptPlan,
  receiptMovesStock,
  TRANSFER_PURCHASE_TYPE,
} from '@procura/core/delivery'
import { formError } from '@procura/core/errors'
import { countOf } from '@procura/core/format'
import { dec } from '@procura/core/money'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import type { Settings } from '@procura/core/settings'
import { checkCanEnterStock, toStockUnits } from '@procura/core/stock'
import { and, asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db'
import { first } from '../../db/first'
import {
  articles,
  deliveries,
  deliveryLines,
  purchaseOrderLines,
  purchaseOrders,
  warehouses,
} from '../../db/schema'
import { ensureStock, type Movement, move, Refused } from '../catalogue/stock'
import { type CheckedCustomValues, saveCustomValues } from '../custom-fields'
import { numberPiece } from '../numbering'
import { loadOrder } from '../purchase-orders/orders'
import { writeTrace } from '../trace'
import {
  type Answer,
  type DeliveryDeps,
  limitsOf,
  type OrderLineRow,
  type OrderRow,
  orderLinesOf,
  receivableLine,
  receivableOrder,
} from './receive'

/**
 * Writes a plan: the order's received totals and status (only if nobody changed the order since
 * it was read: two receipts of the same remainder cannot both pass), then each line's.
 */
export const applyPlan = async (tx: Tx, row: OrderRow, plan: ReceiptPlan, now: Date): Answer<void> => {
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
export const tryMove = async (tx: Tx, movement: Movement): Answer<number> => {
  try {
    return ok(await move(tx, movement))
  } catch (error) {
    if (error instanceof Refused) return err(error.refusal)
    throw error
  }
}

export type StockPlace = { warehouse_id: number; from_warehouse_id: number | null }
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
export const stockPlaceOf = async (
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
export const insertDelivery = async (
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
