/** The instance's and the organisation's figures (administration and global dashboards). */
import { rollingMonths } from '@procura/core/calendar'
import { awaitingTilesFor, type GlobalFigures, type InstanceFigures } from '@procura/core/dashboard'
import { readsAllInvoices } from '@procura/core/invoice'
import { dec } from '@procura/core/money'
import { type OrderActor, PURCHASE_ORDER_STATUSES, readsEveryOrder } from '@procura/core/purchase-order'
import { ok } from '@procura/core/result'
import { and, eq, gte, inArray, lt, ne, notInArray, type SQL, sql } from 'drizzle-orm'
import { exactSum } from '../../db/capped-count'
import {
  orderSums,
  paymentGroups,
  paymentLines,
  purchaseOrders,
  supplierInvoices,
  suppliers,
} from '../../db/schema'
import { visibleInvoicesCondition } from '../invoices/invoices'
import {
  type Answer,
  BILLED_IN_FULL,
  converter,
  type Deps,
  dayStart,
  internal,
  OPEN_STATUSES,
  ordersSeen,
  readsSums,
  refused,
  sumOf,
  today,
  validatedSums,
  validatedWithin,
  validatesSomething,
} from './dashboard'

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
