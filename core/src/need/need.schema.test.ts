import { expect, test } from 'vitest'
import { parseWith } from '../errors/parse'
import { NeedInputSchema } from './need.schema'

const need = {
  title: 'Chairs',
  buyer_id: 2,
  purchase_family: 'FURNITURE',
  lines: [{ description: 'Chair', quantity: '4', unit_price_exctax: '120' }],
}

test('a need parses with its defaults', () => {
  const parsed = parseWith(NeedInputSchema, need)
  expect(parsed.ok && parsed.value.lines[0]).toMatchObject({
    unit: 'unit',
    vat_rate: '20',
    wanted_date: null,
  })
})

test.each([
  [{ ...need, buyer_id: undefined }, 'buyer_id', 'NEED_BUYER_REQUIRED'],
  [{ ...need, purchase_family: '' }, 'purchase_family', 'NEED_FAMILY_REQUIRED'],
  [{ ...need, purchase_family: undefined }, 'purchase_family', 'NEED_FAMILY_REQUIRED'],
  [{ ...need, lines: [] }, 'lines', 'NEED_HAS_NO_LINE'],
  [{ ...need, lines: [{ ...need.lines[0], quantity: 'lots' }] }, 'lines.0.quantity', 'NOT_A_NUMBER'],
  [{ ...need, lines: [{ ...need.lines[0], quantity: '-1' }] }, 'lines.0.quantity', 'MUST_BE_POSITIVE'],
  [
    { ...need, lines: [{ ...need.lines[0], unit_price_exctax: '-5000' }] },
    'lines.0.unit_price_exctax',
    'TOO_SMALL',
  ],
])('%j is refused on %s with %s', (value, field, code) => {
  const result = parseWith(NeedInputSchema, value)
  expect(result.ok).toBe(false)
  if (!result.ok) expect(result.error.fields?.[field]?.[0]?.code).toBe(code)
})

test('a line quantity must be a multiple of its step, and the error names the step', () => {
  const withStep = (quantity: string) => ({
    ...need,
    lines: [{ ...need.lines[0], quantity, quantity_step: '0.25' }],
  })
  expect(parseWith(NeedInputSchema, withStep('1.75')).ok).toBe(true)
  const refused = parseWith(NeedInputSchema, withStep('1.3'))
  expect(refused.ok).toBe(false)
  if (!refused.ok)
    expect(refused.error.fields?.['lines.0.quantity']).toEqual([
      { code: 'QUANTITY_STEP', params: { step: '0.25' } },
    ])
})

test('a line carries allocations 1 to 4 and its own delivery address', () => {
  const parsed = parseWith(NeedInputSchema, {
    ...need,
    lines: [{ ...need.lines[0], allocation2: 'SUB', allocation4: 'A4', delivery_address: 'Dock 3' }],
  })
  expect(parsed.ok && parsed.value.lines[0]).toMatchObject({
    allocation1: null,
    allocation2: 'SUB',
    allocation3: null,
    allocation4: 'A4',
    delivery_address: 'Dock 3',
  })
})
