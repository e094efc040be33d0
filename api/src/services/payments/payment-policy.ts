import { type CircuitState, circuitTurn, NO_TURN, turnRefusal, waitingOn } from '@procura/core/circuit'
import { allowedPaymentGroupActions, orderPeople } from '@procura/core/payment'
import type { OrderActor } from '@procura/core/purchase-order'
import type { PaymentLineStatus } from '@procura/core/status'
import { eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import {
  type paymentGroups,
  type paymentLines,
  purchaseOrderLines,
  purchaseOrders,
  supplierInvoiceLines,
} from '../../db/schema'
import { delegationsTo } from '../purchase-orders/circuit'
import { loadSettings } from '../settings'

type GroupRow = typeof paymentGroups.$inferSelect
type LineRow = typeof paymentLines.$inferSelect

/** Who created and validated the orders a group's lines settle (their invoices' orders, or the deposit's order). */
export const orderPeopleOfLines = async (db: DbOrTx, lines: readonly LineRow[]) => {
  const invoiceIds = [
    ...new Set(lines.flatMap((l) => (l.supplier_invoice_id === null ? [] : [l.supplier_invoice_id]))),
  ]
  const fromInvoices =
    invoiceIds.length === 0
      ? []
      : await db
          .selectDistinct({ id: purchaseOrderLines.purchase_order_id })
          .from(supplierInvoiceLines)
          .innerJoin(
            purchaseOrderLines,
            eq(supplierInvoiceLines.purchase_order_line_id, purchaseOrderLines.id),
          )
          .where(inArray(supplierInvoiceLines.supplier_invoice_id, invoiceIds))
  const orderIds = [
    ...new Set([
      ...fromInvoices.map((o) => o.id),
      ...lines.flatMap((l) => (l.purchase_order_id === null ? [] : [l.purchase_order_id])),
    ]),
  ]
  const orders =
    orderIds.length === 0
      ? []
      : await db
          .select({ buyer_id: purchaseOrders.buyer_id, circuit: purchaseOrders.circuit })
          .from(purchaseOrders)
          .where(inArray(purchaseOrders.id, orderIds))
  return orderPeople(
    orders.map((o) => ({ buyer_id: o.buyer_id, circuit: (o.circuit as CircuitState | null) ?? null })),
  )
}

export const circuitOfGroup = (group: GroupRow) => (group.circuit as CircuitState | null) ?? null

/**
 * The payment group's actions policy for one person, with what it reads besides the group: whom
 * its circuit waits on (and whether this person is the delegate of one today), and for who may
 * decide, the people of the orders it pays (separation of duties, when the setting enforces it).
 */
export const paymentGroupDecisions = async (
  db: DbOrTx,
  actor: OrderActor,
  loaded: { group: GroupRow; lines: readonly LineRow[] },
  now: Date,
) => {
  const circuit = circuitOfGroup(loaded.group)
  const waiting = circuit === null ? [] : waitingOn(circuit)
  const delegations =
    waiting.length === 0 || waiting.includes(actor.login) ? [] : await delegationsTo(db, actor.id)
  const turn = circuit === null ? NO_TURN : circuitTurn(circuit, delegations, now)
  const decides = turnRefusal(actor, turn) === undefined
  const { misc } = await loadSettings(db)
  return allowedPaymentGroupActions(
    actor,
    { line_statuses: loaded.lines.map((l) => l.status as PaymentLineStatus) },
    turn,
    decides && misc.payment_separation_of_duties
      ? { people: await orderPeopleOfLines(db, loaded.lines), enforced: true }
      : undefined,
  )
}
