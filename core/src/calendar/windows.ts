import { addDays, addMonths, addMonthsClamped, type IsoDate } from './days'

/** Rates (ratings, performance) cover 12 rolling months. */
export const RATE_WINDOW_MONTHS = 12
/** Order totals are charted over 24 months. */
export const ORDER_TOTALS_MONTHS = 24
/** The dashboard distribution covers the last 3 months. */
export const DISTRIBUTION_MONTHS = 3

/** A half-open range of dates: from ≤ date < to. */
export type DateRange = { from: IsoDate; to: IsoDate }

/**
 * The same day `months` months earlier, clamped to the end of a shorter month
 * (31 March − 1 month = 28 or 29 February; 29 February − 12 months = 28 February).
 */
export const sameDayMonthsBefore = (date: IsoDate, months: number): IsoDate => addMonthsClamped(date, -months)

/**
 * The last `months` whole months, the current one included: for 3 months on 2026-11-21,
 * 2026-09-01 ≤ date < 2026-12-01, with the month keys for charts.
 */
export const rollingMonths = (today: IsoDate, months: number): DateRange & { months: string[] } => {
  if (!Number.isInteger(months) || months < 1) throw new Error('A window has at least one month.')
  const from = addMonths(today, -(months - 1))
  const keys = Array.from({ length: months }, (_, i) => addMonths(from, i).slice(0, 7))
  return { from, to: addMonths(today, 1), months: keys }
}

/**
 * Year N against year N-1, to date: 1 January to today (inclusive) this year, and the same span
 * a year before.
 */
export const yearToDateComparison = (today: IsoDate): { current: DateRange; previous: DateRange } => {
  const yearStart = `${today.slice(0, 4)}-01-01`
  return {
    current: { from: yearStart, to: addDays(today, 1) },
    previous: { from: sameDayMonthsBefore(yearStart, 12), to: addDays(sameDayMonthsBefore(today, 12), 1) },
  }
}

/** The last `months` months against the same months a year before (setting "dashboard comparison months"). */
export const monthsComparison = (
  today: IsoDate,
  months: number,
): { current: DateRange; previous: DateRange } => {
  const { from, to } = rollingMonths(today, months)
  return { current: { from, to }, previous: { from: addMonths(from, -12), to: addMonths(to, -12) } }
}

export const isInRange = (date: IsoDate, range: DateRange): boolean => date >= range.from && date < range.to

/** The earliest date a search may reach when searches are limited to the last N months. */
export const searchFloor = (today: IsoDate, months: number): IsoDate => sameDayMonthsBefore(today, months)
