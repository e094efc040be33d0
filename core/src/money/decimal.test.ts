import fc from 'fast-check'
import { expect, test } from 'vitest'
import { dec, final, intermediate, isDecimalString, parseDecimal, toAmountString } from './decimal'

test('intermediate keeps 6 decimals, final the configured count, half-up', () => {
  expect(intermediate('1.2345675').toString()).toBe('1.234568')
  expect(final('2.345', 2).toString()).toBe('2.35')
  expect(final('-2.345', 2).toString()).toBe('-2.35')
})

test('floats never leak: 0.1 + 0.2 is 0.3', () => {
  expect(dec('0.1').plus('0.2').toString()).toBe('0.3')
})

test('amounts travel as fixed strings', () => {
  expect(toAmountString('1234.5', 2)).toBe('1234.50')
  expect(toAmountString('3', 0)).toBe('3')
  expect(toAmountString('0.005', 2)).toBe('0.01')
})

test.each([
  ['1234.50', '.', '1234.5'],
  ['1,234.50', '.', '1234.5'],
  ['1 234,50', ',', '1234.5'],
  ['1.234,50', ',', '1234.5'],
  ['-0,5', ',', '-0.5'],
  [' 42 ', '.', '42'],
  ['1\u00a0234\u00a0567,5', ',', '1234567.5'],
  ['+3.', '.', '3'],
])('parseDecimal(%j, %j) = %s', (text, delimiter, expected) => {
  expect(parseDecimal(text, delimiter as '.' | ',')?.toString()).toBe(expected)
})

test.each(['', 'abc', '1.2.3', '1,2', '1,2345', '12e3', 'NaN', '--1', '1 2'])(
  'parseDecimal refuses %j',
  (text) => {
    expect(parseDecimal(text, '.')).toBeNull()
  },
)

test('isDecimalString accepts what the API accepts', () => {
  expect(isDecimalString('12.50')).toBe(true)
  expect(isDecimalString('12,50')).toBe(false)
})

test('property: final rounding is idempotent and moves by at most half a unit', () => {
  fc.assert(
    fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 6 }), (n, decimals) => {
      const value = dec(n).div(1e6)
      const rounded = final(value, decimals)
      expect(final(rounded, decimals).equals(rounded)).toBe(true)
      expect(rounded.minus(value).abs().lte(dec(10).pow(-decimals).div(2))).toBe(true)
    }),
  )
})

test('property: parseDecimal reads back what toAmountString writes', () => {
  fc.assert(
    fc.property(fc.integer({ min: -1e10, max: 1e10 }), (n) => {
      const value = dec(n).div(100)
      expect(parseDecimal(toAmountString(value, 2))?.equals(value)).toBe(true)
    }),
  )
})
