/** Stock in and out of a warehouse: adding an article there, entries, exits, adjustments. */
import { checkCanManageCatalogue } from '@procura/core/article'
import { formError, parseWith } from '@procura/core/errors'
import type { OrderActor } from '@procura/core/purchase-order'
import { err } from '@procura/core/result'
import {
  checkAdjustmentQuantity,
  checkCanEnterStock,
  checkCanLeaveStock,
  fromStockUnits,
  QuantitySchema,
  StockInSchema,
} from '@procura/core/stock'
import { eq } from 'drizzle-orm'
import { first } from '../../db/first'
import { stockMovements, stocks, suppliers } from '../../db/schema'
import { writeTrace } from '../trace'
import type { CatalogueDeps } from './article-write'
import {
  ensureStock,
  inTransaction,
  loadArticle,
  move,
  positiveQuantityOf,
  quantityOf,
  type Refusal,
  stockRow,
} from './stock'
import { requireWarehouse } from './warehouses'

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
