import { z } from 'zod'
import { DecimalString } from '../list/answers'
import { RefusalAnswerSchema } from '../need/answers'

const id = z.number().int()
const Decimal = DecimalString

/** A line of a supplier invoice with its match against the order (three-way). */
export const InvoiceLineAnswerSchema = z.looseObject({
  id,
  label: z.string(),
  purchase_order_id: id.nullable(),
  purchase_order_code: z.string().nullable(),
  quantity: Decimal.nullable(),
  unit_price_exctax: Decimal.nullable(),
  amount_exctax: Decimal,
  match_result: z.string(),
  remaining_exctax: Decimal.nullable(),
})

/** A credit note or the invoice it corrects, as the other one's page links it. */
const RelatedDocument = z.object({
  id,
  code: z.string(),
  label: z.string(),
  status: z.string(),
  amount_inctax: Decimal,
})

/** GET /bwapi/supplier-invoices/{id} `data`: the invoice as its page reads it. */
export const InvoiceAnswerSchema = z.looseObject({
  id,
  code: z.string(),
  label: z.string(),
  status: z.string(),
  payment_status: z.string(),
  dispute_status: z.string(),
  supplier: z.looseObject({ id, company_name: z.string() }).nullable(),
  invoice_date: z.string(),
  due_date: z.string(),
  vat_type: z.string(),
  outside_eu: z.boolean(),
  currency_code: z.string(),
  amount_exctax: Decimal,
  amount_tax: Decimal,
  amount_inctax: Decimal,
  /** What is paid to the supplier (the self-assessed VAT of a reverse charge is not). */
  payable_amount: Decimal,
  vat_breakdown: z.array(z.looseObject({ rate: Decimal, base: Decimal, tax: Decimal })),
  exported_at: z.string().nullable(),
  lines: z.array(InvoiceLineAnswerSchema),
  dispute: z.array(
    z.looseObject({ id, kind: z.string(), body: z.string(), author: z.string(), created_at: z.string() }),
  ),
  actions: z.array(z.string()),
  waiting_on: z.array(z.string()),
  /** Who refused it, for whom, when and why (null unless refused). */
  refusal: RefusalAnswerSchema,
  names: z.record(z.string(), z.string()).optional(),
  original_file: z.object({ pending_invoice_id: id, name: z.string() }).nullable(),
  /**
   * Captured from an e-invoice: its lifecycle statuses (200 … 213), oldest first, raised by Procura
   * (`source` buyer) or read from the platform (`platform`).
   */
  e_invoice: z.boolean().optional(),
  lifecycle: z
    .array(
      z.object({
        code: z.string(),
        reason_code: z.string().nullable(),
        comment: z.string().nullable(),
        created_at: z.string(),
        by: z.string().nullable(),
        source: z.enum(['buyer', 'platform']),
      }),
    )
    .optional(),
  can_dispute: z.boolean(),
  can_credit: z.boolean(),
  /** Its content may be edited now (core checkInvoiceEditable). */
  can_edit: z.boolean(),
  /** invoice, credit_note or external_charge (core INVOICE_KINDS). */
  kind: z.string(),
  /** A credit note's invoice, and an invoice's credit notes. */
  corrects: RelatedDocument.nullable(),
  credit_notes: z.array(RelatedDocument),
  /**
   * Credit set between a credit note naming no invoice and the supplier's invoices: on an invoice,
   * the notes taken off it; on such a note, the invoices it was taken off — each with the amount.
   */
  credit_applied: z.array(z.object({ id, code: z.string(), label: z.string(), amount: Decimal })),
})
export type InvoiceAnswer = z.infer<typeof InvoiceAnswerSchema>
