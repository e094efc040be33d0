import { expect, test } from 'vitest'
import { checkOrdersPerYear, checkSupplierCeilings } from './ceilings'

test.each([
  ['1000', { max_per_order: null, max_per_year: null }, '0', null],
  ['1000', { max_per_order: '1000', max_per_year: null }, '0', null],
  ['1000.01', { max_per_order: '1000', max_per_year: null }, '0', 'SUPPLIER_ORDER_LIMIT_EXCEEDED'],
  ['500', { max_per_order: null, max_per_year: '10000' }, '9500', null],
  ['500.01', { max_per_order: null, max_per_year: '10000' }, '9500', 'SUPPLIER_YEAR_LIMIT_EXCEEDED'],
  ['2000', { max_per_order: '1000', max_per_year: '1500' }, '0', 'SUPPLIER_ORDER_LIMIT_EXCEEDED'],
])('an order of %s with %j after %s this year → %s', (amount, limits, year, code) => {
  const result = checkSupplierCeilings(amount, limits, year)
  expect(result.ok ? null : result.error.code).toBe(code)
})

test('the refusal names the limit', () => {
  expect(checkSupplierCeilings('20', { max_per_order: '10', max_per_year: null }, '0')).toEqual({
    ok: false,
    error: { code: 'SUPPLIER_ORDER_LIMIT_EXCEEDED', params: { limit: '10' } },
  })
})

test('orders per year', () => {
  expect(checkOrdersPerYear(99, 100).ok).toBe(true)
  expect(checkOrdersPerYear(100, 100)).toEqual({
    ok: false,
    error: { code: 'PO_LIMIT_PER_YEAR_REACHED', params: { limit: 100 } },
  })
  expect(checkOrdersPerYear(1_000_000, null).ok).toBe(true)
})
