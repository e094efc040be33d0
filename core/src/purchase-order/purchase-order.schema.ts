import { z } from 'zod'
import { amountsFromExcTax, type DocumentTotals, documentTotals, type LineAmounts } from '../money/amounts'
import { dec, intermediate } from '../money/decimal'
import { decimalField, totalRule } from '../money/decimal-fields'
import { stepRule } from '../need/need.schema'

const positiveDecimal = decimalField.positive()
const rate = decimalField.rate()

/** A catalogue article line or a free-text line; the quantity follows the article's step. */
const allocationCode = z.string().trim().min(1).max(30).nullable().default(null)

export const OrderLineSchema = z
  .object({
    /** An existing line keeps its id (and what was received on it); a line without one is new. */
    id: z.number().int().positive().optional(),
    article_id: z.number().int().positive().nullable().default(null),
    /** A PunchOut line's part id at its supplier (kept when an edit does not send it). */
    supplier_part_id: z.string().trim().min(1).max(100).nullable().optional(),
    label: z.string().trim().min(1).max(300),
    quantity: positiveDecimal,
    quantity_step: positiveDecimal.nullable().default(null),
    /** Unit of measure: one of core/i18n UNITS, or as the buyer types it. */
    unit: z.string().trim().min(1).max(20).default('unit'),
    unit_price_exctax: decimalField.nonNegative(),
    vat_rate: rate,
    vat_rate_2: rate.nullable().default(null),
    /** Goods are received by quantity; a service line by the amount done. */
    receipt_mode: z.enum(['quantity', 'amount']).default('quantity'),
    /** Allocation codes 1 to 4: with the order's company and department, the line's budget key. */
    allocation1: allocationCode,
    allocation2: allocationCode,
    allocation3: allocationCode,
    allocation4: allocationCode,
    /** The framework agreement line it draws on: the agreement's price fills it (core/sourcing). */
    agreement_line_id: z.number().int().positive().nullable().default(null),
  })
  .superRefine(stepRule)
export type OrderLineInput = z.output<typeof OrderLineSchema>

export const DeliveryAddressSchema = z.object({
  type: z.enum(['address_book', 'project', 'other']),
  public: z.boolean().default(false),
  address: z.string().trim().min(1).max(500),
  shipping_date: z.iso.date().nullable().default(null),
  deadline: z.iso.date().nullable().default(null),
})

/** A purchase order as a buyer writes it. Amounts are computed, never sent by the client. */
export const PurchaseOrderInputSchema = z.object({
  supplier_id: z.number().int().positive(),
  supplier_contact_id: z.number().int().positive().nullable().default(null),
  company_id: z.number().int().positive(),
  department_id: z.number().int().positive().nullable().default(null),
  currency_code: z.string().regex(/^[A-Z]{3}$/, 'INVALID_VALUE'),
  purchase_type: z.string().trim().max(50).nullable().default(null),
  tags: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
  deposit: decimalField.nonNegative().nullable().default(null),
  deposit_paid_at: z.iso.date().nullable().default(null),
  delivery_address: DeliveryAddressSchema.nullable().default(null),
  supplier_comment: z.string().trim().max(2000).nullable().default(null),
  lines: z.array(OrderLineSchema).min(1, 'ORDER_HAS_NO_LINE').max(1000).superRefine(totalRule),
  /** The custom fields' values by code, checked against the fields of orders (core/custom-field). */
  custom: z.record(z.string(), z.unknown()).default({}),
})
export type PurchaseOrderInput = z.output<typeof PurchaseOrderInputSchema>

/** POST …/send: who receives the order e-mail. */
export const SendOrderSchema = z.object({
  to: z.email(),
  cc: z.array(z.email()).max(20).default([]),
  bcc: z.array(z.email()).max(20).default([]),
  subject: z.string().trim().min(1).max(300),
  content: z.string().trim().max(10_000).default(''),
})

/** The order's amounts: each line rounded (round per line), then the totals and the VAT breakdown. */
export const orderAmounts = (
  lines: readonly Pick<OrderLineInput, 'quantity' | 'unit_price_exctax' | 'vat_rate' | 'vat_rate_2'>[],
  decimals: number,
): { lines: LineAmounts[]; totals: DocumentTotals } => {
  const amounts = lines.map((l) =>
    amountsFromExcTax(
      intermediate(dec(l.quantity).times(l.unit_price_exctax)),
      { vat_rate: l.vat_rate, vat_rate_2: l.vat_rate_2 },
      decimals,
    ),
  )
  return { lines: amounts, totals: documentTotals(amounts) }
}
