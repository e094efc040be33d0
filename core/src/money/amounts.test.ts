import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  displayedAmount,
  documentTotals,
  excludingTax,
  includingTax,
  lineAmountExcTax,
  lineAmounts,
  rateKey,
  receiptAmounts,
  sumAmounts,
} from './amounts'
import { dec } from './decimal'

const s = (d: { toFixed: (n: number) => string }, n = 2) => d.toFixed(n)

test('a line: quantity × price, rounded, then each tax on the rounded amount', () => {
  const line = lineAmounts({ quantity: '3', unit_price_exctax: '19.999', vat_rate: '20' }, 2)
  // 3 × 19.999 = 59.997 → 60.00; 20% → 12.00
  expect(s(line.exctax)).toBe('60.00')
  expect(line.taxes.map((t) => [t.rate, s(t.base), s(t.tax)])).toEqual([['20', '60.00', '12.00']])
  expect(s(line.inctax)).toBe('72.00')
})

test('half-up rounding: 0.125 rounds to 0.13, -0.125 to -0.13', () => {
  expect(s(lineAmounts({ quantity: '1', unit_price_exctax: '0.125', vat_rate: '0' }, 2).exctax)).toBe('0.13')
  expect(s(lineAmounts({ quantity: '-1', unit_price_exctax: '0.125', vat_rate: '0' }, 2).exctax)).toBe(
    '-0.13',
  )
})

test('the configured decimal count decides the final rounding', () => {
  const line = { quantity: '1', unit_price_exctax: '10.4567', vat_rate: '5.5' }
  expect(s(lineAmounts(line, 0).exctax, 0)).toBe('10')
  expect(s(lineAmounts(line, 3).exctax, 3)).toBe('10.457')
  expect(s(lineAmounts(line, 3).tax, 3)).toBe('0.575') // 10.457 × 5.5% = 0.575135
})

test('intermediate results keep 6 decimals: 1/3 of 0.000001 is not lost in a chain', () => {
  // 7 × 0.1428571 = 0.9999997 → kept at 6 decimals = 1.000000 → 1.00
  expect(s(lineAmounts({ quantity: '7', unit_price_exctax: '0.1428571', vat_rate: '0' }, 2).exctax)).toBe(
    '1.00',
  )
})

test('two VAT rates each apply to the amount excluding tax', () => {
  const line = lineAmounts({ quantity: '2', unit_price_exctax: '50', vat_rate: '20', vat_rate_2: '0.5' }, 2)
  expect(line.taxes.map((t) => [t.rate, s(t.tax)])).toEqual([
    ['20', '20.00'],
    ['0.5', '0.50'],
  ])
  expect(s(line.inctax)).toBe('120.50')
})

test('a zero or missing second rate adds no tax row', () => {
  expect(
    lineAmounts({ quantity: '1', unit_price_exctax: '10', vat_rate: '20', vat_rate_2: '0' }, 2).taxes,
  ).toHaveLength(1)
  expect(
    lineAmounts({ quantity: '1', unit_price_exctax: '10', vat_rate: '20', vat_rate_2: null }, 2).taxes,
  ).toHaveLength(1)
})

test('document totals and the VAT breakdown per rate', () => {
  const lines = [
    lineAmounts({ quantity: '1', unit_price_exctax: '10.01', vat_rate: '20' }, 2),
    lineAmounts({ quantity: '1', unit_price_exctax: '10.01', vat_rate: '20' }, 2),
    lineAmounts({ quantity: '3', unit_price_exctax: '1.99', vat_rate: '5.5' }, 2),
  ]
  const totals = documentTotals(lines)
  expect(s(totals.exctax)).toBe('25.99')
  // per line: 2.002 → 2.00 twice; 5.97 × 5.5% = 0.32835 → 0.33
  expect(totals.breakdown.map((r) => [r.rate, s(r.base), s(r.tax)])).toEqual([
    ['5.5', '5.97', '0.33'],
    ['20', '20.02', '4.00'],
  ])
  expect(s(totals.tax)).toBe('4.33')
  expect(s(totals.inctax)).toBe('30.32')
})

test('an empty document totals zero', () => {
  const totals = documentTotals([])
  expect([s(totals.exctax), s(totals.tax), s(totals.inctax)]).toEqual(['0.00', '0.00', '0.00'])
  expect(totals.breakdown).toEqual([])
})

test('including and excluding tax convert prices both ways', () => {
  expect(includingTax('100', { vat_rate: '20' }).toString()).toBe('120')
  expect(includingTax('100', { vat_rate: '20', vat_rate_2: '5' }).toString()).toBe('125')
  expect(excludingTax('120', { vat_rate: '20' }).toString()).toBe('100')
  expect(excludingTax('10', { vat_rate: '3' }).toString()).toBe('9.708738')
})

test('price display follows the user setting price_display_inctax', () => {
  const amounts = { exctax: dec('10'), inctax: dec('12') }
  expect(displayedAmount(amounts, false).toString()).toBe('10')
  expect(displayedAmount(amounts, true).toString()).toBe('12')
})

const amount = fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => dec(n).div(1000).toString())
const quantity = fc.integer({ min: 1, max: 100_000 }).map((n) => dec(n).div(100).toString())
const rate = fc.constantFrom('0', '2.1', '5.5', '10', '19.6', '20', '21')
const line = fc.record({
  quantity,
  unit_price_exctax: amount,
  vat_rate: rate,
  vat_rate_2: fc.constantFrom(null, '0', '0.5'),
})

test('property: a document total always equals the sum of its shown lines', () => {
  fc.assert(
    fc.property(fc.array(line, { maxLength: 30 }), fc.integer({ min: 0, max: 4 }), (inputs, decimals) => {
      const lines = inputs.map((l) => lineAmounts(l, decimals))
      const totals = documentTotals(lines)
      const shown = (d: { toFixed: (n: number) => string }) => dec(d.toFixed(decimals))
      const sumShown = (pick: (l: (typeof lines)[number]) => { toFixed: (n: number) => string }) =>
        lines.reduce((acc, l) => acc.plus(shown(pick(l))), dec(0))
      expect(totals.exctax.equals(sumShown((l) => l.exctax))).toBe(true)
      expect(totals.inctax.equals(sumShown((l) => l.inctax))).toBe(true)
      expect(totals.inctax.equals(totals.exctax.plus(totals.tax))).toBe(true)
      const breakdownTax = totals.breakdown.reduce((acc, r) => acc.plus(r.tax), dec(0))
      expect(breakdownTax.equals(totals.tax)).toBe(true)
    }),
  )
})

test('property: every final amount has at most the configured decimals and is within half a unit', () => {
  fc.assert(
    fc.property(line, fc.integer({ min: 0, max: 4 }), (l, decimals) => {
      const amounts = lineAmounts(l, decimals)
      for (const value of [amounts.exctax, amounts.tax, amounts.inctax]) {
        expect(value.decimalPlaces()).toBeLessThanOrEqual(decimals)
      }
      const exact = dec(l.quantity).times(l.unit_price_exctax)
      expect(amounts.exctax.minus(exact).abs().lte(dec(10).pow(-decimals).div(2))).toBe(true)
    }),
  )
})

test('a line amount keeps 6 decimals before its final rounding: 0.3 × 0.016665 is 0.01, not 0.00', () => {
  expect(lineAmountExcTax('0.3', '0.016665', 2)).toBe('0.01')
  expect(lineAmountExcTax('3', '33.333333', 2)).toBe('100.00')
  expect(lineAmountExcTax('7', '55.198571', 2)).toBe('386.39')
})

test('a rate read once keeps its key and value, however many other rates are read in between', () => {
  // "5.50" and "5.5" are one rate; the rates read are kept per text, forgotten past a thousand.
  const line = (rate: string) => lineAmounts({ quantity: '1', unit_price_exctax: '100', vat_rate: rate }, 2)
  expect(rateKey('5.50')).toBe('5.5')
  for (let i = 0; i < 1500; i += 1) expect(rateKey(`${i}.250`)).toBe(`${i}.25`)
  expect(rateKey('5.50')).toBe('5.5')
  expect(line('5.50').taxes.map((t) => [t.rate, s(t.tax)])).toEqual([['5.5', '5.50']])
  expect(line('19.6').taxes.map((t) => [t.rate, s(t.tax)])).toEqual([['19.6', '19.60']])
  expect(rateKey(dec('7.000'))).toBe('7')
  expect(rateKey(20)).toBe('20')
})

test('a receipt’s VAT and amount excluding tax add up to what was paid, to the cent', () => {
  expect(receiptAmounts('123.45', '10', 2)).toEqual({ vat: '11.22', exctax: '112.23' })
  expect(receiptAmounts('22.00', '10', 2)).toEqual({ vat: '2.00', exctax: '20.00' })
  expect(receiptAmounts('10', '5.5', 2)).toEqual({ vat: '0.52', exctax: '9.48' })
  expect(receiptAmounts('0.10', '20', 2)).toEqual({ vat: '0.02', exctax: '0.08' })
  expect(receiptAmounts('15', '0', 3)).toEqual({ vat: '0.000', exctax: '15.000' })
  expect(receiptAmounts('', '10', 2)).toBeNull()
  expect(receiptAmounts('12,5', '10', 2)).toBeNull()
  // Every cent from 0.01 to 50.00 at the usual rates: the parts add up exactly.
  for (let cents = 1; cents <= 5000; cents += 7)
    for (const rate of ['20', '10', '5.5', '2.1']) {
      const paid = (cents / 100).toFixed(2)
      const parts = receiptAmounts(paid, rate, 2)
      expect(
        dec(parts?.vat ?? 'NaN')
          .plus(parts?.exctax ?? 'NaN')
          .toFixed(2),
        `${paid} at ${rate}`,
      ).toBe(paid)
    }
})

test('amounts are summed exactly: 0.1 + 0.2 is 0.30, not 0.30000000000000004', () => {
  expect(sumAmounts(['0.1', '0.2'], 2)).toBe('0.30')
  expect(sumAmounts(['1234.56', '-0.56', '', 'x'], 2)).toBe('1234.00')
  expect(sumAmounts([], 2)).toBe('0.00')
})
