import { isIsoDate } from '../calendar/days'

/**
 * Dates and times in a language's date_format and hour_format. Tokens: YYYY, YY, MM, M, DD, D
 * (date); HH, H (24 h), hh, h (12 h), mm, ss, A / a (AM/PM); text in [brackets] is written as is
 * ("HH[h]mm" → "14h05"). The time zone is an argument: core has no clock and no locale of its own.
 */
const TOKENS = /\[([^\]]*)\]|YYYY|YY|MM|M|DD|D|HH|H|hh|h|mm|ss|A|a/g

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number }

const partsOf = (date: Date, timeZone: string): Parts => {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  })
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(formatter.formatToParts(date).find((p) => p.type === type)?.value ?? 0)
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

export const formatDateTimePattern = (date: Date, pattern: string, timeZone = 'UTC'): string => {
  if (Number.isNaN(date.getTime())) throw new Error('Invalid date')
  const p = partsOf(date, timeZone)
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12
  return pattern.replace(TOKENS, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal
    switch (token) {
      case 'YYYY':
        return pad(p.year, 4)
      case 'YY':
        return pad(p.year % 100)
      case 'MM':
        return pad(p.month)
      case 'M':
        return String(p.month)
      case 'DD':
        return pad(p.day)
      case 'D':
        return String(p.day)
      case 'HH':
        return pad(p.hour)
      case 'H':
        return String(p.hour)
      case 'hh':
        return pad(hour12)
      case 'h':
        return String(hour12)
      case 'mm':
        return pad(p.minute)
      case 'ss':
        return pad(p.second)
      case 'A':
        return p.hour < 12 ? 'AM' : 'PM'
      default:
        return p.hour < 12 ? 'am' : 'pm'
    }
  })
}

export type DateFormats = { date_format: string; hour_format: string }

export const formatDate = (date: Date, formats: DateFormats, timeZone = 'UTC') =>
  formatDateTimePattern(date, formats.date_format, timeZone)

/** A calendar day ("2026-11-30") in the instance's date format, as screens show it ("30/11/2026"). */
export const formatDay = (day: string, formats: DateFormats) =>
  formatDateTimePattern(new Date(`${day.slice(0, 10)}T12:00:00Z`), formats.date_format, 'UTC')

export const formatTime = (date: Date, formats: DateFormats, timeZone = 'UTC') =>
  formatDateTimePattern(date, formats.hour_format, timeZone)

export const formatDateTime = (date: Date, formats: DateFormats, timeZone = 'UTC') =>
  `${formatDate(date, formats, timeZone)} ${formatTime(date, formats, timeZone)}`

/**
 * Reads a date typed in a date_format (DD, MM, YYYY tokens and separators) into "YYYY-MM-DD", or
 * null when it does not match or is not a real day (31/02).
 */
export const parseDateInFormat = (text: string, dateFormat: string): string | null => {
  const order: string[] = []
  const GROUPS: Record<string, [string, string]> = {
    YYYY: ['Y', '(\\d{4})'],
    MM: ['M', '(\\d{1,2})'],
    DD: ['D', '(\\d{1,2})'],
  }
  const source = dateFormat.replace(/YYYY|MM|DD|[.*+?^${}()|[\]\\]/g, (token) => {
    const group = GROUPS[token]
    if (group === undefined) return `\\${token}`
    order.push(group[0])
    return group[1]
  })
  const match = new RegExp(`^${source}$`).exec(text.trim())
  if (match === null) return null
  const value = (key: string) => Number(match[order.indexOf(key) + 1])
  const [y, m, d] = [value('Y'), value('M'), value('D')]
  const day = `${pad(y, 4)}-${pad(m)}-${pad(d)}`
  return isIsoDate(day) ? day : null
}
