import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/test-database'
import { migrateDatabase } from './index'
import { dropsOf, MigrationRefused } from './migration-guard'
import { migrationLevel } from './migration-level'

test('what a migration drops without moving it: a table, a column, a table rebuilt without a column', () => {
  const columns = () => ['id', 'name', 'note']
  const rebuild = [
    'CREATE TABLE `__new_t` (`id` integer PRIMARY KEY, `name` text);',
    'INSERT INTO `__new_t`("id", "name") SELECT "id", "name" FROM `t`;',
    'DROP TABLE `t`;',
    'ALTER TABLE `__new_t` RENAME TO `t`;',
  ].join('--> statement-breakpoint\n')
  expect(dropsOf('0099', rebuild, columns)).toEqual([{ migration: '0099', table: 't', column: 'note' }])
  expect(dropsOf('0099', 'DROP TABLE "old";', columns)).toEqual([{ migration: '0099', table: 'old' }])
  expect(dropsOf('0099', 'ALTER TABLE "t" DROP COLUMN "note";', columns)).toEqual([
    { migration: '0099', table: 't', column: 'note' },
  ])
  // A migration that moved the data says so.
  expect(dropsOf('0099', `-- procura: moves t.note\n${rebuild}`, columns)).toEqual([])
  expect(dropsOf('0099', 'ALTER TABLE "t" ADD COLUMN "x" text;', columns)).toEqual([])
})

const folders: string[] = []
let t: TestDatabase | undefined
afterEach(async () => {
  await t?.close()
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true })
})

/** The release's migrations and one more, in a folder of their own. */
const withMigration = (engine: TestDatabase['engine'], tag: string, sql: string) => {
  const shipped = fileURLToPath(
    new URL(engine === 'postgresql' ? './migrations-pg' : './migrations', import.meta.url),
  )
  const folder = mkdtempSync(join(tmpdir(), 'procura-migrations-'))
  folders.push(folder)
  cpSync(shipped, folder, { recursive: true })
  const journalPath = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Record<string, unknown>[] }
  journal.entries.push({
    idx: journal.entries.length,
    version: '7',
    when: Date.now(),
    tag,
    breakpoints: true,
  })
  writeFileSync(journalPath, JSON.stringify(journal))
  writeFileSync(join(folder, `${tag}.sql`), sql)
  return folder
}

const columnsOfCurrencies = async (db: TestDatabase) =>
  (
    await db.client.execute(
      db.engine === 'postgresql'
        ? "SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'currencies'"
        : 'PRAGMA table_info("currencies")',
    )
  ).rows.map((r) => String((r as { name?: unknown }).name))

test('a migration that would drop a column holding data is refused and applies nothing; moving it first is said', async () => {
  t = await createTestDatabase('demo')
  const before = await migrationLevel(t)
  expect(before.applied).toBe(before.shipped)
  const dropping = withMigration(
    t.engine,
    '9000_drop_symbol',
    'ALTER TABLE "currencies" DROP COLUMN "symbol";',
  )
  await expect(migrateDatabase(t.db, dropping)).rejects.toThrow(MigrationRefused)
  await expect(migrateDatabase(t.db, dropping)).rejects.toThrow(/column currencies\.symbol, which holds data/)
  expect(await columnsOfCurrencies(t)).toContain('symbol')
  expect((await migrationLevel(t)).applied).toBe(before.applied)

  // A column that holds nothing (here added and dropped in one migration) goes.
  const empty = withMigration(
    t.engine,
    '9001_scratch',
    'ALTER TABLE "currencies" ADD COLUMN "scratch" text;--> statement-breakpoint\nALTER TABLE "currencies" DROP COLUMN "scratch";',
  )
  await migrateDatabase(t.db, empty)
  expect((await migrationLevel(t)).applied).toBe(before.applied + 1)
})

test('a migration that says it moved the data applies', async () => {
  t = await createTestDatabase('demo')
  const moved = withMigration(
    t.engine,
    '9000_symbol_moved',
    '-- procura: moves currencies.symbol\nALTER TABLE "currencies" DROP COLUMN "symbol";',
  )
  await migrateDatabase(t.db, moved)
  expect(await columnsOfCurrencies(t)).not.toContain('symbol')
})
