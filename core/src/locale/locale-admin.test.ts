import { expect, test } from 'vitest'
import {
  bookingFactor,
  CurrencyInputSchema,
  checkLanguageActive,
  currencyIssues,
  inBookingCurrency,
  LanguageInputSchema,
  rateOn,
} from './locale-admin'

const history = [
  { valid_from: '2026-01-01', rate: '1.10' },
  { valid_from: '2026-07-01', rate: '1.08' },
  { valid_from: '2026-03-15', rate: '1.12' },
]

test.each([
  ['2026-03-14', '1.10', 'the rate in force that day'],
  ['2026-03-15', '1.12', 'a rate applies from its own day'],
  ['2026-06-30', '1.12', 'until the day before the next'],
  ['2026-11-27', '1.08', 'the last one after it'],
  ['2025-12-31', '1.10', 'before the first known rate, the first one'],
])('the rate on %s is %s (%s)', (day, rate) => {
  expect(rateOn(history, day, '9.99')).toBe(rate)
})

test('without history, a currency’s current rate', () => {
  expect(rateOn([], '2026-11-27', '0.85')).toBe('0.85')
})

test.each([
  // 1 EUR = 1.08 USD; the company books in EUR (rate 1): 1 USD = 0.925926 EUR.
  ['1.08', '1', '0.925926'],
  // The same currency: nothing to convert.
  ['0.85', '0.85', '1'],
  // A GBP company (0.85) books a USD invoice (1.08): through the default currency.
  ['1.08', '0.85', '0.787037'],
])('one unit at rate %s is worth %s-rated units × %s', (documentRate, companyRate, factor) => {
  expect(bookingFactor(documentRate, companyRate)).toBe(factor)
})

test('an amount in the company’s currency is rounded once, to the configured decimals', () => {
  expect(inBookingCurrency('184.75', '0.925926', 2)).toBe('171.06')
  expect(inBookingCurrency('-10.005', '1', 2)).toBe('-10.01')
  expect(inBookingCurrency('184.75', '0.925926', 0)).toBe('171')
})

const usd = { code: 'USD', label: 'US dollar', symbol: '$', position: 'before', rate: '1.08' }

test.each([
  [{ rate: '0' }, 'rate'],
  [{ rate: '-1.2' }, 'rate'],
  [{ rate: '1.1234567' }, 'rate'],
  [{ rate: '1,08' }, 'rate'],
  [{ code: 'usd' }, 'code'],
  [{ symbol: '' }, 'symbol'],
  [{ position: 'middle' }, 'position'],
  [{ rate_from: '2026-02-30' }, 'rate_from'],
])('a currency %o is refused on %s', (change, field) => {
  const parsed = CurrencyInputSchema.safeParse({ ...usd, ...change })
  expect(parsed.success).toBe(false)
  expect(parsed.error?.issues.map((i) => i.path[0])).toContain(field)
})

test('the default currency keeps the rate 1; a rate starts today or before', () => {
  const input = CurrencyInputSchema.parse({ ...usd, code: 'EUR', rate: '1.000' })
  expect(currencyIssues(input, { isDefault: true, today: '2026-11-27' })).toBeNull()
  expect(currencyIssues({ ...input, rate: '1.01' }, { isDefault: true, today: '2026-11-27' })).toEqual({
    rate: [{ code: 'CURRENCY_DEFAULT_RATE', params: { currency: 'EUR' } }],
  })
  const dated = CurrencyInputSchema.parse({ ...usd, rate_from: '2026-11-28' })
  expect(currencyIssues(dated, { isDefault: false, today: '2026-11-27' })).toEqual({
    rate_from: [{ code: 'CURRENCY_RATE_FUTURE' }],
  })
  expect(
    currencyIssues({ ...dated, rate_from: '2026-11-27' }, { isDefault: false, today: '2026-11-27' }),
  ).toBeNull()
})

const french = {
  label: 'Français',
  country_code: 'FR',
  currency_position: 'after',
  date_format: 'DD/MM/YYYY',
  hour_format: 'HH:mm',
  active: true,
}

test.each([
  [{ date_format: 'DD/MM' }, 'date_format'],
  [{ hour_format: 'HH' }, 'hour_format'],
  [{ country_code: 'fra' }, 'country_code'],
])('a language %o is refused on %s', (change, field) => {
  const parsed = LanguageInputSchema.safeParse({ ...french, ...change })
  expect(parsed.error?.issues.map((i) => i.path[0])).toEqual([field])
})

test('the last active language stays active', () => {
  const off = LanguageInputSchema.parse({ ...french, active: false })
  expect(checkLanguageActive(off, { code: 'fr', otherActive: 1 }).ok).toBe(true)
  expect(checkLanguageActive(off, { code: 'fr', otherActive: 0 })).toEqual({
    ok: false,
    error: {
      code: 'FORM_ERRORS',
      fields: { active: [{ code: 'LANGUAGE_LAST_ACTIVE', params: { language: 'fr' } }] },
    },
  })
})
