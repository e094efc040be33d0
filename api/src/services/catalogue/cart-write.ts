/** Filling the cart: adding, changing quantities and suppliers, removing, emptying. */
import { CartAddSchema, checkCartQuantity } from '@procura/core/article'
import { formError, parseWith } from '@procura/core/errors'
import { dec } from '@procura/core/money'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { and, eq } from 'drizzle-orm'
import { first } from '../../db/first'
import { articles, cartItems, supplierArticles } from '../../db/schema'
import { type CartDeps, itemOf, offerOf, type Refusal } from './cart'
import { requireWarehouse } from './warehouses'

/**
 * POST articles/{id}/add-to-cart {quantity, supplier_id?}: an active article, from one of its
 * suppliers (the main one by default), in a multiple of its step; added to what the cart holds.
 */
export const addToCart = async (
  deps: CartDeps,
  actor: OrderActor,
  warehouseId: number,
  articleId: number,
  input: unknown,
): Refusal<{ data: { quantity: string } }> => {
  const warehouse = await requireWarehouse(deps.db, warehouseId)
  if (!warehouse.ok) return warehouse
  const body = parseWith(CartAddSchema, input)
  if (!body.ok) return body
  const article = await deps.db.select().from(articles).where(eq(articles.id, articleId)).limit(1).then(first)
  if (article === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  if (!article.active) return err({ code: 'ARTICLE_NOT_ACTIVE' })
  const step = checkCartQuantity(body.value.quantity, article.quantity_step)
  if (!step.ok) return err(formError({ quantity: [step.error] }))
  const existing = await itemOf(deps.db, actor, warehouseId, articleId)
  const quantity =
    existing === undefined
      ? body.value.quantity
      : dec(existing.quantity).plus(dec(body.value.quantity)).toString()
  const offers = await deps.db
    .select()
    .from(supplierArticles)
    .where(eq(supplierArticles.article_id, articleId))
  const supplierId =
    body.value.supplier_id ?? existing?.supplier_id ?? (offers.find((o) => o.main) ?? offers[0])?.supplier_id
  if (supplierId === undefined || !offers.some((o) => o.supplier_id === supplierId))
    return err(formError({ supplier_id: [{ code: 'NOT_IN_LIST' }] }))
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    if (existing === undefined)
      await tx.insert(cartItems).values({
        user_id: actor.id,
        warehouse_id: warehouseId,
        article_id: articleId,
        supplier_id: supplierId,
        quantity,
        created_at: now,
        updated_at: now,
      })
    else
      await tx
        .update(cartItems)
        .set({ quantity, supplier_id: supplierId, updated_at: now })
        .where(eq(cartItems.id, existing.id))
  })
  return ok({ data: { quantity } })
}

/** POST articles/{id}/change-quantity-cart {quantity}: a multiple of the article's step. */
export const changeCartQuantity = async (
  deps: CartDeps,
  actor: OrderActor,
  warehouseId: number,
  articleId: number,
  input: unknown,
): Refusal<{ data: { quantity: string } }> => {
  const item = await itemOf(deps.db, actor, warehouseId, articleId)
  if (item === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const quantity = String((input as { quantity?: unknown } | null)?.quantity ?? '').trim()
  const article = await deps.db.select().from(articles).where(eq(articles.id, articleId)).limit(1).then(first)
  const step = checkCartQuantity(quantity, article?.quantity_step ?? null)
  if (!step.ok) return err(formError({ quantity: [step.error] }))
  await deps.db
    .update(cartItems)
    .set({ quantity, updated_at: deps.clock.now() })
    .where(eq(cartItems.id, item.id))
  return ok({ data: { quantity } })
}

/** POST articles/{id}/change-supplier-cart {supplier_id}: another supplier of the article. */
export const changeCartSupplier = async (
  deps: CartDeps,
  actor: OrderActor,
  warehouseId: number,
  articleId: number,
  input: unknown,
): Refusal<{ data: { supplier_id: number } }> => {
  const item = await itemOf(deps.db, actor, warehouseId, articleId)
  if (item === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const supplierId = Number((input as { supplier_id?: unknown } | null)?.supplier_id)
  if (!Number.isInteger(supplierId) || (await offerOf(deps.db, articleId, supplierId)) === undefined)
    return err(formError({ supplier_id: [{ code: 'NOT_IN_LIST' }] }))
  await deps.db
    .update(cartItems)
    .set({ supplier_id: supplierId, updated_at: deps.clock.now() })
    .where(eq(cartItems.id, item.id))
  return ok({ data: { supplier_id: supplierId } })
}

/** POST articles/{id}/delete-cart-article */
export const deleteCartArticle = async (
  deps: CartDeps,
  actor: OrderActor,
  warehouseId: number,
  articleId: number,
): Refusal<{ data: { article_id: number } }> => {
  const item = await itemOf(deps.db, actor, warehouseId, articleId)
  if (item === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  await deps.db.delete(cartItems).where(eq(cartItems.id, item.id))
  return ok({ data: { article_id: articleId } })
}

/** POST articles/empty-cart */
export const emptyCart = async (deps: CartDeps, actor: OrderActor, warehouseId: number) => {
  const removed = await deps.db
    .delete(cartItems)
    .where(and(eq(cartItems.user_id, actor.id), eq(cartItems.warehouse_id, warehouseId)))
    .returning({ id: cartItems.id })
  return ok({ data: { removed: removed.length } })
}

/** This user's cart line in this warehouse, by its own id (a PunchOut line has no article). */
const lineOf = (deps: CartDeps, actor: OrderActor, warehouseId: number, lineId: number) =>
  deps.db
    .select()
    .from(cartItems)
    .where(
      and(eq(cartItems.id, lineId), eq(cartItems.user_id, actor.id), eq(cartItems.warehouse_id, warehouseId)),
    )
    .limit(1)
    .then(first)

/** POST articles/cart-lines/{line}/change-quantity-cart {quantity}: a PunchOut line's quantity, above zero. */
export const changeCartLineQuantity = async (
  deps: CartDeps,
  actor: OrderActor,
  warehouseId: number,
  lineId: number,
  input: unknown,
): Refusal<{ data: { quantity: string } }> => {
  const item = await lineOf(deps, actor, warehouseId, lineId)
  if (item === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const body = parseWith(CartAddSchema, input)
  if (!body.ok) return body
  const step = checkCartQuantity(body.value.quantity, null)
  if (!step.ok) return err(formError({ quantity: [step.error] }))
  await deps.db
    .update(cartItems)
    .set({ quantity: body.value.quantity, updated_at: deps.clock.now() })
    .where(eq(cartItems.id, item.id))
  return ok({ data: { quantity: body.value.quantity } })
}

/** POST articles/cart-lines/{line}/delete-cart-article: a cart line removed by its own id. */
export const deleteCartLine = async (
  deps: CartDeps,
  actor: OrderActor,
  warehouseId: number,
  lineId: number,
): Refusal<{ data: { id: number } }> => {
  const item = await lineOf(deps, actor, warehouseId, lineId)
  if (item === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  await deps.db.delete(cartItems).where(eq(cartItems.id, item.id))
  return ok({ data: { id: item.id } })
}
