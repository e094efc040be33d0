import { z } from 'zod'
import { isDecimalString } from '../money/decimal'
import { decimalField, totalRule } from '../money/decimal-fields'
import { checkQuantityStep } from '../quantity/step'

/** Adds QUANTITY_STEP on `quantity` when a line's quantity is not a multiple of its step. */
export const stepRule = (line: { quantity: string; quantity_step: string | null }, ctx: z.RefinementCtx) => {
  if (
    !isDecimalString(line.quantity) ||
    (line.quantity_step !== null && !isDecimalString(line.quantity_step))
  )
    return
  const checked = checkQuantityStep(line.quantity, line.quantity_step)
  if (!checked.ok)
    ctx.addIssue({
      code: 'custom',
      path: ['quantity'],
      message: checked.error.code,
      params: checked.error.params,
    })
}

const allocation = z.string().trim().max(30).nullable().default(null)

/** A request line; its quantity must be a multiple of its step (spec §5 "Need"). */
export const NeedLineSchema = z
  .object({
    product_family: z.string().trim().max(50).nullable().default(null),
    description: z.string().trim().min(1).max(500),
    quantity: decimalField.positive(),
    quantity_step: decimalField.positive().nullable().default(null),
    unit: z.string().trim().max(20).default('unit'),
    /** Estimated price excluding tax of one unit. */
    unit_price_exctax: decimalField.nonNegative(),
    vat_rate: decimalField.rate().default('20'),
    wanted_date: z.iso.date().nullable().default(null),
    allocation1: allocation,
    allocation2: allocation,
    allocation3: allocation,
    allocation4: allocation,
    delivery_address: z.string().trim().max(500).nullable().default(null),
    /** Picked from the catalogue: the article and the supplier offering it travel to the order. */
    article_id: z.number().int().positive().nullable().default(null),
    supplier_id: z.number().int().positive().nullable().default(null),
  })
  .superRefine(stepRule)

/** A purchase request: buyer and purchase family required (spec §5 "Need"). */
export const NeedInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  buyer_id: z.number({ error: 'NEED_BUYER_REQUIRED' }).int().positive(),
  purchase_family: z.string({ error: 'NEED_FAMILY_REQUIRED' }).trim().min(1, 'NEED_FAMILY_REQUIRED').max(50),
  comment: z.string().trim().max(2000).nullable().default(null),
  lines: z.array(NeedLineSchema).min(1, 'NEED_HAS_NO_LINE').max(200).superRefine(totalRule),
  /** The custom fields' values by code, checked against the fields of requests (core/custom-field). */
  custom: z.record(z.string(), z.unknown()).default({}),
})
export type NeedInput = z.output<typeof NeedInputSchema>

/** Turning approved needs into one order: the supplier and company the buyer chooses. */
export const TransformNeedsSchema = z.object({
  need_ids: z.array(z.number().int().positive()).min(1, 'SELECT_AT_LEAST_ONE').max(100),
  /** For the lines that name no supplier; lines picked with a supplier go to theirs (one order each). */
  supplier_id: z.number().int().positive().nullable().default(null),
  company_id: z.number().int().positive(),
  currency_code: z.string().regex(/^[A-Z]{3}$/, 'INVALID_VALUE'),
})

/** Merging requests: which drafts. */
export const MergeNeedsSchema = z.object({
  need_ids: z.array(z.number().int().positive()).min(2, 'SELECT_AT_LEAST_ONE').max(50),
})
