import { getTableConfig } from 'drizzle-orm/sqlite-core'
import { afterEach, expect, test } from 'vitest'
import { sqliteTables } from '../db/pg-schema'
import { createTestDatabase, type TestDatabase, tableCounts } from './test-database'

let database: TestDatabase | undefined
afterEach(() => database?.close())

test('each fixture is a database of its own: what one test writes, the next copy does not hold', async () => {
  database = await createTestDatabase('demo')
  const users = async (d: TestDatabase) =>
    Number((await d.client.execute('SELECT count(*) AS n FROM users')).rows[0]?.n)
  const seeded = await users(database)
  expect(seeded).toBeGreaterThan(0)
  await database.client.execute("UPDATE users SET label = 'changed'")
  const other = await createTestDatabase('demo')
  try {
    expect(await users(other)).toBe(seeded)
    const changed = await other.client.execute("SELECT count(*) AS n FROM users WHERE label = 'changed'")
    expect(Number(changed.rows[0]?.n)).toBe(0)
  } finally {
    await other.close()
  }
})

test('the migrated fixture holds the schema and no rows', async () => {
  database = await createTestDatabase()
  const counts = await tableCounts(database.client)
  expect(Object.keys(counts).sort()).toEqual(sqliteTables.map((t) => getTableConfig(t).name).sort())
  expect(counts.users).toBe(0)
})

test('tableCounts counts every table, and sees rows go', async () => {
  database = await createTestDatabase('demo')
  const before = await tableCounts(database.client)
  expect(before.users).toBeGreaterThan(0)
  expect(before.traces).toBeGreaterThan(0)
  await database.client.execute('DELETE FROM traces')
  expect(await tableCounts(database.client)).toEqual({ ...before, traces: 0 })
})
