import { z } from 'zod'

/**
 * The answers of the supplier chart calls (spec §7: GET /bwapi/suppliers/{id}/charts/…), declared
 * by the API and read by the app. Rates and amounts are decimal strings; null: nothing measured.
 */
const month = z.string().regex(/^\d{4}-\d{2}$/)
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/)
const rate = decimal.nullable()

export const TurnoverChartSchema = z.object({
  currency_code: z.string(),
  months: z.array(z.object({ month, ordered: decimal })).length(24),
  declared: z.array(z.object({ year: z.number().int(), amount: decimal })),
})

export const AccountingTurnoverChartSchema = z.object({
  currency_code: z.string(),
  months: z.array(z.object({ month, invoiced: decimal })).length(24),
})

export const PerformanceChartSchema = z.object({
  months: z.array(z.object({ month, deliveries: z.number().int(), otd: rate, oqd: rate })).length(12),
  otd: rate,
  oqd: rate,
  objectives: z.object({ otd: z.number(), oqd: z.number() }),
})

const count = z.number().int().nullable()
export const SecurityChartSchema = z.object({
  months: z
    .array(
      z.object({
        month,
        hours_worked: count,
        accidents_with_lost_time: count,
        accidents_without_lost_time: count,
        days_lost: count,
        tf1: rate,
        tf2: rate,
        tg: rate,
      }),
    )
    .length(12),
  tf1: rate,
  tf2: rate,
  tg: rate,
  hse: rate,
  objective_hse: z.number(),
})

export const CertificationChartSchema = z.object({
  valid: z.number().int(),
  expiring: z.number().int(),
  expired: z.number().int(),
  awaiting: z.number().int(),
  missing: z.number().int(),
  types: z.array(
    z.object({
      type: z.string(),
      validity_date: z.string().nullable(),
      state: z.enum(['valid', 'expiring', 'expired', 'awaiting', 'missing']),
    }),
  ),
})

export const AdditionalRatingChartSchema = z.object({
  criteria: z.array(z.object({ criterion: z.string(), average: rate })),
  average: rate,
  ratings: z.array(
    z.object({
      id: z.number().int(),
      criterion: z.string(),
      score: z.number().int().min(1).max(5),
      comment: z.string().nullable(),
      rated_on: z.string(),
      by: z.string(),
    }),
  ),
})

export const AnnualRatingChartSchema = z.object({
  years: z.array(
    z.object({ year: z.number().int(), otd: rate, oqd: rate, hse: rate, rating: rate, score: rate }),
  ),
})

/**
 * GET /bwapi/suppliers/{id}/monitoring: what the statistics job kept of the supplier's 12 rolling
 * months (null `computed_at`: not computed yet), each surveilled figure against its objective, and
 * whether it is under surveillance (ordered more than its surveillance amount).
 */
export const SupplierMonitoringSchema = z.object({
  currency_code: z.string(),
  under_surveillance: z.boolean(),
  surveillance_min_amount: decimal.nullable(),
  computed_at: z.string().nullable(),
  ordered_amount: decimal.nullable(),
  flagged: z.boolean(),
  figures: z.array(
    z.object({
      figure: z.enum(['otd', 'oqd', 'hse', 'rating']),
      value: rate,
      objective: z.number(),
      missed: z.boolean(),
    }),
  ),
  tf1: rate,
  tg: rate,
})

export type SupplierMonitoring = z.infer<typeof SupplierMonitoringSchema>
export type TurnoverChart = z.infer<typeof TurnoverChartSchema>
export type AccountingTurnoverChart = z.infer<typeof AccountingTurnoverChartSchema>
export type PerformanceChart = z.infer<typeof PerformanceChartSchema>
export type SecurityChart = z.infer<typeof SecurityChartSchema>
export type CertificationChart = z.infer<typeof CertificationChartSchema>
export type AdditionalRatingChart = z.infer<typeof AdditionalRatingChartSchema>
export type AnnualRatingChart = z.infer<typeof AnnualRatingChartSchema>
