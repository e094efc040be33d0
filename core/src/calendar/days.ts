/**
 * Calendar dates as "YYYY-MM-DD" strings: a date, not an instant, so no time zone can shift it.
 * Holidays come in as an argument (they differ per country and year).
 */
export type IsoDate = string

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/

const toUtc = (date: IsoDate): Date => {
  const match = ISO.exec(date)
  if (match === null) throw new Error(`Not a YYYY-MM-DD date: ${date}`)
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
}

const fromUtc = (date: Date): IsoDate => date.toISOString().slice(0, 10)

/** A "YYYY-MM-DD" day that exists (not the 30th of February). */
export const isIsoDate = (value: string): boolean => ISO.test(value) && fromUtc(toUtc(value)) === value

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const dayFormats = new Map<string, Intl.DateTimeFormat>()
/**
 * Since 2000 every time zone's offset, and every change of it, falls on a quarter of an hour (local
 * mean times such as Paris's +0:09:21 are older): two such instants in the same quarter of an hour
 * are on the same day in any zone. The last answer per zone is kept.
 */
const QUARTER_HOUR_MS = 15 * 60_000
const CACHED_FROM = Date.UTC(2000, 0, 1)
const lastDays = new Map<string, { quarter: number; day: IsoDate }>()

/** The calendar date of an instant in a time zone (the caller's clock gives the instant). */
export const isoDateIn = (instant: Date, timeZone = 'UTC'): IsoDate => {
  const time = instant.getTime()
  const quarter = time >= CACHED_FROM ? Math.floor(time / QUARTER_HOUR_MS) : Number.NaN
  const last = lastDays.get(timeZone)
  if (last !== undefined && last.quarter === quarter) return last.day
  let format = dayFormats.get(timeZone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormats.set(timeZone, format)
  }
  const day = format.format(instant)
  lastDays.set(timeZone, { quarter, day })
  return day
}

export const addDays = (date: IsoDate, days: number): IsoDate => {
  const d = toUtc(date)
  d.setUTCDate(d.getUTCDate() + days)
  return fromUtc(d)
}

export const isWeekend = (date: IsoDate): boolean => {
  const day = toUtc(date).getUTCDay()
  return day === 0 || day === 6
}

export const isBusinessDay = (date: IsoDate, holidays: ReadonlySet<IsoDate> = new Set()): boolean =>
  !isWeekend(date) && !holidays.has(date)

/** Moves forward one day at a time until `days` days that `counts` have passed. */
const advance = (date: IsoDate, days: number, counts: (day: IsoDate) => boolean): IsoDate => {
  let current = date
  let left = days
  while (left > 0) {
    current = addDays(current, 1)
    if (counts(current)) left -= 1
  }
  return current
}

/** `days` business days after `date` (Saturdays, Sundays and the given holidays skipped). */
export const addBusinessDays = (
  date: IsoDate,
  days: number,
  holidays: ReadonlySet<IsoDate> = new Set(),
): IsoDate => advance(date, days, (day) => isBusinessDay(day, holidays))

/** Adds days, not counting the given holidays (weekends count). */
export const addDaysExcludingHolidays = (
  date: IsoDate,
  days: number,
  holidays: ReadonlySet<IsoDate> = new Set(),
): IsoDate => advance(date, days, (day) => !holidays.has(day))

export const firstOfMonth = (date: IsoDate): IsoDate => `${date.slice(0, 7)}-01`

export const addMonths = (date: IsoDate, months: number): IsoDate => {
  const d = toUtc(firstOfMonth(date))
  d.setUTCMonth(d.getUTCMonth() + months)
  return fromUtc(d)
}
