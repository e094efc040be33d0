import fc from 'fast-check'
import { expect, test } from 'vitest'
import { amountsFromExcTax } from './amounts'
import { dec, toAmountString } from './decimal'
import { addMinor, fromMinor, rescaleMinor, taxMinor, toMinor } from './minor-units'

const amountText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 11n }), fc.integer({ min: 0, max: 6 }))
  .map(([negative, digits, places]) => {
    const text = digits.toString().padStart(places + 1, '0')
    const amount = places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`
    return negative ? `-${amount}` : amount
  })
const rate = fc.oneof(
  fc.constantFrom('0', '2.1', '5.5', '8.5', '10', '13', '20', '21', '5.50', '19.6', '7.7'),
  fc.integer({ min: 0, max: 100_000 }).map((thousandths) => dec(thousandths).div(1000).toString()),
)
const decimals = fc.integer({ min: 0, max: 4 })

test('an amount in units is the decimal rounded half up, and reads back as the same text', () => {
  fc.assert(
    fc.property(amountText, decimals, (amount, places) => {
      const units = toMinor(amount, places)
      expect(fromMinor(units, places)).toBe(toAmountString(amount, places).replace(/^-(0\.?0*)$/, '$1'))
      expect(toMinor(fromMinor(units, places), places)).toBe(units)
    }),
  )
  expect([toMinor('0.125', 2), toMinor('-0.125', 2), toMinor('.5', 0), toMinor('7', 2)]).toEqual([
    13, -13, 1, 700,
  ])
  expect(fromMinor(-5, 2)).toBe('-0.05')
  expect(() => toMinor('1,5', 2)).toThrow(RangeError)
  expect(() => toMinor('', 2)).toThrow(RangeError)
})

test('a tax in units is exactly the tax of the decimal rule (kept to 6 decimals, then rounded)', () => {
  fc.assert(
    fc.property(amountText, rate, decimals, (amount, vatRate, places) => {
      const decimal = amountsFromExcTax(amount, { vat_rate: vatRate }, places)
      const units = toMinor(amount, places)
      expect(fromMinor(taxMinor(units, vatRate, places), places)).toBe(toAmountString(decimal.tax, places))
    }),
    { numRuns: 2000 },
  )
  // Both roundings matter: 0.0049995 kept to 6 decimals is 0.005000, then 0.01 (one rounding: 0.00).
  expect(taxMinor(9999, '0.05', 2)).toBe(
    toMinor(amountsFromExcTax('99.99', { vat_rate: '0.05' }, 2).tax.toFixed(2), 2),
  )
  expect(taxMinor(-1005, '5.5', 2)).toBe(-55)
})

test('sums in units are the decimal sums; past exact integers they are refused, not rounded', () => {
  fc.assert(
    fc.property(fc.array(amountText, { maxLength: 30 }), decimals, (amounts, places) => {
      const units = amounts.reduce((sum, a) => addMinor(sum, toMinor(a, places)), 0)
      const exact = amounts.reduce((sum, a) => sum.plus(toAmountString(a, places)), dec(0))
      expect(fromMinor(units, places)).toBe(toAmountString(exact, places).replace(/^-(0\.?0*)$/, '$1'))
    }),
  )
  expect(() => addMinor(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError)
  expect(() => toMinor('90071992547409.93', 2)).toThrow(RangeError)
})

test('units rescaled to fewer decimals round half up, as the decimal does', () => {
  fc.assert(
    fc.property(fc.integer({ min: -(10 ** 15), max: 10 ** 15 }), decimals, (units, places) => {
      const text = toAmountString(dec(units).div(10_000), places).replace(/^-(0\.?0*)$/, '$1')
      expect(fromMinor(rescaleMinor(units, 4, places), places)).toBe(text)
    }),
  )
  expect(rescaleMinor(12_345, 2, 4)).toBe(1_234_500)
})
