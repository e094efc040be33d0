import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@libsql/client'
import pg from 'pg'
import { fixedClock } from '../clock'
import type { Database, Db } from '../db'
import { migrateDatabase, openDatabase } from '../db'
import { copyFixtureFiles, copySqliteFixture, type FixtureName, TEST_NOW } from './fixture-copy'
import { templateOf } from './pg-global-setup'
import { seedFixture } from './test-fixtures'

export type TestDatabase = {
  db: Db
  client: Client
  engine: Database['engine']
  url: string
  dir: string
  close: () => void | Promise<void>
}

/**
 * Under `npm run test:pg`, a fresh PostgreSQL database copied from the fixture's template
 * (pg-global-setup.ts), dropped at close.
 */
const createPostgresTestDatabase = async (server: string, fixture: FixtureName): Promise<TestDatabase> => {
  const dir = mkdtempSync(join(tmpdir(), 'procura-test-'))
  copyFixtureFiles(fixture, join(dir, 'files'), 'postgresql')
  const name = `procura_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  // FILE_COPY: copying the files is quicker than logging each block for databases this small.
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateOf(fixture)} STRATEGY FILE_COPY`)
  const url = new URL(server)
  url.pathname = `/${name}`
  const database = await openDatabase(url.toString())
  let closed: Promise<void> | undefined
  return {
    db: database.db,
    client: database.client,
    engine: database.engine,
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
 * A real SQLite file in a fresh temporary folder holding the fixture (test-fixtures.ts: migrated
 * by default), its stored files in `dir/files` (or, under `npm run test:pg`, a fresh PostgreSQL
 * database). Each test gets its own, so tests run in parallel without sharing state; close()
 * removes it. The file is a copy of the one the run's global setup built; outside a test run
 * (the benchmarks) it is migrated and seeded in place, the same way.
 */
export const createTestDatabase = async (fixture: FixtureName = 'migrated'): Promise<TestDatabase> => {
  const server = process.env.PROCURA_TEST_PG_SERVER
  if (server !== undefined) return createPostgresTestDatabase(server, fixture)
  const dir = mkdtempSync(join(tmpdir(), 'procura-test-'))
  const url = `file:${join(dir, 'procura.db')}`
  const copied = copySqliteFixture(fixture, dir)
  const database = await openDatabase(url)
  if (!copied) {
    await migrateDatabase(database.db)
    await seedFixture(database.db, fixture, fixedClock(TEST_NOW), join(dir, 'files'))
  }
  return {
    db: database.db,
    client: database.client,
    engine: database.engine,
    url,
    dir,
    close: () => {
      database.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Every table's row count: a refusal must leave these unchanged (one statement, both engines). */
export const tableCounts = async (client: Client): Promise<Record<string, number>> => {
  const tables = await client.execute(
    process.env.PROCURA_TEST_PG_SERVER === undefined
      ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name"
      : "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  )
  const names = tables.rows.map((row) => String(row.name))
  const counts = await client.execute(
    `SELECT ${names.map((name, i) => `(SELECT count(*) FROM "${name}") AS n${i}`).join(', ')}`,
  )
  const row: Record<string, unknown> = counts.rows[0] ?? {}
  return Object.fromEntries(names.map((name, i) => [name, Number(row[`n${i}`] ?? 0)]))
}

/** A snapshot of the settings table (key → JSON), to prove a refusal changed nothing. */
export const settingsSnapshot = async (client: Client): Promise<string> => {
  const rows = await client.execute('SELECT key, value FROM settings ORDER BY key')
  return JSON.stringify(rows.rows)
}
