import {
  canPredeliver,
  canReceive,
  checkReservationWindow,
  DELIVERY_DOC_STATUSES,
  DELIVERY_KINDS,
  type DeliveryDocStatus,
  type DeliveryKind,
  deliveryActionsFor,
  ReservationInputSchema,
  receiptMovesStock,
  reservationDeadline,
  TECHNICAL_DOC_STATUSES,
  TRANSFER_PURCHASE_TYPE,
} from '@procura/core/delivery'
import { type DomainError, parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { canBillOrder } from '@procura/core/invoice'
import { listFilter, parseListQuery } from '@procura/core/list'
import { dec, toAmountString } from '@procura/core/money'
import { type OrderActor, seesInternals } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { everyWord, likeCi } from '../../db/portable-sql'
import {
  deliveries,
  deliveryLines,
  deliveryReservations,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
  users,
  warehouses,
} from '../../db/schema'
import { customCells, customFieldsShown, customFilters, fieldsOf, valuesOf } from '../custom-fields'
import { inSlice, readPage } from '../list-page'
import { visibleOrdersCondition } from '../purchase-orders/order-list'
import { findVisibleOrder } from '../purchase-orders/order-read'
import { loadSettings } from '../settings'
import { suppliersMatching } from '../suppliers/suppliers'
import { writeTrace } from '../trace'
import { remainingLines } from './delivery-receive'
import {
  type DeliveryDeps,
  type DeliveryRow,
  deliveryAccessOf,
  findVisibleDelivery,
  orderLinesOf,
} from './receive'

type Answer<T> = Promise<Result<T, DomainError>>

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

const today = (deps: DeliveryDeps) => deps.clock.now().toISOString().slice(0, 10)
const reservationOpen = (deps: DeliveryDeps, delivery: Pick<DeliveryRow, 'delivery_date'>) =>
  checkReservationWindow(delivery.delivery_date, today(deps)).ok

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

/** The deliveries matching `condition` (joined to their order for its visibility), up to the count cap. */
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

/** GET /bwapi/deliveries/{id}: the delivery, its lines against the order's, its reservations and the actions this user may take. */
export const getDelivery = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  id: number,
  language: Language = 'en',
): Answer<{ data: unknown }> => {
  const found = await findVisibleDelivery(deps, actor, id)
  if (found === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const { delivery, order } = found
  const [lines, reservations, people, places, supplier, access, made, source] = await Promise.all([
    deps.db
      .select({ line: deliveryLines, order_line: purchaseOrderLines })
      .from(deliveryLines)
      .innerJoin(purchaseOrderLines, eq(deliveryLines.purchase_order_line_id, purchaseOrderLines.id))
      .where(eq(deliveryLines.delivery_id, id))
      .orderBy(asc(purchaseOrderLines.position)),
    deps.db
      .select({ reservation: deliveryReservations, author: users.label })
      .from(deliveryReservations)
      .innerJoin(users, eq(deliveryReservations.user_id, users.id))
      .where(eq(deliveryReservations.delivery_id, id))
      .orderBy(asc(deliveryReservations.created_at), asc(deliveryReservations.id)),
    deps.db
      .select({ id: users.id, label: users.label })
      .from(users)
      .where(
        inArray(
          users.id,
          [delivery.created_by, delivery.confirmed_by, delivery.canceled_by].filter(
            (v): v is number => v !== null,
          ),
        ),
      ),
    deps.db
      .select({ id: warehouses.id, label: warehouses.label })
      .from(warehouses)
      .where(
        inArray(
          warehouses.id,
          [delivery.warehouse_id, delivery.from_warehouse_id].filter((v): v is number => v !== null),
        ),
      ),
    deps.db
      .select({ id: suppliers.id, company_name: suppliers.company_name })
      .from(suppliers)
      .where(eq(suppliers.id, order.supplier_id))
      .limit(1),
    deliveryAccessOf(deps.db, order),
    deps.db
      .select({ id: deliveries.id, code: deliveries.code, status: deliveries.status })
      .from(deliveries)
      .where(eq(deliveries.technical_delivery_id, id)),
    delivery.technical_delivery_id === null
      ? []
      : deps.db
          .select({ id: deliveries.id, code: deliveries.code })
          .from(deliveries)
          .where(eq(deliveries.id, delivery.technical_delivery_id)),
  ])
  const nameOf = (userId: number | null) => people.find((p) => p.id === userId)?.label ?? null
  const placeOf = (warehouseId: number | null) => places.find((p) => p.id === warehouseId) ?? null
  const open = reservationOpen(deps, delivery)
  const custom = seesInternals(actor)
    ? customFieldsShown(
        await fieldsOf(deps.db, 'delivery', true),
        (await valuesOf(deps.db, 'delivery', [id])).get(id) ?? {},
        language,
      )
    : []
  return ok({
    data: {
      id: delivery.id,
      code: delivery.code,
      custom,
      kind: delivery.kind,
      status: delivery.status,
      delivery_date: delivery.delivery_date,
      internal_number: delivery.internal_number,
      delivery_note_number: delivery.delivery_note_number,
      conform: delivery.conform,
      comment: delivery.comment,
      warehouse: placeOf(delivery.warehouse_id),
      from_warehouse: placeOf(delivery.from_warehouse_id),
      created_by: nameOf(delivery.created_by),
      confirmed_by: nameOf(delivery.confirmed_by),
      confirmed_at: delivery.confirmed_at?.toISOString() ?? null,
      canceled_by: nameOf(delivery.canceled_by),
      canceled_at: delivery.canceled_at?.toISOString() ?? null,
      created_at: delivery.created_at.toISOString(),
      technical_delivery: source[0] ?? null,
      receptions: made,
      order: {
        id: order.id,
        code: order.code,
        status: order.status,
        delivery_status: order.delivery_status,
        currency_code: order.currency_code,
        supplier: supplier[0] ?? null,
      },
      lines: lines.map(({ line, order_line }) => ({
        id: line.id,
        purchase_order_line_id: order_line.id,
        label: order_line.label,
        unit: order_line.unit,
        receipt_mode: order_line.receipt_mode,
        ordered_quantity: order_line.quantity,
        ordered_amount_exctax: order_line.amount_exctax,
        quantity: line.quantity,
        amount_exctax: line.amount_exctax,
      })),
      reservations: reservations.map(({ reservation, author }) => ({
        id: reservation.id,
        kind: reservation.kind,
        comment: reservation.comment,
        author,
        created_at: reservation.created_at.toISOString(),
      })),
      /** Whether this reader sees the internal discussion and files (false for a supplier's contact). */
      internal: seesInternals(actor),
      reservation_deadline: reservationDeadline(delivery.delivery_date),
      reservation_open: open && delivery.status !== 'canceled',
      // Who handles invoices records the supplier's invoice of its order from here (core canBillOrder).
      billing_actions: delivery.status !== 'canceled' && canBillOrder(actor, order) ? ['bill'] : [],
      actions: seesInternals(actor)
        ? deliveryActionsFor(
            actor,
            {
              kind: delivery.kind as DeliveryKind,
              status: delivery.status as DeliveryDocStatus,
              reservation_open: open,
              created_by: delivery.created_by,
            },
            access,
          )
        : [],
    },
  })
}

/**
 * GET /bwapi/deliveries/create-form?purchase_order_id=: what the receiving form needs — the
 * order's lines with what remains to receive (prefilled), the warehouses, whether the order is a
 * transfer, and what this user may record.
 */
export const deliveryFormData = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  orderId: number,
): Answer<{ data: unknown }> => {
  const order = await findVisibleOrder(deps.db, actor, orderId, deps.clock.now())
  if (order === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const [lines, places, access] = await Promise.all([
    orderLinesOf(deps.db, orderId),
    deps.db
      .select({ id: warehouses.id, code: warehouses.code, label: warehouses.label })
      .from(warehouses)
      .where(eq(warehouses.active, true))
      .orderBy(asc(warehouses.id)),
    deliveryAccessOf(deps.db, order),
  ])
  const remaining = new Map(remainingLines(lines).map((l) => [l.purchase_order_line_id, l]))
  return ok({
    data: {
      order: {
        id: order.id,
        code: order.code,
        status: order.status,
        delivery_status: order.delivery_status,
        currency_code: order.currency_code,
        transfer: order.purchase_type === TRANSFER_PURCHASE_TYPE,
      },
      lines: lines.map((l) => ({
        id: l.id,
        label: l.label,
        unit: l.unit,
        article_id: l.article_id,
        moves_stock: receiptMovesStock(l),
        receipt_mode: l.receipt_mode,
        quantity_step: l.quantity_step,
        ordered_quantity: l.quantity,
        ordered_amount_exctax: l.amount_exctax,
        delivered_quantity: l.delivered_quantity,
        delivered_amount_exctax: l.delivered_amount_exctax,
        predelivered_quantity: l.predelivered_quantity,
        remaining_quantity: l.receipt_mode === 'quantity' ? (remaining.get(l.id)?.quantity ?? '0') : null,
        remaining_amount_exctax:
          l.receipt_mode === 'amount' ? (remaining.get(l.id)?.amount_exctax ?? '0') : null,
      })),
      warehouses: places,
      today: today(deps),
      can_receive: canReceive(actor, access),
      can_predeliver: canPredeliver(actor, access),
    },
  })
}

/**
 * POST /bwapi/deliveries/{id}/reservations {kind, comment}: a recipient raises a reservation or a
 * nonconformity on the delivery note, within 3 days of the delivery (spec §9); files go with the
 * delivery's attachments.
 */
export const addReservation = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  id: number,
  input: unknown,
): Answer<{ data: { id: number } }> => {
  const found = await findVisibleDelivery(deps, actor, id)
  if (found === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const { delivery, order } = found
  if (!canPredeliver(actor, await deliveryAccessOf(deps.db, order))) return err({ code: 'FORBIDDEN' })
  if (delivery.status === 'canceled')
    return err({ code: 'TRANSITION_NOT_ALLOWED', params: { action: 'reserve', status: delivery.status } })
  const window = checkReservationWindow(delivery.delivery_date, today(deps))
  if (!window.ok) return window
  const parsed = parseWith(ReservationInputSchema, input)
  if (!parsed.ok) return parsed
  const reservationId = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(deliveryReservations)
      .values({ delivery_id: id, ...parsed.value, user_id: actor.id, created_at: deps.clock.now() })
      .returning({ id: deliveryReservations.id })
    await writeTrace(tx, deps.clock, {
      action: parsed.value.kind,
      message: `${parsed.value.kind === 'reservation' ? 'Reservation' : 'Nonconformity'} on delivery ${delivery.code}`,
      model: 'delivery',
      model_id: id,
      user_id: actor.id,
      severity: 'warning',
    })
    return inserted?.id ?? 0
  })
  return ok({ data: { id: reservationId } })
}
