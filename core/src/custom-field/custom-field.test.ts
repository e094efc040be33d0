import { expect, test } from 'vitest'
import {
  type CustomFieldDefinition,
  CustomFieldInputSchema,
  type CustomFieldType,
  checkCustomValues,
  customValueText,
} from './custom-field'

const field = (type: CustomFieldType, extra: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition => ({
  id: 1,
  code: 'f',
  label: 'F',
  type,
  required: false,
  options: type === 'choice' ? ['A', 'B'] : [],
  ...extra,
})

/** Per type: values kept as what, and values refused with which issue. */
test.each([
  [
    'boolean',
    [
      [true, '1'],
      ['0', '0'],
      [false, '0'],
    ],
    [['maybe', 'INVALID_VALUE']],
  ],
  ['choice', [['B', 'B']], [['C', 'NOT_IN_LIST']]],
  [
    'date',
    [['2026-02-28', '2026-02-28']],
    [
      ['2026-02-30', 'INVALID_DATE'],
      ['28/02/2026', 'INVALID_DATE'],
    ],
  ],
  ['email', [[' a@b.fr ', 'a@b.fr']], [['a@', 'INVALID_EMAIL']]],
  [
    'file',
    [[12, '12']],
    [
      ['x', 'INVALID_VALUE'],
      [-1, 'INVALID_VALUE'],
    ],
  ],
  [
    'iso_code',
    [
      ['fr', 'FR'],
      ['EUR', 'EUR'],
    ],
    [['FRANCE', 'INVALID_VALUE']],
  ],
  [
    'markup',
    [['12,50', '12.5']],
    [
      ['-1', 'TOO_SMALL'],
      ['ten', 'NOT_A_NUMBER'],
    ],
  ],
  [
    'number',
    [
      ['-3.25', '-3.25'],
      [7, '7'],
    ],
    [['1e3', 'NOT_A_NUMBER']],
  ],
  [
    'period',
    [
      ['2026-01-01/2026-03-31', '2026-01-01/2026-03-31'],
      [['2026-01-01', '2026-01-01'], '2026-01-01/2026-01-01'],
    ],
    [
      ['2026-03-31/2026-01-01', 'DATE_AFTER_OR_EQUAL'],
      ['2026-01-01', 'INVALID_DATE'],
    ],
  ],
  [
    'string',
    [['  Lot 7 ', 'Lot 7']],
    [
      ['two\nlines', 'INVALID_VALUE'],
      ['x'.repeat(256), 'MAX_LENGTH'],
    ],
  ],
  [
    'string_list',
    [
      ['a, b\nc', '["a","b","c"]'],
      [['x', ' y '], '["x","y"]'],
    ],
    [[['x'.repeat(101)], 'MAX_LENGTH']],
  ],
  ['text', [['one\r\ntwo', 'one\ntwo']], [['x'.repeat(1001), 'MAX_LENGTH']]],
  ['long_text', [['x'.repeat(5000), 'x'.repeat(5000)]], [['x'.repeat(10_001), 'MAX_LENGTH']]],
] as const)('%s: kept and refused values', (type, kept, refused) => {
  for (const [raw, value] of kept)
    expect(checkCustomValues([field(type)], { f: raw })).toEqual({ values: { f: value }, issues: {} })
  for (const [raw, code] of refused)
    expect(checkCustomValues([field(type)], { f: raw }).issues).toEqual({
      'custom.f': [expect.objectContaining({ code })],
    })
})

test('a required field must be given; a blank value of an optional one is none', () => {
  expect(checkCustomValues([field('string', { required: true })], { f: '  ' }).issues).toEqual({
    'custom.f': [{ code: 'FIELD_REQUIRED' }],
  })
  expect(checkCustomValues([field('string')], {})).toEqual({ values: { f: null }, issues: {} })
})

test('a required file is asked for at submission only: it cannot be attached before the first save', () => {
  const file = [field('file', { required: true })]
  expect(checkCustomValues(file, {}, 'saving').issues).toEqual({})
  expect(checkCustomValues(file, {}, 'submitting').issues).toEqual({
    'custom.f': [{ code: 'FIELD_REQUIRED' }],
  })
})

test('a value for a field the document does not have is refused', () => {
  expect(checkCustomValues([field('string')], { other: 'x' }).issues).toEqual({
    'custom.other': [{ code: 'NOT_IN_LIST' }],
  })
})

test('a choice field needs its choices', () => {
  const input = { model: 'purchase_order', code: 'lot', label: 'Lot', type: 'choice' }
  expect(CustomFieldInputSchema.safeParse(input).success).toBe(false)
  expect(CustomFieldInputSchema.safeParse({ ...input, options: ['A'] }).success).toBe(true)
})

test('kept values as a person reads them', () => {
  const words = { yes: 'Yes', no: 'No' }
  expect(customValueText('boolean', '1', words)).toBe('Yes')
  expect(customValueText('period', '2026-01-01/2026-03-31', words)).toBe('2026-01-01 – 2026-03-31')
  expect(customValueText('string_list', '["a","b"]', words)).toBe('a, b')
  expect(customValueText('markup', '12.5', words)).toBe('12.5 %')
})
