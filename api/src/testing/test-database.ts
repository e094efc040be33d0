import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@libsql/client'
import type { Db } from '../db'
import { migrateDatabase, openDatabase } from '../db'

export type TestDatabase = { db: Db; client: Client; url: string; dir: string; close: () => void }

/**
 * A real SQLite file in a fresh temporary folder, migrated. Each test gets its own, so tests
 * run in parallel without sharing state; close() removes the folder.
 */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const dir = mkdtempSync(join(tmpdir(), 'procura-test-'))
  const url = `file:${join(dir, 'procura.db')}`
  const database = await openDatabase(url)
  await migrateDatabase(database.db)
  return {
    db: database.db,
    client: database.client,
    url,
    dir,
    close: () => {
      database.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Every table's row count: a refusal must leave these unchanged. */
export const tableCounts = async (client: Client): Promise<Record<string, number>> => {
  const tables = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
  )
  const counts: Record<string, number> = {}
  for (const row of tables.rows) {
    const name = String(row.name)
    const result = await client.execute(`SELECT count(*) AS n FROM "${name}"`)
    counts[name] = Number(result.rows[0]?.n ?? 0)
  }
  return counts
}

/** A snapshot of the settings table (key → JSON), to prove a refusal changed nothing. */
export const settingsSnapshot = async (client: Client): Promise<string> => {
  const rows = await client.execute('SELECT key, value FROM settings ORDER BY key')
  return JSON.stringify(rows.rows)
}
