import { randomUUID } from 'node:crypto'
import { checkCanManageCatalogue } from '@procura/core/article'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { countOf } from '@procura/core/format'
import { type Language, namedIn } from '@procura/core/i18n'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import {
  checkAdjustmentQuantity,
  checkCanEnterStock,
  checkCanLeaveStock,
  checkMoveStocks,
  checkStockOut,
  fromStockUnits,
  toStockUnits,
} from '@procura/core/stock'
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, Tx } from '../../db'
import { first } from '../../db/first'
import {
  articles,
  purchaseOrderLines,
  purchaseOrders,
  stockMovements,
  stocks,
  suppliers,
  users,
  warehouses,
} from '../../db/schema'
import { writeTrace } from '../trace'
import { supplierArticlesOf } from './article-read'
import type { CatalogueDeps } from './article-write'
import { requireWarehouse } from './warehouses'

type Refusal<T> = Promise<Result<T, DomainError>>
type MovementType = (typeof stockMovements.$inferInsert)['type']

/** A refusal raised inside a transaction: it rolls the transaction back and becomes the answer. */
export class Refused extends Error {
  constructor(readonly refusal: DomainError) {
    super(refusal.code)
  }
}
const inTransaction = async <T>(db: Db, work: (tx: Tx) => Promise<T>): Refusal<T> => {
  try {
    return ok(await db.transaction(work))
  } catch (error) {
    if (error instanceof Refused) return err(error.refusal)
    throw error
  }
}

const quantityOf = (text: unknown, field = 'quantity'): Result<number, DomainError> => {
  const units = typeof text === 'string' ? toStockUnits(text.trim()) : null
  return units === null ? err(formError({ [field]: [{ code: 'NOT_A_NUMBER' }] })) : ok(units)
}

/** A quantity that must be more than zero (entries, outs). */
const positiveQuantityOf = (text: unknown): Result<number, DomainError> => {
  const quantity = quantityOf(text)
  if (!quantity.ok) return quantity
  return quantity.value > 0
    ? quantity
    : err(formError({ quantity: [{ code: 'TOO_SMALL', params: { min: 0 } }] }))
}

const stockRow = (tx: Db | Tx, articleId: number, warehouseId: number) =>
  tx
    .select()
    .from(stocks)
    .where(and(eq(stocks.article_id, articleId), eq(stocks.warehouse_id, warehouseId)))
    .limit(1)
    .then(first)

/** The stock of an article in a warehouse, created empty when it has none yet. */
export const ensureStock = async (tx: Tx, articleId: number, warehouseId: number, now: Date) => {
  const existing = await stockRow(tx, articleId, warehouseId)
  if (existing !== undefined) return existing
  const [created] = await tx
    .insert(stocks)
    .values({ article_id: articleId, warehouse_id: warehouseId, created_at: now, updated_at: now })
    .returning()
  if (created === undefined) throw new Error('Insert returned no stock')
  return created
}

export type Movement = {
  stockId: number
  type: MovementType
  /** Signed, in thousandths. */
  delta: number
  userId: number
  now: Date
  supplierId?: number | null
  purchaseOrderId?: number | null
  deliveryId?: number | null
  transferId?: string | null
  comment?: string | null
}

/**
 * Moves a stock by `delta` in one statement: a decrease only happens while it leaves the available
 * quantity (actual − reserved) at 0 or more, so concurrent requests can never take the stock below
 * zero. Refused with STOCK_EXCEEDED and the shortfall.
 */
export const move = async (tx: Tx, m: Movement): Promise<number> => {
  const updated = await tx
    .update(stocks)
    .set({ actual: sql`${stocks.actual} + ${m.delta}`, updated_at: m.now })
    .where(
      and(
        eq(stocks.id, m.stockId),
        m.delta < 0 ? gte(sql`${stocks.actual} - ${stocks.reserved} + ${m.delta}`, 0) : undefined,
      ),
    )
    .returning({ actual: stocks.actual })
  const after = updated[0]?.actual
  if (after === undefined) {
    const current = await tx.select().from(stocks).where(eq(stocks.id, m.stockId)).limit(1).then(first)
    const available = (current?.actual ?? 0) - (current?.reserved ?? 0)
    const refused = checkStockOut(fromStockUnits(available), fromStockUnits(-m.delta))
    throw new Refused(refused.ok ? { code: 'STOCK_EXCEEDED', params: { exceeded: '0' } } : refused.error)
  }
  await tx.insert(stockMovements).values({
    stock_id: m.stockId,
    type: m.type,
    quantity: m.delta,
    actual_after: after,
    supplier_id: m.supplierId ?? null,
    purchase_order_id: m.purchaseOrderId ?? null,
    delivery_id: m.deliveryId ?? null,
    transfer_id: m.transferId ?? null,
    comment: m.comment ?? null,
    user_id: m.userId,
    created_at: m.now,
  })
  return after
}

const loadArticle = (db: Db | Tx, id: number) =>
  db.select().from(articles).where(eq(articles.id, id)).limit(1).then(first)

/** POST articles/{id}/add-in-warehouse: the article gets an (empty) stock here; active articles only. */
export const addInWarehouse = async (
  deps: CatalogueDeps,
  actor: OrderActor,
  warehouseId: number,
  articleId: number,
): Refusal<{ data: { id: number } }> => {
  const allowed = checkCanManageCatalogue(actor)
  if (!allowed.ok) return allowed
  const [warehouse, article] = await Promise.all([
    requireWarehouse(deps.db, warehouseId),
    loadArticle(deps.db, articleId),
  ])
  if (!warehouse.ok) return warehouse
  if (article === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const enter = checkCanEnterStock(article)
  if (!enter.ok) return enter
  if ((await stockRow(deps.db, articleId, warehouseId)) !== undefined) return err({ code: 'NOT_UNIQUE' })
  return inTransaction(deps.db, async (tx) => {
    const stock = await ensureStock(tx, articleId, warehouseId, deps.clock.now())
    await writeTrace(tx, deps.clock, {
      action: 'add_in_warehouse',
      message: `Article ${article.reference} added to ${warehouse.value.label}`,
      model: 'article',
      model_id: articleId,
      user_id: actor.id,
    })
    return { data: { id: stock.id } }
  })
}

export const StockInSchema = z.object({
  article_id: z.number().int().positive(),
  quantity: z.string().trim(),
  supplier_id: z.number().int().positive().nullable().default(null),
  comment: z.string().trim().max(500).nullable().default(null),
})

/** POST stock-in: units received into this warehouse (active articles only), from a supplier of the article. */
export const stockIn = async (
  deps: CatalogueDeps,
  actor: OrderActor,
  warehouseId: number,
  input: unknown,
): Refusal<{ data: { actual: string } }> => {
  const allowed = checkCanManageCatalogue(actor)
  if (!allowed.ok) return allowed
  const warehouse = await requireWarehouse(deps.db, warehouseId)
  if (!warehouse.ok) return warehouse
  const parsed = parseWith(StockInSchema, input)
  if (!parsed.ok) return parsed
  const quantity = positiveQuantityOf(parsed.value.quantity)
  if (!quantity.ok) return quantity
  const article = await loadArticle(deps.db, parsed.value.article_id)
  if (article === undefined) return err(formError({ article_id: [{ code: 'NOT_IN_LIST' }] }))
  const enter = checkCanEnterStock(article)
  if (!enter.ok) return enter
  const { supplier_id } = parsed.value
  if (
    supplier_id !== null &&
    (await deps.db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.id, supplier_id))
      .limit(1)
      .then(first)) === undefined
  )
    return err(formError({ supplier_id: [{ code: 'NOT_IN_LIST' }] }))
  return inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now()
    const stock = await ensureStock(tx, article.id, warehouseId, now)
    const after = await move(tx, {
      stockId: stock.id,
      type: 'in',
      delta: quantity.value,
      userId: actor.id,
      now,
      supplierId: supplier_id,
      comment: parsed.value.comment,
    })
    return { data: { actual: fromStockUnits(after) } }
  })
}

export const QuantitySchema = z.object({
  quantity: z.string().trim(),
  comment: z.string().trim().max(500).nullable().default(null),
})

/** POST articles/{id}/stock-out: units leaving this warehouse; internal articles only, within the available stock. */
export const stockOut = async (
  deps: CatalogueDeps,
  actor: OrderActor,
  warehouseId: number,
  articleId: number,
  input: unknown,
): Refusal<{ data: { actual: string } }> => {
  const allowed = checkCanManageCatalogue(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(QuantitySchema, input)
  if (!parsed.ok) return parsed
  const quantity = positiveQuantityOf(parsed.value.quantity)
  if (!quantity.ok) return quantity
  const article = await loadArticle(deps.db, articleId)
  if (article === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const leave = checkCanLeaveStock(article)
  if (!leave.ok) return leave
  const stock = await stockRow(deps.db, articleId, warehouseId)
  if (stock === undefined) return err({ code: 'STOCK_EXCEEDED', params: { exceeded: parsed.value.quantity } })
  return inTransaction(deps.db, async (tx) => {
    const after = await move(tx, {
      stockId: stock.id,
      type: 'out',
      delta: -quantity.value,
      userId: actor.id,
      now: deps.clock.now(),
      comment: parsed.value.comment,
    })
    return { data: { actual: fromStockUnits(after) } }
  })
}

/** POST articles/{id}/adjust-stock: sets the counted quantity (0 or more); the reserved part never exceeds it. */
export const adjustStock = async (
  deps: CatalogueDeps,
  actor: OrderActor,
  warehouseId: number,
  articleId: number,
  input: unknown,
): Refusal<{ data: { actual: string } }> => {
  const allowed = checkCanManageCatalogue(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(QuantitySchema, input)
  if (!parsed.ok) return parsed
  const counted = quantityOf(parsed.value.quantity)
  if (!counted.ok) return counted
  const rule = checkAdjustmentQuantity(fromStockUnits(counted.value))
  if (!rule.ok) return err(formError({ quantity: [rule.error] }))
  const stock = await stockRow(deps.db, articleId, warehouseId)
  if (stock === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  return inTransaction(deps.db, async (tx) => {
    // Transactions run one at a time in the process (db/serialise): the count read here stays true.
    const current = await tx.select().from(stocks).where(eq(stocks.id, stock.id)).limit(1).then(first)
    const now = deps.clock.now()
    await tx
      .update(stocks)
      .set({
        actual: counted.value,
        reserved: Math.min(current?.reserved ?? 0, counted.value),
        updated_at: now,
      })
      .where(eq(stocks.id, stock.id))
    await tx.insert(stockMovements).values({
      stock_id: stock.id,
      type: 'adjustment',
      quantity: counted.value - (current?.actual ?? 0),
      actual_after: counted.value,
      comment: parsed.value.comment,
      user_id: actor.id,
      created_at: now,
    })
    return { data: { actual: fromStockUnits(counted.value) } }
  })
}

export const TransferSchema = z.object({
  from_warehouse_id: z.number().int().positive(),
  to_warehouse_id: z.number().int().positive(),
  purchase_order_id: z.number().int().positive().nullable().default(null),
  comment: z.string().trim().max(500).nullable().default(null),
  lines: z
    .array(z.object({ article_id: z.number().int().positive(), quantity: z.string().trim() }))
    .min(1, 'SELECT_AT_LEAST_ONE')
    .max(500),
})

/** The moves of one transfer, inside a transaction: out of the source (internal articles, within stock), into the destination. */
const applyTransfer = async (
  tx: Tx,
  actor: OrderActor,
  input: z.output<typeof TransferSchema>,
  now: Date,
) => {
  const transferId = randomUUID()
  for (const [i, line] of input.lines.entries()) {
    const units = toStockUnits(line.quantity)
    if (units === null || units <= 0)
      throw new Refused(
        formError({
          [`lines.${i}.quantity`]: [
            { code: units === null ? 'NOT_A_NUMBER' : 'TOO_SMALL', params: { min: 0 } },
          ],
        }),
      )
    const article = await loadArticle(tx, line.article_id)
    if (article === undefined)
      throw new Refused(formError({ [`lines.${i}.article_id`]: [{ code: 'NOT_IN_LIST' }] }))
    const leave = checkCanLeaveStock(article)
    if (!leave.ok) throw new Refused(leave.error)
    const source = await stockRow(tx, article.id, input.from_warehouse_id)
    if (source === undefined)
      throw new Refused({ code: 'STOCK_EXCEEDED', params: { exceeded: line.quantity } })
    const target = await ensureStock(tx, article.id, input.to_warehouse_id, now)
    const common = {
      userId: actor.id,
      now,
      purchaseOrderId: input.purchase_order_id,
      transferId,
      comment: input.comment,
    }
    await move(tx, { ...common, stockId: source.id, type: 'transfer_out', delta: -units })
    await move(tx, { ...common, stockId: target.id, type: 'transfer_in', delta: units })
  }
  return transferId
}

const checkTransfer = async (
  db: Db,
  actor: OrderActor,
  input: unknown,
): Refusal<z.output<typeof TransferSchema>> => {
  const allowed = checkCanManageCatalogue(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(TransferSchema, input)
  if (!parsed.ok) return parsed
  const same = checkMoveStocks(parsed.value.from_warehouse_id, parsed.value.to_warehouse_id)
  if (!same.ok) return same
  for (const id of [parsed.value.from_warehouse_id, parsed.value.to_warehouse_id]) {
    const warehouse = await requireWarehouse(db, id)
    if (!warehouse.ok) return warehouse
  }
  const orderId = parsed.value.purchase_order_id
  if (
    orderId !== null &&
    (await db
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, orderId))
      .limit(1)
      .then(first)) === undefined
  )
    return err(formError({ purchase_order_id: [{ code: 'NOT_IN_LIST' }] }))
  return parsed
}

/** POST /bwapi/warehouses/transfer: every line moves, or none (one transaction). */
export const transferStock = async (
  deps: CatalogueDeps,
  actor: OrderActor,
  input: unknown,
): Refusal<{ data: { transfer_id: string } }> => {
  const checked = await checkTransfer(deps.db, actor, input)
  if (!checked.ok) return checked
  return inTransaction(deps.db, async (tx) => {
    const transferId = await applyTransfer(tx, actor, checked.value, deps.clock.now())
    await writeTrace(tx, deps.clock, {
      action: 'transfer',
      message: `Transfer ${transferId}: ${countOf(checked.value.lines.length, 'line')}`,
      model: 'stock_transfer',
      model_id: transferId,
      user_id: actor.id,
    })
    return { data: { transfer_id: transferId } }
  })
}

/**
 * PUT /bwapi/warehouses/transfer/{purchase_order}: replaces the transfer tied to an order: its
 * moves are undone and the new lines applied, in one transaction (refused as a whole).
 */
export const editOrderTransfer = async (
  deps: CatalogueDeps,
  actor: OrderActor,
  purchaseOrderId: number,
  input: unknown,
): Refusal<{ data: { transfer_id: string } }> => {
  const checked = await checkTransfer(deps.db, actor, {
    ...(input as object),
    purchase_order_id: purchaseOrderId,
  })
  if (!checked.ok) return checked
  return inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now()
    const previous = await tx
      .select()
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.purchase_order_id, purchaseOrderId),
          inArray(stockMovements.type, ['transfer_in', 'transfer_out']),
        ),
      )
      .orderBy(desc(stockMovements.id))
    for (const m of previous) {
      // Undo in reverse: what came in goes back out (within stock), what went out comes back.
      await move(tx, {
        stockId: m.stock_id,
        type: m.type === 'transfer_in' ? 'transfer_out' : 'transfer_in',
        delta: -m.quantity,
        userId: actor.id,
        now,
        purchaseOrderId: null,
        transferId: m.transfer_id,
        comment: 'undone',
      })
    }
    await tx
      .update(stockMovements)
      .set({ purchase_order_id: null })
      .where(
        and(
          eq(stockMovements.purchase_order_id, purchaseOrderId),
          inArray(stockMovements.type, ['transfer_in', 'transfer_out']),
        ),
      )
    const transferId = await applyTransfer(tx, actor, checked.value, now)
    await writeTrace(tx, deps.clock, {
      action: 'transfer_edit',
      message: `Transfer for order ${purchaseOrderId} replaced by ${transferId}`,
      model: 'purchase_order',
      model_id: purchaseOrderId,
      user_id: actor.id,
    })
    return { data: { transfer_id: transferId } }
  })
}

/** GET /bwapi/warehouses/transfer?purchase_order=: the warehouses, and the order's lines and current transfer when given. */
export const transferData = async (
  db: Db,
  purchaseOrderId: number | null,
  language: Language,
): Refusal<unknown> => {
  const list = (
    await db
      .select({ id: warehouses.id, code: warehouses.code, label: warehouses.label })
      .from(warehouses)
      .where(eq(warehouses.active, true))
      .orderBy(asc(warehouses.label))
  ).map(namedIn('warehouse', language))
  if (purchaseOrderId === null) return ok({ warehouses: list, purchase_order: null, lines: [] })
  const order = await db
    .select({ id: purchaseOrders.id, code: purchaseOrders.code, status: purchaseOrders.status })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, purchaseOrderId))
    .limit(1)
    .then(first)
  if (order === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const [orderLines, moved] = await Promise.all([
    db
      .select({
        article_id: purchaseOrderLines.article_id,
        label: purchaseOrderLines.label,
        quantity: purchaseOrderLines.quantity,
      })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchase_order_id, purchaseOrderId)),
    db
      .select({
        article_id: stocks.article_id,
        warehouse_id: stocks.warehouse_id,
        type: stockMovements.type,
        quantity: stockMovements.quantity,
      })
      .from(stockMovements)
      .innerJoin(stocks, eq(stockMovements.stock_id, stocks.id))
      .where(
        and(eq(stockMovements.purchase_order_id, purchaseOrderId), eq(stockMovements.type, 'transfer_out')),
      ),
  ])
  return ok({
    warehouses: list,
    purchase_order: order,
    order_lines: orderLines,
    lines: moved.map((m) => ({
      article_id: m.article_id,
      from_warehouse_id: m.warehouse_id,
      quantity: fromStockUnits(-m.quantity),
    })),
  })
}

/** GET stock-in: the warehouse and its latest entries. */
export const stockInData = async (db: Db, warehouseId: number): Refusal<unknown> => {
  const warehouse = await requireWarehouse(db, warehouseId)
  if (!warehouse.ok) return warehouse
  const recent = await db
    .select({
      at: stockMovements.created_at,
      article: articles.label,
      reference: articles.reference,
      quantity: stockMovements.quantity,
      supplier: suppliers.company_name,
      user: users.label,
    })
    .from(stockMovements)
    .innerJoin(stocks, eq(stockMovements.stock_id, stocks.id))
    .innerJoin(articles, eq(stocks.article_id, articles.id))
    .leftJoin(suppliers, eq(stockMovements.supplier_id, suppliers.id))
    .leftJoin(users, eq(stockMovements.user_id, users.id))
    .where(and(eq(stocks.warehouse_id, warehouseId), eq(stockMovements.type, 'in')))
    .orderBy(desc(stockMovements.id))
    .limit(20)
  return ok({
    warehouse: warehouse.value,
    recent: recent.map((r) => ({ ...r, at: r.at.toISOString(), quantity: fromStockUnits(r.quantity) })),
  })
}

/** GET stock-in/{id}/get-suppliers and articles/{id}/get-stock-suppliers: who can supply the article. */
export const stockSuppliers = async (db: Db, articleId: number): Refusal<{ data: unknown[] }> => {
  if ((await loadArticle(db, articleId)) === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  return ok({ data: (await supplierArticlesOf(db, articleId)).filter((s) => s.supplier_status === 'active') })
}
