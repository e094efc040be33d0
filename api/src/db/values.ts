import { createRequire } from 'node:module'
import { fillPlaceholders } from 'drizzle-orm'
import { poolOf } from './postgres'
import { statementCounter, timed } from './statements'
import type { Db, DbOrTx } from './types'

type Statement = { raw: (on?: boolean) => Statement; all: (params: unknown[]) => unknown[][] }
type Connection = { prepare: (sql: string) => Statement; close: () => void }

/** Each SQLite file database's own reading connection, opened at its first read as arrays. */
const readers = new WeakMap<object, { file: string; connection?: Connection }>()

/** Lets `selectValues` read the SQLite file database `db` on a connection of its own (openDatabase). */
export const keepReader = (db: object, file: string) => readers.set(db, { file })

/** Closes `db`'s reading connection, if it was opened. */
export const closeReader = (db: object) => {
  const reader = readers.get(db)
  reader?.connection?.close()
  readers.delete(db)
}

const connectionOf = (db: object): Connection | undefined => {
  const reader = readers.get(db)
  if (reader === undefined) return undefined
  if (reader.connection === undefined) {
    const Database = createRequire(import.meta.url)('libsql') as new (path: string) => Connection
    const connection = new Database(reader.file)
    connection.prepare('PRAGMA busy_timeout = 5000').all([])
    reader.connection = connection
  }
  return reader.connection
}

/**
 * A select's rows as arrays of the driver's values, in the order of its columns, on either engine:
 * for an export that streams many rows, which drizzle would otherwise map into an object each
 * (field by field, through each column's decoder) after libSQL's client made one too (a property
 * defined per column). On a SQLite file the rows come from a reading connection of the database's
 * own, straight as arrays; on PostgreSQL from the pool in array mode. Read outside any
 * transaction: a transaction's own writes are not seen. The values are the driver's: integers and
 * texts as such, no JSON, date or boolean decoding.
 */
export const selectValues = async <Row extends readonly unknown[]>(
  db: Db,
  query: { toSQL: () => { sql: string; params: unknown[] } },
): Promise<Row[]> => {
  const { sql, params } = query.toSQL()
  statementCounter.logQuery(sql, params)
  const pool = poolOf(db)
  if (pool !== undefined)
    return (await pool.query({ text: sql, values: params, rowMode: 'array' })).rows as unknown as Row[]
  const connection = connectionOf(db)
  if (connection !== undefined)
    return (await timed(sql, async () => connection.prepare(sql).raw(true).all(params))) as unknown as Row[]
  // A database in memory has no other connection: libSQL's array-like rows copied into arrays.
  const { rows } = await db.$client.execute({ sql, args: params as never[] })
  return rows.map((row) => Array.prototype.slice.call(row)) as unknown as Row[]
}

/** What readRows uses of a drizzle select on SQLite: its prepared query, which maps rows as drizzle does. */
type Prepared = {
  getQuery: () => { sql: string; params: unknown[] }
  mapAllResult: (rows: unknown[]) => unknown[]
}

/**
 * The rows of a drizzle select, mapped as drizzle maps them, read on a SQLite file database's
 * reading connection straight as arrays (libSQL's client would first make an object of each row,
 * a property defined per column, before drizzle reads them back as arrays): a list page's rows.
 * In a transaction, on PostgreSQL (whose driver already answers arrays to drizzle) or in memory,
 * the select runs as usual. Counted and timed as every statement is.
 */
export const readRows = async <T>(db: DbOrTx, query: PromiseLike<T[]>): Promise<T[]> => {
  const connection = connectionOf(db)
  const prepare = (query as { _prepare?: () => Prepared })._prepare
  if (connection === undefined || typeof prepare !== 'function') return await query
  const prepared = prepare.call(query)
  const { sql, params } = prepared.getQuery()
  const values = fillPlaceholders(params, {})
  statementCounter.logQuery(sql, values)
  const rows = await timed(sql, async () => connection.prepare(sql).raw(true).all(values))
  return prepared.mapAllResult(rows) as T[]
}
