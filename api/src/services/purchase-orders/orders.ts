import {
  type CircuitState,
  canSkip,
  currentStep,
  isComplete,
  planCircuit,
  refusalOf,
  refuseStep,
  skipStep,
  startCircuit,
  validateStep,
  waitingOn,
} from '@procura/core/circuit'
import {
  canReceive,
  checkOrderAmountBounds,
  lineDeliveryStatus,
  type OrderDeliveryStatus,
  orderDeliveryActionsFor,
  orderDeliveryStatus,
  receiptBalance,
} from '@procura/core/delivery'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { listFilter, listMeta, parseListQuery } from '@procura/core/list'
import { checkDocumentCurrency, dec, lineAmountExcTax, toAmountString } from '@procura/core/money'
import {
  canViewOrder,
  checkCanCreateOrder,
  checkEditable,
  checkOrderAction,
  checkOrdersPerYear,
  checkSupplierCeilings,
  newVersionOf,
  type OrderActor,
  type OrderState,
  orderActionsFor,
  orderAmounts,
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderAction,
  type PurchaseOrderInput,
  PurchaseOrderInputSchema,
  type PurchaseOrderStatus,
  seesAllDocuments,
  seesInternals,
  transition,
  VALIDATED_STATUSES,
} from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import type { Settings } from '@procura/core/settings'
import { and, asc, desc, eq, exists, gte, inArray, isNotNull, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db, DbOrTx, Tx } from '../../db'
import { cappedCount, cappedTotals } from '../../db/capped-count'
import { first } from '../../db/first'
import { amountRange, dayRange, pageAfter, sortExpression } from '../../db/keyset'
import { containsPattern, jsonText, likeCi } from '../../db/portable-sql'
import {
  articles,
  companies,
  currencies,
  deliveries,
  deliveryLines,
  departments,
  needs,
  purchaseOrderLines,
  purchaseOrders,
  supplierContacts,
  suppliers,
  users,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { followOrder } from '../needs/follow-order'
import { notifyActionsToDo } from '../notify'
import { numberPiece } from '../numbering'
import { circuitNames, refusalView } from '../refusal-view'
import { loadSettings } from '../settings'
import { suppliersMatching } from '../suppliers/suppliers'
import { writeTrace } from '../trace'
import { mailValidators, tellAuthor, type ValidationMailDeps } from '../validation-mail'
import { delegationsTo, loadChart, loadUsersByRole } from './circuit'

export type OrderDeps = ValidationMailDeps & {
  notifyUser?: (userId: number, event: { type: string; payload?: unknown }) => number
}
type OrderRow = typeof purchaseOrders.$inferSelect

const circuitOf = (row: OrderRow): CircuitState | null => (row.circuit as CircuitState | null) ?? null
const validatorsOf = (row: OrderRow): string[] => circuitOf(row)?.steps.flatMap((s) => s.validators) ?? []
/** The part of an order row its state machine reads. */
export const stateOf = (row: OrderRow): OrderState => ({
  status: row.status as PurchaseOrderStatus,
  previous_status: row.previous_status as PurchaseOrderStatus | null,
  sent_at: row.sent_at,
  send_mode: row.send_mode as OrderState['send_mode'],
  version: row.version,
})
const documentOf = (row: OrderRow) => ({
  model: 'purchase_order' as const,
  id: row.id,
  code: row.code,
  amount: row.amount_exctax,
  currency_code: row.currency_code,
})
const yearOf = (date: Date) => date.toISOString().slice(0, 4)

/** Checks what the schema cannot: the supplier exists and is active, the contact is its own. */
const checkReferences = async (db: DbOrTx, input: PurchaseOrderInput): Promise<Result<void, DomainError>> => {
  const [instanceCurrencies, settings] = await Promise.all([
    db.select({ code: currencies.code, is_default: currencies.is_default }).from(currencies),
    loadSettings(db),
  ])
  const currency = checkDocumentCurrency(input.currency_code, {
    currencies: instanceCurrencies,
    multiCurrency: settings.modules.multi_currency,
  })
  if (!currency.ok) return currency
  const supplier = await db
    .select()
    .from(suppliers)
    .where(eq(suppliers.id, input.supplier_id))
    .limit(1)
    .then(first)
  if (supplier === undefined) return err(formError({ supplier_id: [{ code: 'NOT_IN_LIST' }] }))
  if (supplier.status !== 'active')
    return err({ code: 'SUPPLIER_INACTIVE', params: { supplier: supplier.company_name } })
  if (input.supplier_contact_id !== null) {
    const contact = await db
      .select()
      .from(supplierContacts)
      .where(eq(supplierContacts.id, input.supplier_contact_id))
      .limit(1)
      .then(first)
    if (contact?.supplier_id !== supplier.id)
      return err(formError({ supplier_contact_id: [{ code: 'NOT_IN_LIST' }] }))
  }
  return ok(undefined)
}

const amountsFor = (input: PurchaseOrderInput, decimals: number) => {
  const { lines, totals } = orderAmounts(input.lines, decimals)
  const money = (d: Parameters<typeof toAmountString>[0]) => toAmountString(d, decimals)
  return {
    order: {
      amount_exctax: money(totals.exctax),
      amount_tax: money(totals.tax),
      amount_inctax: money(totals.inctax),
      vat_breakdown: totals.breakdown.map((b) => ({ rate: b.rate, base: money(b.base), tax: money(b.tax) })),
    },
    lines: input.lines.map((line, i) => ({
      ...line,
      position: i + 1,
      amount_exctax: money(lines[i]?.exctax ?? 0),
      amount_tax: money(lines[i]?.tax ?? 0),
      amount_inctax: money(lines[i]?.inctax ?? 0),
    })),
  }
}

const orderFields = (input: PurchaseOrderInput) => {
  const { lines: _lines, deposit_paid_at, ...fields } = input
  return {
    ...fields,
    deposit_paid_at: deposit_paid_at === null ? null : new Date(`${deposit_paid_at}T00:00:00Z`),
  }
}

/**
 * Writes a new draft order in the caller's transaction: its number (the settings' template and
 * counters), the order, its lines and its trace. References are checked here too, so a caller that
 * makes several orders in one transaction (requests turned into orders) refuses them all or none.
 */
export const insertOrder = async (
  tx: Tx,
  deps: Pick<OrderDeps, 'clock'>,
  actor: OrderActor,
  input: PurchaseOrderInput,
  settings: Settings,
): Promise<Result<{ id: number; code: string }, DomainError>> => {
  const references = await checkReferences(tx, input)
  if (!references.ok) return references
  const now = deps.clock.now()
  const { order, lines } = amountsFor(input, settings.formats.decimals)
  // The number template's counters: this order's rank in its year, its month, and its company's month.
  const numbered = await numberPiece(tx, 'purchase_order', settings.formats.purchase_order_number, now, {
    company_id: input.company_id,
    department_id: input.department_id,
  })
  if (!numbered.ok) return numbered
  const limit = checkOrdersPerYear(numbered.value.numberInYear - 1, settings.customer.po_limit_per_year)
  if (!limit.ok) return limit
  const code = numbered.value.code
  const inserted = await tx
    .insert(purchaseOrders)
    .values({
      ...orderFields(input),
      ...order,
      code,
      status: 'draft',
      buyer_id: actor.id,
      created_at: now,
      updated_at: now,
    })
    .returning({ id: purchaseOrders.id })
  const id = inserted[0]?.id
  if (id === undefined) throw new Error('Insert returned no id')
  await tx
    .insert(purchaseOrderLines)
    .values(lines.map(({ id: _lineId, ...l }) => ({ ...l, purchase_order_id: id })))
  await writeTrace(tx, deps.clock, {
    action: 'create',
    message: `Order ${code} created`,
    model: 'purchase_order',
    model_id: id,
    user_id: actor.id,
  })
  return ok({ id, code })
}

/** POST /bwapi/purchase-orders: a buyer creates a draft; its number follows the settings' template. */
export const createOrder = async (
  deps: OrderDeps,
  actor: OrderActor,
  input: unknown,
): Promise<Result<{ data: { id: number; code: string } }, DomainError>> => {
  const allowed = checkCanCreateOrder(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(PurchaseOrderInputSchema, input)
  if (!parsed.ok) return parsed
  const settings = await loadSettings(deps.db)
  const created = await writeOrRefuse(deps.db, (tx) => insertOrder(tx, deps, actor, parsed.value, settings))
  return created.ok ? ok({ data: created.value }) : created
}

const loadOrder = (db: DbOrTx, id: number) =>
  db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).limit(1).then(first)

/** PUT /bwapi/purchase-orders/{id}: only drafts and refused orders change; lines are replaced. */
export const updateOrder = async (
  deps: OrderDeps,
  actor: OrderActor,
  id: number,
  input: unknown,
): Promise<Result<{ data: { id: number } }, DomainError>> => {
  const row = await loadOrder(deps.db, id)
  if (row === undefined || !canViewOrder(actor, { buyer_id: row.buyer_id, validators: validatorsOf(row) }))
    return err({ code: 'ITEM_NOT_FOUND' })
  const allowed = checkOrderAction(actor, { buyer_id: row.buyer_id, validators: [] }, 'submit')
  if (!allowed.ok) return allowed
  const editable = checkEditable(stateOf(row))
  if (!editable.ok) return editable
  const parsed = parseWith(PurchaseOrderInputSchema, input)
  if (!parsed.ok) return parsed
  const references = await checkReferences(deps.db, parsed.value)
  if (!references.ok) return references
  const settings = await loadSettings(deps.db)
  const { order, lines } = amountsFor(parsed.value, settings.formats.decimals)
  // What was received stays: the amount never goes below it, received lines stay (spec §5).
  const bounds = checkOrderAmountBounds(order.amount_exctax, row)
  if (!bounds.ok) return bounds
  const updated = await writeOrRefuse(deps.db, async (tx) => {
    const existing = await tx
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchase_order_id, id))
    const kept = new Set(lines.flatMap((l) => (l.id === undefined ? [] : [l.id])))
    for (const [i, line] of lines.entries())
      if (line.id !== undefined && !existing.some((e) => e.id === line.id))
        return err(formError({ [`lines.${i}.id`]: [{ code: 'NOT_IN_LIST' }] }))
    const removed = existing.filter((e) => !kept.has(e.id))
    if (removed.length > 0) {
      const received = await tx
        .select({ id: deliveryLines.purchase_order_line_id })
        .from(deliveryLines)
        .where(
          inArray(
            deliveryLines.purchase_order_line_id,
            removed.map((r) => r.id),
          ),
        )
        .limit(1)
      const line = removed.find((r) => r.id === received[0]?.id)
      if (line !== undefined)
        return err({ code: 'DELIVERED_LINE_REMOVED', params: { line: line.label } } as DomainError)
      await tx.delete(purchaseOrderLines).where(
        inArray(
          purchaseOrderLines.id,
          removed.map((r) => r.id),
        ),
      )
    }
    const statuses: OrderDeliveryStatus[] = []
    for (const { id: lineId, ...line } of lines) {
      const before = existing.find((e) => e.id === lineId)
      if (before === undefined) {
        await tx.insert(purchaseOrderLines).values({ ...line, purchase_order_id: id })
        statuses.push('no')
        continue
      }
      // A kept line's received amount follows its (new) price; its status, its (new) quantity.
      const received = receivedOn({ ...before, ...line }, settings.formats.decimals)
      statuses.push(received.delivery_status)
      await tx
        .update(purchaseOrderLines)
        .set({ ...line, ...received })
        .where(eq(purchaseOrderLines.id, before.id))
    }
    await tx
      .update(purchaseOrders)
      .set({
        ...orderFields(parsed.value),
        ...order,
        delivery_status: orderDeliveryStatus(statuses, row.delivery_status === 'forced_complete'),
        delivered_amount_exctax: sumOf(
          await tx
            .select({ amount: purchaseOrderLines.delivered_amount_exctax })
            .from(purchaseOrderLines)
            .where(eq(purchaseOrderLines.purchase_order_id, id)),
          settings.formats.decimals,
        ),
        circuit: null,
        lock_version: row.lock_version + 1,
        updated_at: deps.clock.now(),
      })
      .where(eq(purchaseOrders.id, id))
    await writeTrace(tx, deps.clock, {
      action: 'update',
      message: `Order ${row.code} updated`,
      model: 'purchase_order',
      model_id: id,
      user_id: actor.id,
    })
    return ok(undefined)
  })
  return updated.ok ? ok({ data: { id } }) : updated
}

/** A line's received amounts at its price and its delivery status, after an edit. */
const receivedOn = (line: typeof purchaseOrderLines.$inferSelect, decimals: number) => {
  const amount = (quantity: string, current: string) =>
    line.receipt_mode === 'quantity' ? lineAmountExcTax(quantity, line.unit_price_exctax, decimals) : current
  const delivered_amount_exctax = amount(line.delivered_quantity, line.delivered_amount_exctax)
  return {
    delivered_amount_exctax,
    predelivered_amount_exctax: amount(line.predelivered_quantity, line.predelivered_amount_exctax),
    delivery_status: lineDeliveryStatus(line, {
      quantity: line.delivered_quantity,
      amount_exctax: delivered_amount_exctax,
    }) as OrderDeliveryStatus,
  }
}

const sumOf = (rows: readonly { amount: string }[], decimals: number) =>
  toAmountString(
    rows.reduce((total, r) => total.plus(r.amount), dec(0)),
    decimals,
  )

/** Whether the actor may see the order: buyer rules, its validators, or a delegate of one of them (in period). */
/** What the access rules read of an order row. */
const orderAccessOf = (row: Pick<OrderRow, 'buyer_id' | 'circuit' | 'supplier_id' | 'sent_at'>) => ({
  buyer_id: row.buyer_id,
  validators: validatorsOf(row as OrderRow),
  supplier_id: row.supplier_id,
  sent: row.sent_at !== null,
})

/**
 * Whom the order e-mail goes to unless the buyer changes it: the contact named on the order, else
 * the supplier's main order contact; the buyer in copy.
 */
const sendDefaultsOf = async (db: Db, row: OrderRow) => {
  const [contacts, buyer] = await Promise.all([
    db
      .select({
        id: supplierContacts.id,
        email: supplierContacts.email,
        main: supplierContacts.main_order_contact,
      })
      .from(supplierContacts)
      .where(eq(supplierContacts.supplier_id, row.supplier_id)),
    db.select({ email: users.email }).from(users).where(eq(users.id, row.buyer_id)).limit(1).then(first),
  ])
  const named = contacts.find((c) => c.id === row.supplier_contact_id) ?? contacts.find((c) => c.main)
  return { to: named?.email ?? null, cc: buyer?.email ? [buyer.email] : [] }
}

/** The requesters of the requests an order was made from. */
const requestersOf = async (db: Db, orderId: number) =>
  (await db.select({ id: needs.requester_id }).from(needs).where(eq(needs.purchase_order_id, orderId))).map(
    (r) => r.id,
  )

const canSee = async (db: Db, actor: OrderActor, row: OrderRow, now: Date): Promise<boolean> => {
  const validators = validatorsOf(row)
  if (canViewOrder(actor, orderAccessOf(row))) return true
  if (canViewOrder(actor, { ...orderAccessOf(row), requester_ids: await requestersOf(db, row.id) }))
    return true
  if (validators.length === 0) return false
  return (await delegationsTo(db, actor.id)).some(
    (d) => validators.includes(d.delegator) && d.from <= now && now <= d.to,
  )
}

/** The order if this user may see it (buyer rules, its validators and their delegates in period). */
export const findVisibleOrder = async (db: Db, actor: OrderActor, id: number, now: Date) => {
  const row = await loadOrder(db, id)
  return row !== undefined && (await canSee(db, actor, row, now)) ? row : undefined
}

/** Whether the actor validates for someone the circuit waits on (a delegation in period). */
const delegateOfWaiting = async (db: Db, actorId: number, circuit: CircuitState | null, now: Date) => {
  const waiting = circuit === null ? [] : waitingOn(circuit)
  if (waiting.length === 0) return false
  return (await delegationsTo(db, actorId)).some(
    (d) => waiting.includes(d.delegator) && d.from <= now && now <= d.to,
  )
}

/** GET /bwapi/purchase-orders/{id}: the order, its lines, its circuit and the actions this user may apply. */
export const getOrder = async (
  deps: OrderDeps,
  actor: OrderActor,
  id: number,
): Promise<Result<{ data: unknown }, DomainError>> => {
  const row = await loadOrder(deps.db, id)
  if (row === undefined || !(await canSee(deps.db, actor, row, deps.clock.now())))
    return err({ code: 'ITEM_NOT_FOUND' })
  const [lines, supplier] = await Promise.all([
    deps.db
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchase_order_id, id))
      .orderBy(asc(purchaseOrderLines.position)),
    deps.db
      .select({ id: suppliers.id, code: suppliers.code, company_name: suppliers.company_name })
      .from(suppliers)
      .where(eq(suppliers.id, row.supplier_id))
      .limit(1)
      .then(first),
  ])
  const { misc, customer } = await loadSettings(deps.db)
  // Receiving from the order's page: who may receive, predeliver or declare a shipment now.
  const receiving = {
    buyer_id: row.buyer_id,
    supplier_id: row.supplier_id,
    sent: row.sent_at !== null,
    requester_ids: await requestersOf(deps.db, row.id),
  }
  const deliveryActions = orderDeliveryActionsFor(
    actor,
    { ...receiving, status: row.status, delivery_status: row.delivery_status },
    customer.supplier_access,
  )
  // Closing the billing of what the supplier will not invoice: the buyers who receive it.
  const billingActions =
    row.billing_status === 'partial' && canReceive(actor, receiving) ? ['close_billing'] : []
  if (!seesInternals(actor))
    return ok({
      data: {
        ...supplierViewOf(
          row,
          supplier,
          lines,
          orderActionsFor(
            actor,
            { ...orderAccessOf(row), status: row.status as PurchaseOrderStatus },
            [],
            false,
          ),
        ),
        delivery_actions: deliveryActions,
      },
    })
  const circuit = circuitOf(row)
  const actions = [
    ...orderActionsFor(
      actor,
      { ...orderAccessOf(row), status: row.status as PurchaseOrderStatus },
      circuit === null ? [] : waitingOn(circuit),
      await delegateOfWaiting(deps.db, actor.id, circuit, deps.clock.now()),
    ),
    ...(canSkip(actor.administrator === true, misc.validator_skip_enabled, circuit, row.status)
      ? (['skip'] as const)
      : []),
  ]
  return ok({
    data: {
      ...row,
      supplier,
      lines: lines.map(withBalance),
      actions,
      delivery_actions: deliveryActions,
      billing_actions: billingActions,
      waiting_on: circuit === null ? [] : waitingOn(circuit),
      refusal: await refusalView(deps.db, circuit),
      send_defaults: await sendDefaultsOf(deps.db, row),
      names: await circuitNames(deps.db, circuit),
      internal: true,
      people: await deps.db
        .select({ id: users.id, label: users.label })
        .from(users)
        .where(eq(users.id, row.buyer_id)),
    },
  })
}

/**
 * An order line with where it stands, from core: what remains to receive, and whether it was
 * received or billed past the order (flagged even when no limit refused it).
 */
const withBalance = (line: typeof purchaseOrderLines.$inferSelect) => {
  const balance = receiptBalance(line)
  return {
    ...line,
    remaining_to_receive: balance.remaining,
    over_delivered: balance.over_delivered,
    over_billed: line.billing_status === 'complete_more',
  }
}

/**
 * The order as its supplier's contact reads it: what was sent to them (lines, amounts, delivery,
 * the comment for the supplier), without the organisation's internals (circuit, buyer's tags,
 * internal people, deposit); its only action is acknowledging receipt.
 */
const supplierViewOf = (
  row: OrderRow,
  supplier: unknown,
  lines: (typeof purchaseOrderLines.$inferSelect)[],
  actions: PurchaseOrderAction[],
) => ({
  id: row.id,
  code: row.code,
  version: row.version,
  status: row.status,
  currency_code: row.currency_code,
  amount_exctax: row.amount_exctax,
  amount_tax: row.amount_tax,
  amount_inctax: row.amount_inctax,
  vat_breakdown: row.vat_breakdown,
  delivery_address: row.delivery_address,
  supplier_comment: row.supplier_comment,
  sent_at: row.sent_at,
  created_at: row.created_at,
  delivery_status: row.delivery_status,
  billing_status: row.billing_status,
  supplier,
  lines: lines.map((l) => ({
    id: l.id,
    position: l.position,
    label: l.label,
    quantity: l.quantity,
    unit: l.unit,
    unit_price_exctax: l.unit_price_exctax,
    vat_rate: l.vat_rate,
    vat_rate_2: l.vat_rate_2,
    amount_exctax: l.amount_exctax,
    amount_tax: l.amount_tax,
    amount_inctax: l.amount_inctax,
    // What was received of it and what remains to ship (core receiptBalance), as the buyer sees it.
    receipt_mode: l.receipt_mode,
    delivered_quantity: l.delivered_quantity,
    delivered_amount_exctax: l.delivered_amount_exctax,
    predelivered_quantity: l.predelivered_quantity,
    predelivered_amount_exctax: l.predelivered_amount_exctax,
    billed_amount_exctax: l.billed_amount_exctax,
    remaining_to_receive: receiptBalance(l).remaining,
    over_delivered: receiptBalance(l).over_delivered,
  })),
  actions,
  waiting_on: [],
  refusal: null,
  people: [],
  /** No internal discussion or files for this reader (the page hides them). */
  internal: false,
})

export const ORDER_SORTS = ['code', 'created_at', 'amount_exctax', 'status'] as const
const ORDER_SORT_KINDS = {
  code: 'text',
  created_at: 'date',
  amount_exctax: 'amount',
  status: 'text',
} as const
/** The orders list's filters, each with the kind of value it takes. */
export const ORDER_FILTER_KINDS = {
  status: listFilter.oneOf(PURCHASE_ORDER_STATUSES),
  supplier_id: listFilter.id(),
  // The ranges of core's ORDER_LIST: created between two days, an amount between two bounds.
  created_from: listFilter.date(),
  created_to: listFilter.date(),
  amount_min: listFilter.decimal(),
  amount_max: listFilter.decimal(),
}
/** The filters the list's screen offers as choices (the ranges are drawn from the index's `ranges`). */
export const ORDER_FILTERS = ['status', 'supplier_id'] as const
/** Every filter the list's query takes. */
export const ORDER_QUERY_FILTERS = Object.keys(ORDER_FILTER_KINDS) as (keyof typeof ORDER_FILTER_KINDS)[]

/**
 * The orders this actor may see, as SQL (canViewOrder's rule): a supplier's contact, the orders
 * sent to its companies; others, theirs, those whose circuit names them, and those made from their
 * requests; buyers who see others' orders and administrators, all (no condition).
 */
export const visibleOrdersCondition = (db: Db, actor: OrderActor): SQL | undefined => {
  if ((actor.supplier_ids ?? []).length > 0)
    return and(
      inArray(purchaseOrders.supplier_id, [...(actor.supplier_ids ?? [])]),
      isNotNull(purchaseOrders.sent_at),
    )
  if (seesAllDocuments(actor)) return undefined
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
const orderSearch = (db: Db, pattern: string) =>
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
export const listOrders = async (
  deps: OrderDeps,
  actor: OrderActor,
  query: Record<string, string | undefined>,
  /** An export reads every page: it needs neither the count nor the totals of each. */
  options: { count?: boolean } = {},
) => {
  const parsed = parseListQuery(query, {
    sortable: ORDER_SORTS,
    defaultSort: 'created_at',
    defaultDirection: 'desc',
    pagedByKey: true,
    filters: ORDER_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: SQL[] = [ne(purchaseOrders.status, 'obsolete')]
  const visible = visibleOrdersCondition(deps.db, actor)
  if (visible !== undefined) where.push(visible)
  if (q.search !== null) where.push(orderSearch(deps.db, containsPattern(q.search)))
  if (q.filters.status !== undefined) where.push(eq(purchaseOrders.status, q.filters.status))
  if (q.filters.supplier_id !== undefined) where.push(eq(purchaseOrders.supplier_id, q.filters.supplier_id))
  where.push(
    ...dayRange(purchaseOrders.created_at, q.filters.created_from, q.filters.created_to),
    ...amountRange(purchaseOrders.amount_exctax, q.filters.amount_min, q.filters.amount_max),
  )
  const sort = { column: purchaseOrders[q.sort], kind: ORDER_SORT_KINDS[q.sort], direction: q.direction }
  const condition = and(...where)
  const after = pageAfter(q.after, sort, { column: purchaseOrders.id, direction: 'desc' })
  if (!after.ok) return after
  const column = sortExpression(sort.column, sort.kind)
  const [rows, total] = await Promise.all([
    deps.db
      .select({ order: purchaseOrders, supplier: suppliers.company_name, buyer: users.label })
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(purchaseOrders.supplier_id, suppliers.id))
      .innerJoin(users, eq(purchaseOrders.buyer_id, users.id))
      .where(and(condition, after.value))
      .orderBy(q.direction === 'asc' ? asc(column) : desc(column), desc(purchaseOrders.id))
      .limit(q.per_page)
      .offset(q.after === null ? (q.page - 1) * q.per_page : 0),
    options.count === false ? Promise.resolve(-1) : cappedCount(deps.db, purchaseOrders, condition),
  ])
  const totals = await cappedTotals(deps.db, purchaseOrders, condition, total, purchaseOrders.currency_code, {
    amount_exctax: purchaseOrders.amount_exctax,
    amount_inctax: purchaseOrders.amount_inctax,
  })
  const last = rows.length === q.per_page ? rows[rows.length - 1]?.order : undefined
  const data = rows.map(({ order, supplier, buyer }) => {
    const circuit = circuitOf(order)
    return {
      id: order.id,
      code: order.code,
      version: order.version,
      status: order.status,
      supplier,
      buyer,
      currency_code: order.currency_code,
      amount_exctax: order.amount_exctax,
      amount_inctax: order.amount_inctax,
      created_at: order.created_at.toISOString(),
      actions: orderActionsFor(
        actor,
        { ...orderAccessOf(order), status: order.status as PurchaseOrderStatus },
        circuit === null ? [] : waitingOn(circuit),
        false,
      ),
    }
  })
  return ok({
    data,
    meta: {
      ...listMeta(total, q, last === undefined ? null : { value: last[q.sort], id: last.id }),
      totals,
    },
  })
}

const yearValidatedTotal = async (db: DbOrTx, supplierId: number, now: Date, exceptId: number) => {
  const year = yearOf(now)
  const rows = await db
    .select({ amount: purchaseOrders.amount_exctax })
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.supplier_id, supplierId),
        ne(purchaseOrders.id, exceptId),
        inArray(purchaseOrders.status, [...VALIDATED_STATUSES]),
        gte(purchaseOrders.validated_at, new Date(`${year}-01-01T00:00:00Z`)),
        lt(purchaseOrders.validated_at, new Date(`${Number(year) + 1}-01-01T00:00:00Z`)),
      ),
    )
  return rows.reduce((sum, r) => sum.plus(r.amount), dec(0))
}

const checkCeilings = async (db: DbOrTx, row: OrderRow, now: Date) => {
  const supplier = await db
    .select()
    .from(suppliers)
    .where(eq(suppliers.id, row.supplier_id))
    .limit(1)
    .then(first)
  if (supplier === undefined) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  return checkSupplierCeilings(
    row.amount_exctax,
    supplier,
    await yearValidatedTotal(db, row.supplier_id, now, row.id),
  )
}

/** The codes the chart's criteria are written with. */
const documentCodes = async (db: DbOrTx, row: OrderRow) => {
  const company = await db
    .select({ code: companies.code })
    .from(companies)
    .where(eq(companies.id, row.company_id))
    .limit(1)
    .then(first)
  const department =
    row.department_id === null
      ? undefined
      : await db
          .select({ code: departments.code })
          .from(departments)
          .where(eq(departments.id, row.department_id))
          .limit(1)
          .then(first)
  return {
    company: company?.code ?? null,
    department: department?.code ?? null,
    purchase_family: row.purchase_type,
  }
}

/** What an action may carry: the back-to-draft confirmation, the reason of a refusal. */
export type ActionInput = { confirm?: boolean; reason?: unknown }

/**
 * POST /bwapi/purchase-orders/{id}/{action}: one lifecycle action, decided by core (state machine,
 * circuit, ceilings), persisted with its trace in one transaction; validators waited on are told.
 * `send` is handled by the sending service (it needs the PDF and the mail).
 */
export const applyOrderAction = async (
  deps: OrderDeps,
  actor: OrderActor,
  id: number,
  action: string,
  input: ActionInput,
  extra: Partial<typeof purchaseOrders.$inferInsert> = {},
): Promise<Result<{ data: { id: number; status: string; new_version_id?: number } }, DomainError>> => {
  if (!(PURCHASE_ORDER_ACTIONS as readonly string[]).includes(action)) return err({ code: 'NOT_FOUND' })
  const act = action as PurchaseOrderAction
  const row = await loadOrder(deps.db, id)
  if (row === undefined || !(await canSee(deps.db, actor, row, deps.clock.now())))
    return err({ code: 'ITEM_NOT_FOUND' })
  const allowed = checkOrderAction(actor, orderAccessOf(row), act)
  if (!allowed.ok) return allowed
  const now = deps.clock.now()
  const state = stateOf(row)
  let circuit = circuitOf(row)
  const changes: Partial<typeof purchaseOrders.$inferInsert> = { ...extra }

  if (act === 'new_version') {
    // What was received belongs to this version: it is amended by going back to draft.
    const received = await deps.db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(eq(deliveries.purchase_order_id, id))
      .limit(1)
    if (received.length > 0) return err({ code: 'PO_HAS_DELIVERIES' })
  }
  if (act === 'submit') {
    const ceilings = await checkCeilings(deps.db, row, now)
    if (!ceilings.ok) return ceilings
    const planned = planCircuit(
      await loadChart(deps.db, 'purchase_order'),
      { amount: row.amount_exctax, ...(await documentCodes(deps.db, row)) },
      await loadUsersByRole(deps.db),
    )
    if (!planned.ok) return planned
    const steps = planned.value
    circuit = startCircuit(steps)
    if (steps.length === 0) changes.validated_at = now
  }
  if (act === 'validate' || act === 'refuse') {
    if (circuit === null || currentStep(circuit) === null) return err({ code: 'NOT_CURRENT_VALIDATOR' })
    const decider = { login: actor.login }
    const doc = { amount: row.amount_exctax, tags: row.tags }
    const delegations = await delegationsTo(deps.db, actor.id)
    const decided =
      act === 'validate'
        ? validateStep(circuit, decider, doc, delegations, now)
        : refuseStep(
            circuit,
            decider,
            doc,
            delegations,
            now,
            typeof input.reason === 'string' ? input.reason : '',
          )
    if (!decided.ok) return decided
    circuit = decided.value
    if (act === 'validate' && isComplete(circuit)) {
      const ceilings = await checkCeilings(deps.db, row, now)
      if (!ceilings.ok) return ceilings
      changes.validated_at = now
    }
  }
  const next = transition(state, act, {
    now,
    circuitHasSteps: (circuit?.steps.length ?? 0) > 0,
    circuitComplete: circuit !== null && isComplete(circuit),
    confirmCancelSending: input.confirm === true,
  })
  if (!next.ok) return next
  if (act === 'back_to_draft') {
    circuit = null
    changes.validated_at = null
    changes.sent_to = null
  }

  const result = await writeOrRefuse(deps.db, async (tx) => {
    // Decided on the row as read: applied only if nobody changed it since (two validators, two
    // senders at once: one wins, the other is told to reload; no double decision, no double mail).
    const applied = await tx
      .update(purchaseOrders)
      .set({
        ...changes,
        status: next.value.status,
        previous_status: next.value.previous_status,
        sent_at: next.value.sent_at,
        send_mode: next.value.send_mode,
        circuit,
        updated_at: now,
        lock_version: row.lock_version + 1,
      })
      .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.lock_version, row.lock_version)))
      .returning({ id: purchaseOrders.id })
    if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    let newVersionId: number | undefined
    if (act === 'new_version') {
      const draft = newVersionOf(next.value)
      const { id: _id, circuit: _c, validated_at: _v, sent_to: _s, ...copy } = row
      const inserted = await tx
        .insert(purchaseOrders)
        .values({
          ...copy,
          status: draft.status,
          version: draft.version,
          replaces_id: id,
          previous_status: null,
          sent_at: null,
          send_mode: null,
          created_at: now,
          updated_at: now,
          lock_version: 0,
        })
        .returning({ id: purchaseOrders.id })
      newVersionId = inserted[0]?.id
      if (newVersionId === undefined) throw new Error('Insert returned no id')
      const lines = await tx
        .select()
        .from(purchaseOrderLines)
        .where(eq(purchaseOrderLines.purchase_order_id, id))
      const newId = newVersionId
      await tx
        .insert(purchaseOrderLines)
        .values(lines.map(({ id: _lineId, ...line }) => ({ ...line, purchase_order_id: newId })))
    }
    if (next.value.status === 'validated' && state.status !== 'validated')
      await followOrder(tx, id, 'po_validated')
    if (act === 'back_to_draft') await followOrder(tx, id, 'back_to_processing')
    await writeTrace(tx, deps.clock, {
      action: act,
      message: `Order ${row.code} v${row.version}: ${act} → ${next.value.status}`,
      model: 'purchase_order',
      model_id: id,
      user_id: actor.id,
    })
    return ok(newVersionId)
  })
  if (!result.ok) return result
  const toValidate = circuit !== null && next.value.status === 'awaiting' ? waitingOn(circuit) : []
  await mailValidators(deps, documentOf(row), toValidate)
  // The circuit ended: the buyer hears of it, approved or refused with the reason.
  const ended = (act === 'validate' || act === 'refuse') && next.value.status !== 'awaiting'
  if (ended)
    await tellAuthor(deps, { model: 'purchase_order', id, code: row.code }, row.buyer_id, {
      outcome: act === 'refuse' ? 'refused' : 'approved',
      by: actor.login,
      reason: refusalOf(circuit)?.reason ?? null,
    })
  await notifyActionsToDo(deps.db, deps.notifyUser, {
    logins: toValidate,
    ids:
      ['validated', 'refused'].includes(next.value.status) && next.value.status !== state.status
        ? [row.buyer_id]
        : [],
  })
  return ok({
    data: {
      id,
      status: next.value.status,
      ...(result.value === undefined ? {} : { new_version_id: result.value }),
    },
  })
}

/**
 * POST /bwapi/purchase-orders/{id}/skip: an administrator passes the current validation step, when
 * the setting misc.validator_skip_enabled allows it; the last step skipped validates the order.
 */
export const skipOrderStep = async (
  deps: OrderDeps,
  actor: OrderActor,
  id: number,
): Promise<Result<{ data: { id: number; status: string } }, DomainError>> => {
  if (actor.administrator !== true) return err({ code: 'FORBIDDEN' })
  const row = await loadOrder(deps.db, id)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const circuit = circuitOf(row)
  if (row.status !== 'awaiting' || circuit === null)
    return err({ code: 'TRANSITION_NOT_ALLOWED', params: { action: 'skip', status: row.status } })
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  const skipped = skipStep(circuit, { login: actor.login }, settings.misc.validator_skip_enabled, now)
  if (!skipped.ok) return skipped
  const next = transition(stateOf(row), 'validate', { now, circuitComplete: isComplete(skipped.value) })
  if (!next.ok) return next
  await deps.db.transaction(async (tx) => {
    await tx
      .update(purchaseOrders)
      .set({
        status: next.value.status,
        circuit: skipped.value,
        updated_at: now,
        ...(next.value.status === 'validated' ? { validated_at: now } : {}),
      })
      .where(eq(purchaseOrders.id, id))
    if (next.value.status === 'validated') await followOrder(tx, id, 'po_validated')
    await writeTrace(tx, deps.clock, {
      action: 'skip',
      message: `Order ${row.code}: a validation step was skipped`,
      model: 'purchase_order',
      model_id: id,
      user_id: actor.id,
      severity: 'warning',
    })
  })
  const toValidate = next.value.status === 'awaiting' ? waitingOn(skipped.value) : []
  await mailValidators(deps, documentOf(row), toValidate)
  await notifyActionsToDo(deps.db, deps.notifyUser, {
    logins: toValidate,
    ids: next.value.status === 'validated' ? [row.buyer_id] : [],
  })
  return ok({ data: { id, status: next.value.status } })
}
