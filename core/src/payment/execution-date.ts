import { addDays, type IsoDate, isBusinessDay } from '../calendar/days'

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm). */
export const easterSunday = (year: number): IsoDate => {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/**
 * The days the euro area's settlement system (TARGET) is closed besides weekends, when SEPA
 * credit transfers are not settled: 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December.
 */
export const targetHolidays = (year: number): ReadonlySet<IsoDate> => {
  const easter = easterSunday(year)
  return new Set([
    `${year}-01-01`,
    addDays(easter, -2),
    addDays(easter, 1),
    `${year}-05-01`,
    `${year}-12-25`,
    `${year}-12-26`,
  ])
}

export const isTargetBusinessDay = (date: IsoDate): boolean =>
  isBusinessDay(date, targetHolidays(Number(date.slice(0, 4))))

/**
 * The requested execution date a SEPA file carries. Banks reject or re-date a file dated in the
 * past, so a group's date before today becomes the next TARGET business day after today (a date
 * today or later is kept as the group asks). `moved` says the file's date differs from the group's.
 */
export const sepaExecutionDate = (
  requested: IsoDate,
  today: IsoDate,
): { date: IsoDate; requested: IsoDate; moved: boolean } => {
  if (requested >= today) return { date: requested, requested, moved: false }
  let date = addDays(today, 1)
  while (!isTargetBusinessDay(date)) date = addDays(date, 1)
  return { date, requested, moved: true }
}
