import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { statementCounter, timed } from './statements'

export const PG_MIGRATIONS = fileURLToPath(new URL('./migrations-pg', import.meta.url))

const pools = new WeakMap<object, pg.Pool>()

/** The connection pool behind a drizzle database on PostgreSQL (undefined on SQLite). */
export const poolOf = (db: object): pg.Pool | undefined => pools.get(db)

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url)

/**
 * 64-bit integers (ids, counts, epoch milliseconds, thousandths of stock) read as numbers, as on
 * SQLite: every value Procura stores is far below 2^53.
 */
const INT8 = 20
const getTypeParser = ((oid: number, format?: string) =>
  oid === INT8
    ? (value: string) => Number(value)
    : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser

/** The rows of a raw statement, shaped as libSQL answers them (tests and tools read `rows`). */
export type RawResult = { rows: Record<string, unknown>[] }
export type RawStatement = string | { sql: string; args?: unknown[] }

/** "?" placeholders (SQLite's) become "$1, $2…" (PostgreSQL's), outside quoted text. */
export const numberPlaceholders = (sql: string): string => {
  let n = 0
  return sql.replace(/'(?:[^']|'')*'|\?/g, (match) => (match === '?' ? `$${++n}` : match))
}

/**
 * Opens a PostgreSQL database: a connection pool, the drizzle session over the derived tables,
 * and `execute` for raw statements (tools and tests).
 */
export const openPostgres = (url: string) => {
  const pool = new pg.Pool({ connectionString: url, max: 10, types: { getTypeParser } })
  // An idle connection the server ends (restart, dropped test database) must not crash the process:
  // the pool drops it and opens another on the next query.
  pool.on('error', () => undefined)
  // Each connection's statements are timed for the metrics (pool.query, with its callback, and
  // transactions both go through them).
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string; submit?: unknown }
      if (typeof first === 'object' && first?.submit !== undefined) return query(...args)
      const sql = typeof first === 'string' ? first : String(first?.text ?? '')
      const callback = args[args.length - 1]
      if (typeof callback !== 'function') return timed(sql, () => query(...args) as Promise<unknown>)
      let answered!: () => void
      void timed(sql, () => new Promise<void>((resolve) => (answered = resolve)))
      return query(...args.slice(0, -1), (...answer: unknown[]) => {
        answered()
        return (callback as (...a: unknown[]) => unknown)(...answer)
      })
    }
  })
  const db = drizzle(pool, { logger: statementCounter })
  pools.set(db, pool)
  let ended: Promise<void> | undefined
  const execute = async (statement: RawStatement): Promise<RawResult> => {
    const { sql, args = [] } = typeof statement === 'string' ? { sql: statement } : statement
    const result = await pool.query(numberPlaceholders(sql), args as unknown[])
    return { rows: result.rows as Record<string, unknown>[] }
  }
  return {
    db,
    pool,
    execute,
    migrate: (folder: string = PG_MIGRATIONS) => migrate(db, { migrationsFolder: folder }),
    // Closing twice (a test and its afterEach) ends the pool once.
    close: () => {
      ended ??= pool.end()
      return ended
    },
  }
}

/**
 * Runs `work` while holding a PostgreSQL advisory lock named `name` (waiting for it), so that
 * servers sharing a database do it one at a time; on SQLite (one server) it simply runs.
 */
export const oneAtATime = async <T>(db: object, name: string, work: () => Promise<T>): Promise<T> => {
  const pool = poolOf(db)
  if (pool === undefined) return work()
  const client = await pool.connect()
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('procura:' || $1))", [name])
    try {
      return await work()
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('procura:' || $1))", [name])
    }
  } finally {
    client.release()
  }
}
