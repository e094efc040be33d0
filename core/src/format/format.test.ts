import { expect, test } from 'vitest'
import { formatAmount, formatNumber } from './amount'
import { countOf } from './count'
import {
  formatDate,
  formatDateTime,
  formatDateTimePattern,
  formatDay,
  formatTime,
  parseDateInFormat,
} from './date'
import { formatFileSize } from './file-size'
import { defuseFormula } from './spreadsheet'

const nb = (s: string) => s.replace(/\u00a0/g, '␣')

test.each([
  ['1234.5', { decimals: 2, decimal_delimiter: '.' }, '1,234.50'],
  ['1234567.891', { decimals: 2, decimal_delimiter: ',' }, '1␣234␣567,89'],
  ['1234.5', { decimals: 2, decimal_delimiter: ',', symbol: '€', position: 'after' }, '1␣234,50␣€'],
  ['1234.5', { decimals: 2, decimal_delimiter: '.', symbol: '$', position: 'before' }, '$1,234.50'],
  ['-5', { decimals: 2, decimal_delimiter: '.', symbol: '€', position: 'before' }, '-€5.00'],
  ['-0.001', { decimals: 2, decimal_delimiter: '.' }, '0.00'],
  ['999.995', { decimals: 2, decimal_delimiter: '.' }, '1,000.00'],
  ['42', { decimals: 0, decimal_delimiter: ',', symbol: '£', position: 'before' }, '£42'],
] as const)('formatAmount(%s, %j) = %s', (value, format, expected) => {
  expect(nb(formatAmount(value, format))).toBe(expected)
})

test('formatNumber keeps the digits it is given', () => {
  expect(nb(formatNumber('12345.125', ','))).toBe('12␣345,125')
  expect(formatNumber('-0.5', '.')).toBe('-0.5')
})

const date = new Date('2026-03-07T14:05:09Z')

test.each([
  ['DD/MM/YYYY', '07/03/2026'],
  ['MM/DD/YY', '03/07/26'],
  ['YYYY-MM-DD', '2026-03-07'],
  ['D.M.YYYY', '7.3.2026'],
  ['HH:mm', '14:05'],
  ['HH[h]mm', '14h05'],
  ['h:mm A', '2:05 PM'],
  ['hh:mm:ss a', '02:05:09 pm'],
])('pattern %s gives %s', (pattern, expected) => {
  expect(formatDateTimePattern(date, pattern)).toBe(expected)
})

test('the time zone is an argument', () => {
  const formats = { date_format: 'DD/MM/YYYY', hour_format: 'HH:mm' }
  expect(formatDateTime(new Date('2026-12-31T23:30:00Z'), formats, 'Europe/Paris')).toBe('01/01/2027 00:30')
  expect(formatDate(new Date('2026-12-31T23:30:00Z'), formats)).toBe('31/12/2026')
  expect(formatTime(new Date('2026-06-01T12:00:00Z'), formats, 'America/New_York')).toBe('08:00')
})

test('midnight and noon in 12-hour format', () => {
  expect(formatDateTimePattern(new Date('2026-01-01T00:10:00Z'), 'h:mm A')).toBe('12:10 AM')
  expect(formatDateTimePattern(new Date('2026-01-01T12:10:00Z'), 'h:mm A')).toBe('12:10 PM')
})

test('an invalid date is a bug, not a format', () => {
  expect(() => formatDateTimePattern(new Date('nope'), 'YYYY')).toThrow('Invalid date')
})

test.each([
  ['07/03/2026', 'DD/MM/YYYY', '2026-03-07'],
  ['3/7/2026', 'MM/DD/YYYY', '2026-03-07'],
  ['2026.03.07', 'YYYY.MM.DD', '2026-03-07'],
  ['29/02/2028', 'DD/MM/YYYY', '2028-02-29'],
  ['29/02/2026', 'DD/MM/YYYY', null],
  ['31/04/2026', 'DD/MM/YYYY', null],
  ['2026-03-07', 'DD/MM/YYYY', null],
  ['07-03-2026', 'DD/MM/YYYY', null],
])('parseDateInFormat(%s, %s) = %s', (text, format, expected) => {
  expect(parseDateInFormat(text, format)).toBe(expected)
})

test.each([
  [0, 'en', '0␣B'],
  [1023, 'en', '1023␣B'],
  [1024, 'en', '1␣KB'],
  [1536, 'en', '1.5␣KB'],
  [1536, 'fr', '1,5␣Ko'],
  [10 * 1024 * 1024, 'es', '10␣MB'],
  [1.25 * 1024 ** 3, 'fr', '1,3␣Go'],
  [5 * 1024 ** 5, 'en', '5120␣TB'],
] as const)('formatFileSize(%i, %s) = %s (base 1024)', (bytes, language, expected) => {
  expect(nb(formatFileSize(bytes, language))).toBe(expected)
})

test('a negative size is a bug', () => {
  expect(() => formatFileSize(-1, 'en')).toThrow()
})

test.each([
  ['2026-11-30', 'DD/MM/YYYY', '30/11/2026'],
  ['2026-01-05', 'MM/DD/YYYY', '01/05/2026'],
  ['2026-12-31T23:30:00Z', 'YYYY-MM-DD', '2026-12-31'],
])('the day %s reads %s as %s, whatever the server time zone', (day, date_format, shown) => {
  expect(formatDay(day, { date_format, hour_format: 'HH:mm' })).toBe(shown)
})

test.each([
  ['=HYPERLINK("http://evil.example")', `'=HYPERLINK("http://evil.example")`],
  ["-1+1+cmd|' /C calc'!A0", `'-1+1+cmd|' /C calc'!A0`],
  ['-12', `'-12`],
  ['+33 1 23 45 67 89', `'+33 1 23 45 67 89`],
  ['@SUM(A1)', `'@SUM(A1)`],
  ['\tTab', `'\tTab`],
  ['\rReturn', `'\rReturn`],
  ['Paper & Co', 'Paper & Co'],
  ['A-1', 'A-1'],
  ['', ''],
])('text starting a formula is defused: %j', (text, shown) => {
  expect(defuseFormula(text)).toBe(shown)
})

test('a count says its noun in the singular for one, in the plural otherwise', () => {
  expect(countOf(1, 'line')).toBe('1 line')
  expect(countOf(0, 'line')).toBe('0 lines')
  expect(countOf(3, 'expense report')).toBe('3 expense reports')
  expect(countOf(2, 'entry', 'entries')).toBe('2 entries')
})
