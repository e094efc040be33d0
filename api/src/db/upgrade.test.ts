import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { expect, test } from 'vitest'
import { runDataCheck } from '../services/data-check'
import { migrateDatabase, openDatabase } from './index'
import { migrationLevel } from './migration-level'

/**
 * Upgrades keep data: each committed database of an earlier release (SQLite, the demo year, made
 * by `procura db seed` at the migration its name gives) goes through every later migration with
 * every row kept and the data check clean. A release adds its own database here
 * (docs/operations.md, "Upgrades"), and CHANGELOG.md names the migrations it brings.
 */
const FIXTURES = fileURLToPath(new URL('./upgrade-fixtures', import.meta.url))
const fixtures = readdirSync(FIXTURES).filter((f) => f.endsWith('.db.gz'))
const onPostgres = process.env.PROCURA_TEST_PG_SERVER !== undefined
const administrator = { id: 1, active: true, permissions: ['admin_menu' as const], real_user_id: null }

const rowCounts = async (client: Awaited<ReturnType<typeof openDatabase>>['client']) => {
  const tables = (
    await client.execute(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
    )
  ).rows.map((r) => String(r.name))
  const counts: Record<string, number> = {}
  for (const table of tables)
    counts[table] = Number((await client.execute(`SELECT count(*) AS n FROM "${table}"`)).rows[0]?.n)
  return counts
}

test.skipIf(onPostgres).each(fixtures)(
  'a database of an earlier release (%s) keeps every row through the later migrations',
  async (fixture) => {
    const dir = mkdtempSync(join(tmpdir(), 'procura-upgrade-'))
    try {
      const file = join(dir, 'procura.db')
      writeFileSync(file, gunzipSync(readFileSync(join(FIXTURES, fixture))))
      const database = await openDatabase(`file:${file}`)
      const before = await rowCounts(database.client)
      expect(before.purchase_orders).toBeGreaterThan(50)
      await migrateDatabase(database.db)
      const after = await rowCounts(database.client)
      // Every table of the earlier release keeps its rows (later releases may add tables and rows).
      for (const [table, n] of Object.entries(before))
        expect({ table, n: after[table] ?? 0 }).toEqual({ table, n })
      const level = await migrationLevel(database)
      expect(level.applied).toBe(level.shipped)
      const checked = await runDataCheck(database.db, administrator)
      expect(checked.ok && checked.value.data.problems).toEqual([])
      database.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
  120_000,
)

test('the release notes name every migration after the newest upgrade database', () => {
  const newest = Math.max(...fixtures.map((f) => Number(f.slice(0, 4))))
  const journal = JSON.parse(
    readFileSync(fileURLToPath(new URL('./migrations/meta/_journal.json', import.meta.url)), 'utf8'),
  ) as { entries: { tag: string }[] }
  const changelog = readFileSync(fileURLToPath(new URL('../../../CHANGELOG.md', import.meta.url)), 'utf8')
  const later = journal.entries.map((e) => e.tag).filter((tag) => Number(tag.slice(0, 4)) > newest)
  expect(later.filter((tag) => !changelog.includes(tag))).toEqual([])
})
