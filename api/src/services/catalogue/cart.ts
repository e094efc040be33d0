import {
  CART_ORDER_MODES,
  type CartOrderMode,
  type CartRequestDetails,
  CartRequestSchema,
  cartModesFor,
  checkCartQuantity,
  needFromCart,
  ordersFromCart,
} from '@procura/core/article'
import { isoDateIn } from '@procura/core/calendar'
import { type DomainError, formError, parseWith, translate } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { articleLineAmounts, dec, toAmountString } from '@procura/core/money'
import { checkCanCreateOrder, type OrderActor, PurchaseOrderInputSchema } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { supplierStatusOn } from '@procura/core/supplier'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, Tx } from '../../db'
import { first } from '../../db/first'
import {
  articles,
  cartItems,
  companies,
  needs,
  productFamilies,
  supplierArticles,
  suppliers,
  users,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { applyNeedAction } from '../needs/need-actions'
import { checkNeedInput, insertNeed } from '../needs/need-write'
import { applyOrderAction } from '../purchase-orders/order-actions'
import { insertOrder } from '../purchase-orders/order-write'
import type { OrderDeps } from '../purchase-orders/orders'
import { loadSettings } from '../settings'
import { articleAgreementPrices } from '../sourcing/draws'
import { statisticsOf } from '../suppliers/supplier-figures'
import { requireWarehouse } from './warehouses'

type Refusal<T> = Promise<Result<T, DomainError>>
type CartDeps = OrderDeps

const offerOf = (db: Db, articleId: number, supplierId: number) =>
  db
    .select()
    .from(supplierArticles)
    .where(and(eq(supplierArticles.article_id, articleId), eq(supplierArticles.supplier_id, supplierId)))
    .limit(1)
    .then(first)

const itemOf = (db: Db, actor: OrderActor, warehouseId: number, articleId: number) =>
  db
    .select()
    .from(cartItems)
    .where(
      and(
        eq(cartItems.user_id, actor.id),
        eq(cartItems.warehouse_id, warehouseId),
        eq(cartItems.article_id, articleId),
      ),
    )
    .limit(1)
    .then(first)

/**
 * GET articles/get-cart: this user's cart in this warehouse, priced by the chosen suppliers, with
 * totals per supplier. Each line offers the article's suppliers active today (forced status
 * included); a supplier the statistics job flagged (under its objectives) is `flagged`, as on the
 * order form.
 */
export const getCart = async (db: Db, actor: OrderActor, warehouseId: number, today: string) => {
  const warehouse = await requireWarehouse(db, warehouseId)
  if (!warehouse.ok) return warehouse
  const { decimals } = (await loadSettings(db)).formats
  const rows = await db
    .select({ item: cartItems, article: articles, offer: supplierArticles, supplier: suppliers })
    .from(cartItems)
    .innerJoin(articles, eq(cartItems.article_id, articles.id))
    .innerJoin(suppliers, eq(cartItems.supplier_id, suppliers.id))
    .leftJoin(
      supplierArticles,
      and(
        eq(supplierArticles.article_id, cartItems.article_id),
        eq(supplierArticles.supplier_id, cartItems.supplier_id),
      ),
    )
    .where(and(eq(cartItems.user_id, actor.id), eq(cartItems.warehouse_id, warehouseId)))
    .orderBy(asc(suppliers.company_name), asc(articles.label))
  const offers =
    rows.length === 0
      ? []
      : await db
          .select({
            article_id: supplierArticles.article_id,
            supplier_id: suppliers.id,
            supplier: suppliers.company_name,
            unit_price_exctax: supplierArticles.unit_price_exctax,
            status: suppliers.status,
            forced_status: suppliers.forced_status,
            forced_status_date: suppliers.forced_status_date,
          })
          .from(supplierArticles)
          .innerJoin(suppliers, eq(supplierArticles.supplier_id, suppliers.id))
          .where(
            inArray(
              supplierArticles.article_id,
              rows.map((r) => r.item.article_id),
            ),
          )
          .then((found) => found.filter((o) => supplierStatusOn(o, today) === 'active'))
  const flagged = new Set(
    (
      await statisticsOf(db, [
        ...new Set([...rows.map((r) => r.supplier.id), ...offers.map((o) => o.supplier_id)]),
      ])
    )
      .filter((r) => r.flagged)
      .map((r) => r.supplier_id),
  )
  // An article under a framework agreement with the chosen supplier takes the agreed price.
  const agreed = await articleAgreementPrices(
    db,
    rows.map(({ item, supplier }) => ({
      article_id: item.article_id,
      supplier_id: supplier.id,
      currency_code: supplier.currency_code,
      quantity: item.quantity,
    })),
    today,
  )
  const items = rows.map(({ item, article, offer, supplier }) => {
    const agreement = agreed.get(`${article.id}:${supplier.id}`)
    const amounts = articleLineAmounts(
      {
        unit_price_exctax:
          agreement?.unit_price_exctax ?? offer?.unit_price_exctax ?? article.unit_price_exctax,
        unit_number_per_price: agreement === undefined ? article.unit_number_per_price : '1',
        vat_rate: agreement?.vat_rate ?? article.vat_rate,
        vat_rate_2: agreement === undefined ? article.vat_rate_2 : null,
      },
      item.quantity,
      decimals,
    )
    return {
      article_id: article.id,
      warehouse_id: warehouseId,
      reference: article.reference,
      label: article.label,
      quantity: item.quantity,
      quantity_step: article.quantity_step,
      supplier_id: supplier.id,
      supplier: supplier.company_name,
      supplier_flagged: flagged.has(supplier.id),
      currency_code: supplier.currency_code,
      unit_price_exctax:
        agreement?.unit_price_exctax ?? offer?.unit_price_exctax ?? article.unit_price_exctax,
      unit_number_per_price: agreement === undefined ? article.unit_number_per_price : '1',
      agreement: agreement?.code ?? null,
      amount_exctax: toAmountString(amounts.exctax, decimals),
      amount_inctax: toAmountString(amounts.inctax, decimals),
      suppliers: offers
        .filter((o) => o.article_id === article.id)
        .map((o) => ({
          supplier_id: o.supplier_id,
          supplier: o.supplier,
          unit_price_exctax: o.unit_price_exctax,
          flagged: flagged.has(o.supplier_id),
        })),
    }
  })
  const bySupplier = new Map<
    number,
    { supplier_id: number; supplier: string; flagged: boolean; currency_code: string; amount_exctax: string }
  >()
  for (const i of items) {
    const current = bySupplier.get(i.supplier_id)
    bySupplier.set(i.supplier_id, {
      supplier_id: i.supplier_id,
      supplier: i.supplier,
      flagged: i.supplier_flagged,
      currency_code: i.currency_code,
      amount_exctax: toAmountString(dec(current?.amount_exctax ?? 0).plus(i.amount_exctax), decimals),
    })
  }
  return ok({
    data: {
      warehouse_id: warehouseId,
      items,
      suppliers: [...bySupplier.values()],
      modes: cartModesFor(actor),
    },
  })
}

export const CartAddSchema = z.object({
  quantity: z.string().trim(),
  supplier_id: z.number().int().positive().nullable().default(null),
})

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

/**
 * POST articles/create-purchase-order?mode=draft|submit: one order per supplier through the order
 * service (numbering, amounts, traces), delivered to the warehouse; with `submit` each is sent to
 * validation. An order created leaves the cart; a supplier refused keeps its lines there and is
 * reported (the others are not undone: each order is whole on its own).
 */
export const createOrdersFromCart = async (
  deps: CartDeps,
  actor: OrderActor,
  warehouseId: number,
  mode: string | undefined,
  language: Language,
  /** For a request: its title, wanted date and comment (core CartRequestSchema). */
  body?: unknown,
): Refusal<{
  data: {
    orders: { id: number; code: string; status: string }[]
    refused: { supplier_id: number; message: string }[]
  }
}> => {
  if (!(CART_ORDER_MODES as readonly string[]).includes(mode ?? ''))
    return err(formError({ mode: [{ code: 'NOT_IN_LIST' }] }))
  if (!cartModesFor(actor).includes(mode as CartOrderMode)) return err({ code: 'FORBIDDEN' })
  if (mode === 'request') {
    const details = parseWith(CartRequestSchema, body ?? {})
    return details.ok ? requestFromCart(deps, actor, warehouseId, details.value) : details
  }
  const allowed = checkCanCreateOrder(actor)
  if (!allowed.ok) return allowed
  const warehouse = await requireWarehouse(deps.db, warehouseId)
  if (!warehouse.ok) return warehouse
  const rows = await cartLinesOf(deps.db, actor, warehouseId)
  if (rows.length === 0) return err({ code: 'SELECT_AT_LEAST_ONE' })
  const company =
    warehouse.value.company_id === null
      ? await deps.db.select().from(companies).orderBy(asc(companies.id)).limit(1).then(first)
      : await deps.db
          .select()
          .from(companies)
          .where(eq(companies.id, warehouse.value.company_id))
          .limit(1)
          .then(first)
  if (company === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const agreed = await articleAgreementPrices(
    deps.db,
    rows.map(({ item, supplier }) => ({
      article_id: item.article_id,
      supplier_id: item.supplier_id,
      currency_code: supplier.currency_code,
      quantity: item.quantity,
    })),
    isoDateIn(deps.clock.now(), (await loadSettings(deps.db)).formats.time_zone),
  )
  const groups = ordersFromCart(
    rows.map(({ item, article, offer }) => ({
      article_id: article.id,
      label: article.label,
      quantity: item.quantity,
      quantity_step: article.quantity_step,
      supplier_id: item.supplier_id,
      unit_price_exctax: offer?.unit_price_exctax ?? article.unit_price_exctax,
      unit_number_per_price: article.unit_number_per_price,
      vat_rate: article.vat_rate,
      vat_rate_2: article.vat_rate_2,
      // The order draws on the agreement that prices the article (its price fills the line).
      agreement_line_id: agreed.get(`${article.id}:${item.supplier_id}`)?.agreement_line_id ?? null,
    })),
  )
  const orders: { id: number; code: string; status: string }[] = []
  const refused: { supplier_id: number; message: string }[] = []
  const settings = await loadSettings(deps.db)
  for (const group of groups) {
    const supplier = rows.find((r) => r.item.supplier_id === group.supplier_id)?.supplier
    const items = rows.filter((r) => r.item.supplier_id === group.supplier_id).map((r) => r.item.id)
    const input = parseWith(PurchaseOrderInputSchema, {
      supplier_id: group.supplier_id,
      company_id: company.id,
      currency_code: supplier?.currency_code ?? company.currency_code,
      delivery_address: {
        type: 'address_book',
        public: true,
        address: [warehouse.value.label, warehouse.value.address].filter(Boolean).join(', '),
      },
      lines: group.lines,
    })
    // Each supplier's order is one transaction that takes its lines out of the cart: the same cart
    // turned into orders twice at once makes each order once.
    const created = input.ok
      ? await writeOrRefuse(deps.db, async (tx) => {
          const taken = await takeCartItems(tx, items)
          return taken.ok ? insertOrder(tx, deps, actor, input.value, settings) : taken
        })
      : input
    if (!created.ok) {
      refused.push({
        supplier_id: group.supplier_id,
        message: translate(created.error.code, created.error.params, language),
      })
      continue
    }
    const { id, code } = created.value
    let status = 'draft'
    if ((mode as CartOrderMode) === 'submit') {
      const submitted = await applyOrderAction(deps, actor, id, 'submit', {})
      if (submitted.ok) status = submitted.value.data.status
      else
        refused.push({
          supplier_id: group.supplier_id,
          message: `${code}: ${translate(submitted.error.code, submitted.error.params, language)}`,
        })
    }
    orders.push({ id, code, status })
  }
  return ok({ data: { orders, requests: [], refused } })
}

/**
 * Takes cart lines out of the cart inside a conversion's transaction; the delete is the check: if
 * another conversion took them first, this one is refused and rolls back.
 */
const takeCartItems = async (tx: Tx, ids: readonly number[]): Promise<Result<void, DomainError>> => {
  const taken = await tx
    .delete(cartItems)
    .where(inArray(cartItems.id, [...ids]))
    .returning({ id: cartItems.id })
  return taken.length === ids.length ? ok(undefined) : err({ code: 'DOCUMENT_CHANGED' })
}

/** This user's cart lines in a warehouse: the item, its article (and family), offer and supplier. */
const cartLinesOf = (db: Db, actor: OrderActor, warehouseId: number) =>
  db
    .select({
      item: cartItems,
      article: articles,
      offer: supplierArticles,
      supplier: suppliers,
      family: productFamilies.code,
    })
    .from(cartItems)
    .innerJoin(articles, eq(cartItems.article_id, articles.id))
    .innerJoin(suppliers, eq(cartItems.supplier_id, suppliers.id))
    .leftJoin(productFamilies, eq(articles.product_family_id, productFamilies.id))
    .leftJoin(
      supplierArticles,
      and(
        eq(supplierArticles.article_id, cartItems.article_id),
        eq(supplierArticles.supplier_id, cartItems.supplier_id),
      ),
    )
    .where(and(eq(cartItems.user_id, actor.id), eq(cartItems.warehouse_id, warehouseId)))
    .orderBy(asc(cartItems.id))

/**
 * POST create-purchase-order?mode=request: a requester's cart becomes one purchase request,
 * addressed to the first active buyer, and submitted to its approval circuit; the cart is then
 * emptied. A refusal (a rule of the request) leaves the cart as it was.
 */
const requestFromCart = async (
  deps: CartDeps,
  actor: OrderActor,
  warehouseId: number,
  details: CartRequestDetails,
) => {
  const warehouse = await requireWarehouse(deps.db, warehouseId)
  if (!warehouse.ok) return warehouse
  const rows = await cartLinesOf(deps.db, actor, warehouseId)
  if (rows.length === 0) return err({ code: 'SELECT_AT_LEAST_ONE' } as DomainError)
  const buyer = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.buyer, true), eq(users.active, true)))
    .orderBy(asc(users.label))
    .limit(1)
    .then(first)
  const request = needFromCart(
    rows.map(({ item, article, offer, family }) => ({
      article_id: article.id,
      label: article.label,
      quantity: item.quantity,
      quantity_step: article.quantity_step,
      supplier_id: item.supplier_id,
      unit_price_exctax: offer?.unit_price_exctax ?? article.unit_price_exctax,
      unit_number_per_price: article.unit_number_per_price,
      vat_rate: article.vat_rate,
      vat_rate_2: article.vat_rate_2,
      family,
    })),
  )
  const checked = await checkNeedInput(deps.db, {
    ...request,
    ...(details.title === undefined ? {} : { title: details.title }),
    comment: details.comment,
    buyer_id: buyer?.id,
    lines: request.lines.map((l) => ({
      ...l,
      wanted_date: details.wanted_date,
      delivery_address: [warehouse.value.label, warehouse.value.address].filter(Boolean).join(', '),
    })),
  })
  if (!checked.ok) return checked
  const { decimals } = (await loadSettings(deps.db)).formats
  // One transaction takes the lines out of the cart and writes the request: never two requests.
  const created = await writeOrRefuse(deps.db, async (tx) => {
    const taken = await takeCartItems(
      tx,
      rows.map((r) => r.item.id),
    )
    return taken.ok ? ok(await insertNeed(tx, deps, actor, checked.value, decimals)) : taken
  })
  if (!created.ok) return created
  const id = created.value
  const code =
    (await deps.db.select({ code: needs.code }).from(needs).where(eq(needs.id, id)).limit(1).then(first))
      ?.code ?? ''
  const submitted = await applyNeedAction(deps, actor, id, 'submit')
  const status = submitted.ok ? (submitted.value as { data: { status: string } }).data.status : 'draft'
  return ok({ data: { orders: [], requests: [{ id, code, status }], refused: [] } })
}
