import type { DutyActor } from '../auth/duties'
import type { DomainError } from '../errors/domain-error'
import { formError } from '../errors/domain-error'
import { dec } from '../money/decimal'
import { err, ok, type Result } from '../result'
import { canHandleInvoices } from './access'
import type { InvoiceKind } from './external-charge'
import type { InvoiceStatus } from './status'

/**
 * What is captured against orders (docs/domain/supplier-invoice.md, "Credit notes"): an invoice, or
 * a supplier's credit note — its own document, whose figures are negative (what it takes off
 * what is owed), optionally naming the invoice it corrects.
 */
export const CAPTURE_KINDS = ['invoice', 'credit_note'] as const
export type CaptureKind = (typeof CAPTURE_KINDS)[number]

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
    invoice.kind !== 'credit_note' &&
    invoice.supplier_id === note.supplier_id &&
    invoice.company_id === note.company_id &&
    invoice.currency_code === note.currency_code &&
    invoice.status === 'validated'
  return fits ? ok(undefined) : err(formError({ corrects_invoice_id: [{ code: 'NOT_IN_LIST' }] }))
}

/**
 * The amount a document goes through its validation circuit with: a credit note by the size of
 * the correction (its absolute amount: a large credit is checked like a large invoice), any other
 * document by its own (a negative one is refused by the circuit).
 */
export const circuitAmountOf = (kind: string, amountExctax: string): string =>
  kind === 'credit_note' ? dec(amountExctax).abs().toString() : amountExctax

/** "Record a credit note" on an invoice: who handles invoices, on a validated invoice or external charge. */
export const canCreditInvoice = (actor: DutyActor, invoice: { kind: string; status: string }): boolean =>
  canHandleInvoices(actor) && invoice.kind !== 'credit_note' && invoice.status === 'validated'
