import { expect, test } from 'vitest'
import { parseWith } from '../errors/parse'
import { passwordIssues } from '../validation/password'
import { DEFAULT_SETTINGS, MODULES, passwordPolicyOf, SettingsSchema } from './settings.schema'

test('an empty object parses to complete defaults in the spec groups', () => {
  expect(Object.keys(DEFAULT_SETTINGS).sort()).toEqual(
    [
      'accounting',
      'allocations',
      'api',
      'backups',
      'contract',
      'customer',
      'files',
      'formats',
      'instance',
      'misc',
      'modules',
      'prices',
    ].sort(),
  )
  expect(DEFAULT_SETTINGS.formats).toMatchObject({ decimals: 2, decimal_delimiter: '.' })
  expect(Object.keys(DEFAULT_SETTINGS.modules).sort()).toEqual([...MODULES].sort())
  expect(Object.values(DEFAULT_SETTINGS.modules).every((on) => on === false)).toBe(true)
})

test('defaults for the constants of spec §9', () => {
  expect(DEFAULT_SETTINGS.prices).toMatchObject({
    delivery_line_deviation_percent: 0,
    delivery_total_deviation_percent: 0,
    invoice_line_limit_percent: 0,
    invoice_total_limit_percent: 0,
    budget_vat_rate: '20',
    // Framework agreements: nothing drawn past a ceiling until an administrator allows it.
    agreement_overdraw_percent: 0,
  })
  expect(DEFAULT_SETTINGS.files.max_bytes).toBe(10 * 1024 * 1024)
  expect(DEFAULT_SETTINGS.contract).toEqual({
    agreement_notice_days: 30,
    renewal_date: '01/01',
    supplier_approval_default_days: 365,
    forced_status_max_days: 90,
    file_expiry_warning_days: 30,
    vigilance_threshold: '5000',
    vigilance_action: 'warn',
  })
  expect(DEFAULT_SETTINGS.misc.dashboard_comparison_months).toBe(12)
  expect(DEFAULT_SETTINGS.customer.po_limit_per_year).toBeNull()
})

test('the demo password satisfies the default password policy', () => {
  expect(passwordIssues('Demo1234!', passwordPolicyOf(DEFAULT_SETTINGS))).toEqual([])
})

test('a partial group keeps the other defaults', () => {
  const settings = SettingsSchema.parse({ formats: { decimals: 3 }, modules: { multi_currency: true } })
  expect(settings.formats).toMatchObject({ decimals: 3, decimal_delimiter: '.' })
  expect(settings.modules.multi_currency).toBe(true)
  expect(settings.modules.multi_company).toBe(false)
})

test.each([
  [{ formats: { decimals: 7 } }, 'formats.decimals', 'TOO_LARGE'],
  [{ formats: { decimal_delimiter: ';' } }, 'formats.decimal_delimiter', 'NOT_IN_LIST'],
  [
    { formats: { invoice_piece_number: '{year}-{seq}' } },
    'formats.invoice_piece_number',
    'UNKNOWN_TEMPLATE_TOKEN',
  ],
  [{ customer: { main_color: 'blue' } }, 'customer.main_color', 'INVALID_VALUE'],
  [{ contract: { renewal_date: '31/13' } }, 'contract.renewal_date', 'INVALID_VALUE'],
  [{ prices: { invoice_line_limit_percent: -2 } }, 'prices.invoice_line_limit_percent', 'TOO_SMALL'],
  [{ prices: { invoice_line_limit_percent: -0.5 } }, 'prices.invoice_line_limit_percent', 'INVALID_VALUE'],
  [{ misc: { password_min_length: 4 } }, 'misc.password_min_length', 'TOO_SMALL'],
  [{ files: { extensions: [] } }, 'files.extensions', 'FIELD_REQUIRED'],
])('%j is refused on %s with %s', (input, field, code) => {
  const result = parseWith(SettingsSchema, input)
  expect(result.ok).toBe(false)
  if (!result.ok) expect(result.error.fields?.[field]?.[0]?.code).toBe(code)
})
