/** Turning the cart into orders, or into a request. */
import {
  CART_ORDER_MODES,
  type CartLine,
  type CartOrderMode,
  type CartRequestDetails,
  CartRequestSchema,
  cartModesFor,
  needFromCart,
  ordersFromCart,
} from '@procura/core/article'
import { isoDateIn } from '@procura/core/calendar'
import { type DomainError, formError, parseWith, translate } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { checkCanCreateOrder, type OrderActor, PurchaseOrderInputSchema } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db'
import { first } from '../../db/first'
import {
  articles,
  cartItems,
  companies,
  needs,
  productFamilies,
  supplierArticles,
  supplierPunchouts,
  suppliers,
  users,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { applyNeedAction } from '../needs/need-actions'
import { checkNeedInput, insertNeed } from '../needs/need-write'
import { applyOrderAction } from '../purchase-orders/order-actions'
import { insertOrder } from '../purchase-orders/order-write'
import { loadSettings } from '../settings'
import { articleAgreementPrices } from '../sourcing/draws'
import type { CartDeps, Refusal } from './cart'
import { requireWarehouse } from './warehouses'

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
    rows.flatMap(({ item, supplier }) =>
      item.article_id === null
        ? []
        : [
            {
              article_id: item.article_id,
              supplier_id: item.supplier_id,
              currency_code: supplier.currency_code,
              quantity: item.quantity,
            },
          ],
    ),
    isoDateIn(deps.clock.now(), (await loadSettings(deps.db)).formats.time_zone),
  )
  const groups = ordersFromCart(
    rows.map((row) => ({
      ...cartLineOf(row),
      // The order draws on the agreement that prices the article (its price fills the line).
      agreement_line_id:
        row.article === null
          ? null
          : (agreed.get(`${row.article.id}:${row.item.supplier_id}`)?.agreement_line_id ?? null),
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
      // A PunchOut basket's currency is its supplier's (core/punchout checkBasket).
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

type CartRow = Awaited<ReturnType<typeof cartLinesOf>>[number]

/** A cart row as core's cart rules read it: a catalogue article at its supplier's price, or a PunchOut line. */
const cartLineOf = ({ item, article, offer }: CartRow): CartLine =>
  article === null
    ? {
        article_id: null,
        label: item.label ?? '',
        unit: item.unit,
        supplier_part_id: item.supplier_part_id,
        quantity: item.quantity,
        quantity_step: null,
        supplier_id: item.supplier_id,
        unit_price_exctax: item.unit_price_exctax ?? '0',
        unit_number_per_price: '1',
        vat_rate: item.vat_rate ?? '0',
        vat_rate_2: null,
      }
    : {
        article_id: article.id,
        label: article.label,
        quantity: item.quantity,
        quantity_step: article.quantity_step,
        supplier_id: item.supplier_id,
        unit_price_exctax: offer?.unit_price_exctax ?? article.unit_price_exctax,
        unit_number_per_price: article.unit_number_per_price,
        vat_rate: article.vat_rate,
        vat_rate_2: article.vat_rate_2,
      }

/** This user's cart lines in a warehouse: the item, its article (and family), offer and supplier. */
const cartLinesOf = (db: Db, actor: OrderActor, warehouseId: number) =>
  db
    .select({
      item: cartItems,
      article: articles,
      offer: supplierArticles,
      supplier: suppliers,
      // A PunchOut line's family is the one its shop's settings give.
      family: sql<string | null>`coalesce(${productFamilies.code}, ${supplierPunchouts.purchase_family})`,
    })
    .from(cartItems)
    .leftJoin(articles, eq(cartItems.article_id, articles.id))
    .innerJoin(suppliers, eq(cartItems.supplier_id, suppliers.id))
    .leftJoin(productFamilies, eq(articles.product_family_id, productFamilies.id))
    .leftJoin(supplierPunchouts, eq(supplierPunchouts.supplier_id, cartItems.supplier_id))
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
  const request = needFromCart(rows.map((row) => ({ ...cartLineOf(row), family: row.family })))
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
