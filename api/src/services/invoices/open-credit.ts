import { allocateOpenCredit } from '@procura/core/invoice'
import { dec } from '@procura/core/money'
import { remainingToPay } from '@procura/core/payment'
import type { PaymentLineStatus } from '@procura/core/status'
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db'
import { creditAllocations, paymentLines, supplierInvoices, suppliers } from '../../db/schema'
import { allocatedFrom, creditedBy } from '../payments/payment-status'

/** The decimals an amount is written with ("600.00": 2). */
const scaleOf = (amount: string) => (amount.split('.')[1] ?? '').length

/** The supplier, company and currency a document is of: credit is only set against the same. */
export type CreditAccount = { supplier_id: number; company_id: number; currency_code: string }

/**
 * After a document of the account entered or left `validated` (in that write's transaction): what a
 * document that left had allocated is given back, then the account's open credit — its validated
 * credit notes naming no invoice, oldest first — is set against its validated invoices with
 * something left to pay, the oldest due first (core allocateOpenCredit). The supplier's row is
 * locked first (an update of it), so two such writes for one supplier run one after the other and
 * never set the same credit or the same remainder twice. Answers the documents whose payment status
 * may have changed.
 */
export const settleOpenCredit = async (
  tx: Tx,
  account: CreditAccount,
  left: number | null,
  now: Date,
): Promise<number[]> => {
  await tx
    .update(suppliers)
    .set({ updated_at: sql`${suppliers.updated_at}` })
    .where(eq(suppliers.id, account.supplier_id))
  const touched = new Set<number>()
  if (left !== null) {
    const given = await tx
      .delete(creditAllocations)
      .where(or(eq(creditAllocations.credit_note_id, left), eq(creditAllocations.supplier_invoice_id, left)))
      .returning({ note: creditAllocations.credit_note_id, invoice: creditAllocations.supplier_invoice_id })
    for (const g of given) touched.add(g.note).add(g.invoice)
  }
  const ofAccount = and(
    eq(supplierInvoices.supplier_id, account.supplier_id),
    eq(supplierInvoices.company_id, account.company_id),
    eq(supplierInvoices.currency_code, account.currency_code),
    eq(supplierInvoices.status, 'validated'),
  )
  const notes = await tx
    .select({ id: supplierInvoices.id, payable: supplierInvoices.payable_amount })
    .from(supplierInvoices)
    .where(
      and(ofAccount, eq(supplierInvoices.kind, 'credit_note'), isNull(supplierInvoices.corrects_invoice_id)),
    )
    .orderBy(asc(supplierInvoices.validated_at), asc(supplierInvoices.id))
  if (notes.length === 0) return [...touched]
  const used = await allocatedFrom(
    tx,
    notes.map((n) => n.id),
  )
  const credits = notes
    .map((n) => ({
      id: n.id,
      open: dec(n.payable)
        .abs()
        .minus(used.get(n.id) ?? 0)
        .toString(),
    }))
    .filter((c) => dec(c.open).gt(0))
  if (credits.length === 0) return [...touched]
  const invoices = await tx
    .select({ id: supplierInvoices.id, payable_amount: supplierInvoices.payable_amount })
    .from(supplierInvoices)
    .where(and(ofAccount, eq(supplierInvoices.kind, 'invoice')))
    .orderBy(asc(supplierInvoices.due_date), asc(supplierInvoices.id))
  if (invoices.length === 0) return [...touched]
  const ids = invoices.map((i) => i.id)
  const lines = await tx
    .select({
      invoice: paymentLines.supplier_invoice_id,
      amount_inctax: paymentLines.amount_inctax,
      status: paymentLines.status,
    })
    .from(paymentLines)
    .where(inArray(paymentLines.supplier_invoice_id, ids))
  const credited = await creditedBy(tx, ids)
  const made = allocateOpenCredit(
    credits,
    invoices.map((i) => ({
      id: i.id,
      remaining: remainingToPay({
        payable_amount: i.payable_amount,
        credited: credited.get(i.id) ?? '0',
        payments: lines
          .filter((l) => l.invoice === i.id)
          .map((l) => ({ amount_inctax: l.amount_inctax, status: l.status as PaymentLineStatus })),
      }).toFixed(scaleOf(i.payable_amount)),
    })),
  )
  // One row per note and invoice: a second allocation between them adds to the first.
  const pairs = await tx
    .select()
    .from(creditAllocations)
    .where(
      inArray(
        creditAllocations.credit_note_id,
        credits.map((c) => c.id),
      ),
    )
  for (const allocation of made) {
    const before = pairs.find(
      (p) =>
        p.credit_note_id === allocation.credit_note_id &&
        p.supplier_invoice_id === allocation.supplier_invoice_id,
    )
    if (before === undefined) await tx.insert(creditAllocations).values({ ...allocation, created_at: now })
    else
      await tx
        .update(creditAllocations)
        .set({ amount: dec(before.amount).plus(allocation.amount).toFixed(scaleOf(allocation.amount)) })
        .where(eq(creditAllocations.id, before.id))
    touched.add(allocation.credit_note_id).add(allocation.supplier_invoice_id)
  }
  return [...touched]
}

/**
 * What an invoice's page says of open credit: on an invoice, the credit notes naming no invoice set
 * against it; on such a credit note, the invoices it was set against — each with the amount.
 */
export const creditAppliedOf = async (db: DbOrTx, id: number, kind: string) => {
  const note = kind === 'credit_note'
  const other = note ? creditAllocations.supplier_invoice_id : creditAllocations.credit_note_id
  return db
    .select({
      id: supplierInvoices.id,
      code: supplierInvoices.code,
      label: supplierInvoices.label,
      amount: creditAllocations.amount,
    })
    .from(creditAllocations)
    .innerJoin(supplierInvoices, eq(supplierInvoices.id, other))
    .where(eq(note ? creditAllocations.credit_note_id : creditAllocations.supplier_invoice_id, id))
    .orderBy(asc(supplierInvoices.id))
}
