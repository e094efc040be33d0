import { expect, test } from 'vitest'
import {
  checkBillingLimit,
  checkDeliveryDeviations,
  checkInvoiceBilling,
  deviationPercent,
} from './deviation'

test('deviation in percent of what was expected', () => {
  expect(deviationPercent('110', '100')?.toString()).toBe('10')
  expect(deviationPercent('90', '100')?.toString()).toBe('10')
  expect(deviationPercent('1', '3')?.toString()).toBe('66.666667')
  expect(deviationPercent('5', '0')).toBeNull()
})

test.each([
  [{ line: -1, total: -1 }, [{ delivered: '500', ordered: '1' }], true],
  [{ line: 10, total: -1 }, [{ delivered: '110', ordered: '100' }], true],
  [{ line: 10, total: -1 }, [{ delivered: '111', ordered: '100' }], false],
  [{ line: 0, total: -1 }, [{ delivered: '100', ordered: '100' }], true],
  [{ line: 0, total: -1 }, [{ delivered: '99', ordered: '100' }], false],
  [
    { line: -1, total: 5 },
    [
      { delivered: '120', ordered: '100' },
      { delivered: '80', ordered: '100' },
    ],
    true,
  ],
  [
    { line: -1, total: 5 },
    [
      { delivered: '120', ordered: '100' },
      { delivered: '100', ordered: '100' },
    ],
    false,
  ],
  [{ line: 5, total: -1 }, [{ delivered: '0', ordered: '0' }], true],
  [{ line: 5, total: -1 }, [{ delivered: '1', ordered: '0' }], false],
])('delivery limits %j on %j → %s', (limits, lines, valid) => {
  expect(checkDeliveryDeviations(lines, limits).ok).toBe(valid)
})

test('a line refusal names the line, the deviation and the limit', () => {
  expect(
    checkDeliveryDeviations(
      [
        { delivered: '10', ordered: '10' },
        { delivered: '13', ordered: '10' },
      ],
      { line: 20, total: -1 },
    ),
  ).toEqual({
    ok: false,
    error: { code: 'DELIVERY_DEVIATION_EXCEEDED', params: { deviation: '30', limit: 20, line: 2 } },
  })
})

test.each([
  ['100', '100', 0, true],
  ['100.01', '100', 0, false],
  ['105', '100', 5, true],
  ['105.01', '100', 5, false],
  ['1000000', '1', -1, true],
])('billing %s of %s remaining with limit %i%% → %s', (billed, remaining, limit, valid) => {
  expect(checkBillingLimit(billed, remaining, limit).ok).toBe(valid)
})

test('invoice billing checks each line, then the total', () => {
  const lines = [
    { billed: '104', remaining: '100' },
    { billed: '96', remaining: '100' },
  ]
  expect(checkInvoiceBilling(lines, { line: 5, total: 0 }).ok).toBe(true)
  expect(checkInvoiceBilling(lines, { line: 3, total: -1 })).toMatchObject({
    ok: false,
    error: { code: 'BILLING_LIMIT_EXCEEDED' },
  })
  expect(
    checkInvoiceBilling(
      [
        { billed: '104', remaining: '100' },
        { billed: '100', remaining: '100' },
      ],
      { line: 5, total: 1 },
    ).ok,
  ).toBe(false)
})
