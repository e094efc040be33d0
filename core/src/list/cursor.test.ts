import { expect, test } from 'vitest'
import { decodeCursor, encodeCursor } from './cursor'

test.each([
  [{ value: new Date('2026-11-21T10:00:00.125Z'), id: 1234 }, 'd2026-11-21T10:00:00.125Z~1234'],
  [{ value: 'PO-2026-0001', id: 7 }, 'sPO-2026-0001~7'],
  [{ value: 'a~b', id: 7 }, 'sa~b~7'],
  [{ value: '', id: 1 }, 's~1'],
  [{ value: 12.5, id: 3 }, 'n12.5~3'],
])('the place %j travels as %s and comes back the same', (place, text) => {
  expect(encodeCursor(place)).toBe(text)
  expect(decodeCursor(text)).toEqual({ ok: true, value: place })
})

test.each([
  '',
  '~12',
  'x12~3',
  'sabc',
  'sabc~0',
  'sabc~-3',
  'sabc~1.5',
  'sabc~99999999999999999',
  'nabc~3',
  'd2026-13-45~3',
  'dyesterday~3',
])('%j is not a cursor: a form error on `after`', (text) => {
  expect(decodeCursor(text)).toEqual({
    ok: false,
    error: { code: 'FORM_ERRORS', fields: { after: [{ code: 'INVALID_VALUE' }] } },
  })
})
