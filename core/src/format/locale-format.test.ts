import { expect, test } from 'vitest'
import { formatAmount, formatNumber } from './amount'
import { amountFormatFor, numberStyleFor } from './locale-format'

const euro = { symbol: '€', position: 'after' as const }
const visible = (s: string) => s.replace(/\u00a0/g, '␣').replace(/\u202f/g, '·')

test.each([
  ['en', 'before', '€1,194.92'],
  ['fr', 'after', '1·194,92␣€'],
  ['es', 'after', '1.194,92␣€'],
] as const)('in %s an amount reads the language’s way', (language, position, expected) => {
  const format = amountFormatFor({ language, currency_position: position, decimals: 2 }, euro)
  expect(visible(formatAmount('1194.92', format))).toBe(expected)
})

test('without the reader’s position the currency’s own applies; without a currency, a bare number', () => {
  expect(visible(formatAmount('5', amountFormatFor({ language: 'en', decimals: 2 }, euro)))).toBe('5.00␣€')
  expect(formatAmount('1234.5', amountFormatFor({ language: 'en', decimals: 0 }))).toBe('1,235')
})

test('a language the product does not ship reads as English', () => {
  expect(numberStyleFor('de')).toEqual(numberStyleFor('en'))
})

test('quantities keep their digits in the reader’s style', () => {
  const fr = numberStyleFor('fr')
  expect(visible(formatNumber('12345.5', fr.decimal_delimiter, fr.group))).toBe('12·345,5')
})
