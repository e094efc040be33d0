import { expect, test } from 'vitest'
import { parseWith } from '../errors/parse'
import { DEFAULT_SETTINGS, MODULES, SettingsSchema } from './settings.schema'

test('an empty object parses to complete defaults', () => {
  expect(DEFAULT_SETTINGS.formats).toEqual({ decimals: 2, decimal_delimiter: '.' })
  expect(DEFAULT_SETTINGS.customer.name).toBe('Procura')
  expect(Object.keys(DEFAULT_SETTINGS.modules).sort()).toEqual([...MODULES].sort())
  expect(Object.values(DEFAULT_SETTINGS.modules).every((on) => on === false)).toBe(true)
})

test('a partial group keeps the other defaults', () => {
  const settings = SettingsSchema.parse({ formats: { decimals: 3 }, modules: { multi_currency: true } })
  expect(settings.formats).toEqual({ decimals: 3, decimal_delimiter: '.' })
  expect(settings.modules.multi_currency).toBe(true)
  expect(settings.modules.multi_company).toBe(false)
})

test.each([
  [{ formats: { decimals: 7 } }, 'formats.decimals', 'TOO_LARGE'],
  [{ formats: { decimal_delimiter: ';' } }, 'formats.decimal_delimiter', 'NOT_IN_LIST'],
  [{ customer: { main_color: 'blue' } }, 'customer.main_color', 'INVALID_VALUE'],
])('%j is refused on %s with %s', (input, field, code) => {
  const result = parseWith(SettingsSchema, input)
  expect(result.ok).toBe(false)
  if (!result.ok) expect(result.error.fields?.[field]?.[0]?.code).toBe(code)
})
