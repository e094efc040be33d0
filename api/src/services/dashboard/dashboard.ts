import { addDays, addMonths, DISTRIBUTION_MONTHS, isoDateIn, rollingMonths } from '@procura/core/calendar'
import {
  awaitingTilesFor,
  type Comparison,
  type Dashboard,
  DISTRIBUTION_PARTS,
  type Distribution,
  type GlobalFigures,
  type InstanceFigures,
  largestParts,
  type Share,
} from '@procura/core/dashboard'
import type { DomainError } from '@procura/core/errors'
import { type Language, referenceLabel } from '@procura/core/i18n'
import { readsAllInvoices } from '@procura/core/invoice'
import { type Dec, dec, toAmountString } from '@procura/core/money'
import {
  type OrderActor,
  PURCHASE_ORDER_STATUSES,
  readsEveryOrder,
  seesAllDocuments,
  seesInternals,
  VALIDATED_STATUSES,
} from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { and, eq, gte, inArray, isNotNull, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { exactSum, readExactSum } from '../../db/capped-count'
import {
  articles,
  circuitRows,
  currencies,
  delegations,
  departments,
  orderFamilySums,
  orderSums,
  paymentGroups,
  paymentLines,
  productFamilies,
  purchaseOrderLines,
  purchaseOrders,
  roles,
  supplierInvoices,
  suppliers,
  users,
} from '../../db/schema'
import { visibleInvoicesCondition } from '../invoices/invoices'
import { visibleOrdersCondition } from '../purchase-orders/order-list'
import { loadSettings } from '../settings'

/** `sums: false` reads the orders even for who sees them all (what the tests compare the kept sums with). */
type Deps = { db: Db; clock: Clock; sums?: boolean }

/** Validated orders not yet invoiced in full are committed (closed ones are done). */
const OPEN_STATUSES = ['validated', 'sent', 'acknowledged_receipt', 'suspended'] as const
const BILLED_IN_FULL = ['complete', 'complete_less', 'complete_more'] as const
type Answer<T> = Promise<Result<{ data: T }, DomainError>>

/**
 * Amounts per currency turned into the default currency: each currency's exact sum divided by its
 * rate (units of that currency for one unit of the default one), then rounded once.
 */
const converter = async (db: Db) => {
  const [rows, settings] = await Promise.all([db.select().from(currencies), loadSettings(db)])
  const base = rows.find((c) => c.is_default)?.code ?? rows[0]?.code ?? 'EUR'
  const rates = new Map(rows.map((c) => [c.code, dec(c.rate)]))
  const decimals = settings.formats.decimals
  const inBase = (currency: string, amount: Dec) => {
    const rate = rates.get(currency)
    return currency === base || rate === undefined || rate.isZero() ? amount : amount.div(rate)
  }
  return {
    base,
    settings,
    /** The sum of per-currency sums in the default currency, as the decimal string shown. */
    total: (sums: readonly { currency: string; sum: unknown }[]) =>
      toAmountString(
        sums.reduce((t, s) => t.plus(inBase(s.currency, readExactSum(s.sum as string))), dec(0)),
        decimals,
      ),
    /** An exact sum (`exactSum`) of one currency, in the default currency. */
    inBase: (currency: string, sum: unknown) => inBase(currency, readExactSum(sum as string)),
    convert: inBase,
    text: (amount: Dec) => toAmountString(amount, decimals),
  }
}

const today = (deps: Deps) => isoDateIn(deps.clock.now())
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`)
/** The orders this reader may see, obsolete versions left out. */
const ordersSeen = (deps: Deps, actor: OrderActor, ...more: (SQL | undefined)[]) =>
  and(ne(purchaseOrders.status, 'obsolete'), visibleOrdersCondition(deps.db, actor), ...more)
/** Validated orders (sent, acknowledged, suspended or closed too) validated within [from, to). */
const validatedWithin = (from: string, to: string) =>
  and(
    inArray(purchaseOrders.status, [...VALIDATED_STATUSES]),
    isNotNull(purchaseOrders.validated_at),
    gte(purchaseOrders.validated_at, dayStart(from)),
    lt(purchaseOrders.validated_at, dayStart(to)),
  )
const internal = (actor: OrderActor) => seesInternals(actor)

/** Whether a validation chart names this user (by login or by role) or someone delegates to them now. */
const validatesSomething = async (db: Db, actor: OrderActor): Promise<boolean> => {
  const role = db
    .select({ code: roles.code })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.id, actor.id))
  const named = await db
    .select({ id: circuitRows.id })
    .from(circuitRows)
    .where(or(eq(circuitRows.validator_login, actor.login), inArray(circuitRows.validator_role, role)))
    .limit(1)
  if (named.length > 0) return true
  const delegated = await db
    .select({ id: delegations.id })
    .from(delegations)
    .where(eq(delegations.delegate_id, actor.id))
    .limit(1)
  return delegated.length > 0
}
/**
 * Who sees every order reads the sums the database keeps (`order_sums`, exact by its triggers);
 * anyone else, the orders it may see, summed on demand (few, and only those).
 */
const readsSums = (deps: Deps, actor: OrderActor) => deps.sums !== false && seesAllDocuments(actor)
const sumOf = (column: unknown) => sql<string>`sum(${column})`
const validatedSums = (months: readonly string[]) =>
  and(inArray(orderSums.month, [...months]), inArray(orderSums.status, [...VALIDATED_STATUSES]))
const refused = () => err({ code: 'FORBIDDEN' } as DomainError)

/** GET /bwapi/dashboard: the frame — the default currency, today, and this reader's sections. */
export const dashboard = async (deps: Deps, actor: OrderActor): Answer<Dashboard> => {
  const { base } = await converter(deps.db)
  return ok({
    data: {
      currency_code: base,
      today: today(deps),
      // A supplier's contact sees its company's orders, nothing of the organisation's spend.
      sections: internal(actor) ? ['instance', 'distribution', 'comparison', 'global'] : ['instance'],
    },
  })
}

/**
 * GET /bwapi/dashboard/distribution: what was ordered over the last 3 months (the current month
 * and the two before: validated orders excl. tax), by product family of the lines' articles, by
 * supplier and by department; the largest parts and the rest as "others".
 */
export const distribution = async (
  deps: Deps,
  actor: OrderActor,
  language: Language = 'en',
): Answer<Distribution> => {
  if (!internal(actor)) return refused()
  const money = await converter(deps.db)
  const { from, to, months } = rollingMonths(today(deps), DISTRIBUTION_MONTHS)
  const seen = ordersSeen(deps, actor, validatedWithin(from, to))
  const sums = readsSums(deps, actor)
  const [families, bySupplier, byDepartment] = await Promise.all([
    sums
      ? deps.db
          .select({
            key: productFamilies.id,
            code: productFamilies.code,
            label: productFamilies.label,
            currency: orderFamilySums.currency_code,
            sum: sumOf(orderFamilySums.amount),
          })
          .from(orderFamilySums)
          .leftJoin(productFamilies, eq(productFamilies.id, orderFamilySums.family_id))
          .where(
            and(
              inArray(orderFamilySums.month, [...months]),
              inArray(orderFamilySums.status, [...VALIDATED_STATUSES]),
            ),
          )
          .groupBy(
            productFamilies.id,
            productFamilies.code,
            productFamilies.label,
            orderFamilySums.currency_code,
          )
      : deps.db
          .select({
            key: productFamilies.id,
            code: productFamilies.code,
            label: productFamilies.label,
            currency: purchaseOrders.currency_code,
            sum: exactSum(purchaseOrderLines.amount_exctax),
          })
          .from(purchaseOrderLines)
          .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchase_order_id))
          .leftJoin(articles, eq(articles.id, purchaseOrderLines.article_id))
          .leftJoin(productFamilies, eq(productFamilies.id, articles.product_family_id))
          .where(seen)
          .groupBy(
            productFamilies.id,
            productFamilies.code,
            productFamilies.label,
            purchaseOrders.currency_code,
          ),
    sums
      ? deps.db
          .select({
            key: suppliers.id,
            label: suppliers.company_name,
            currency: orderSums.currency_code,
            sum: sumOf(orderSums.amount),
          })
          .from(orderSums)
          .innerJoin(suppliers, eq(suppliers.id, orderSums.supplier_id))
          .where(validatedSums(months))
          .groupBy(suppliers.id, suppliers.company_name, orderSums.currency_code)
      : deps.db
          .select({
            key: suppliers.id,
            label: suppliers.company_name,
            currency: purchaseOrders.currency_code,
            sum: exactSum(purchaseOrders.amount_exctax),
          })
          .from(purchaseOrders)
          .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplier_id))
          .where(seen)
          .groupBy(suppliers.id, suppliers.company_name, purchaseOrders.currency_code),
    sums
      ? deps.db
          .select({
            key: departments.id,
            label: departments.label,
            currency: orderSums.currency_code,
            sum: sumOf(orderSums.amount),
          })
          .from(orderSums)
          .leftJoin(departments, eq(departments.id, orderSums.department_id))
          .where(validatedSums(months))
          .groupBy(departments.id, departments.label, orderSums.currency_code)
      : deps.db
          .select({
            key: departments.id,
            label: departments.label,
            currency: purchaseOrders.currency_code,
            sum: exactSum(purchaseOrders.amount_exctax),
          })
          .from(purchaseOrders)
          .leftJoin(departments, eq(departments.id, purchaseOrders.department_id))
          .where(seen)
          .groupBy(departments.id, departments.label, purchaseOrders.currency_code),
  ])
  const range = `created_from=${from}&created_to=${addDays(to, -1)}`
  const filtered = (field: string, id: number | null) => (id === null ? '' : `${field}=${id}&`)
  const parts = (
    rows: readonly { key: number | null; label: string | null; currency: string; sum: unknown }[],
    link: (key: number | null) => string | null,
  ): Share[] => {
    const byKey = new Map<string, { key: string; label: string; amount: Dec; id: number | null }>()
    for (const r of rows) {
      const key = r.key === null ? 'none' : String(r.key)
      const current = byKey.get(key)
      byKey.set(key, {
        key,
        label: r.label ?? '',
        id: r.key,
        amount: (current?.amount ?? dec(0)).plus(money.inBase(r.currency, r.sum)),
      })
    }
    return largestParts([...byKey.values()], DISTRIBUTION_PARTS, (amount) => ({
      key: 'others',
      label: '',
      id: null,
      amount,
    })).map((p) => ({
      key: p.key,
      label: p.label,
      amount: money.text(p.amount),
      link: p.key === 'others' ? null : link(p.id),
    }))
  }
  const total = bySupplier.reduce((t, r) => t.plus(money.inBase(r.currency, r.sum)), dec(0))
  return ok({
    data: {
      currency_code: money.base,
      from,
      to,
      total: money.text(total),
      // Each part leads to the period's orders of its family, supplier or department ("none": the period's).
      // The shipped families in the reader's language (as the catalogue and the order filters name them).
      family: parts(
        families.map((f) => ({
          ...f,
          label: f.label === null ? null : referenceLabel('family', f.code, f.label, language),
        })),
        (id) => `/purchase-orders?${filtered('product_family_id', id)}${range}`,
      ),
      supplier: parts(bySupplier, (id) => `/purchase-orders?${filtered('supplier_id', id)}${range}`),
      department: parts(byDepartment, (id) => `/purchase-orders?${filtered('department_id', id)}${range}`),
    },
  })
}

/**
 * GET /bwapi/dashboard/comparison: month by month over the comparison months (setting), what was
 * ordered (validated orders excl. tax) against the same month a year before.
 */
export const comparison = async (deps: Deps, actor: OrderActor): Answer<Comparison> => {
  if (!internal(actor)) return refused()
  const money = await converter(deps.db)
  const months = money.settings.misc.dashboard_comparison_months
  // One exact sum per month and currency, each month its own range on the validation date (an
  // index range), so that no engine-specific month function is needed.
  const keys = rollingMonths(today(deps), months).months
  const monthSum = async (month: string) => {
    const from = `${month}-01`
    const rows = await deps.db
      .select({ currency: purchaseOrders.currency_code, sum: exactSum(purchaseOrders.amount_exctax) })
      .from(purchaseOrders)
      .where(ordersSeen(deps, actor, validatedWithin(from, addMonths(from, 1))))
      .groupBy(purchaseOrders.currency_code)
    return rows.reduce((t, r) => t.plus(money.inBase(r.currency, r.sum)), dec(0))
  }
  const previousOf = (m: string) => `${Number(m.slice(0, 4)) - 1}${m.slice(4)}`
  const everyMonth = [...keys, ...keys.map(previousOf)]
  const kept = readsSums(deps, actor)
    ? await deps.db
        .select({ month: orderSums.month, currency: orderSums.currency_code, sum: sumOf(orderSums.amount) })
        .from(orderSums)
        .where(validatedSums(everyMonth))
        .groupBy(orderSums.month, orderSums.currency_code)
    : null
  const byMonth = async (month: string) =>
    kept === null
      ? monthSum(month)
      : kept
          .filter((r) => r.month === month)
          .reduce((t, r) => t.plus(money.inBase(r.currency, r.sum)), dec(0))
  const [now, before] = await Promise.all([
    Promise.all(keys.map(byMonth)),
    Promise.all(keys.map((m) => byMonth(previousOf(m)))),
  ])
  const a = new Map(keys.map((m, i) => [m, now[i] ?? dec(0)]))
  const b = new Map(keys.map((m, i) => [previousOf(m), before[i] ?? dec(0)]))
  const rows = keys.map((m) => {
    const previousMonth = previousOf(m)
    return {
      month: m,
      previous_month: previousMonth,
      current: money.text(a.get(m) ?? dec(0)),
      previous: money.text(b.get(previousMonth) ?? dec(0)),
      link: `/purchase-orders?created_from=${m}-01&created_to=${addDays(addMonths(`${m}-01`, 1), -1)}`,
    }
  })
  const sum = (m: Map<string, Dec>) => money.text([...m.values()].reduce((t, v) => t.plus(v), dec(0)))
  return ok({
    data: { currency_code: money.base, months: rows, current_total: sum(a), previous_total: sum(b) },
  })
}

/**
 * GET /bwapi/dashboard/instance: where purchasing stands for this reader — its orders by status,
 * what waits for a validation, sent orders past their delivery deadline, invoices in dispute and
 * invoices due. Each figure links to its list, filtered.
 */
export const instanceFigures = async (deps: Deps, actor: OrderActor): Answer<InstanceFigures> => {
  const money = await converter(deps.db)
  const day = today(deps)
  const invoicesSeen = (...more: (SQL | undefined)[]) => and(visibleInvoicesCondition(actor), ...more)
  const deadline = sql<string>`(${purchaseOrders.delivery_address} ->> 'deadline')`
  const [orders, invoicesAwaiting, late, disputes, due] = await Promise.all([
    readsSums(deps, actor)
      ? deps.db
          .select({
            status: orderSums.status,
            currency: orderSums.currency_code,
            count: sumOf(orderSums.orders),
            sum: sumOf(orderSums.amount),
          })
          .from(orderSums)
          .where(ne(orderSums.status, 'obsolete'))
          .groupBy(orderSums.status, orderSums.currency_code)
          .then((rows) => rows.filter((r) => Number(r.count) !== 0))
      : deps.db
          .select({
            status: purchaseOrders.status,
            currency: purchaseOrders.currency_code,
            count: sql<number>`count(*)`,
            sum: exactSum(purchaseOrders.amount_exctax),
          })
          .from(purchaseOrders)
          .where(ordersSeen(deps, actor))
          .groupBy(purchaseOrders.status, purchaseOrders.currency_code),
    internal(actor)
      ? deps.db
          .select({
            currency: supplierInvoices.currency_code,
            count: sql<number>`count(*)`,
            sum: exactSum(supplierInvoices.amount_exctax),
          })
          .from(supplierInvoices)
          .where(invoicesSeen(eq(supplierInvoices.status, 'awaiting')))
          .groupBy(supplierInvoices.currency_code)
      : [],
    deps.db
      .select({ currency: purchaseOrders.currency_code, count: sql<number>`count(*)` })
      .from(purchaseOrders)
      .where(
        ordersSeen(
          deps,
          actor,
          inArray(purchaseOrders.status, ['sent', 'acknowledged_receipt']),
          ne(purchaseOrders.delivery_status, 'complete'),
          lt(deadline, day),
        ),
      )
      .groupBy(purchaseOrders.currency_code),
    internal(actor)
      ? deps.db
          .select({
            currency: supplierInvoices.currency_code,
            count: sql<number>`count(*)`,
            sum: exactSum(supplierInvoices.amount_exctax),
          })
          .from(supplierInvoices)
          .where(
            invoicesSeen(
              eq(supplierInvoices.dispute_status, 'ongoing'),
              ne(supplierInvoices.status, 'canceled'),
            ),
          )
          .groupBy(supplierInvoices.currency_code)
      : [],
    internal(actor)
      ? deps.db
          .select({
            currency: supplierInvoices.currency_code,
            count: sql<number>`count(*)`,
            sum: exactSum(supplierInvoices.amount_inctax),
          })
          .from(supplierInvoices)
          .where(
            invoicesSeen(
              eq(supplierInvoices.status, 'validated'),
              ne(supplierInvoices.payment_status, 'complete'),
              sql`${supplierInvoices.due_date} <= ${day}`,
            ),
          )
          .groupBy(supplierInvoices.currency_code)
      : [],
  ])
  const count = (rows: readonly { count: unknown }[]) => rows.reduce((n, r) => n + Number(r.count), 0)
  const total = (rows: readonly { currency: string; sum?: unknown }[]) =>
    money.total(rows.map((r) => ({ currency: r.currency, sum: r.sum })))
  // In the order of the lifecycle, whatever order the database grouped them in.
  const statuses = [...new Set(orders.map((o) => o.status))].sort(
    (x, y) =>
      (PURCHASE_ORDER_STATUSES as readonly string[]).indexOf(x) -
      (PURCHASE_ORDER_STATUSES as readonly string[]).indexOf(y),
  )
  const ordersAwaiting = orders.filter((o) => o.status === 'awaiting')
  return ok({
    data: {
      currency_code: money.base,
      orders: statuses.map((status) => {
        const rows = orders.filter((o) => o.status === status)
        return {
          key: status,
          count: count(rows),
          amount: total(rows),
          link: `/purchase-orders?status=${status}`,
        }
      }),
      // What waits for a validation, to who may act on it (core awaitingTilesFor); never a
      // supplier contact's concern.
      awaiting: internal(actor)
        ? awaitingTilesFor(actor, await validatesSomething(deps.db, actor)).map((key) =>
            key === 'orders'
              ? {
                  key,
                  count: count(ordersAwaiting),
                  amount: total(ordersAwaiting),
                  link: '/purchase-orders?status=awaiting',
                }
              : {
                  key,
                  count: count(invoicesAwaiting),
                  amount: total(invoicesAwaiting),
                  link: '/supplier-invoices?status=awaiting',
                },
          )
        : [],
      late_deliveries: { key: 'late_deliveries', count: count(late), amount: null, link: '/deliveries' },
      invoices_in_dispute: {
        key: 'invoices_in_dispute',
        count: count(disputes),
        amount: total(disputes),
        link: '/supplier-invoices?dispute_status=ongoing',
      },
      payments_due: {
        key: 'payments_due',
        count: count(due),
        amount: total(due),
        link: `/supplier-invoices?status=validated&due_date_to=${day}`,
      },
    },
  })
}

/**
 * GET /bwapi/dashboard/global: the organisation's totals this year that this reader may see —
 * ordered (validated), received, invoiced (validated invoices), paid (incl. tax), committed
 * (validated orders not yet invoiced in full, all years) — and its active suppliers.
 */
export const globalFigures = async (deps: Deps, actor: OrderActor): Answer<GlobalFigures> => {
  if (!internal(actor)) return refused()
  const money = await converter(deps.db)
  const day = today(deps)
  const year = Number(day.slice(0, 4))
  const from = `${year}-01-01`
  const to = `${year + 1}-01-01`
  const sums = readsSums(deps, actor)
  const invoicesRead = readsAllInvoices(actor)
  const [orders, open, invoices, paid, active] = await Promise.all([
    sums
      ? deps.db
          .select({
            currency: orderSums.currency_code,
            ordered: sumOf(orderSums.amount),
            received: sumOf(orderSums.delivered),
          })
          .from(orderSums)
          .where(validatedSums(rollingMonths(`${year}-12-01`, 12).months))
          .groupBy(orderSums.currency_code)
      : deps.db
          .select({
            currency: purchaseOrders.currency_code,
            ordered: exactSum(purchaseOrders.amount_exctax),
            received: exactSum(purchaseOrders.delivered_amount_exctax),
          })
          .from(purchaseOrders)
          .where(ordersSeen(deps, actor, validatedWithin(from, to)))
          .groupBy(purchaseOrders.currency_code),
    sums
      ? deps.db
          .select({
            currency: orderSums.currency_code,
            ordered: sumOf(orderSums.amount),
            billed: sumOf(orderSums.billed),
          })
          .from(orderSums)
          .where(
            and(
              inArray(orderSums.status, [...OPEN_STATUSES]),
              notInArray(orderSums.billing_status, [...BILLED_IN_FULL]),
            ),
          )
          .groupBy(orderSums.currency_code)
      : deps.db
          .select({
            currency: purchaseOrders.currency_code,
            ordered: exactSum(purchaseOrders.amount_exctax),
            billed: exactSum(purchaseOrders.billed_amount_exctax),
          })
          .from(purchaseOrders)
          .where(
            ordersSeen(
              deps,
              actor,
              inArray(purchaseOrders.status, [...OPEN_STATUSES]),
              notInArray(purchaseOrders.billing_status, [...BILLED_IN_FULL]),
            ),
          )
          .groupBy(purchaseOrders.currency_code),
    invoicesRead
      ? deps.db
          .select({ currency: supplierInvoices.currency_code, sum: exactSum(supplierInvoices.amount_exctax) })
          .from(supplierInvoices)
          .where(
            and(
              eq(supplierInvoices.status, 'validated'),
              gte(supplierInvoices.invoice_date, from),
              lt(supplierInvoices.invoice_date, to),
            ),
          )
          .groupBy(supplierInvoices.currency_code)
      : null,
    invoicesRead
      ? deps.db
          .select({ currency: paymentGroups.currency_code, sum: exactSum(paymentLines.amount_inctax) })
          .from(paymentLines)
          .innerJoin(paymentGroups, eq(paymentGroups.id, paymentLines.payment_group_id))
          .innerJoin(supplierInvoices, eq(supplierInvoices.id, paymentLines.supplier_invoice_id))
          .where(
            and(
              eq(paymentLines.status, 'paid'),
              gte(paymentLines.paid_at, dayStart(from)),
              lt(paymentLines.paid_at, dayStart(to)),
            ),
          )
          .groupBy(paymentGroups.currency_code)
      : null,
    deps.db.select({ count: sql<number>`count(*)` }).from(suppliers).where(eq(suppliers.status, 'active')),
  ])
  const committed = open.reduce(
    (t, r) => t.plus(money.inBase(r.currency, r.ordered).minus(money.inBase(r.currency, r.billed))),
    dec(0),
  )
  return ok({
    data: {
      currency_code: money.base,
      year,
      whole_organisation: readsEveryOrder(actor),
      ordered: money.total(orders.map((r) => ({ currency: r.currency, sum: r.ordered }))),
      received: money.total(orders.map((r) => ({ currency: r.currency, sum: r.received }))),
      invoiced: invoices === null ? null : money.total(invoices),
      paid: paid === null ? null : money.total(paid),
      committed: money.text(committed),
      active_suppliers: Number(active[0]?.count ?? 0),
    },
  })
}
