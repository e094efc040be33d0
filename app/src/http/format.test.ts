import { expect, test } from 'vitest'
import { createFormatter, type FormatInfos } from './format'

const infos: FormatInfos = {
  currencies: [
    { code: 'EUR', label: 'Euro', symbol: '€', rate: '1', position: 'after', is_default: true },
    { code: 'USD', label: 'US dollar', symbol: '$', rate: '1.08', position: 'before', is_default: false },
  ],
  languages: [
    {
      code: 'en',
      label: 'English',
      currency_position: 'before',
      date_format: 'MM/DD/YYYY',
      hour_format: 'h:mm A',
    },
    {
      code: 'fr',
      label: 'Français',
      currency_position: 'after',
      date_format: 'DD/MM/YYYY',
      hour_format: 'HH:mm',
    },
    {
      code: 'es',
      label: 'Español',
      currency_position: 'after',
      date_format: 'DD/MM/YYYY',
      hour_format: 'HH:mm',
    },
  ],
  formats: { decimals: 2, time_zone: 'Europe/Paris' },
}
const reader = (language: string, currency: string | null = null, incTax = false) =>
  createFormatter(infos, { language, currency, price_display_inctax: incTax })
const visible = (s: string) => s.replace(/\u00a0/g, '␣').replace(/\u202f/g, '·')

test('amounts, numbers and dates follow the reader’s language', () => {
  expect(visible(reader('en').amount('1194.92'))).toBe('€1,194.92')
  expect(visible(reader('fr').amount('1194.92'))).toBe('1·194,92␣€')
  expect(visible(reader('es').amount('1194.92', 'USD'))).toBe('1.194,92␣$')
  expect(visible(reader('fr').number('1250.5'))).toBe('1·250,5')
  expect(reader('en').date('2026-03-07')).toBe('03/07/2026')
  expect(reader('fr').dateTime('2026-03-07T13:05:00Z')).toBe('07/03/2026 14:05')
})

test('without a display currency of their own, a reader sees the default one and no conversion', () => {
  const f = reader('en')
  expect(f.displayCurrency).toBe('EUR')
  expect(f.money('100')).toBe('€100.00')
})

test('a reader who displays another currency sees the document’s amount and its conversion', () => {
  const f = reader('en', 'USD')
  expect(f.money('100', 'EUR')).toBe('€100.00 (≈ $108.00)')
  expect(f.money('108', 'USD')).toBe('$108.00')
  expect(f.converted('108', 'USD')).toBeNull()
})

test('prices follow the reader’s tax choice and display currency', () => {
  const prices = { exctax: '10', inctax: '12' }
  expect(reader('en').price(prices)).toBe('€10.00')
  expect(reader('en', null, true).price(prices)).toBe('€12.00')
  expect(reader('en', 'USD', true).price(prices)).toBe('$12.96')
})

test('shipped units and currency names are translated, units in the plural the quantity asks for; others stay as written', () => {
  expect(reader('fr').quantity('1', 'box')).toBe('1 boîte')
  expect(reader('fr').quantity('1234.5', 'unit')).toBe('1\u202f234,5 unités')
  expect(reader('en').quantity('8', null)).toBe('8 units')
  expect(reader('es').quantity('3', 'crate')).toBe('3 crate')
  expect(reader('fr').currencyName('USD')).toMatch(/dollar des États-Unis/i)
})
