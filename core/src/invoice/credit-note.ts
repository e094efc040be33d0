import type { DomainError } from '../errors/domain-error'
import { formError } from '../errors/domain-error'
import { dec } from '../money/decimal'
import { err, ok, type Result } from '../result'
import type { InvoiceKind } from './kinds'
import type { InvoiceStatus } from './status'

/**
 * An invoice's total is not negative (a negative total is a credit note: captured as one); a
 * credit note's total is negative. External charges keep their own rules.
 */
export const checkDocumentSign = (kind: InvoiceKind, amountExctax: string): Result<void, DomainError> => {
  const negative = dec(amountExctax).lt(0)
  if (kind === 'invoice' && negative) return err({ code: 'INVOICE_TOTAL_NEGATIVE' })
  if (kind === 'credit_note' && !negative) return err({ code: 'CREDIT_NOTE_NOT_NEGATIVE' })
  return ok(undefined)
}

/** What a credit note reads of the invoice it names. */
export type CorrectedInvoice = {
  kind: string
  supplier_id: number
  company_id: number
  currency_code: string
  status: InvoiceStatus | string
}

/**
 * The invoice a credit note corrects: an invoice or external charge (not another credit note) of
 * the same supplier, company and currency, validated (a draft is corrected by editing it). Only a
 * credit note names one.
 */
export const checkCorrectedInvoice = (
  note: { kind: InvoiceKind; supplier_id: number; company_id: number; currency_code: string },
  invoice: CorrectedInvoice | undefined | null,
): Result<void, DomainError> => {
  if (invoice === null) return ok(undefined)
  const fits =
    note.kind === 'credit_note' &&
    invoice !== undefined &&
    isCreditable(invoice) &&
    invoice.supplier_id === note.supplier_id &&
    invoice.company_id === note.company_id &&
    invoice.currency_code === note.currency_code
  return fits ? ok(undefined) : err(formError({ corrects_invoice_id: [{ code: 'NOT_IN_LIST' }] }))
}

/**
 * The amount a document goes through its validation circuit with: a credit note by the size of
 * the correction (its absolute amount: a large credit is checked like a large invoice), any other
 * document by its own (a negative one is refused by the circuit).
 */
export const circuitAmountOf = (kind: string, amountExctax: string): string =>
  kind === 'credit_note' ? dec(amountExctax).abs().toString() : amountExctax

/** A credit note is recorded against a validated invoice or external charge, never against a credit note. */
export const isCreditable = (invoice: { kind: string; status: string }): boolean =>
  invoice.kind !== 'credit_note' && invoice.status === 'validated'

/** A credit note naming no invoice, with what of it is not set against an invoice yet (positive). */
export type OpenCredit = { id: number; open: string }
/** An invoice of the same supplier, company and currency, with what remains to pay on it. */
export type OpenInvoice = { id: number; remaining: string }
export type CreditAllocation = { credit_note_id: number; supplier_invoice_id: number; amount: string }

/**
 * How credit notes naming no invoice are taken off the supplier's other invoices: the oldest note
 * first, each against the invoices in the order given (the oldest due first), never more than an
 * invoice still owes nor more than a note has left. What no invoice can take stays open, for the
 * supplier's next invoice. Amounts in the currency's units, exact (decimal strings).
 */
export const allocateOpenCredit = (
  credits: readonly OpenCredit[],
  invoices: readonly OpenInvoice[],
): CreditAllocation[] => {
  const owed = invoices.map((i) => ({ id: i.id, left: dec(i.remaining) }))
  // Written at the scale the amounts are given in ("600.00", not "600").
  const scale = Math.max(
    0,
    ...[...credits.map((c) => c.open), ...invoices.map((i) => i.remaining)].map(
      (a) => (a.split('.')[1] ?? '').length,
    ),
  )
  const allocations: CreditAllocation[] = []
  for (const credit of credits) {
    let left = dec(credit.open)
    for (const invoice of owed) {
      if (left.lte(0)) break
      if (invoice.left.lte(0)) continue
      const amount = left.lt(invoice.left) ? left : invoice.left
      allocations.push({
        credit_note_id: credit.id,
        supplier_invoice_id: invoice.id,
        amount: amount.toFixed(scale),
      })
      left = left.minus(amount)
      invoice.left = invoice.left.minus(amount)
    }
  }
  return allocations
}

/**
 * The payment status of a credit note naming no invoice: complete once all of it is set against
 * the supplier's invoices, partial for part, no while none is (or it is not validated).
 */
export const openCreditPaymentStatus = (
  total: string,
  allocated: string,
  validated: boolean,
): 'no' | 'partial' | 'complete' => {
  const whole = dec(total).abs()
  const used = dec(allocated)
  if (!validated || used.lte(0)) return 'no'
  return used.gte(whole) ? 'complete' : 'partial'
}
