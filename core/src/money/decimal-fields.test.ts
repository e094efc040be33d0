import { expect, test } from 'vitest'
import { z } from 'zod'
import { parseWith } from '../errors/parse'
import { decimalField, documentTotalSign, numberAsDecimalText, totalRule } from './decimal-fields'

const codeOf = (schema: z.ZodType, value: unknown) => {
  const parsed = parseWith(z.object({ v: schema }), { v: value })
  return parsed.ok ? 'ok' : parsed.error.fields?.v?.[0]
}

test.each([
  ['nonNegative', '0', 'ok'],
  ['nonNegative', '12.50', 'ok'],
  ['nonNegative', '-0.000', 'ok'],
  ['nonNegative', '-5000', { code: 'TOO_SMALL', params: { min: 0 } }],
  ['nonNegative', 'abc', { code: 'NOT_A_NUMBER' }],
  ['positive', '0.001', 'ok'],
  ['positive', '0', { code: 'MUST_BE_POSITIVE' }],
  ['positive', '-1', { code: 'MUST_BE_POSITIVE' }],
  ['rate', '100', 'ok'],
  ['rate', '100.00', 'ok'],
  ['rate', '100.01', { code: 'TOO_LARGE', params: { max: 100 } }],
  ['rate', '250', { code: 'TOO_LARGE', params: { max: 100 } }],
  ['rate', '-20', { code: 'TOO_SMALL', params: { min: 0 } }],
] as const)('%s refuses or takes %s', (kind, value, expected) => {
  expect(codeOf(decimalField[kind](), value)).toEqual(expected)
})

test.each([
  [4, '4'],
  [12.5, '12.5'],
  [0.1, '0.1'],
  [-3.25, '-3.25'],
  [1234.5, '1234.5'],
  [123456789012345, '123456789012345'],
  [0.000123, '0.000123'],
  [1e21, null],
  [1e-7, null],
  [1234567890123456, null],
  [Number('0.1234567890123456789'), null],
  [Number.NaN, null],
])('the JSON number %s reads as %s', (value, text) => {
  expect(numberAsDecimalText(value)).toBe(text)
})

test('a decimal field takes an exact JSON number as its text, and says what it expects otherwise', () => {
  const schema = z.object({ v: decimalField.positive() })
  expect(parseWith(schema, { v: 4 })).toEqual({ ok: true, value: { v: '4' } })
  expect(parseWith(schema, { v: 0.3 })).toEqual({ ok: true, value: { v: '0.3' } })
  expect(codeOf(decimalField.positive(), 1e21)).toEqual({ code: 'DECIMAL_EXPECTED' })
  expect(codeOf(decimalField.positive(), true)).toEqual({ code: 'DECIMAL_EXPECTED' })
  expect(codeOf(decimalField.positive(), undefined)).toEqual({ code: 'FIELD_REQUIRED' })
  expect(codeOf(decimalField.text().nullable(), 7)).toBe('ok')
})

test('the total sign sums quantity × unit price', () => {
  expect(documentTotalSign([{ quantity: '2', unit_price_exctax: '10' }])).toBe(1)
  expect(documentTotalSign([])).toBe(0)
  expect(
    documentTotalSign([
      { quantity: '1', unit_price_exctax: '10' },
      { quantity: '1', unit_price_exctax: '-10.000001' },
    ]),
  ).toBe(-1)
})

test('a document whose total is below zero is refused on its lines', () => {
  const lines = z
    .array(z.object({ quantity: z.string(), unit_price_exctax: z.string() }))
    .superRefine(totalRule)
  const parsed = parseWith(z.object({ lines }), {
    lines: [
      { quantity: '1', unit_price_exctax: '5' },
      { quantity: '1', unit_price_exctax: '-6' },
    ],
  })
  expect(parsed.ok).toBe(false)
  if (!parsed.ok) expect(parsed.error.fields?.lines).toEqual([{ code: 'DOCUMENT_TOTAL_NEGATIVE' }])
  expect(parseWith(z.object({ lines }), { lines: [{ quantity: '1', unit_price_exctax: '0' }] }).ok).toBe(true)
})
