import { expect, test } from 'vitest'
import { parseWith } from '../errors/parse'
import { MaintenanceSchema } from './maintenance'

test('only the flag is required; delay and message default to null', () => {
  expect(MaintenanceSchema.parse({ enabled: true })).toEqual({
    enabled: true,
    retry_after: null,
    message: null,
  })
})

test.each([
  [{ enabled: true, retry_after: 0 }, 'retry_after', 'TOO_SMALL'],
  [{ enabled: true, retry_after: 1.5 }, 'retry_after', 'INVALID_VALUE'],
  [{ enabled: true, retry_after: 90_000 }, 'retry_after', 'TOO_LARGE'],
  [{ enabled: true, message: 'x'.repeat(501) }, 'message', 'MAX_LENGTH'],
  [{}, 'enabled', 'FIELD_REQUIRED'],
])('%j is refused on %s with %s', (input, field, code) => {
  const result = parseWith(MaintenanceSchema, input)
  expect(result.ok).toBe(false)
  if (!result.ok) expect(result.error.fields?.[field]?.[0]?.code).toBe(code)
})
