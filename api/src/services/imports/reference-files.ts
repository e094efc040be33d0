import { parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import {
  checkImportHeader,
  inputFromCells,
  REFERENCE_LINK_COLUMNS,
  referenceFileColumns,
} from '@procura/core/import'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { stringify } from 'csv-stringify/sync'
import { getTableName } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { z } from 'zod'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import type { RawTx } from '../../db/raw-transaction'
import { listReferences, type ReferenceTable } from '../reference-table'
import {
  IMPORT_SEPARATOR,
  type ImportDefinition,
  type ImportRow,
  type ImportSource,
  marks,
  type RowOutcome,
  runImport,
  sayer,
} from './engine'

/**
 * A field of the list that names a row of another (department → company): the file carries that
 * row's code in its own column, read to the id before the rows and written back by the export.
 */
export type FileLink = {
  /** The schema's field (company_id); its column is core's REFERENCE_LINK_COLUMNS (company). */
  field: string
  /** Every row the code may name, code → id ("level|code" where `key` says so). */
  codes: (db: Db) => Promise<Map<string, number>>
  /** The key a line's cell is looked up by (an allocation's parent: the level above's code). */
  key?: (cells: Readonly<Record<string, string>>, value: string) => string
}

/**
 * A reference list as a file (CSV, semicolons): its columns are its schema's fields, links as
 * codes. A line names its row by the list's key (the code; the level and code of an allocation):
 * a known key updates the row, a new one creates it. All or nothing, through the import engine.
 */
export type ReferenceFile = {
  /** The command's and the trace's name ("departments"). */
  kind: string
  spec: ReferenceTable<z.ZodObject>
  links?: readonly FileLink[]
  /** The columns naming a row (default: code). */
  keys?: readonly string[]
}

type Spec = ReferenceTable<z.ZodObject>

/** The file's columns, in the schema's order, each link as its code column. */
export const fileColumns = (file: ReferenceFile) => referenceFileColumns(file.spec.schema)

const columnOf = (link: FileLink) => REFERENCE_LINK_COLUMNS[link.field] ?? link.field

const keysOf = (file: ReferenceFile) => file.keys ?? ['code']

type Context = { links: Map<string, Map<string, number>>; seen: Set<string> }

const tableName = (spec: Spec) => getTableName(spec.table() as SQLiteTable)

const columnName = (column: () => SQLiteColumn) => column().name

const writeBatch =
  (file: ReferenceFile) =>
  async (
    tx: RawTx,
    rows: ImportRow[],
    context: Context,
    now: Date,
    language: Language,
  ): Promise<RowOutcome[]> => {
    const say = sayer(language)
    const { spec } = file
    const table = tableName(spec)
    const scope =
      spec.scope === undefined ? null : { name: columnName(spec.scope.column), value: spec.scope.value }
    const outcomes: RowOutcome[] = []
    for (const row of rows) {
      const messages: string[] = []
      const cells: Record<string, string> = { ...row.cells }
      const linked: Record<string, number | null | undefined> = {}
      for (const link of file.links ?? []) {
        const value = (row.cells[columnOf(link)] ?? '').trim()
        delete cells[columnOf(link)]
        if (value === '') {
          linked[link.field] = null
          continue
        }
        const id = context.links.get(link.field)?.get(link.key?.(row.cells, value) ?? value)
        if (id === undefined)
          messages.push(say(columnOf(link), 'UNKNOWN_CODE', { kind: columnOf(link), value }))
        linked[link.field] = id
      }
      const unknown = new Set(Object.keys(linked).filter((field) => linked[field] === undefined))
      const parsed = parseWith(spec.schema, { ...inputFromCells(spec.schema, cells), ...linked })
      if (!parsed.ok)
        // A code not found is said once, under its column.
        for (const [field, issues] of Object.entries(parsed.error.fields ?? {}))
          if (!unknown.has(field))
            for (const issue of issues) messages.push(say(field, issue.code, issue.params))
      if (messages.length > 0 || !parsed.ok) {
        outcomes.push({ messages })
        continue
      }
      const values = parsed.value as Record<string, unknown>
      const keys = keysOf(file)
      const slot = keys.map((k) => String(values[k])).join('|')
      if (context.seen.has(slot)) {
        outcomes.push({ messages: [say(keys.at(-1) ?? 'code', 'NOT_UNIQUE')] })
        continue
      }
      context.seen.add(slot)
      const where = [...keys.map((k) => `${k} = ?`), ...(scope === null ? [] : [`${scope.name} = ?`])].join(
        ' AND ',
      )
      const whereArgs = [...keys.map((k) => values[k]), ...(scope === null ? [] : [scope.value])]
      const current = (await tx.execute({ sql: `SELECT id FROM ${table} WHERE ${where}`, args: whereArgs }))
        .rows[0]
      const written = {
        ...values,
        ...(spec.stamp?.(now, current === undefined) ?? {}),
        ...(scope === null ? {} : { [scope.name]: scope.value }),
      }
      const columns = Object.keys(written)
      if (current === undefined)
        await tx.execute({
          sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${marks(columns.length)})`,
          args: Object.values(written) as never,
        })
      else
        await tx.execute({
          sql: `UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`,
          args: [...Object.values(written), Number(current.id)] as never,
        })
      outcomes.push({ created: current === undefined })
    }
    return outcomes
  }

const definitionOf = (file: ReferenceFile): ImportDefinition<Context> => ({
  name: file.kind,
  may: (actor) => (file.spec.may(actor) ? ok(undefined) : err({ code: 'FORBIDDEN' })),
  checkHeader: (header) => checkImportHeader(header, fileColumns(file), [...keysOf(file), 'label']),
  prepare: async (db) => ({
    links: new Map(
      await Promise.all((file.links ?? []).map(async (l) => [l.field, await l.codes(db)] as const)),
    ),
    seen: new Set(),
  }),
  writeBatch: writeBatch(file),
})

/** `procura import <list>` and POST /bwapi/<list>/import: the list's rows from a file, all or nothing. */
export const importReferenceFile = (
  deps: { db: Db; clock: Clock },
  file: ReferenceFile,
  actor: OrderActor,
  source: ImportSource,
  language: Language,
  options: { dryRun?: boolean; onProgress?: (checked: number) => void } = {},
) => runImport(deps, actor, definitionOf(file), source, { language, ...options })

/** A cell as the import reads it back: flags as 1 and 0, nothing as blank. */
const cellOf = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'boolean'
      ? value
        ? '1'
        : '0'
      : String(value)

/** `procura export <list>` and GET /bwapi/<list>/file: every row of the list as its import reads it. */
export async function* exportReferenceFile(db: Db, file: ReferenceFile) {
  const keys = Object.keys(file.spec.schema.shape)
  const names = new Map(
    await Promise.all(
      (file.links ?? []).map(async (l) => {
        const byId = new Map(
          [...(await l.codes(db))].map(([code, id]) => [id, code.split('|').at(-1) ?? code]),
        )
        return [l.field, byId] as const
      }),
    ),
  )
  const write = (cells: string[][]) =>
    stringify(cells, { delimiter: IMPORT_SEPARATOR, record_delimiter: 'windows' })
  yield `\uFEFF${write([fileColumns(file)])}`
  const rows = await listReferences(db, file.spec as unknown as ReferenceTable<z.ZodType>)
  yield write(
    rows.map((row) =>
      keys.map((key) => {
        const byId = names.get(key)
        return byId === undefined
          ? cellOf(row[key])
          : row[key] === null
            ? ''
            : (byId.get(Number(row[key])) ?? '')
      }),
    ),
  )
}
