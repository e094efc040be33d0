import { openCreditPaymentStatus } from '@procura/core/invoice'
import { dec } from '@procura/core/money'
import { creditNotesPaymentStatus, invoicePaymentStatus, orderPaymentStatus } from '@procura/core/payment'
import type { PaymentLineStatus } from '@procura/core/status'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import {
  creditAllocations,
  paymentLines,
  purchaseOrders,
  supplierInvoiceLines,
  supplierInvoices,
} from '../../db/schema'

/** What each credit note naming no invoice has set against each of these invoices, summed per invoice. */
export const allocatedTo = async (db: DbOrTx, invoiceIds: readonly number[]) => {
  const allocated = new Map<number, string>()
  if (invoiceIds.length === 0) return allocated
  const rows = await db
    .select({ invoice: creditAllocations.supplier_invoice_id, amount: creditAllocations.amount })
    .from(creditAllocations)
    .where(inArray(creditAllocations.supplier_invoice_id, [...invoiceIds]))
  for (const r of rows)
    allocated.set(
      r.invoice,
      dec(allocated.get(r.invoice) ?? 0)
        .plus(r.amount)
        .toString(),
    )
  return allocated
}

/** What each of these credit notes has set against invoices so far. */
export const allocatedFrom = async (db: DbOrTx, noteIds: readonly number[]) => {
  const allocated = new Map<number, string>()
  if (noteIds.length === 0) return allocated
  const rows = await db
    .select({ note: creditAllocations.credit_note_id, amount: creditAllocations.amount })
    .from(creditAllocations)
    .where(inArray(creditAllocations.credit_note_id, [...noteIds]))
  for (const r of rows)
    allocated.set(
      r.note,
      dec(allocated.get(r.note) ?? 0)
        .plus(r.amount)
        .toString(),
    )
  return allocated
}

/**
 * What the validated credit notes correcting each of these invoices take off, and what credit notes
 * naming no invoice were set against them (credit_allocations) — positive amounts, as core's
 * PayableInvoice `credited` reads them; an invoice without any is absent.
 */
export const creditedBy = async (db: DbOrTx, invoiceIds: readonly number[]): Promise<Map<number, string>> => {
  const credited = new Map<number, string>()
  if (invoiceIds.length === 0) return credited
  const notes = await db
    .select({ invoice: supplierInvoices.corrects_invoice_id, payable: supplierInvoices.payable_amount })
    .from(supplierInvoices)
    .where(
      and(
        inArray(supplierInvoices.corrects_invoice_id, [...invoiceIds]),
        eq(supplierInvoices.kind, 'credit_note'),
        eq(supplierInvoices.status, 'validated'),
      ),
    )
  for (const note of notes)
    if (note.invoice !== null)
      credited.set(
        note.invoice,
        dec(credited.get(note.invoice) ?? 0)
          .minus(note.payable)
          .toString(),
      )
  for (const [invoice, amount] of await allocatedTo(db, invoiceIds))
    credited.set(
      invoice,
      dec(credited.get(invoice) ?? 0)
        .plus(amount)
        .toString(),
    )
  return credited
}

/**
 * After lines were paid, rejected or cancelled, or a credit note validated or taken back: each
 * invoice's payment status from its paid lines and credit notes, that of the credit notes
 * correcting it (settled by what they took off, core creditNotesPaymentStatus; a note not
 * validated settles nothing), each order's from its invoices and its deposit (core/payment),
 * written where it changed.
 */
export const refreshPaymentStatuses = async (
  tx: DbOrTx,
  invoiceIds: readonly number[],
  depositOrderIds: readonly number[],
  now: Date,
): Promise<void> => {
  const orderIds = new Set(depositOrderIds)
  if (invoiceIds.length > 0) {
    const invoices = await tx
      .select({
        id: supplierInvoices.id,
        payable_amount: supplierInvoices.payable_amount,
        payment_status: supplierInvoices.payment_status,
        kind: supplierInvoices.kind,
        corrects: supplierInvoices.corrects_invoice_id,
        status: supplierInvoices.status,
      })
      .from(supplierInvoices)
      .where(inArray(supplierInvoices.id, [...invoiceIds]))
    const lines = await tx
      .select({
        invoice: paymentLines.supplier_invoice_id,
        amount_inctax: paymentLines.amount_inctax,
        status: paymentLines.status,
      })
      .from(paymentLines)
      .where(inArray(paymentLines.supplier_invoice_id, [...invoiceIds]))
    const credited = await creditedBy(tx, invoiceIds)
    const notes = await tx
      .select({
        id: supplierInvoices.id,
        corrects: supplierInvoices.corrects_invoice_id,
        status: supplierInvoices.status,
        payment_status: supplierInvoices.payment_status,
      })
      .from(supplierInvoices)
      .where(
        and(
          inArray(supplierInvoices.corrects_invoice_id, [...invoiceIds]),
          eq(supplierInvoices.kind, 'credit_note'),
        ),
      )
    const setStatus = async (id: number, was: string, status: string) => {
      if (status !== was)
        await tx
          .update(supplierInvoices)
          .set({ payment_status: status, updated_at: now })
          .where(eq(supplierInvoices.id, id))
    }
    const used = await allocatedFrom(
      tx,
      invoices.filter((i) => i.kind === 'credit_note').map((i) => i.id),
    )
    for (const invoice of invoices) {
      // A credit note naming no invoice: settled as its credit is set against invoices.
      if (invoice.kind === 'credit_note') {
        if (invoice.corrects === null)
          await setStatus(
            invoice.id,
            invoice.payment_status,
            openCreditPaymentStatus(
              invoice.payable_amount,
              used.get(invoice.id) ?? '0',
              invoice.status === 'validated',
            ),
          )
        continue
      }
      const payable = {
        payable_amount: invoice.payable_amount,
        credited: credited.get(invoice.id) ?? '0',
        payments: lines
          .filter((l) => l.invoice === invoice.id)
          .map((l) => ({ amount_inctax: l.amount_inctax, status: l.status as PaymentLineStatus })),
      }
      await setStatus(invoice.id, invoice.payment_status, invoicePaymentStatus(payable))
      const settled = creditNotesPaymentStatus(payable)
      for (const note of notes.filter((n) => n.corrects === invoice.id))
        await setStatus(note.id, note.payment_status, note.status === 'validated' ? settled : 'no')
    }
    const billed = await tx
      .selectDistinct({ order: supplierInvoiceLines.purchase_order_id })
      .from(supplierInvoiceLines)
      .where(
        and(
          inArray(supplierInvoiceLines.supplier_invoice_id, [...invoiceIds]),
          isNotNull(supplierInvoiceLines.purchase_order_id),
        ),
      )
    for (const { order } of billed) if (order !== null) orderIds.add(order)
  }
  if (orderIds.size === 0) return
  const orders = await tx
    .select({
      id: purchaseOrders.id,
      billing_status: purchaseOrders.billing_status,
      payment_status: purchaseOrders.payment_status,
      deposit_paid_at: purchaseOrders.deposit_paid_at,
    })
    .from(purchaseOrders)
    .where(inArray(purchaseOrders.id, [...orderIds]))
  const invoicesOf = await tx
    .selectDistinct({
      order: supplierInvoiceLines.purchase_order_id,
      invoice: supplierInvoices.id,
      payment_status: supplierInvoices.payment_status,
    })
    .from(supplierInvoiceLines)
    .innerJoin(supplierInvoices, eq(supplierInvoiceLines.supplier_invoice_id, supplierInvoices.id))
    .where(
      and(
        inArray(supplierInvoiceLines.purchase_order_id, [...orderIds]),
        inArray(supplierInvoices.status, ['validated', 'awaiting', 'draft']),
      ),
    )
  for (const order of orders) {
    const status = orderPaymentStatus({
      billing_status: order.billing_status,
      deposit_paid: order.deposit_paid_at !== null,
      invoices: invoicesOf
        .filter((i) => i.order === order.id)
        .map((i) => i.payment_status as 'no' | 'partial' | 'complete'),
    })
    if (status !== order.payment_status)
      await tx
        .update(purchaseOrders)
        .set({ payment_status: status, updated_at: now })
        .where(eq(purchaseOrders.id, order.id))
  }
}
