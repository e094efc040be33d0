import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { migrationLevel } from './migration-level'
import type { RawDatabase } from './types'

/** What a migration would drop: a table, or one of its columns. */
export type Drop = { migration: string; table: string; column?: string }

const unquote = (name: string) => name.replace(/^[`"]|[`"]$/g, '')
const NAME = '[`"]?([\\w]+)[`"]?'

/** The statements of a drizzle-kit migration file, without their comments. */
const statementsOf = (sqlText: string) =>
  sqlText
    .split('--> statement-breakpoint')
    .map((s) =>
      s
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((s) => s !== '')

/** What a migration says it moved before dropping: `-- procura: moves <table>` or `<table>.<column>`. */
const declaredMoves = (sqlText: string) =>
  new Set([...sqlText.matchAll(/--\s*procura:\s*moves\s+([\w.]+)/g)].map((m) => m[1] as string))

/**
 * What a migration drops without moving its data first: `DROP TABLE t` not preceded by a copy
 * `INSERT INTO … SELECT … FROM t` (drizzle-kit's rebuild of a SQLite table); a table rebuilt
 * without some of its columns; `ALTER TABLE t DROP COLUMN c`. `columnsOf` answers a table's
 * columns as the database has them now.
 */
export const dropsOf = (
  migration: string,
  sqlText: string,
  columnsOf: (table: string) => readonly string[],
): Drop[] => {
  const moved = declaredMoves(sqlText)
  const copied = new Map<string, string[]>()
  const drops: Drop[] = []
  for (const statement of statementsOf(sqlText)) {
    const copy = statement.match(
      new RegExp(`^INSERT INTO ${NAME}\\s*\\(([^)]*)\\)\\s*SELECT\\s+([\\s\\S]+?)\\s+FROM\\s+${NAME}`, 'i'),
    )
    if (copy !== null) {
      const source = unquote(copy[4] as string)
      const selected = (copy[3] as string).split(',').map((c) => unquote(c.trim()))
      copied.set(source, selected)
      continue
    }
    const table = statement.match(new RegExp(`^DROP TABLE (?:IF EXISTS )?${NAME}`, 'i'))
    if (table !== null) {
      const name = unquote(table[1] as string)
      const kept = copied.get(name)
      if (kept === undefined) drops.push({ migration, table: name })
      else
        for (const column of columnsOf(name))
          if (!kept.includes(column)) drops.push({ migration, table: name, column })
      continue
    }
    const column = statement.match(new RegExp(`^ALTER TABLE ${NAME} DROP COLUMN (?:IF EXISTS )?${NAME}`, 'i'))
    if (column !== null)
      drops.push({ migration, table: unquote(column[1] as string), column: unquote(column[2] as string) })
  }
  return drops.filter((d) => !moved.has(d.table) && !moved.has(`${d.table}.${d.column ?? ''}`))
}

/** A migration refused: it would drop data it does not move. */
export class MigrationRefused extends Error {}

const tableColumns = async (database: RawDatabase, table: string) => {
  const rows =
    database.engine === 'postgresql'
      ? (
          await database.client.execute({
            sql: 'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?',
            args: [table],
          })
        ).rows
      : (await database.client.execute(`PRAGMA table_info("${table}")`)).rows
  return rows.map((r) => String((r as { name?: unknown }).name))
}

const holdsData = async (database: RawDatabase, drop: Drop) => {
  const where = drop.column === undefined ? '' : ` WHERE "${drop.column}" IS NOT NULL`
  try {
    return (
      (await database.client.execute(`SELECT 1 AS one FROM "${drop.table}"${where} LIMIT 1`)).rows.length > 0
    )
  } catch {
    return false // a table or column that does not exist (yet) holds nothing
  }
}

/**
 * Before migrating: refuses (nothing applied) when a migration not yet applied would drop a table
 * or a column that holds data without moving it first — an upgrade keeps every row. A migration
 * that did move it says so with a `-- procura: moves <table>[.<column>]` line.
 */
export const guardDrops = async (database: RawDatabase, folder: string) => {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[]
  }
  const { applied } = await migrationLevel(database)
  const pending = [...journal.entries].sort((a, b) => a.idx - b.idx).slice(applied)
  const columns = new Map<string, readonly string[]>()
  for (const { tag } of pending) {
    const sqlText = readFileSync(join(folder, `${tag}.sql`), 'utf8')
    for (const statement of statementsOf(sqlText)) {
      const rebuilt = statement.match(new RegExp(`^DROP TABLE (?:IF EXISTS )?${NAME}`, 'i'))
      const name = rebuilt === null ? undefined : unquote(rebuilt[1] as string)
      if (name !== undefined && !columns.has(name)) columns.set(name, await tableColumns(database, name))
    }
    for (const drop of dropsOf(tag, sqlText, (table) => columns.get(table) ?? []))
      if (await holdsData(database, drop))
        throw new MigrationRefused(
          `Migration ${tag} would drop ${drop.column === undefined ? `table ${drop.table}` : `column ${drop.table}.${drop.column}`}, which holds data. Move the data first, and say so in the migration with a line "-- procura: moves ${drop.column === undefined ? drop.table : `${drop.table}.${drop.column}`}". Nothing was migrated.`,
        )
  }
}
