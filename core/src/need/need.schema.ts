import { z } from 'zod'
import { dec, isDecimalString } from '../money/decimal'

const decimal = z.string().trim().refine(isDecimalString, 'NOT_A_NUMBER')

export const NeedLineSchema = z.object({
  description: z.string().trim().min(1).max(500),
  quantity: decimal.refine((v) => !isDecimalString(v) || dec(v).gt(0), 'TOO_SMALL'),
  unit: z.string().trim().max(20).default('unit'),
  /** Estimated price excluding tax of one unit. */
  unit_price_exctax: decimal,
  vat_rate: decimal.default('20'),
  wanted_date: z.iso.date().nullable().default(null),
  allocation1: z.string().trim().max(30).nullable().default(null),
})

/** A purchase request: buyer and purchase family required (spec §5 "Need"). */
export const NeedInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  buyer_id: z.number({ error: 'NEED_BUYER_REQUIRED' }).int().positive(),
  purchase_family: z.string({ error: 'NEED_FAMILY_REQUIRED' }).trim().min(1, 'NEED_FAMILY_REQUIRED').max(50),
  comment: z.string().trim().max(2000).nullable().default(null),
  lines: z.array(NeedLineSchema).min(1, 'NEED_HAS_NO_LINE').max(200),
})
export type NeedInput = z.output<typeof NeedInputSchema>

/** Turning approved needs into one order: the supplier and company the buyer chooses. */
export const TransformNeedsSchema = z.object({
  need_ids: z.array(z.number().int().positive()).min(1, 'SELECT_AT_LEAST_ONE').max(100),
  supplier_id: z.number().int().positive(),
  company_id: z.number().int().positive(),
  currency_code: z.string().regex(/^[A-Z]{3}$/, 'INVALID_VALUE'),
})

/** Merging requests: which drafts. */
export const MergeNeedsSchema = z.object({
  need_ids: z.array(z.number().int().positive()).min(2, 'SELECT_AT_LEAST_ONE').max(50),
})
