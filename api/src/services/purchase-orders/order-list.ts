/** The purchase orders list: what each reader sees, the search over lines, articles, suppliers and people, the filters and totals. */
import { waitingOn } from '@procura/core/circuit'
import type { Language } from '@procura/core/i18n'
import { referenceLabel } from '@procura/core/i18n'
import { indexOf, listFilter, parseListQuery } from '@procura/core/list'
import {
  allowedOrderActions,
  ORDER_ACTION_LABELS,
  ORDER_LIST,
  type OrderActor,
  orderBulkActionsFor,
  orderRowActions,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
  readsEveryOrder,
  seesInternals,
} from '@procura/core/purchase-order'
import { ok } from '@procura/core/result'
import { GENERIC_STATUS_LABELS, statusLabel } from '@procura/core/status'
import { and, asc, eq, exists, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { amountRange, dayRange } from '../../db/keyset'
import { containsPattern, everyWord, jsonText, likeCi } from '../../db/portable-sql'
import {
  articles,
  departments,
  needs,
  productFamilies,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
  users,
} from '../../db/schema'
import {
  customCells,
  customFilterOptions,
  customFilters,
  customListColumns,
  fieldsOf,
  valuesOf,
  withCustomColumns,
} from '../custom-fields'
import { inSlice, readPage } from '../list-page'
import { suppliersMatching } from '../suppliers/suppliers'
import { circuitOf, type OrderDeps, orderAccessOf } from './orders'

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
      actions: orderRowActions(
        allowedOrderActions(
          actor,
          { ...orderAccessOf(order), status: order.status as PurchaseOrderStatus },
          { turn: { waitingOn: circuit === null ? [] : waitingOn(circuit), delegate: false } },
        ),
      ),
    }
  })
  return ok({ data, meta: page.value.meta })
}

/** The actions a list applies to several orders at once (sending needs its own form: not here). */
export const ORDER_BULK_ACTIONS = [
  'submit',
  'validate',
  'consider_sent',
  'close',
  'cancel',
] as const satisfies readonly PurchaseOrderAction[]

/** GET /bwapi/purchase-orders/index: what the list screen needs to draw itself (custom fields shown in lists included). */
export const ordersIndex = async (db: Db, actor: OrderActor, language: Language) =>
  withCustomColumns(
    indexOf(
      ORDER_LIST,
      language,
      orderBulkActionsFor(actor, ORDER_BULK_ACTIONS).map((action) => ({
        action,
        label: ORDER_ACTION_LABELS[language][action],
      })),
    ),
    seesInternals(actor) ? customListColumns(await fieldsOf(db, 'purchase_order')) : [],
  )

/**
 * GET /bwapi/purchase-orders/filter-list/{field}?search=&value=: the options of one filter; null
 * when unknown. `value` asks for one option by its value (a chip's label after a reload).
 */
export const orderFilterOptions = async (
  deps: { db: Db },
  actor: OrderActor,
  field: string,
  search: string,
  language: Language,
  value?: string,
) => {
  const needle = search.trim().toLowerCase()
  if (field.startsWith('cf_'))
    return seesInternals(actor)
      ? customFilterOptions(deps.db, 'purchase_order', field, search, language)
      : null
  if (field === 'status')
    return PURCHASE_ORDER_STATUSES.map((value) => ({
      value,
      label: statusLabel(GENERIC_STATUS_LABELS, value, language),
    })).filter((o) => needle === '' || `${o.label} ${o.value}`.toLowerCase().includes(needle))
  if (field === 'supplier_id') {
    const pattern = containsPattern(needle)
    const rows = await deps.db
      .select({ id: suppliers.id, code: suppliers.code, name: suppliers.company_name })
      .from(suppliers)
      .where(
        and(
          value !== undefined && /^\d{1,15}$/.test(value)
            ? eq(suppliers.id, Number(value))
            : or(likeCi(suppliers.code, pattern), likeCi(suppliers.company_name, pattern)),
          // A supplier's contact chooses among its own companies only.
          seesInternals(actor) ? undefined : inArray(suppliers.id, [...(actor.supplier_ids ?? [])]),
        ),
      )
      .orderBy(asc(suppliers.company_name))
      .limit(50)
    return rows.map((r) => ({ value: String(r.id), label: `${r.name} (${r.code})` }))
  }
  if (field === 'department_id' || field === 'product_family_id') {
    // The organisation's own lists: a supplier's contact has nothing to choose from.
    if (!seesInternals(actor)) return []
    const table = field === 'department_id' ? departments : productFamilies
    const pattern = containsPattern(needle)
    const rows = await deps.db
      .select({ id: table.id, code: table.code, label: table.label })
      .from(table)
      .where(
        value !== undefined && /^\d{1,15}$/.test(value)
          ? eq(table.id, Number(value))
          : or(likeCi(table.code, pattern), likeCi(table.label, pattern)),
      )
      .orderBy(asc(table.label))
      .limit(50)
    // A shipped product family reads in the reader's language, as the catalogue shows it.
    return rows.map((r) => ({
      value: String(r.id),
      label: field === 'product_family_id' ? referenceLabel('family', r.code, r.label, language) : r.label,
    }))
  }
  return null
}
