import { invoiceBudgetChange, needBudgetChange, orderBudgetChange } from '@procura/core/budget'
import { isoDateIn } from '@procura/core/calendar'
import type { DomainError } from '@procura/core/errors'
import { ok, type Result } from '@procura/core/result'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import {
  currencies,
  expenseReports,
  expenses,
  needLines,
  purchaseOrderLines,
  purchaseOrders,
  supplierInvoiceLines,
  supplierInvoices,
} from '../../db/schema'
import { requestsOfOrder } from '../needs/follow-order'
import { loadOrder, loadOrderLines } from '../purchase-orders/orders'
import { type BudgetLine, budgetTaking, lineKey, moveBudgets, type Overrun } from './ledger'

type Context = {
  now: Date
  user_id: number | null
  confirmed?: boolean
  /** Off only to replay a ledger (the demo's history): moves are written, never refused. */
  control?: boolean
}
type Moved = Promise<Result<{ overruns: Overrun[] }, DomainError>>
const nothing = ok({ overruns: [] as Overrun[] })

/**
 * What an order's change of status does to its budgets (core orderBudgetChange), in the
 * transaction that changes it: validated, it releases its requests' reservations and commits its
 * lines (checked against each budget's overrun action); cancelled, sent back, replaced or closed,
 * it releases what it still commits.
 */
export const moveOrderBudgets = async (
  tx: DbOrTx,
  orderId: number,
  from: string,
  to: string,
  context: Context,
  /** What the caller has already read in this transaction: the order as it now is, its requests. */
  known: { order?: typeof purchaseOrders.$inferSelect; needIds?: readonly number[] } = {},
): Moved => {
  const change = orderBudgetChange(from, to)
  if (change === null) return nothing
  if (change !== 'commit')
    return moveBudgets(
      tx,
      { type: 'order_released', order_id: orderId, restore_reservations: change === 'release_restore' },
      { ...context, control: false, confirmed: true },
    )
  const order = known.order ?? (await loadOrder(tx, orderId))
  if (order === undefined) return nothing
  const lines = await loadOrderLines(tx, orderId)
  const needIds = known.needIds ?? (await requestsOfOrder(tx, orderId)).map((r) => r.id)
  const taking = await budgetTaking(
    tx,
    isoDateIn(order.validated_at ?? context.now),
    lines.map(
      (l): BudgetLine => ({ key: lineKey(order, l), amount: l.amount_exctax, currency: order.currency_code }),
    ),
  )
  if (!taking.ok) return taking
  return moveBudgets(
    tx,
    {
      type: 'order_validated',
      order_id: orderId,
      need_ids: [...needIds],
      taken: taking.value.taken,
    },
    { ...context, control: context.control !== false, confirmed: context.confirmed === true },
    taking.value.budgets,
  )
}

/** An order's billing closed short: what it still commits is released (it will not be billed). */
export const releaseOrderBudgets = (tx: DbOrTx, orderId: number, context: Context): Moved =>
  moveBudgets(
    tx,
    { type: 'order_released', order_id: orderId, restore_reservations: false },
    { ...context, control: false, confirmed: true },
  )

/** A request approved reserves its lines' amounts (checked); leaving approval releases them. */
export const moveNeedBudgets = async (
  tx: DbOrTx,
  needId: number,
  from: string,
  to: string,
  context: Context,
): Moved => {
  const change = needBudgetChange(from, to)
  if (change === null) return nothing
  if (change === 'release')
    return moveBudgets(
      tx,
      { type: 'need_released', need_id: needId },
      { ...context, control: false, confirmed: true },
    )
  const lines = await tx.select().from(needLines).where(eq(needLines.need_id, needId))
  const [defaultCurrency] = await tx.select().from(currencies).where(eq(currencies.is_default, true))
  const taking = await budgetTaking(
    tx,
    isoDateIn(context.now),
    lines.map(
      (l): BudgetLine => ({
        key: lineKey({}, l),
        amount: l.amount_exctax,
        currency: defaultCurrency?.code ?? '',
      }),
    ),
  )
  if (!taking.ok) return taking
  return moveBudgets(
    tx,
    { type: 'need_approved', need_id: needId, taken: taking.value.taken },
    { ...context, control: true, confirmed: context.confirmed === true },
    taking.value.budgets,
  )
}

/**
 * An invoice validated spends its lines' amounts and releases the commitment of the orders it
 * bills (never more than they still commit); leaving validated undoes both. Invoices are not
 * refused by a budget: the money is owed.
 */
export const moveInvoiceBudgets = async (
  tx: DbOrTx,
  invoiceId: number,
  from: string,
  to: string,
  context: Context,
): Moved => {
  const change = invoiceBudgetChange(from, to)
  if (change === null) return nothing
  if (change === 'release')
    return moveBudgets(
      tx,
      { type: 'invoice_released', invoice_id: invoiceId },
      { ...context, control: false, confirmed: true },
    )
  const [invoice] = await tx.select().from(supplierInvoices).where(eq(supplierInvoices.id, invoiceId))
  if (invoice === undefined) return nothing
  const lines = await tx
    .select({ line: supplierInvoiceLines, orderLine: purchaseOrderLines, order: purchaseOrders })
    .from(supplierInvoiceLines)
    .leftJoin(purchaseOrderLines, eq(purchaseOrderLines.id, supplierInvoiceLines.purchase_order_line_id))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, supplierInvoiceLines.purchase_order_id))
    .where(eq(supplierInvoiceLines.supplier_invoice_id, invoiceId))
  const keyed = lines.map(({ line, orderLine, order }): BudgetLine & { orderDay: string | null } => ({
    // A line billing an order line is keyed as that line; a free line as its order (or the invoice),
    // with its own allocation codes (an external charge's lines).
    key: lineKey(order ?? invoice, orderLine ?? line),
    amount: line.amount_exctax,
    currency: invoice.currency_code,
    order_id: line.purchase_order_id,
    orderDay: order?.validated_at ? isoDateIn(order.validated_at) : null,
  }))
  // Spent in the invoice's period; released from the budgets the orders committed, in theirs.
  const taking = await budgetTaking(tx, invoice.invoice_date, keyed)
  if (!taking.ok) return taking
  const billed = new Map<number, Map<number, number>>()
  for (const day of new Set(keyed.flatMap((l) => (l.orderDay === null ? [] : [l.orderDay])))) {
    const ofDay = await budgetTaking(
      tx,
      day,
      keyed.filter((l) => l.orderDay === day),
    )
    if (!ofDay.ok) return ofDay
    for (const [budget, orders] of ofDay.value.byOrder) {
      const into = billed.get(budget) ?? new Map<number, number>()
      for (const [order, units] of orders) into.set(order, (into.get(order) ?? 0) + units)
      billed.set(budget, into)
    }
  }
  return moveBudgets(
    tx,
    { type: 'invoice_validated', invoice_id: invoiceId, billed, spent: taking.value.taken },
    { ...context, control: false, confirmed: true },
  )
}

/**
 * An expense report validated spends its expenses (docs/domain/expense.md), each keyed by the
 * report's company and the expense's project, on the day it is validated. Not refused by a budget:
 * the employee has spent the money.
 */
export const moveExpenseReportBudgets = async (tx: DbOrTx, reportId: number, context: Context): Moved => {
  const [report] = await tx.select().from(expenseReports).where(eq(expenseReports.id, reportId))
  if (report === undefined) return nothing
  const items = await tx.select().from(expenses).where(eq(expenses.expense_report_id, reportId))
  const taking = await budgetTaking(
    tx,
    isoDateIn(report.validated_at ?? context.now),
    items.map(
      (e): BudgetLine => ({
        key: lineKey({ company_id: report.company_id }, { allocation1: e.allocation1 }),
        amount: e.amount_exctax,
        currency: e.currency_code,
      }),
    ),
  )
  if (!taking.ok) return taking
  return moveBudgets(
    tx,
    { type: 'expense_report_validated', expense_report_id: reportId, spent: taking.value.taken },
    { ...context, control: false, confirmed: true },
  )
}
