import { expect, test } from 'vitest'
import { z } from 'zod'
import { parseWith } from './parse'

const schema = z.object({
  login: z.string().trim().min(1).max(5),
  age: z.number().int().min(18),
  email: z.email(),
  role: z.enum(['admin', 'buyer']),
  password: z.string().min(8),
  code: z.string().refine((value) => !value.includes(' '), 'NOT_UNIQUE'),
})

const valid = {
  login: 'ann',
  age: 30,
  email: 'ann@example.org',
  role: 'admin',
  password: 'longenough',
  code: 'A1',
}

test('a valid input comes back parsed', () => {
  expect(parseWith(schema, valid)).toEqual({ ok: true, value: valid })
})

test.each([
  ['login', undefined, { code: 'FIELD_REQUIRED' }],
  ['login', '', { code: 'FIELD_REQUIRED' }],
  ['login', 'toolong', { code: 'MAX_LENGTH', params: { max: 5 } }],
  ['age', 'x', { code: 'NOT_A_NUMBER' }],
  ['age', 12, { code: 'TOO_SMALL', params: { min: 18 } }],
  ['email', 'nope', { code: 'INVALID_EMAIL' }],
  ['role', 'boss', { code: 'NOT_IN_LIST' }],
  ['password', 'short', { code: 'TOO_SHORT', params: { min: 8 } }],
  ['code', 'A 1', { code: 'NOT_UNIQUE' }],
])('field %s = %j gives %j', (field, value, issue) => {
  const result = parseWith(schema, { ...valid, [field]: value })
  expect(result).toEqual({ ok: false, error: { code: 'FORM_ERRORS', fields: { [field]: [issue] } } })
})

test('nested paths are dotted', () => {
  const nested = z.object({ lines: z.array(z.object({ qty: z.number() })) })
  const result = parseWith(nested, { lines: [{ qty: 1 }, {}] })
  expect(result.ok).toBe(false)
  if (!result.ok) expect(result.error.fields).toEqual({ 'lines.1.qty': [{ code: 'FIELD_REQUIRED' }] })
})
