import { TZDate } from '@date-fns/tz'
import {
  addDays as addCalendarDays,
  addMonths as addCalendarMonths,
  differenceInCalendarDays,
  format,
  isValid,
  isWeekend as isWeekendDay,
  parseISO,
  startOfMonth,
} from 'date-fns'

/**
 * Calendar dates as "YYYY-MM-DD" strings: a date, not an instant, so no time zone can shift it.
 * Holidays come in as an argument (they differ per country and year). The arithmetic is
 * date-fns's, on the day read at local midnight and written back as a day (so the machine's zone
 * and its daylight-saving changes never move a date).
 */
export type IsoDate = string

const ISO = /^\d{4}-\d{2}-\d{2}$/
const DAY = 'yyyy-MM-dd'

const toDay = (date: IsoDate): Date => {
  const day = ISO.test(date) ? parseISO(date) : new Date(Number.NaN)
  if (!isValid(day)) throw new Error(`Not a YYYY-MM-DD date: ${date}`)
  return day
}

const fromDay = (date: Date): IsoDate => format(date, DAY)

/** A "YYYY-MM-DD" day that exists (not the 30th of February). */
export const isIsoDate = (value: string): boolean => ISO.test(value) && isValid(parseISO(value))

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
  const day = fromDay(new TZDate(instant, timeZone))
  lastDays.set(timeZone, { quarter, day })
  return day
}

export const addDays = (date: IsoDate, days: number): IsoDate => fromDay(addCalendarDays(toDay(date), days))

/** The days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDate, to: IsoDate): number =>
  differenceInCalendarDays(toDay(to), toDay(from))

export const isWeekend = (date: IsoDate): boolean => isWeekendDay(toDay(date))

export const isBusinessDay = (date: IsoDate, holidays: ReadonlySet<IsoDate> = new Set()): boolean =>
  !isWeekend(date) && !holidays.has(date)

/** Moves forward one day at a time until `days` days that `counts` have passed. */
const advance = (date: IsoDate, days: number, counts: (day: Date, iso: IsoDate) => boolean): IsoDate => {
  let current = toDay(date)
  let left = days
  while (left > 0) {
    current = addCalendarDays(current, 1)
    if (counts(current, fromDay(current))) left -= 1
  }
  return fromDay(current)
}

/** `days` business days after `date` (Saturdays, Sundays and the given holidays skipped). */
export const addBusinessDays = (
  date: IsoDate,
  days: number,
  holidays: ReadonlySet<IsoDate> = new Set(),
): IsoDate => advance(date, days, (day, iso) => !isWeekendDay(day) && !holidays.has(iso))

/** Adds days, not counting the given holidays (weekends count). */
export const addDaysExcludingHolidays = (
  date: IsoDate,
  days: number,
  holidays: ReadonlySet<IsoDate> = new Set(),
): IsoDate => advance(date, days, (_day, iso) => !holidays.has(iso))

export const firstOfMonth = (date: IsoDate): IsoDate => fromDay(startOfMonth(toDay(date)))

/** The first of the month `months` months after the month of `date` (its day is not kept). */
export const addMonths = (date: IsoDate, months: number): IsoDate =>
  fromDay(addCalendarMonths(startOfMonth(toDay(date)), months))

/**
 * The same day `months` months later (earlier when negative), clamped to the end of a shorter
 * month (31 March − 1 month = 28 or 29 February).
 */
export const addMonthsClamped = (date: IsoDate, months: number): IsoDate =>
  fromDay(addCalendarMonths(toDay(date), months))
