import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/test-database'
import { cappedCount } from './capped-count'
import { traces } from './schema'

let t: TestDatabase
beforeEach(async () => {
  t = await createTestDatabase()
  await t.db.insert(traces).values(
    Array.from({ length: 8 }, (_, i) => ({
      action: i < 3 ? 'a' : 'b',
      message: `m${i}`,
      model: 'system',
      severity: 'info' as const,
      created_at: new Date(),
    })),
  )
})
afterEach(() => t.close())

test('a count stops one past its cap: exact below it, "more" above', async () => {
  expect(await cappedCount(t.db, traces, eq(traces.action, 'a'), 5)).toBe(3)
  expect(await cappedCount(t.db, traces, undefined, 5)).toBe(6)
  expect(await cappedCount(t.db, traces, undefined, 8)).toBe(8)
})
