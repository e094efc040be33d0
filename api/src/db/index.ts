import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Client, createClient } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import { migrate } from 'drizzle-orm/libsql/migrator'
import { guardDrops } from './migration-guard'
import { pgTables } from './pg-schema'
import { isPostgresUrl, openPostgres, PG_MIGRATIONS } from './postgres'
import * as schema from './schema'
import { type Engine, useTables } from './schema'
import { serialiseWrites } from './serialise'
import { keepPreparedStatements } from './statement-cache'
import { statementCounter } from './statements'
import type { Db, RawDatabase } from './types'
import { closeReader, keepReader } from './values'

export type { Engine } from './schema'
export type { Db, DbOrTx, RawDatabase, Tx } from './types'

/**
 * An open database. `client` runs raw statements (tools and tests) with libSQL's shape on both
 * engines; `engine` says which one, for the few tools that must know (copy, throwaway clusters).
 */
export type Database = { db: Db; client: Client; engine: Engine; close: () => void | Promise<void> }

const migrators = new WeakMap<object, (folder?: string) => Promise<unknown>>()
/** Each open database's raw side, for the migration guard. */
const raws = new WeakMap<object, RawDatabase>()

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url))

/** The file behind a "file:" URL, or null for other URLs (":memory:", remote libSQL). */
export const databaseFile = (url: string): string | null => {
  if (!url.startsWith('file:')) return null
  const path = url.slice('file:'.length).split('?')[0] ?? ''
  return path === '' || path.startsWith(':memory:') ? null : path
}

/**
 * Opens the database at `url` (creating the folder of a file database) with the pragmas a
 * single-file deployment wants: WAL with NORMAL sync, enforced foreign keys, and a busy timeout for the CLI
 * writing while the server runs.
 */
export const openDatabase = async (url: string): Promise<Database> => {
  if (isPostgresUrl(url)) {
    // One engine per process: the table bindings every service imports become PostgreSQL's.
    useTables(pgTables)
    const postgres = openPostgres(url)
    const db = postgres.db as unknown as Db
    migrators.set(db, postgres.migrate)
    const client = {
      execute: postgres.execute,
      close: () => postgres.close(),
    } as unknown as Client
    raws.set(db, { client, engine: 'postgresql' })
    return { db, client, engine: 'postgresql', close: () => postgres.close() }
  }
  const file = databaseFile(url)
  if (file !== null) mkdirSync(dirname(file), { recursive: true })
  keepPreparedStatements()
  const client = createClient({ url })
  if (file !== null) await client.execute('PRAGMA journal_mode = WAL')
  const db = drizzle(serialiseWrites(client), { logger: statementCounter })
  raws.set(db, { client, engine: 'sqlite' })
  if (file !== null) keepReader(db, file)
  return {
    db,
    client,
    engine: 'sqlite',
    close: () => {
      closeReader(db)
      client.close()
    },
  }
}

/**
 * Applies the drizzle-kit migrations that this database has not seen yet — refused, with nothing
 * applied, when one would drop data it does not move (migration-guard.ts). `folder` is for tests.
 */
export const migrateDatabase = async (db: Db, folder?: string): Promise<void> => {
  const postgres = migrators.get(db)
  const raw = raws.get(db)
  const migrations = folder ?? (postgres !== undefined ? PG_MIGRATIONS : MIGRATIONS)
  if (raw !== undefined) await guardDrops(raw, migrations)
  if (postgres !== undefined) await postgres(migrations)
  else await migrate(db, { migrationsFolder: migrations })
}

export { schema }
