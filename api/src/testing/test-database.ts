import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@libsql/client'
import pg from 'pg'
import type { Db } from '../db'
import { migrateDatabase, openDatabase } from '../db'
import { TEMPLATE } from './pg-global-setup'

export type TestDatabase = {
  db: Db
  client: Client
  url: string
  dir: string
  close: () => void | Promise<void>
}

/**
 * Under `npm run test:pg`, a fresh PostgreSQL database copied from the migrated template
 * (pg-global-setup.ts), dropped at close.
 */
const createPostgresTestDatabase = async (server: string): Promise<TestDatabase> => {
  const dir = mkdtempSync(join(tmpdir(), 'procura-test-'))
  const name = `procura_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`)
  const url = new URL(server)
  url.pathname = `/${name}`
  const database = await openDatabase(url.toString())
  let closed: Promise<void> | undefined
  return {
    db: database.db,
    client: database.client,
    url: url.toString(),
    dir,
    close: () => {
      closed ??= (async () => {
        await database.close()
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await admin.end()
        rmSync(dir, { recursive: true, force: true })
      })()
      return closed
    },
  }
}

/**
 * A real SQLite file in a fresh temporary folder, migrated (or, under `npm run test:pg`, a fresh
 * PostgreSQL database). Each test gets its own, so tests run in parallel without sharing state;
 * close() removes it.
 */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const server = process.env.PROCURA_TEST_PG_SERVER
  if (server !== undefined) return createPostgresTestDatabase(server)
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
    process.env.PROCURA_TEST_PG_SERVER === undefined
      ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name"
      : "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
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
