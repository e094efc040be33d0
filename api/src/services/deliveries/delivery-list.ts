import {
  DELIVERY_DOC_STATUS_LABELS,
  DELIVERY_DOC_STATUSES,
  DELIVERY_KIND_LABELS,
  DELIVERY_KINDS,
  DELIVERY_LIST,
  TECHNICAL_DOC_STATUSES,
} from '@procura/core/delivery'
import type { Language } from '@procura/core/i18n'
import { indexOf, listFilter, parseListQuery } from '@procura/core/list'
import { dec, toAmountString } from '@procura/core/money'
import { type OrderActor, seesInternals } from '@procura/core/purchase-order'
import { ok } from '@procura/core/result'
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { everyWord, likeCi } from '../../db/portable-sql'
import { deliveries, deliveryLines, purchaseOrders, suppliers, users } from '../../db/schema'
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
import { orderFilterOptions, visibleOrdersCondition } from '../purchase-orders/order-list'
import { loadSettings } from '../settings'
import { suppliersMatching } from '../suppliers/suppliers'
import type { DeliveryDeps } from './receive'

export const DELIVERY_SORTS = ['code', 'delivery_date', 'created_at', 'status'] as const
const DELIVERY_SORT_KINDS = {
  code: 'text',
  delivery_date: 'text',
  created_at: 'date',
  status: 'text',
} as const
/** The deliveries list's filters, each with the kind of value it takes. */
export const DELIVERY_FILTER_KINDS = {
  kind: listFilter.oneOf(DELIVERY_KINDS),
  status: listFilter.oneOf([...new Set([...DELIVERY_DOC_STATUSES, ...TECHNICAL_DOC_STATUSES])]),
  purchase_order_id: listFilter.id(),
  supplier_id: listFilter.id(),
}
export const DELIVERY_FILTERS = Object.keys(DELIVERY_FILTER_KINDS) as (keyof typeof DELIVERY_FILTER_KINDS)[]

/**
 * GET /bwapi/deliveries?{query}: deliveries and technical deliveries of the orders this user may
 * see (a supplier's contact: the shipments of its orders), newest first, paged by number or by key.
 */
export const listDeliveries = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  query: Record<string, string | undefined>,
  /** An export reads every page: it needs neither the count nor the totals of each. */
  options: { count?: boolean } = {},
  language: Language = 'en',
) => {
  // The custom fields' filters (cf_<code>) are the custom fields' own; the rest, the list's.
  const custom = await customFilters(deps.db, 'delivery', deliveries.id, query)
  if (!custom.ok) return custom
  const parsed = parseListQuery(custom.value.rest, {
    sortable: DELIVERY_SORTS,
    defaultSort: 'created_at',
    defaultDirection: 'desc',
    pagedByKey: true,
    filters: DELIVERY_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: SQL[] = [...custom.value.conditions]
  const visible = visibleOrdersCondition(deps.db, actor)
  if (visible !== undefined) where.push(visible)
  if (!seesInternals(actor)) where.push(eq(deliveries.kind, 'technical'))
  // Each word in the number, the delivery note's, the order's, the supplier's name or code.
  const search = everyWord(q.search, (pattern) =>
    or(
      ...[deliveries.code, deliveries.delivery_note_number, purchaseOrders.code].map((c) =>
        likeCi(c, pattern),
      ),
      inArray(purchaseOrders.supplier_id, suppliersMatching(deps.db, pattern)),
    ),
  )
  if (search !== undefined) where.push(search)
  const f = q.filters
  if (f.kind !== undefined) where.push(eq(deliveries.kind, f.kind))
  if (f.status !== undefined) where.push(eq(deliveries.status, f.status))
  if (f.purchase_order_id !== undefined) where.push(eq(deliveries.purchase_order_id, f.purchase_order_id))
  if (f.supplier_id !== undefined) where.push(eq(purchaseOrders.supplier_id, f.supplier_id))
  const page = await readPage(deps.db, q, {
    table: deliveries,
    id: deliveries.id,
    where: and(...where),
    // The conditions read the delivery's order too.
    countFrom: () =>
      deps.db
        .select({ one: sql`1` })
        .from(deliveries)
        .innerJoin(purchaseOrders, eq(deliveries.purchase_order_id, purchaseOrders.id))
        .$dynamic(),
    sort: { by: deliveries[q.sort], kind: DELIVERY_SORT_KINDS[q.sort] },
    counted: options.count !== false,
    rows: (slice) =>
      inSlice(
        deps.db
          .select({
            delivery: deliveries,
            order_code: purchaseOrders.code,
            currency_code: purchaseOrders.currency_code,
            supplier: suppliers.company_name,
            creator: users.label,
          })
          .from(deliveries)
          .innerJoin(purchaseOrders, eq(deliveries.purchase_order_id, purchaseOrders.id))
          .innerJoin(suppliers, eq(purchaseOrders.supplier_id, suppliers.id))
          .innerJoin(users, eq(deliveries.created_by, users.id))
          .$dynamic(),
        slice,
      ),
    placeOf: (row) => ({ value: row.delivery[q.sort], id: row.delivery.id }),
  })
  if (!page.ok) return page
  const rows = page.value.rows
  const totals = await amountsOf(
    deps,
    rows.map((r) => r.delivery.id),
  )
  const fields = seesInternals(actor) ? await fieldsOf(deps.db, 'delivery') : []
  const values = fields.some((f) => f.in_list)
    ? await valuesOf(
        deps.db,
        'delivery',
        rows.map((r) => r.delivery.id),
      )
    : new Map<number, Record<string, string>>()
  return ok({
    data: rows.map(({ delivery, order_code, currency_code, supplier, creator }) => ({
      id: delivery.id,
      code: delivery.code,
      kind: delivery.kind,
      status: delivery.status,
      purchase_order_id: delivery.purchase_order_id,
      purchase_order_code: order_code,
      supplier,
      delivery_date: delivery.delivery_date,
      delivery_note_number: delivery.delivery_note_number,
      conform: delivery.conform,
      amount_exctax: totals.get(delivery.id) ?? '0',
      currency_code,
      created_by: creator,
      created_at: delivery.created_at.toISOString(),
      ...customCells(fields, values.get(delivery.id), language),
    })),
    meta: page.value.meta,
  })
}

/** Each delivery's amount excluding tax (the sum of its lines), for a page of them. */
const amountsOf = async (deps: DeliveryDeps, ids: readonly number[]) => {
  const sums = new Map<number, string>()
  if (ids.length === 0) return sums
  const settings = await loadSettings(deps.db)
  const rows = await deps.db
    .select({ id: deliveryLines.delivery_id, amount: deliveryLines.amount_exctax })
    .from(deliveryLines)
    .where(inArray(deliveryLines.delivery_id, [...ids]))
  const totals = new Map<number, ReturnType<typeof dec>>()
  for (const r of rows) totals.set(r.id, (totals.get(r.id) ?? dec(0)).plus(r.amount))
  for (const [id, total] of totals) sums.set(id, toAmountString(total, settings.formats.decimals))
  return sums
}

/** GET /bwapi/deliveries/index: what the list screen needs to draw itself (no bulk action: each receipt is its own). */
export const deliveriesIndex = async (db: Db, actor: OrderActor, language: Language) =>
  withCustomColumns(
    indexOf(DELIVERY_LIST, language),
    seesInternals(actor) ? customListColumns(await fieldsOf(db, 'delivery')) : [],
  )

/** GET /bwapi/deliveries/filter-list/{field}?search=: the options of one filter; null when unknown. */
export const deliveryFilterOptions = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  field: string,
  search: string,
  language: Language,
  value?: string,
) => {
  if (field.startsWith('cf_'))
    return seesInternals(actor) ? customFilterOptions(deps.db, 'delivery', field, search, language) : null
  const needle = search.trim().toLowerCase()
  const matching = (options: { value: string; label: string }[]) =>
    options.filter((o) => needle === '' || `${o.label} ${o.value}`.toLowerCase().includes(needle))
  if (field === 'kind')
    return matching(DELIVERY_KINDS.map((value) => ({ value, label: DELIVERY_KIND_LABELS[value][language] })))
  if (field === 'status')
    return matching(
      [...new Set([...DELIVERY_DOC_STATUSES, ...TECHNICAL_DOC_STATUSES])].map((value) => ({
        value,
        label: DELIVERY_DOC_STATUS_LABELS[value][language],
      })),
    )
  if (field === 'supplier_id') return orderFilterOptions(deps, actor, field, search, language, value)
  return null
}
