import { z } from 'zod'
import { type Dec, dec, final, intermediate, isDecimalString } from '../money/decimal'
import { meetsObjective } from './performance'

/** What buyers rate a supplier on (additional ratings, 1 to 5). */
export const RATING_CRITERIA = ['price', 'quality', 'service', 'responsiveness', 'compliance'] as const
export type RatingCriterion = (typeof RATING_CRITERIA)[number]

/** POST /bwapi/suppliers/{id}/charts/additional_rating */
export const RatingInputSchema = z.object({
  criterion: z.enum(RATING_CRITERIA),
  score: z.number().int().min(1).max(5),
  comment: z
    .string()
    .trim()
    .max(1000)
    .nullable()
    .default(null)
    .transform((v) => (v === '' ? null : v)),
})

/** POST /bwapi/suppliers/{id}/charts/turnover: the turnover it declared for a year. */
export const TurnoverInputSchema = z.object({
  year: z.number().int().min(1990).max(2100),
  amount: z.string().trim().refine(isDecimalString, 'NOT_A_NUMBER'),
})

const count = z.number().int().min(0).max(1_000_000_000)

/** POST /bwapi/suppliers/{id}/charts/security: a month's safety figures on our sites. */
export const SafetyInputSchema = z
  .object({
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'INVALID_VALUE'),
    hours_worked: count,
    accidents_with_lost_time: count,
    accidents_without_lost_time: count,
    days_lost: count,
  })
  .superRefine((v, ctx) => {
    // Days are lost only through an accident with lost time.
    if (v.days_lost > 0 && v.accidents_with_lost_time === 0)
      ctx.addIssue({ code: 'custom', path: ['days_lost'], message: 'INVALID_VALUE' })
  })

/**
 * The HSE figure set against `objective_hse`: the share of months worked (hours above zero) without
 * an accident with lost time, in percent (1 decimal); null when no month was worked.
 */
export const hseRate = (
  months: readonly { hours_worked: number; accidents_with_lost_time: number }[],
): Dec | null => {
  const worked = months.filter((m) => m.hours_worked > 0)
  if (worked.length === 0) return null
  const safe = worked.filter((m) => m.accidents_with_lost_time === 0).length
  return final(intermediate(dec(safe).div(worked.length).times(100)), 1)
}

/** The mean of ratings 1 to 5 (2 decimals); null without any. */
export const averageScore = (scores: readonly number[]): Dec | null =>
  scores.length === 0
    ? null
    : final(intermediate(scores.reduce((sum, s) => sum.plus(s), dec(0)).div(scores.length)), 2)

/**
 * A year's rating in percent (1 decimal): the mean of what was measured among on-time delivery,
 * on-quality delivery, HSE and the buyers' average score (on 5, as a percent). Null when nothing was.
 */
export const annualScore = (parts: {
  otd: Dec | null
  oqd: Dec | null
  hse: Dec | null
  rating: Dec | null
}) => {
  const measured = [
    parts.otd,
    parts.oqd,
    parts.hse,
    parts.rating === null ? null : parts.rating.times(20),
  ].filter((p): p is Dec => p !== null)
  return measured.length === 0
    ? null
    : final(intermediate(measured.reduce((sum, p) => sum.plus(p), dec(0)).div(measured.length)), 1)
}

/** The figures a supplier is held to: each against its objective (percent) or threshold (on 5). */
export const SURVEILLED_FIGURES = ['otd', 'oqd', 'hse', 'rating'] as const
export type SurveilledFigure = (typeof SURVEILLED_FIGURES)[number]

/**
 * Which of a supplier's figures fall below their objective (OTD, OQD, HSE in percent) or the
 * rating threshold (the buyers' average on 5). Figures not measured miss nothing.
 */
export const missedObjectives = (
  figures: Record<SurveilledFigure, Dec | null>,
  objectives: Record<SurveilledFigure, number>,
): SurveilledFigure[] =>
  SURVEILLED_FIGURES.filter((f) =>
    f === 'rating'
      ? figures.rating?.lt(objectives.rating) === true
      : !meetsObjective(figures[f], objectives[f]),
  )

/**
 * Whether buyers are warned about a supplier where they choose one (order form, cart): one of its
 * figures falls below its objective, or its average rating below the threshold (as ERPNext's
 * scorecard standings warn). Figures not measured do not flag.
 */
export const isFlagged = (
  figures: Record<SurveilledFigure, Dec | null>,
  objectives: Record<SurveilledFigure, number>,
): boolean => missedObjectives(figures, objectives).length > 0
