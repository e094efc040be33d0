import { z } from 'zod'
import { NamedAnswerSchema } from '../answer'
import { DecimalString } from '../list/answers'
import { RefusalAnswerSchema } from '../need/answers'
import { RefusedActionSchema } from '../policy/decisions'

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
  /** The order line it bills, or null (a free line). */
  purchase_order_line_id: id.nullable(),
  vat_rate: Decimal,
  /** A cost billed on to the order's supplier (not received goods). */
  rebill: z.boolean().optional(),
  /** An external charge's line: its account and first allocation. */
  accounting_entry_id: id.nullable(),
  allocation1: z.string().nullable(),
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
  /** A credit note: the invoice it corrects. */
  corrects_invoice_id: id.nullable(),
  label: z.string(),
  supplier_id: id.nullable(),
  company_id: id,
  department_id: id.nullable(),
  status: z.string(),
  payment_status: z.string(),
  dispute_status: z.string(),
  supplier: z.looseObject({ id, code: z.string(), company_name: z.string() }).nullable(),
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
  /** The actions its status allows that this reader may not take, with the reason. */
  refused_actions: z.array(RefusedActionSchema),
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
  /** Its content may be edited now (its policy's `edit`). */
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

/** What the invoice form reads from the API and keeps while it is filled in. */
export const BillableLineAnswerSchema = z.looseObject({
  id: z.number().int(),
  purchase_order_id: z.number().int(),
  purchase_order_code: z.string(),
  position: z.number().int(),
  currency_code: z.string(),
  company_id: z.number().int(),
  label: z.string(),
  receipt_mode: z.enum(['quantity', 'amount']),
  unit_price_exctax: z.string(),
  vat_rate: z.string(),
  remaining_quantity: z.string(),
  remaining_exctax: z.string(),
  /** Billed beyond what is still received (goods sent back): what a return's credit note takes off. */
  returned_quantity: z.string().optional(),
  /** Editing: what this invoice bills on the line (its quantity, or its amount for a service). */
  billed_here: z.string().nullable().optional(),
})
export type BillableLineAnswer = z.infer<typeof BillableLineAnswerSchema>

/** GET /bwapi/supplier-invoices/create-form: suppliers, companies, VAT types and the lines left to bill. */
export const InvoiceFormDataAnswerSchema = z.looseObject({
  /** The one order billed (from its page, or the order an e-invoice names), whose lines only are offered. */
  order: z
    .looseObject({
      id: z.number().int(),
      code: z.string(),
      supplier_id: z.number().int(),
    })
    .nullable(),
  /** For a credit note: the supplier's validated invoices it may correct. */
  correctable: z.array(
    z.looseObject({
      id: z.number().int(),
      code: z.string(),
      label: z.string(),
    }),
  ),
  suppliers: z.array(
    z.looseObject({
      id: z.number().int(),
      code: z.string(),
      company_name: z.string(),
      currency_code: z.string(),
    }),
  ),
  companies: z.array(
    z.looseObject({
      id: z.number().int(),
      code: z.string(),
      label: z.string(),
    }),
  ),
  vat_types: z.array(z.string()),
  lines: z.array(BillableLineAnswerSchema),
})
export type InvoiceFormDataAnswer = z.infer<typeof InvoiceFormDataAnswerSchema>

/** POST /bwapi/supplier-invoices/match: the three-way match of an invoice being written. */
export const InvoiceMatchAnswerSchema = z.looseObject({
  lines: z.array(
    z.looseObject({
      purchase_order_line_id: z.number().int().nullable(),
      result: z.string(),
      amount_exctax: z.string(),
    }),
  ),
  amount_exctax: z.string(),
  amount_inctax: z.string(),
  payable_amount: z.string(),
  problems: z.array(
    z.looseObject({
      code: z.string(),
      message: z.string(),
    }),
  ),
})
export type InvoiceMatchAnswer = z.infer<typeof InvoiceMatchAnswerSchema>

/** A received invoice waiting to be captured (a row of the pending invoices list). */
export const PendingInvoiceAnswerSchema = z.looseObject({
  id: z.number().int(),
  status: z.string(),
  /** Why it waits, while on hold. */
  hold_reason: z.string().nullable(),
  /** What the reader may do with it now (core allowedPendingInvoiceActions). */
  actions: z.array(z.enum(['make', 'hold', 'release', 'reject'])),
  supplier_id: z.number().int().nullable(),
  supplier: z.string().nullable(),
  label: z.string().nullable(),
  invoice_date: z.string().nullable(),
  currency_code: z.string(),
  amount_exctax: z.string(),
  amount_inctax: z.string(),
  file_name: z.string().nullable(),
  /** The e-invoice read from the file, and what of its totals did not add up. */
  e_invoice: z
    .looseObject({
      syntax: z.string(),
      lines: z.array(
        z.looseObject({
          label: z.string(),
          quantity: z.string(),
          unit_price: z.string().nullable(),
          amount: z.string(),
          vat_rate: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
  e_invoice_issues: z.array(
    z.looseObject({
      code: z.string(),
      message: z.string(),
    }),
  ),
  /** The order its references found (BT-13, BT-16, BT-12, BT-10), and the rule. */
  e_invoice_match: z
    .looseObject({
      rule: z.string(),
      order_id: z.number().int(),
      order_code: z.string(),
    })
    .nullable(),
  /** The department an e-invoice's routing code addresses (its queue). */
  department: z.string().nullable(),
  created_at: z.string(),
})
export type PendingInvoiceAnswer = z.infer<typeof PendingInvoiceAnswerSchema>

/** GET /bwapi/external-charges/form-data */
export const ExternalChargeChoicesAnswerSchema = z.looseObject({
  companies: z.array(NamedAnswerSchema),
  departments: z.array(NamedAnswerSchema),
  currencies: z.array(
    z.looseObject({
      code: z.string(),
      is_default: z.boolean(),
    }),
  ),
  accounts: z.array(
    z.looseObject({
      id: z.number().int(),
      code: z.string(),
      label: z.string(),
    }),
  ),
})
export type ExternalChargeChoicesAnswer = z.infer<typeof ExternalChargeChoicesAnswerSchema>

/** A row of the supplier invoices list. */
export const InvoiceRowAnswerSchema = z.looseObject({
  id: z.number().int().int(),
  code: z.string(),
  label: z.string(),
  supplier: z.string(),
  status: z.string(),
  payment_status: z.string(),
  dispute_status: z.string(),
  invoice_date: z.string(),
  due_date: z.string(),
  currency_code: z.string(),
  amount_exctax: z.string(),
  amount_inctax: z.string(),
})
export type InvoiceRowAnswer = z.infer<typeof InvoiceRowAnswerSchema>

/** A row of the external charges list. */
export const ExternalChargeRowAnswerSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
})
export type ExternalChargeRowAnswer = z.infer<typeof ExternalChargeRowAnswerSchema>
