import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/test-database'
import { cappedCount, searchFirst } from './capped-count'
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

test('a search that finds few rows reads them by id and counts them; one that finds more than the cap reads its condition', async () => {
  const few = await searchFirst(t.db, traces, traces.id, eq(traces.action, 'a'), true, true, 5)
  const fewIds = (await t.db.select({ id: traces.id }).from(traces).where(few.rows)).map((r) => r.id)
  expect(fewIds).toHaveLength(3)
  expect(await few.count()).toBe(3)
  // The page's condition is the ids found, not the search again.
  expect(JSON.stringify(t.db.select().from(traces).where(few.rows).toSQL().params)).toBe(
    JSON.stringify(fewIds),
  )
  const many = await searchFirst(t.db, traces, traces.id, eq(traces.action, 'b'), true, true, 3)
  expect(await many.count()).toBe(4)
  expect(t.db.select().from(traces).where(many.rows).toSQL().params).toEqual(['b'])
  const none = await searchFirst(t.db, traces, traces.id, eq(traces.action, 'z'), true, true, 3)
  expect(await t.db.select().from(traces).where(none.rows)).toEqual([])
  expect(await none.count()).toBe(0)
  // Not searching: the condition as is, counted with the cap; an export does not count.
  const plain = await searchFirst(t.db, traces, traces.id, undefined, false, false, 3)
  expect(await plain.count()).toBe(-1)
})
