import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  checkDocumentCurrency,
  convertAmount,
  fromDefaultCurrency,
  money,
  sumMoney,
  toDefaultCurrency,
} from './currency'
import { dec } from './decimal'

test('a rate is units of the currency per unit of the default currency', () => {
  // 1 EUR = 1.08 USD
  expect(toDefaultCurrency('108', '1.08', 2).toFixed(2)).toBe('100.00')
  expect(fromDefaultCurrency('100', '1.08', 2).toFixed(2)).toBe('108.00')
  expect(toDefaultCurrency('10', '3', 2).toFixed(2)).toBe('3.33')
})

test('a rate must be positive', () => {
  expect(() => toDefaultCurrency('1', '0', 2)).toThrow('positive')
  expect(() => fromDefaultCurrency('1', '-1', 2)).toThrow('positive')
})

test('sums of money stay in one currency', () => {
  expect(sumMoney([money('1.10', 'EUR'), money('2.20', 'EUR')], 'EUR').amount.toString()).toBe('3.3')
  expect(() => sumMoney([money('1', 'USD')], 'EUR')).toThrow('Cannot add USD to EUR.')
})

const amount = fc.integer({ min: 0, max: 100_000_000 }).map((n) => dec(n).div(100))
const rate = fc.integer({ min: 1, max: 5_000_000 }).map((n) => dec(n).div(10_000))

test('property: a rate of 1 changes nothing', () => {
  fc.assert(
    fc.property(
      amount,
      (a) => toDefaultCurrency(a, '1', 2).equals(a) && fromDefaultCurrency(a, '1', 2).equals(a),
    ),
  )
})

test('property: converting there and back stays within the rounding of the way back', () => {
  fc.assert(
    fc.property(amount, rate, (a, r) => {
      const back = fromDefaultCurrency(toDefaultCurrency(a, r, 2), r, 2)
      // The default-currency amount is off by at most 0.005; times the rate, plus the final 0.005.
      const tolerance = dec('0.005').times(r).plus('0.005').plus('0.000001')
      expect(back.minus(a).abs().lte(tolerance)).toBe(true)
    }),
  )
})

test('property: conversion is monotonic', () => {
  fc.assert(
    fc.property(amount, amount, rate, (a, b, r) => {
      const [low, high] = a.lte(b) ? [a, b] : [b, a]
      expect(toDefaultCurrency(low, r, 2).lte(toDefaultCurrency(high, r, 2))).toBe(true)
    }),
  )
})

test.each([
  ['EUR', false, true],
  ['USD', false, false],
  ['USD', true, true],
  ['XXX', true, false],
])('a document in %s with multi-currency %s: accepted %s', (code, multiCurrency, accepted) => {
  const currencies = [
    { code: 'EUR', is_default: true },
    { code: 'USD', is_default: false },
  ]
  const checked = checkDocumentCurrency(code, { currencies, multiCurrency })
  expect(checked.ok).toBe(accepted)
  if (!checked.ok)
    expect(checked.error.fields?.currency_code).toEqual([
      { code: 'CURRENCY_NOT_ACTIVE', params: { currency: code } },
    ])
})

test('convertAmount goes through the default currency and rounds once', () => {
  // 1 EUR = 1.08 USD, 1 EUR = 0.85 GBP: 100 USD = 92.592592… EUR = 78.703703… GBP
  expect(convertAmount('100', { rate: '1.08' }, { rate: '0.85' }, 2).toFixed(2)).toBe('78.70')
  expect(convertAmount('1194.92', { rate: '1' }, { rate: '1.08' }, 2).toFixed(2)).toBe('1290.51')
  expect(convertAmount('10', { rate: '1.08' }, { rate: '1.08' }, 2).toFixed(2)).toBe('10.00')
  expect(() => convertAmount('1', { rate: '0' }, { rate: '1' }, 2)).toThrow()
})
