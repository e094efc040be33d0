import { expect, test } from 'vitest'
import {
  addBusinessDays,
  addDays,
  addDaysExcludingHolidays,
  addMonths,
  isBusinessDay,
  isoDateIn,
} from './days'
import {
  acknowledgementDeadline,
  canRaiseReservation,
  isAcknowledgementDeemedAccepted,
  reservationDeadline,
} from './purchasing-deadlines'
import {
  monthsComparison,
  rollingMonths,
  sameDayMonthsBefore,
  searchFloor,
  yearToDateComparison,
} from './windows'

// 2026-11-20 is a Friday; 2026-11-11 (Armistice) is a French public holiday (a Wednesday).
const holidays = new Set(['2026-11-11', '2026-12-25'])

test.each([
  ['2026-11-16', 3, '2026-11-19'], // Monday → Thursday
  ['2026-11-19', 3, '2026-11-24'], // Thursday → Tuesday, over the weekend
  ['2026-11-20', 1, '2026-11-23'], // Friday → Monday
  ['2026-11-21', 1, '2026-11-23'], // Saturday → Monday
  ['2026-11-10', 3, '2026-11-16'], // Tuesday, over the 11th holiday and a weekend
  ['2026-11-10', 0, '2026-11-10'],
])('addBusinessDays(%s, %i) = %s', (date, days, expected) => {
  expect(addBusinessDays(date, days, holidays)).toBe(expected)
})

test('business days: weekends and holidays are not', () => {
  expect(isBusinessDay('2026-11-21')).toBe(false)
  expect(isBusinessDay('2026-11-11', holidays)).toBe(false)
  expect(isBusinessDay('2026-11-11')).toBe(true)
})

test('an acknowledgement not returned within 3 business days is deemed accepted', () => {
  // sent Thursday 19th: deadline Tuesday 24th; accepted from Wednesday 25th.
  expect(acknowledgementDeadline('2026-11-19')).toBe('2026-11-24')
  expect(isAcknowledgementDeemedAccepted('2026-11-19', '2026-11-24')).toBe(false)
  expect(isAcknowledgementDeemedAccepted('2026-11-19', '2026-11-25')).toBe(true)
  // Christmas pushes it a day further.
  expect(acknowledgementDeadline('2026-12-23', holidays)).toBe('2026-12-29')
})

test('a delivery opens 3 days for reservations, holidays not counted', () => {
  expect(reservationDeadline('2026-11-20')).toBe('2026-11-23')
  expect(reservationDeadline('2026-11-09', holidays)).toBe('2026-11-13')
  expect(canRaiseReservation('2026-11-20', '2026-11-23')).toBe(true)
  expect(canRaiseReservation('2026-11-20', '2026-11-24')).toBe(false)
  expect(canRaiseReservation('2026-11-20', '2026-11-19')).toBe(false)
  expect(addDaysExcludingHolidays('2026-12-24', 1, holidays)).toBe('2026-12-26')
})

test('date arithmetic crosses months, years and leap days', () => {
  expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
  expect(addMonths('2026-11-21', -11)).toBe('2025-12-01')
  expect(() => addDays('21/11/2026', 1)).toThrow('Not a YYYY-MM-DD date')
})

test('the calendar date of an instant depends on the time zone given', () => {
  const instant = new Date('2026-11-21T23:30:00Z')
  expect(isoDateIn(instant)).toBe('2026-11-21')
  expect(isoDateIn(instant, 'Europe/Paris')).toBe('2026-11-22')
})

test("the day kept for the last quarter of an hour is the one the zone's calendar gives, every few minutes around midnight and a change of offset", () => {
  const zones = [
    'UTC',
    'Europe/Paris',
    'America/St_Johns',
    'Asia/Kathmandu',
    'Australia/Eucla',
    'Pacific/Chatham',
  ]
  // Around the night Paris moves its clocks back (2026-10-25) and a plain midnight, each zone's
  // answer one instant after another (what the cache keeps) against a fresh formatter.
  for (const start of ['2026-10-24T20:00:00Z', '2026-11-21T08:00:00Z', '1900-06-01T23:00:00Z'])
    for (const timeZone of zones) {
      const fresh = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      })
      for (let minute = 0; minute < 36 * 60; minute += 7) {
        const at = new Date(Date.parse(start) + minute * 60_000 + 13_000)
        expect(isoDateIn(at, timeZone), `${at.toISOString()} in ${timeZone}`).toBe(fresh.format(at))
      }
    }
})

test.each([
  [3, '2026-09-01', '2026-12-01', ['2026-09', '2026-10', '2026-11']],
  [12, '2025-12-01', '2026-12-01', null],
  [24, '2024-12-01', '2026-12-01', null],
  [1, '2026-11-01', '2026-12-01', ['2026-11']],
])('rollingMonths(2026-11-21, %i)', (months, from, to, keys) => {
  const window = rollingMonths('2026-11-21', months)
  expect([window.from, window.to]).toEqual([from, to])
  expect(window.months).toHaveLength(months)
  if (keys) expect(window.months).toEqual(keys)
})

test('a window needs a month at least', () => {
  expect(() => rollingMonths('2026-11-21', 0)).toThrow()
})

test('year N against N-1, to date', () => {
  expect(yearToDateComparison('2026-11-21')).toEqual({
    current: { from: '2026-01-01', to: '2026-11-22' },
    previous: { from: '2025-01-01', to: '2025-11-22' },
  })
  expect(yearToDateComparison('2028-02-29').previous).toEqual({ from: '2027-01-01', to: '2027-03-01' })
})

test('months comparison: the same months a year before', () => {
  expect(monthsComparison('2026-11-21', 3)).toEqual({
    current: { from: '2026-09-01', to: '2026-12-01' },
    previous: { from: '2025-09-01', to: '2025-12-01' },
  })
})

test.each([
  ['2026-03-31', 1, '2026-02-28'],
  ['2028-03-31', 1, '2028-02-29'],
  ['2028-02-29', 12, '2027-02-28'],
  ['2026-11-21', 6, '2026-05-21'],
])('sameDayMonthsBefore(%s, %i) = %s', (date, months, expected) => {
  expect(sameDayMonthsBefore(date, months)).toBe(expected)
})

test('search floor: searches reach back N months', () => {
  expect(searchFloor('2026-11-21', 1)).toBe('2026-10-21')
})
