/** Reading one supplier invoice as this reader may see it. */
import { refusalOf, waitingOn } from '@procura/core/circuit'
import { actionsAnswerOf } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { asc, eq, or } from 'drizzle-orm'
import { first } from '../../db/first'
import {
  invoiceDisputeMessages,
  pendingInvoices,
  purchaseOrderLines,
  purchaseOrders,
  supplierInvoiceLines,
  supplierInvoices,
  suppliers,
  users,
} from '../../db/schema'
import { circuitNames, refusalView } from '../refusal-view'
import { circuitOf, findVisibleInvoice, type InvoiceDeps, invoiceDecisions } from './invoices'
import { lifecycleOf } from './lifecycle'
import { creditAppliedOf } from './open-credit'
import type { Answer } from './pending'

/** GET /bwapi/supplier-invoices/{id}: the invoice, its lines with their match, its orders, dispute, circuit and actions. */
export const getInvoice = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  id: number,
): Answer<{ data: unknown }> => {
  const row = await findVisibleInvoice(deps.db, actor, id)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const [lines, supplier, messages, pending, related] = await Promise.all([
    deps.db
      .select({ line: supplierInvoiceLines, order_code: purchaseOrders.code, ordered: purchaseOrderLines })
      .from(supplierInvoiceLines)
      .leftJoin(purchaseOrders, eq(supplierInvoiceLines.purchase_order_id, purchaseOrders.id))
      .leftJoin(purchaseOrderLines, eq(supplierInvoiceLines.purchase_order_line_id, purchaseOrderLines.id))
      .where(eq(supplierInvoiceLines.supplier_invoice_id, id))
      .orderBy(asc(supplierInvoiceLines.position)),
    deps.db
      .select({ id: suppliers.id, code: suppliers.code, company_name: suppliers.company_name })
      .from(suppliers)
      .where(eq(suppliers.id, row.supplier_id))
      .limit(1)
      .then(first),
    deps.db
      .select({ message: invoiceDisputeMessages, author: users.label })
      .from(invoiceDisputeMessages)
      .innerJoin(users, eq(invoiceDisputeMessages.user_id, users.id))
      .where(eq(invoiceDisputeMessages.supplier_invoice_id, id))
      .orderBy(asc(invoiceDisputeMessages.created_at), asc(invoiceDisputeMessages.id)),
    row.pending_invoice_id === null
      ? undefined
      : deps.db
          .select({ id: pendingInvoices.id, file_name: pendingInvoices.file_name })
          .from(pendingInvoices)
          .where(eq(pendingInvoices.id, row.pending_invoice_id))
          .limit(1)
          .then(first),
    // The invoice a credit note corrects, and the credit notes that correct an invoice.
    deps.db
      .select({
        id: supplierInvoices.id,
        code: supplierInvoices.code,
        label: supplierInvoices.label,
        status: supplierInvoices.status,
        amount_inctax: supplierInvoices.amount_inctax,
        corrects_invoice_id: supplierInvoices.corrects_invoice_id,
      })
      .from(supplierInvoices)
      .where(
        or(
          eq(supplierInvoices.corrects_invoice_id, id),
          eq(supplierInvoices.id, row.corrects_invoice_id ?? 0),
        ),
      )
      .orderBy(asc(supplierInvoices.id)),
  ])
  const circuit = circuitOf(row)
  const decisions = await invoiceDecisions(deps.db, actor, row, deps.clock.now())
  const document = ({ corrects_invoice_id: _corrects, ...d }: (typeof related)[number]) => d
  const corrected = related.find((r) => r.id === row.corrects_invoice_id)
  return ok({
    data: {
      ...row,
      supplier,
      lines: lines.map(({ line, order_code, ordered }) => ({
        ...line,
        purchase_order_code: order_code,
        ordered:
          ordered === null
            ? null
            : {
                quantity: ordered.quantity,
                unit_price_exctax: ordered.unit_price_exctax,
                amount_exctax: ordered.amount_exctax,
                delivered_quantity: ordered.delivered_quantity,
                delivered_amount_exctax: ordered.delivered_amount_exctax,
                billed_amount_exctax: ordered.billed_amount_exctax,
                billing_status: ordered.billing_status,
              },
      })),
      dispute: messages.map(({ message, author }) => ({ ...message, author })),
      /** The supplier's document as it arrived (the pending invoice's file). */
      original_file: pending?.file_name ? { pending_invoice_id: pending.id, name: pending.file_name } : null,
      /** A received e-invoice's lifecycle statuses, oldest first (none for a paper invoice). */
      lifecycle: row.e_invoice ? await lifecycleOf(deps.db, id) : [],
      can_dispute: decisions.dispute.allowed,
      /** "Record a credit note" is offered (its policy's `credit`). */
      can_credit: decisions.credit.allowed,
      can_edit: decisions.edit.allowed,
      /** A credit note's invoice; an invoice's credit notes. */
      corrects: corrected === undefined ? null : document(corrected),
      credit_notes: related.filter((r) => r.corrects_invoice_id === id).map(document),
      credit_applied: await creditAppliedOf(deps.db, id, row.kind),
      ...actionsAnswerOf(decisions),
      waiting_on: circuit === null ? [] : waitingOn(circuit),
      refusal: await refusalView(deps.db, circuit),
      names: await circuitNames(deps.db, circuit),
      refused_reason: refusalOf(circuit)?.reason ?? null,
    },
  })
}
