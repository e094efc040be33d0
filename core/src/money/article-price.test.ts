import { expect, test } from 'vitest'
import { articleLineAmounts, articleUnitPrices, pricePerUnit, priceSortKey } from './article-price'

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
