/** What the stock forms offer: transfer and entry lists, an article's suppliers. */
import { type Language, namedIn } from '@procura/core/i18n'
import { err, ok } from '@procura/core/result'
import { fromStockUnits } from '@procura/core/stock'
import { and, asc, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db'
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
import { supplierArticlesOf } from './article-read'
import { loadArticle, type Refusal } from './stock'
import { requireWarehouse } from './warehouses'

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
