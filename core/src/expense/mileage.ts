import { type DecimalInput, dec, final, intermediate, toAmountString } from '../money/decimal'

/** Spec §3: the transport means of a kilometer scale. */
export const TRANSPORT_MEANS = ['car', 'motorbike_over_50cc', 'bike_under_50cc'] as const
export type TransportMean = (typeof TRANSPORT_MEANS)[number]

/**
 * One band of a kilometer scale (spec §3 "Kilometer scale"): for a transport mean and a fiscal
 * horsepower category, on the year's cumulative distance from min_distance (exclusive, 0 for the
 * first band) to max_distance (inclusive, null for the last), the year's amount is
 * d × rate + fixed_amount. The category is named by its lowest horsepower: a vehicle takes the
 * category with the highest fiscal_horsepower at or under its own (the lowest category when it
 * is under all of them: "3 CV and less").
 */
export type ScaleBand = {
  transport_mean: TransportMean
  fiscal_horsepower: number
  min_distance: number
  max_distance: number | null
  rate: string
  fixed_amount: string
}

/** The vehicle a mileage expense is driven with: the scale's row and the electric bonus depend on it. */
export type Vehicle = { transport_mean: TransportMean; fiscal_horsepower: number; electric: boolean }

/** The bands of one vehicle's category, by distance. */
export const bandsOf = (scale: readonly ScaleBand[], vehicle: Vehicle): ScaleBand[] => {
  const own = scale.filter((b) => b.transport_mean === vehicle.transport_mean)
  const categories = [...new Set(own.map((b) => b.fiscal_horsepower))].sort((a, b) => a - b)
  const category = categories.filter((c) => c <= vehicle.fiscal_horsepower).at(-1) ?? categories[0]
  return own.filter((b) => b.fiscal_horsepower === category).sort((a, b) => a.min_distance - b.min_distance)
}

/**
 * The year's amount for a cumulative distance d, as official scales are applied (the French
 * barème kilométrique, BOI-BAREME-000001): the band holding d gives d × rate + fixed_amount; an
 * electric vehicle gets the bonus (20 % for the French scale) on top. Null when no band covers d.
 */
export const yearAmount = (
  bands: readonly ScaleBand[],
  distance: DecimalInput,
  electricBonusPercent: DecimalInput = 0,
) => {
  const d = dec(distance)
  if (d.isZero()) return dec(0)
  const band = bands.find((b) => d.gt(b.min_distance) && (b.max_distance === null || d.lte(b.max_distance)))
  if (band === undefined) return null
  const amount = intermediate(d.times(band.rate).plus(band.fixed_amount))
  return intermediate(amount.times(dec(100).plus(electricBonusPercent)).dividedBy(100))
}

/** A mileage expense of one vehicle in one scale period, in the order it was recorded. */
export type MileageItem = {
  id: number
  distance: string
  /** The amount already granted, when it can no longer change (in a report); null when it is settled anew. */
  granted: string | null
}

/**
 * Year-to-date settlement (docs/domain/expense.md): walking a user's mileage expenses of one
 * vehicle and scale period in the order they were recorded, each open expense is granted what the
 * scale gives for the cumulative distance so far less what was already granted before it. The
 * amounts of the year therefore always add up to the scale's amount for the year's distance, and
 * a band change within the year (5,000 km for a car) is exact — not the first band's rate applied
 * to every trip, nor a band chosen once per user. Amounts are rounded to the final decimals; the
 * differences of rounded totals keep the sum exact to the cent.
 */
export const settleMileage = (
  bands: readonly ScaleBand[],
  items: readonly MileageItem[],
  decimals: number,
  electricBonusPercent: DecimalInput = 0,
): Map<number, string> | null => {
  const settled = new Map<number, string>()
  let distance = dec(0)
  let granted = dec(0)
  for (const item of items) {
    distance = distance.plus(item.distance)
    if (item.granted !== null) {
      granted = granted.plus(item.granted)
      continue
    }
    const year = yearAmount(bands, distance, electricBonusPercent)
    if (year === null) return null
    const total = final(year, decimals)
    settled.set(item.id, toAmountString(total.minus(granted), decimals))
    granted = total
  }
  return settled
}
