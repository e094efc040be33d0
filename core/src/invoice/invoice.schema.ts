import { z } from 'zod'
import { amountsFromExcTax, type DocumentTotals, documentTotals } from '../money/amounts'
import { decimalField } from '../money/decimal-fields'
import { CAPTURE_KINDS } from './kinds'
import { VAT_TYPES, type VatType } from './status'
import { DISPUTE_ACTIONS } from './transitions'

/** The invoice number (spec §5): unaccented letters, digits, spaces, - and _ only. */
export const INVOICE_NUMBER = /^[A-Za-z0-9 _-]+$/
const invoiceNumber = z.string().trim().min(1).max(50).regex(INVOICE_NUMBER, 'INVOICE_NUMBER_CHARSET')
const id = z.number().int().positive()
const amount = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d+)?$/, 'NOT_A_NUMBER')

const code = z.string().trim().min(1).max(30).nullable().default(null)
const allocationCodes = { allocation1: code, allocation2: code, allocation3: code, allocation4: code }

/** An invoice line: an order line billed, or a free line (freight, fees) when no order line is named. */
export const InvoiceLineSchema = z.object({
  purchase_order_line_id: id.nullable().default(null),
  label: z.string().trim().max(300).nullable().default(null),
  quantity: decimalField.text().nullable().default(null),
  unit_price_exctax: decimalField.text().nullable().default(null),
  amount_exctax: decimalField.text().nullable().default(null),
  vat_rate: decimalField.rate(),
  /** A cost to be charged on (to a customer, another entity): counted in the order's rebilled amount. */
  rebill: z.boolean().default(false),
  /** A free line's allocation codes (its budget key with the invoice's company and department). */
  ...allocationCodes,
  /** The expense account this line is booked on; none: its product family's, else the default. */
  accounting_entry_id: id.nullable().default(null),
})

/**
 * A supplier invoice as captured: its number (label), supplier and company, dates (the due date
 * follows the supplier's payment term unless given), currency, whether it comes from outside the
 * EU, its VAT type, the totals the supplier's document declares, the pending invoice it was made
 * from, and its lines (at least one). A credit note (`kind`) carries negative figures and may name
 * the invoice it corrects.
 */
export const SupplierInvoiceInputSchema = z.object({
  kind: z.enum(CAPTURE_KINDS).default('invoice'),
  corrects_invoice_id: id.nullable().default(null),
  label: invoiceNumber,
  supplier_id: id,
  company_id: id,
  department_id: id.nullable().default(null),
  currency_code: z.string().regex(/^[A-Z]{3}$/, 'INVALID_VALUE'),
  invoice_date: z.iso.date(),
  due_date: z.iso.date().nullable().default(null),
  outside_eu: z.boolean().default(false),
  vat_type: z.enum(VAT_TYPES).default('on_debit'),
  amount_exctax: amount,
  amount_inctax: amount,
  pending_invoice_id: id.nullable().default(null),
  comment: z.string().trim().max(2000).nullable().default(null),
  lines: z.array(InvoiceLineSchema).min(1, 'INVOICE_NO_LINE').max(1000),
})
export type SupplierInvoiceInput = z.output<typeof SupplierInvoiceInputSchema>

/** A pending invoice: what arrived, before anyone matches it (the file comes with it). */
export const PendingInvoiceInputSchema = z.object({
  supplier_id: id.nullable().default(null),
  label: invoiceNumber.nullable().default(null),
  invoice_date: z.iso.date().nullable().default(null),
  currency_code: z
    .string()
    .regex(/^[A-Z]{3}$/, 'INVALID_VALUE')
    .default('EUR'),
  amount_exctax: amount,
  amount_inctax: amount,
  comment: z.string().trim().max(2000).nullable().default(null),
})

/** An exchange of a dispute (opening it, each message, closing it). */
export const DisputeMessageSchema = z.object({ body: z.string().trim().min(3).max(2000) })

/** POST /bwapi/supplier-invoices/{id}/dispute: open, write in or close, with its message. */
export const DisputeInputSchema = DisputeMessageSchema.extend({
  action: z.enum(DISPUTE_ACTIONS),
  /** Opening an e-invoice's dispute: a reason of the controlled list (JUSTIF_ABS suspends it: 208). */
  reason_code: z.string().optional(),
})

/**
 * The invoice's totals from its lines' amounts excluding tax: VAT per rate, rounded per line
 * (as orders). Reverse charge and intracommunity purchases self-assess the VAT: it is computed
 * (for the accounts) but the supplier is paid the amount excluding tax.
 */
export const invoiceTotals = (
  lines: readonly { amount_exctax: string; vat_rate: string }[],
  vatType: VatType,
  decimals: number,
): DocumentTotals & { payable: string; self_assessed: boolean } => {
  const totals = documentTotals(
    lines.map((l) =>
      amountsFromExcTax(l.amount_exctax, { vat_rate: l.vat_rate, vat_rate_2: null }, decimals),
    ),
  )
  const selfAssessed = vatType === 'intracommunity' || vatType === 'reverse_charge'
  return {
    ...totals,
    self_assessed: selfAssessed,
    payable: (selfAssessed ? totals.exctax : totals.inctax).toFixed(decimals),
  }
}
