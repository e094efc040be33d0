import type { Client } from '@libsql/client'
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import { openDatabase } from './index'
import { sqliteTables } from './pg-schema'

/** How many rows go in one INSERT. */
const CHUNK = 200
/** How many stored files (their bytes) are read and inserted at a time. */
const FILE_CHUNK = 10

/** The tables in an order that inserts every row after the rows it references. */
const inDependencyOrder = (tables: readonly SQLiteTable[]): SQLiteTable[] => {
  const byName = new Map(tables.map((t) => [getTableConfig(t).name, t]))
  const done = new Set<string>()
  const ordered: SQLiteTable[] = []
  const visit = (name: string, path: Set<string>) => {
    if (done.has(name) || path.has(name)) return
    path.add(name)
    const table = byName.get(name)
    if (table === undefined) return
    for (const fk of getTableConfig(table).foreignKeys) {
      const target = getTableConfig(fk.reference().foreignTable as SQLiteTable).name
      if (target !== name) visit(target, path)
    }
    done.add(name)
    ordered.push(table)
  }
  for (const name of byName.keys()) visit(name, new Set())
  return ordered
}

/**
 * A value read from either engine, in the form both drivers bind: dates as Date, flags as
 * boolean, JSON as text; everything else as it came.
 */
const portable = (column: SQLiteColumn, value: unknown): unknown => {
  if (value === null || value === undefined) return null
  switch (column.columnType) {
    case 'SQLiteTimestamp':
      return value instanceof Date ? value : new Date(Number(value))
    case 'SQLiteBoolean':
      return value === true || Number(value) === 1
    case 'SQLiteTextJson':
      return typeof value === 'string' ? value : JSON.stringify(value)
    case 'SQLiteBlobBuffer':
      // SQLite's driver reads an ArrayBuffer, PostgreSQL's a Buffer: both bind a Buffer.
      return Buffer.isBuffer(value) ? value : Buffer.from(value as ArrayBuffer)
    default:
      return value
  }
}

/**
 * Tables the database keeps itself from others (`order_sums` and `order_family_sums`, by triggers on
 * the orders, their lines and the articles; `auth_versions`, its one row made by its migration and
 * advanced by triggers): copied last, in place of what the target's migrations and triggers made
 * while the rows arrived.
 */
const DERIVED_TABLES: ReadonlySet<string> = new Set(['order_sums', 'order_family_sums', 'auth_versions'])

const countOf = async (client: Client, table: string) =>
  Number((await client.execute(`SELECT count(*) AS n FROM "${table}"`)).rows[0]?.n ?? 0)

export type CopyProgress = { table: string; rows: number }

/**
 * Copies every row of every table from one database to another (SQLite to PostgreSQL, or back),
 * keeping ids: the target is migrated first and must hold no data. Identity sequences are moved
 * past the copied ids. Answers the rows copied per table.
 */
export const copyDatabase = async (
  fromUrl: string,
  toUrl: string,
  onTable?: (progress: CopyProgress) => void,
): Promise<CopyProgress[]> => {
  const { migrateDatabase } = await import('./index')
  const source = await openDatabase(fromUrl)
  const target = await openDatabase(toUrl)
  try {
    await migrateDatabase(target.db)
    const ordered = inDependencyOrder(sqliteTables)
    const derived = (t: SQLiteTable) => DERIVED_TABLES.has(getTableConfig(t).name)
    const tables = [...ordered.filter((t) => !derived(t)), ...ordered.filter(derived)]
    const names = tables.map((t) => getTableConfig(t).name)
    for (const name of names)
      if (!DERIVED_TABLES.has(name) && (await countOf(target.client, name)) > 0)
        throw new Error(
          `The target database already holds data (table ${name}): copy into an empty database.`,
        )
    const copied: CopyProgress[] = []
    for (const table of tables) {
      const { name, columns } = getTableConfig(table)
      const list = columns.map((c) => `"${c.name}"`).join(', ')
      if (DERIVED_TABLES.has(name)) await target.client.execute(`DELETE FROM "${name}"`)
      // Stored files' bytes are read a few rows at a time (memory stays flat); other rows at once.
      const paged = columns.some((c) => c.columnType === 'SQLiteBlobBuffer')
      const size = paged ? FILE_CHUNK : CHUNK
      let count = 0
      for (let page = 0; ; page += 1) {
        const rows = (
          await source.client.execute(
            paged
              ? `SELECT ${list} FROM "${name}" ORDER BY "${columns[0]?.name}" LIMIT ${size} OFFSET ${page * size}`
              : `SELECT ${list} FROM "${name}"`,
          )
        ).rows
        for (let k = 0; k < rows.length; k += size) {
          const chunk = rows.slice(k, k + size)
          await target.client.execute({
            sql: `INSERT INTO "${name}" (${list}) VALUES ${chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ')}`,
            args: chunk.flatMap((row) =>
              columns.map((c) => portable(c, (row as Record<string, unknown>)[c.name])),
            ) as never,
          })
        }
        count += rows.length
        if (!paged || rows.length < size) break
      }
      if (
        target.engine === 'postgresql' &&
        columns.some((c) => c.name === 'id' && (c as { autoIncrement?: boolean }).autoIncrement === true)
      )
        await target.client.execute(
          `SELECT setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce((SELECT max(id) FROM "${name}"), 0) + 1, false)`,
        )
      const progress = { table: name, rows: count }
      copied.push(progress)
      onTable?.(progress)
    }
    return copied
  } finally {
    await source.close()
    await target.close()
  }
}
