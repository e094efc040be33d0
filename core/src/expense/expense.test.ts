import { expect, test } from 'vitest'
import { checkExpenseAmounts, checkExpenseValues, type ExpenseField, ExpenseTypeInputSchema } from './expense'

const field = (key: string, kind: string, extra = {}) => ({ key, label: key, kind, ...extra })

test('an expense type may have only one mileage field', () => {
  const one = ExpenseTypeInputSchema.safeParse({
    code: 'KM',
    label: 'Mileage',
    fields: [field('distance', 'mileage')],
  })
  expect(one.success).toBe(true)
  const two = ExpenseTypeInputSchema.safeParse({
    code: 'KM',
    label: 'Mileage',
    fields: [field('distance', 'mileage'), field('back', 'mileage')],
  })
  expect(two.success).toBe(false)
  expect(two.error?.issues.map((i) => i.message)).toContain('EXPENSE_TYPE_ONE_MILEAGE_FIELD')
})

test('a list field needs its options and field keys are distinct', () => {
  const noOptions = ExpenseTypeInputSchema.safeParse({
    code: 'M',
    label: 'Meal',
    fields: [field('kind', 'list')],
  })
  expect(noOptions.error?.issues[0]?.path).toEqual(['fields', 0, 'options'])
  const twice = ExpenseTypeInputSchema.safeParse({
    code: 'M',
    label: 'Meal',
    fields: [field('guests', 'number'), field('guests', 'number')],
  })
  expect(twice.error?.issues[0]?.message).toBe('DUPLICATE_OPTION_KEYS')
})

test.each([
  ['HT + VAT = TTC', '20.00', '24.00', [{ rate: '20', amount: '4.00' }], true],
  [
    'two rates',
    '30.00',
    '34.55',
    [
      { rate: '10', amount: '2.00' },
      { rate: '20', amount: '2.55' },
    ],
    true,
  ],
  ['no VAT: HT = TTC', '12.50', '12.50', [], true],
  ['a cent off', '20.00', '24.01', [{ rate: '20', amount: '4.00' }], false],
  ['no VAT detail but TTC above HT', '20.00', '24.00', [], false],
])('excluding and including tax must agree: %s', (_, exc, inc, vat, agrees) => {
  const checked = checkExpenseAmounts({ amount_exctax: exc, amount_inctax: inc, vat }, 2)
  expect(checked.ok).toBe(agrees)
  if (!checked.ok) expect(checked.error.fields?.amount_inctax?.[0]?.code).toBe('EXPENSE_PRICES_MISMATCH')
})

test('a rate appears once in the VAT details', () => {
  const checked = checkExpenseAmounts(
    {
      amount_exctax: '10',
      amount_inctax: '12',
      vat: [
        { rate: '10', amount: '1' },
        { rate: '10.0', amount: '1' },
      ],
    },
    2,
  )
  expect(checked.ok).toBe(false)
})

test('field values: the mileage distance is entered by hand, lists take their options, numbers are numbers', () => {
  const fields: ExpenseField[] = [
    { key: 'distance', label: 'Distance', kind: 'mileage', required: false, options: [] },
    { key: 'meal', label: 'Meal', kind: 'list', required: true, options: ['Lunch', 'Dinner'] },
    { key: 'guests', label: 'Guests', kind: 'number', required: false, options: [] },
  ]
  const missing = checkExpenseValues(fields, {})
  expect(missing.ok).toBe(false)
  if (!missing.ok)
    expect(missing.error.fields).toEqual({
      'values.distance': [{ code: 'DISTANCE_REQUIRED' }],
      'values.meal': [{ code: 'FIELD_REQUIRED' }],
    })
  const wrong = checkExpenseValues(fields, { distance: '0', meal: 'Breakfast', guests: 'two', other: '1' })
  if (!wrong.ok)
    expect(Object.keys(wrong.error.fields ?? {}).sort()).toEqual([
      'values.distance',
      'values.guests',
      'values.meal',
      'values.other',
    ])
  expect(wrong.ok).toBe(false)
  expect(checkExpenseValues(fields, { distance: '42.5', meal: 'Lunch' })).toEqual({
    ok: true,
    value: { distance: '42.5', meal: 'Lunch' },
  })
})
