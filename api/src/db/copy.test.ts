import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { copySqliteFixture } from '../testing/fixture-copy'
import { createTestDatabase, type TestDatabase } from '../testing/test-database'
import { copyDatabase } from './copy'
import { openDatabase } from './index'

// SQLite to PostgreSQL needs a server: this file runs under `npm run test:pg`.
const onPostgres = process.env.PROCURA_TEST_PG_SERVER !== undefined

let dir: string
let target: TestDatabase
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'procura-copy-'))
})
afterAll(async () => {
  await target?.close()
  rmSync(dir, { recursive: true, force: true })
})

const everything = async (client: TestDatabase['client'], tables: string[]) => {
  const out: Record<string, number> = {}
  for (const table of tables)
    out[table] = Number((await client.execute(`SELECT count(*) AS n FROM "${table}"`)).rows[0]?.n)
  return out
}

test.runIf(onPostgres)(
  'the demo year moves from SQLite to PostgreSQL whole, and the product goes on there',
  async () => {
    // The demo year on SQLite, as `db seed` leaves it (this run's fixture: test-fixtures.ts).
    expect(copySqliteFixture('demo-year', dir)).toBe(true)
    const sqliteUrl = `file:${join(dir, 'procura.db')}`
    const source = await openDatabase(sqliteUrl)
    const tables = (
      await source.client.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
      )
    ).rows.map((r) => String(r.name))
    const before = await everything(source.client, tables)
    const sample = (
      await source.client.execute(
        'SELECT code, amount_inctax, created_at FROM purchase_orders ORDER BY id LIMIT 3',
      )
    ).rows
    await source.close()

    // An empty PostgreSQL database (the test's own: migrated, no rows).
    target = await createTestDatabase()
    const copied = await copyDatabase(sqliteUrl, target.url)
    expect(Object.fromEntries(copied.map((c) => [c.table, c.rows]))).toEqual(before)
    expect(await everything(target.client, tables)).toEqual(before)
    const moved = (
      await target.client.execute(
        'SELECT code, amount_inctax, created_at FROM purchase_orders ORDER BY id LIMIT 3',
      )
    ).rows
    expect(
      moved.map((r) => [r.code, r.amount_inctax, new Date(r.created_at as unknown as Date).getTime()]),
    ).toEqual(sample.map((r) => [r.code, r.amount_inctax, Number(r.created_at)]))
    // New rows continue after the copied ids.
    const inserted = await target.client.execute({
      sql: "INSERT INTO traces (action, message, model, severity, created_at) VALUES ('copy', 'after the copy', 'system', 'info', ?) RETURNING id",
      args: [new Date()],
    })
    expect(Number(inserted.rows[0]?.id)).toBeGreaterThan(before.traces ?? 0)

    // Copying again into a database that holds data is refused.
    await expect(copyDatabase(sqliteUrl, target.url)).rejects.toThrow(/already holds data/)
  },
)
