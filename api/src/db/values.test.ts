import { asc, eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/test-database'
import { notificationPreferences, traces, users } from './schema'
import { readRows, selectValues } from './values'

let t: TestDatabase
beforeEach(async () => {
  t = await createTestDatabase()
  await t.db.insert(traces).values(
    Array.from({ length: 5 }, (_, i) => ({
      action: `a${i}`,
      message: `Trace ${i}`,
      model: 'system',
      model_id: i % 2 === 0 ? null : String(i),
      severity: 'info' as const,
      created_at: new Date(Date.UTC(2026, 10, 20 + i)),
    })),
  )
})
afterEach(() => t.close())

const tracesQuery = () =>
  t.db
    .select({
      id: traces.id,
      action: traces.action,
      model_id: traces.model_id,
      created_at: traces.created_at,
    })
    .from(traces)
    .orderBy(asc(traces.id))

test('rows read as arrays are mapped exactly as drizzle maps them: dates, nulls, nested selections, flags', async () => {
  expect(await readRows(t.db, tracesQuery())).toEqual(await tracesQuery())
  const nested = () =>
    t.db
      .select({
        user: { id: users.id, login: users.login, active: users.active },
        pref: notificationPreferences.kind,
      })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.user_id, users.id))
      .orderBy(asc(users.id))
  const read = await readRows(t.db, nested())
  expect(read).toEqual(await nested())
  expect(read.every((r) => typeof r.user.active === 'boolean')).toBe(true)
})

test('a select as arrays of values, in the order of its columns', async () => {
  const rows = await selectValues<[number, string, string | null, unknown]>(t.db, tracesQuery())
  expect(rows.map((r) => [r[1], r[2]])).toEqual([
    ['a0', null],
    ['a1', '1'],
    ['a2', null],
    ['a3', '3'],
    ['a4', null],
  ])
  expect(Array.isArray(rows[0])).toBe(true)
})

test('in a transaction the rows are read in it: its own writes are seen', async () => {
  const seen = await t.db.transaction(async (tx) => {
    await tx
      .insert(traces)
      .values({ action: 'inside', message: 'x', model: 'system', severity: 'info', created_at: new Date() })
    return readRows(tx, tx.select({ action: traces.action }).from(traces).where(eq(traces.action, 'inside')))
  })
  expect(seen).toEqual([{ action: 'inside' }])
})
