import { type DomainError, formError } from '@procura/core/errors'
import { err, ok, type Result } from '@procura/core/result'
import { checkStockOut, fromStockUnits, toStockUnits } from '@procura/core/stock'
import { and, eq, gte, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db'
import { first } from '../../db/first'
import { articles, stockMovements, stocks } from '../../db/schema'

export type Refusal<T> = Promise<Result<T, DomainError>>
type MovementType = (typeof stockMovements.$inferInsert)['type']

/** A refusal raised inside a transaction: it rolls the transaction back and becomes the answer. */
export class Refused extends Error {
  constructor(readonly refusal: DomainError) {
    super(refusal.code)
  }
}
export const inTransaction = async <T>(db: Db, work: (tx: Tx) => Promise<T>): Refusal<T> => {
  try {
    return ok(await db.transaction(work))
  } catch (error) {
    if (error instanceof Refused) return err(error.refusal)
    throw error
  }
}

export const quantityOf = (text: unknown, field = 'quantity'): Result<number, DomainError> => {
  const units = typeof text === 'string' ? toStockUnits(text.trim()) : null
  return units === null ? err(formError({ [field]: [{ code: 'NOT_A_NUMBER' }] })) : ok(units)
}

/** A quantity that must be more than zero (entries, outs). */
export const positiveQuantityOf = (text: unknown): Result<number, DomainError> => {
  const quantity = quantityOf(text)
  if (!quantity.ok) return quantity
  return quantity.value > 0
    ? quantity
    : err(formError({ quantity: [{ code: 'TOO_SMALL', params: { min: 0 } }] }))
}

export const stockRow = (tx: Db | Tx, articleId: number, warehouseId: number) =>
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

export const loadArticle = (db: Db | Tx, id: number) =>
  db.select().from(articles).where(eq(articles.id, id)).limit(1).then(first)
