import { expect, test } from 'vitest'
import { parseWith } from '../errors/parse'
import { ChartInputSchema, DelegationInputSchema } from './inputs'

test('a chart row parses with its defaults', () => {
  const parsed = parseWith(ChartInputSchema, {
    rows: [{ criteria: { default: '1' }, validator_login: 'victor' }],
  })
  expect(parsed.ok && parsed.value.rows[0]).toEqual({
    min_amount: '0',
    max_amount: null,
    weight: null,
    criteria: { default: '1' },
    validator_login: 'victor',
    validator_role: null,
  })
})

test('an unknown criterion and a bad amount are refused', () => {
  const result = parseWith(ChartInputSchema, { rows: [{ criteria: { planet: 'x' }, min_amount: 'ten' }] })
  expect(result.ok).toBe(false)
  if (!result.ok)
    expect(Object.keys(result.error.fields ?? {}).sort()).toEqual(['rows.0.criteria', 'rows.0.min_amount'])
})

test('a delegation ends after it starts', () => {
  const base = { delegate_login: 'dana', starts_at: '2026-11-01T00:00:00Z', ends_at: '2026-11-30T00:00:00Z' }
  expect(parseWith(DelegationInputSchema, base).ok).toBe(true)
  const backwards = parseWith(DelegationInputSchema, { ...base, ends_at: '2026-10-01T00:00:00Z' })
  expect(backwards.ok).toBe(false)
  if (!backwards.ok) expect(backwards.error.fields?.ends_at?.[0]?.code).toBe('DATE_AFTER_OR_EQUAL')
})
