import { z } from 'zod'
import { decimalField } from '../money/decimal-fields'
import { type ScaleBand, TRANSPORT_MEANS, type TransportMean } from './mileage'

/** A scale period (spec §3 scale_period_id): the year a kilometer scale applies to. */
export const ScalePeriodInputSchema = z
  .object({
    code: z.string().trim().min(1).max(30),
    label: z.string().trim().min(1).max(100),
    starts_on: z.iso.date(),
    ends_on: z.iso.date(),
    /** What an electric vehicle gets on top of the scale, in percent (20 for the French scale). */
    electric_bonus_percent: decimalField.rate().default('0'),
  })
  .refine((p) => p.ends_on >= p.starts_on, { path: ['ends_on'], message: 'INVALID_DATE' })

/** One band of a scale period's kilometer scale, as the admin screen sends it. */
export const ScaleBandInputSchema = z
  .object({
    scale_period_id: z.number().int().positive(),
    transport_mean: z.enum(TRANSPORT_MEANS),
    fiscal_horsepower: z.number().int().min(0).max(99),
    min_distance: z.number().int().min(0),
    max_distance: z.number().int().positive().nullable().default(null),
    rate: decimalField.nonNegative(),
    fixed_amount: decimalField.nonNegative().default('0'),
  })
  .refine((b) => b.max_distance === null || b.max_distance > b.min_distance, {
    path: ['max_distance'],
    message: 'INVALID_VALUE',
  })

const bands = (
  transport_mean: TransportMean,
  fiscal_horsepower: number,
  limits: readonly [number, number],
  rows: readonly [string, [string, string], string],
): ScaleBand[] => [
  {
    transport_mean,
    fiscal_horsepower,
    min_distance: 0,
    max_distance: limits[0],
    rate: rows[0],
    fixed_amount: '0',
  },
  {
    transport_mean,
    fiscal_horsepower,
    min_distance: limits[0],
    max_distance: limits[1],
    rate: rows[1][0],
    fixed_amount: rows[1][1],
  },
  {
    transport_mean,
    fiscal_horsepower,
    min_distance: limits[1],
    max_distance: null,
    rate: rows[2],
    fixed_amount: '0',
  },
]

const CAR = [5000, 20000] as const
const TWO_WHEELS = [3000, 6000] as const

/**
 * The French barème kilométrique for 2024 income (unchanged for 2025 income), as published in
 * BOI-BAREME-000001 and relayed by accounting firms (docs/domain/expense.md says which sources
 * were compared): cars by fiscal horsepower (3 CV and less, 4, 5, 6, 7 and more), motorbikes over
 * 50 cm³ (1–2 CV, 3–5 CV, more than 5) and mopeds; electric vehicles get 20 % more.
 */
export const FRENCH_SCALE_2024: readonly ScaleBand[] = [
  ...bands('car', 3, CAR, ['0.529', ['0.316', '1065'], '0.370']),
  ...bands('car', 4, CAR, ['0.606', ['0.340', '1330'], '0.407']),
  ...bands('car', 5, CAR, ['0.636', ['0.357', '1395'], '0.427']),
  ...bands('car', 6, CAR, ['0.665', ['0.374', '1457'], '0.447']),
  ...bands('car', 7, CAR, ['0.697', ['0.394', '1515'], '0.470']),
  ...bands('motorbike_over_50cc', 1, TWO_WHEELS, ['0.395', ['0.099', '891'], '0.248']),
  ...bands('motorbike_over_50cc', 3, TWO_WHEELS, ['0.468', ['0.082', '1158'], '0.275']),
  ...bands('motorbike_over_50cc', 6, TWO_WHEELS, ['0.606', ['0.079', '1583'], '0.343']),
  ...bands('bike_under_50cc', 0, TWO_WHEELS, ['0.315', ['0.079', '711'], '0.198']),
]
