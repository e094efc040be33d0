/**
 * What a supplier document is: an invoice (billing orders, or free lines beside them), a credit
 * note (the supplier's correction: negative figures, core/invoice/credit-note.ts), or an external
 * charge — a cost that comes from no order (utilities, fees, rent): its lines are all free, each
 * with its expense account and allocation codes (docs/domain/expense.md).
 */
export const INVOICE_KINDS = ['invoice', 'credit_note', 'external_charge'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]

/**
 * What is captured against orders (docs/domain/supplier-invoice.md, "Credit notes"): an invoice, or
 * a supplier's credit note — its own document, whose figures are negative (what it takes off
 * what is owed), optionally naming the invoice it corrects.
 */
export const CAPTURE_KINDS = ['invoice', 'credit_note'] as const
export type CaptureKind = (typeof CAPTURE_KINDS)[number]
