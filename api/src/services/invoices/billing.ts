import { type DomainError, formError } from '@procura/core/errors'
import {
  type BillableLine,
  type BillingStatus,
  type InvoiceLineInput,
  lineBillingStatus,
  type MatchPlan,
  matchInvoice,
  orderBillingStatus,
} from '@procura/core/invoice'
import { dec, toAmountString } from '@procura/core/money'
import { VALIDATED_STATUSES } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import type { Settings } from '@procura/core/settings'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db'
import { purchaseOrderLines, purchaseOrders, supplierInvoiceLines, supplierInvoices } from '../../db/schema'

type OrderLineRow = typeof purchaseOrderLines.$inferSelect
type OrderRow = typeof purchaseOrders.$inferSelect
type Answer<T> = Result<T, DomainError>

/** What an invoice billed before (an edit or a cancellation takes it back first). */
export type BilledBefore = {
  purchase_order_line_id: number | null
  quantity: string | null
  amount_exctax: string
}

export const limitsOf = (settings: Settings) => ({
  line_percent: settings.prices.invoice_line_limit_percent,
  total_percent: settings.prices.invoice_total_limit_percent,
})

const billable = (l: OrderLineRow): BillableLine => ({
  id: l.id,
  quantity: l.quantity,
  unit_price_exctax: l.unit_price_exctax,
  amount_exctax: l.amount_exctax,
  receipt_mode: l.receipt_mode,
  delivered_quantity: l.delivered_quantity,
  delivered_amount_exctax: l.delivered_amount_exctax,
  billed_quantity: l.billed_quantity,
  billed_amount_exctax: l.billed_amount_exctax,
  billing_status: l.billing_status as BillingStatus,
})

/** The order lines an invoice names, with their orders: the supplier's validated orders in the invoice's currency. */
export type BillingContext = {
  lines: OrderLineRow[]
  orders: Map<number, OrderRow>
}

/**
 * Reads the order lines the invoice names (and those it billed before), checks they belong to
 * validated orders of the invoice's supplier (`NOT_IN_LIST`) in its currency (`DIFFERENT_CURRENCIES`).
 */
export const billingContext = async (
  tx: DbOrTx,
  invoice: { supplier_id: number; currency_code: string },
  lineIds: readonly (number | null)[],
  before: readonly BilledBefore[],
): Promise<Answer<BillingContext>> => {
  const ids = [
    ...new Set(
      [...lineIds, ...before.map((b) => b.purchase_order_line_id)].filter((id): id is number => id !== null),
    ),
  ]
  if (ids.length === 0) return ok({ lines: [], orders: new Map() })
  const lines = await tx.select().from(purchaseOrderLines).where(inArray(purchaseOrderLines.id, ids))
  const orderIds = [...new Set(lines.map((l) => l.purchase_order_id))]
  const orders = new Map(
    (await tx.select().from(purchaseOrders).where(inArray(purchaseOrders.id, orderIds))).map((o) => [
      o.id,
      o,
    ]),
  )
  for (const [i, id] of lineIds.entries()) {
    if (id === null) continue
    const line = lines.find((l) => l.id === id)
    const order = line === undefined ? undefined : orders.get(line.purchase_order_id)
    const field = `lines.${i}.purchase_order_line_id`
    if (
      order === undefined ||
      order.supplier_id !== invoice.supplier_id ||
      !(VALIDATED_STATUSES as readonly string[]).includes(order.status)
    )
      return err(formError({ [field]: [{ code: 'NOT_IN_LIST' }] }))
    if (order.currency_code !== invoice.currency_code) return err({ code: 'DIFFERENT_CURRENCIES' })
  }
  return ok({ lines, orders })
}

/** The order lines as if this invoice had not billed them yet (an edit plans from there). */
const withoutBefore = (lines: readonly OrderLineRow[], before: readonly BilledBefore[]) =>
  lines.map((line) => {
    const mine = before.filter((b) => b.purchase_order_line_id === line.id)
    if (mine.length === 0) return line
    const quantity = mine.reduce((sum, b) => sum.plus(b.quantity ?? 0), dec(0))
    const amount = mine.reduce((sum, b) => sum.plus(b.amount_exctax), dec(0))
    return {
      ...line,
      billed_quantity: dec(line.billed_quantity).minus(quantity).toString(),
      billed_amount_exctax: dec(line.billed_amount_exctax).minus(amount).toString(),
    }
  })

/** Plans an invoice's lines against its orders (core matchInvoice), as if it had not billed before. */
export const planBilling = (
  context: BillingContext,
  input: readonly InvoiceLineInput[],
  before: readonly BilledBefore[],
  settings: Settings,
): Answer<MatchPlan> =>
  matchInvoice(withoutBefore(context.lines, before).map(billable), input, {
    billDeliveredOnly: settings.prices.bill_delivered_only,
    limits: limitsOf(settings),
    decimals: settings.formats.decimals,
  })

/**
 * Writes what an invoice bills (or, with an empty plan, takes back what it billed): each order line
 * it touches, then each order's billed amount and billing status — only if nobody changed the
 * order since it was read (two invoices on the same remainder: one is told to reload).
 */
export const applyBilling = async (
  tx: Tx,
  context: BillingContext,
  plan: Pick<MatchPlan, 'lines'>,
  before: readonly BilledBefore[],
  decimals: number,
  now: Date,
): Promise<Answer<void>> => {
  const base = withoutBefore(context.lines, before)
  for (const line of base) {
    const planned = plan.lines.find((p) => p.purchase_order_line_id === line.id)?.after
    const after = planned ?? {
      billed_quantity: line.billed_quantity,
      billed_amount_exctax: toAmountString(line.billed_amount_exctax, decimals),
      billing_status: lineBillingStatus(
        line.amount_exctax,
        line.billed_amount_exctax,
        line.billing_status === 'complete_less',
      ),
    }
    await tx.update(purchaseOrderLines).set(after).where(eq(purchaseOrderLines.id, line.id))
  }
  for (const order of context.orders.values()) {
    const lines = await tx
      .select({ amount: purchaseOrderLines.billed_amount_exctax, status: purchaseOrderLines.billing_status })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchase_order_id, order.id))
    const applied = await tx
      .update(purchaseOrders)
      .set({
        billed_amount_exctax: toAmountString(
          lines.reduce((sum, l) => sum.plus(l.amount), dec(0)),
          decimals,
        ),
        billing_status: orderBillingStatus(lines.map((l) => l.status as BillingStatus)),
        lock_version: order.lock_version + 1,
        updated_at: now,
      })
      .where(and(eq(purchaseOrders.id, order.id), eq(purchaseOrders.lock_version, order.lock_version)))
      .returning({ id: purchaseOrders.id })
    if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' })
  }
  return ok(undefined)
}

/**
 * The rebilled amount of each order: what its invoices (not cancelled) billed on lines marked to be
 * charged on. Recomputed in the invoice's transaction after its lines are written or released.
 */
export const refreshRebilled = async (tx: Tx, orderIds: Iterable<number>, decimals: number) => {
  for (const orderId of orderIds) {
    const rows = await tx
      .select({ amount: supplierInvoiceLines.amount_exctax })
      .from(supplierInvoiceLines)
      .innerJoin(supplierInvoices, eq(supplierInvoiceLines.supplier_invoice_id, supplierInvoices.id))
      .where(
        and(
          eq(supplierInvoiceLines.purchase_order_id, orderId),
          eq(supplierInvoiceLines.rebill, true),
          ne(supplierInvoices.status, 'canceled'),
        ),
      )
    await tx
      .update(purchaseOrders)
      .set({
        rebilled_amount_exctax: toAmountString(
          rows.reduce((sum, r) => sum.plus(r.amount), dec(0)),
          decimals,
        ),
      })
      .where(eq(purchaseOrders.id, orderId))
  }
}
