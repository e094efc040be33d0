import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  articleLineAmounts,
  articleUnitPrices,
  articleUnitPriceTexts,
  pricePerUnit,
  priceSortKey,
} from './article-price'

const box = { unit_price_exctax: '12.00', unit_number_per_price: '100', vat_rate: '20' }

test('the unit price is the price divided by the units it is given for', () => {
  expect(pricePerUnit(box).toString()).toBe('0.12')
  expect(pricePerUnit({ ...box, unit_price_exctax: '10', unit_number_per_price: '3' }).toString()).toBe(
    '3.333333',
  )
})

test('catalogue prices excluding and including tax', () => {
  const prices = articleUnitPrices({
    unit_price_exctax: '10',
    unit_number_per_price: '1',
    vat_rate: '20',
    vat_rate_2: '5',
  })
  expect(prices.price_exctax.toString()).toBe('10')
  expect(prices.price_inctax.toString()).toBe('12.5')
})

test('a line of catalogue units: 250 screws at 12.00 per 100', () => {
  const line = articleLineAmounts(box, '250', 2)
  expect(line.exctax.toFixed(2)).toBe('30.00')
  expect(line.inctax.toFixed(2)).toBe('36.00')
})

test('three units at 10.00 per 3 cost exactly 10.00, not 9.99', () => {
  expect(
    articleLineAmounts(
      { ...box, unit_price_exctax: '10', unit_number_per_price: '3' },
      '3',
      2,
    ).exctax.toFixed(2),
  ).toBe('10.00')
})

test('units per price must be positive', () => {
  expect(() => pricePerUnit({ ...box, unit_number_per_price: '0' })).toThrow()
  expect(() => articleLineAmounts({ ...box, unit_number_per_price: '-1' }, '1', 2)).toThrow()
})

test('a price sorts by its millionths, computed in decimal', () => {
  expect(priceSortKey('0.1')).toBe(100000)
  expect(priceSortKey('1.005')).toBe(1005000)
  expect(priceSortKey('0.0000005')).toBe(1)
  expect(priceSortKey('12345.678901')).toBe(12345678901)
})

test('the unit prices in integers are exactly the decimal ones, and the sort key their millionths', () => {
  const decimalText = (max: bigint, places: number) =>
    fc.bigInt({ min: 0n, max }).map((n) => {
      const text = n.toString().padStart(places + 1, '0')
      return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`
    })
  const rate = fc.constantFrom('0', '2.1', '5.5', '8.5', '10', '19.6', '20', '7.125', '100')
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 6 }).chain((places) => decimalText(10n ** 12n, places)),
      fc
        .integer({ min: 0, max: 3 })
        .chain((places) => decimalText(10n ** 6n, places))
        .filter((t) => /[1-9]/.test(t)),
      rate,
      fc.option(rate, { nil: null }),
      (unit_price_exctax, unit_number_per_price, vat_rate, vat_rate_2) => {
        const article = { unit_price_exctax, unit_number_per_price, vat_rate, vat_rate_2 }
        const exact = articleUnitPrices(article)
        expect(articleUnitPriceTexts(article)).toEqual({
          price_exctax: exact.price_exctax.toFixed(6),
          price_inctax: exact.price_inctax.toFixed(6),
          price_sort: priceSortKey(exact.price_exctax),
        })
      },
    ),
    { numRuns: 3000 },
  )
  expect(() =>
    articleUnitPriceTexts({ unit_price_exctax: '1', unit_number_per_price: '0', vat_rate: '20' }),
  ).toThrow()
})
