/** The purchase orders list: what each reader sees, the search over lines, articles, suppliers and people, the filters and totals. */
import { waitingOn } from '@procura/core/circuit'
import type { Language } from '@procura/core/i18n'
import { listFilter, parseListQuery } from '@procura/core/list'
import {
  type OrderActor,
  orderActionsFor,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderStatus,
  readsEveryOrder,
  seesInternals,
} from '@procura/core/purchase-order'
import { ok } from '@procura/core/result'
import { and, eq, exists, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { amountRange, dayRange } from '../../db/keyset'
import { everyWord, jsonText, likeCi } from '../../db/portable-sql'
import {
  articles,
  departments,
  needs,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
  users,
} from '../../db/schema'
import { customCells, customFilters, fieldsOf, valuesOf } from '../custom-fields'
import { inSlice, readPage } from '../list-page'
import { suppliersMatching } from '../suppliers/suppliers'

import { orderAccessOf } from './order-read'
import { circuitOf, type OrderDeps } from './orders'

export const ORDER_SORTS = ['code', 'created_at', 'amount_exctax', 'status'] as const
export const ORDER_SORT_KINDS = {
  code: 'text',
  created_at: 'date',
  amount_exctax: 'amount',
  status: 'text',
} as const
/** The orders list's filters, each with the kind of value it takes. */
export const ORDER_FILTER_KINDS = {
  status: listFilter.oneOf(PURCHASE_ORDER_STATUSES),
  supplier_id: listFilter.id(),
  department_id: listFilter.id(),
  /** The orders with a line on an article of this product family. */
  product_family_id: listFilter.id(),
  // The ranges of core's ORDER_LIST: created between two days, an amount between two bounds.
  created_from: listFilter.date(),
  created_to: listFilter.date(),
  amount_min: listFilter.decimal(),
  amount_max: listFilter.decimal(),
}
/** The filters the list's screen offers as choices (the ranges are drawn from the index's `ranges`). */
export const ORDER_FILTERS = ['status', 'supplier_id', 'department_id', 'product_family_id'] as const
/** Every filter the list's query takes. */
export const ORDER_QUERY_FILTERS = Object.keys(ORDER_FILTER_KINDS) as (keyof typeof ORDER_FILTER_KINDS)[]

/**
 * The orders this actor may see, as SQL (canViewOrder's rule): a supplier's contact, the orders
 * sent to its companies; others, theirs, those whose circuit names them, and those made from their
 * requests; buyers who see others' orders, administrators and accounts payable, all (no condition).
 */
export const visibleOrdersCondition = (db: Db, actor: OrderActor): SQL | undefined => {
  if ((actor.supplier_ids ?? []).length > 0)
    return and(
      inArray(purchaseOrders.supplier_id, [...(actor.supplier_ids ?? [])]),
      isNotNull(purchaseOrders.sent_at),
    )
  if (readsEveryOrder(actor)) return undefined
  return or(
    eq(purchaseOrders.buyer_id, actor.id),
    likeCi(jsonText(purchaseOrders.circuit), `%"${actor.login}"%`),
    // Requesters follow the orders made from their requests.
    exists(
      db
        .select({ one: sql`1` })
        .from(needs)
        .where(and(eq(needs.purchase_order_id, purchaseOrders.id), eq(needs.requester_id, actor.id))),
    ),
  )
}

/**
 * What the orders list's search finds: the order's number, its supplier's name or code, its
 * buyer's name, a line's label or its article's reference ("Paper", "helmet", "Acme", "Rita").
 * Written as subqueries on the orders table, so the capped count reads the same condition.
 */
export const orderSearch = (db: Db, pattern: string) =>
  or(
    likeCi(purchaseOrders.code, pattern),
    inArray(purchaseOrders.supplier_id, suppliersMatching(db, pattern)),
    inArray(
      purchaseOrders.buyer_id,
      db.select({ id: users.id }).from(users).where(likeCi(users.label, pattern)),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(purchaseOrderLines)
        .leftJoin(articles, eq(articles.id, purchaseOrderLines.article_id))
        .where(
          and(
            eq(purchaseOrderLines.purchase_order_id, purchaseOrders.id),
            or(likeCi(purchaseOrderLines.label, pattern), likeCi(articles.reference, pattern)),
          ),
        ),
    ),
  ) as SQL

/** GET /bwapi/purchase-orders?{query}: the orders this user may see, one page, with their actions. */
/** The people who asked for what each order holds (its requests' requesters), by order. */
const requestersOf = async (db: Db, orderIds: number[]): Promise<Map<number, string[]>> => {
  const byOrder = new Map<number, string[]>()
  if (orderIds.length === 0) return byOrder
  const rows = await db
    .selectDistinct({ order_id: needs.purchase_order_id, label: users.label })
    .from(needs)
    .innerJoin(users, eq(needs.requester_id, users.id))
    .where(inArray(needs.purchase_order_id, orderIds))
    .orderBy(users.label)
  for (const row of rows)
    if (row.order_id !== null) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row.label])
  return byOrder
}

export const listOrders = async (
  deps: OrderDeps,
  actor: OrderActor,
  query: Record<string, string | undefined>,
  /** An export reads every page: it needs neither the count nor the totals of each. */
  options: { count?: boolean } = {},
  language: Language = 'en',
) => {
  // The custom fields' filters (cf_<code>) are the custom fields' own; the rest, the list's.
  const custom = await customFilters(deps.db, 'purchase_order', purchaseOrders.id, query)
  if (!custom.ok) return custom
  const parsed = parseListQuery(custom.value.rest, {
    sortable: ORDER_SORTS,
    defaultSort: 'created_at',
    defaultDirection: 'desc',
    pagedByKey: true,
    filters: ORDER_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: SQL[] = [ne(purchaseOrders.status, 'obsolete'), ...custom.value.conditions]
  const visible = visibleOrdersCondition(deps.db, actor)
  if (visible !== undefined) where.push(visible)
  const search = everyWord(q.search, (pattern) => orderSearch(deps.db, pattern))
  if (search !== undefined) where.push(search)
  if (q.filters.status !== undefined) where.push(eq(purchaseOrders.status, q.filters.status))
  if (q.filters.supplier_id !== undefined) where.push(eq(purchaseOrders.supplier_id, q.filters.supplier_id))
  if (q.filters.department_id !== undefined)
    where.push(eq(purchaseOrders.department_id, q.filters.department_id))
  if (q.filters.product_family_id !== undefined)
    where.push(
      exists(
        deps.db
          .select({ one: sql`1` })
          .from(purchaseOrderLines)
          .innerJoin(articles, eq(articles.id, purchaseOrderLines.article_id))
          .where(
            and(
              eq(purchaseOrderLines.purchase_order_id, purchaseOrders.id),
              eq(articles.product_family_id, q.filters.product_family_id),
            ),
          ),
      ),
    )
  where.push(
    ...dayRange(purchaseOrders.created_at, q.filters.created_from, q.filters.created_to),
    ...amountRange(purchaseOrders.amount_exctax, q.filters.amount_min, q.filters.amount_max),
  )
  const page = await readPage(deps.db, q, {
    table: purchaseOrders,
    id: purchaseOrders.id,
    where: and(...where),
    sort: { by: purchaseOrders[q.sort], kind: ORDER_SORT_KINDS[q.sort] },
    counted: options.count !== false,
    totals: {
      currency: purchaseOrders.currency_code,
      amounts: { amount_exctax: purchaseOrders.amount_exctax, amount_inctax: purchaseOrders.amount_inctax },
    },
    rows: (slice) =>
      inSlice(
        deps.db
          // Only what a row shows, its actions and the cursor read (not the order's every column).
          .select({
            order: {
              id: purchaseOrders.id,
              code: purchaseOrders.code,
              version: purchaseOrders.version,
              status: purchaseOrders.status,
              currency_code: purchaseOrders.currency_code,
              amount_exctax: purchaseOrders.amount_exctax,
              amount_inctax: purchaseOrders.amount_inctax,
              created_at: purchaseOrders.created_at,
              circuit: purchaseOrders.circuit,
              buyer_id: purchaseOrders.buyer_id,
              supplier_id: purchaseOrders.supplier_id,
              sent_at: purchaseOrders.sent_at,
              delivery_status: purchaseOrders.delivery_status,
              billing_status: purchaseOrders.billing_status,
              delivery_address: purchaseOrders.delivery_address,
            },
            supplier: suppliers.company_name,
            buyer: users.label,
            department: departments.label,
          })
          .from(purchaseOrders)
          .innerJoin(suppliers, eq(purchaseOrders.supplier_id, suppliers.id))
          .innerJoin(users, eq(purchaseOrders.buyer_id, users.id))
          .leftJoin(departments, eq(purchaseOrders.department_id, departments.id))
          .$dynamic(),
        slice,
      ),
    placeOf: (row) => ({ value: row.order[q.sort], id: row.order.id }),
  })
  if (!page.ok) return page
  const rows = page.value.rows
  const fields = seesInternals(actor) ? await fieldsOf(deps.db, 'purchase_order') : []
  const values = fields.some((f) => f.in_list)
    ? await valuesOf(
        deps.db,
        'purchase_order',
        rows.map((r) => r.order.id),
      )
    : new Map<number, Record<string, string>>()
  const requesters = await requestersOf(
    deps.db,
    rows.map((r) => r.order.id),
  )
  const data = rows.map(({ order, supplier, buyer, department }) => {
    const circuit = circuitOf(order)
    return {
      id: order.id,
      code: order.code,
      version: order.version,
      status: order.status,
      supplier,
      buyer,
      department,
      requesters: requesters.get(order.id)?.join(', ') ?? null,
      deadline: (order.delivery_address as { deadline?: string | null } | null)?.deadline ?? null,
      delivery_status: order.delivery_status,
      billing_status: order.billing_status,
      currency_code: order.currency_code,
      amount_exctax: order.amount_exctax,
      amount_inctax: order.amount_inctax,
      created_at: order.created_at.toISOString(),
      ...customCells(fields, values.get(order.id), language),
      actions: orderActionsFor(
        actor,
        { ...orderAccessOf(order), status: order.status as PurchaseOrderStatus },
        circuit === null ? [] : waitingOn(circuit),
        false,
      ),
    }
  })
  return ok({ data, meta: page.value.meta })
}
