import type { Readable } from 'node:stream'
import { type DomainError, type FieldIssue, formError, translate } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import type { ImportSummary } from '@procura/core/import'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { parse } from 'csv-parse'
import { stringify } from 'csv-stringify/sync'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { type RawTx, rawWriteTransaction } from '../../db/raw-transaction'
import { writeTrace } from '../trace'

/** Import files: semicolons, double quotes, an optional BOM (spec §5 "Imports"). */
export const IMPORT_SEPARATOR = ';'
/** Rows checked and written per statement batch: memory stays flat whatever the file's size. */
const BATCH = 500
/** Line errors kept in the answer (the counts cover them all). */
const MAX_REPORTED_ERRORS = 200

/**
 * A data line of the file: its line number and its cells by column; and what the engine read for
 * it before the definition sees it (definitions that declare `table` and `codes`): the row its `id`
 * names (`current`, undefined for a new row), the ids its code columns name (null for a blank
 * cell), and the messages for an unknown id or code, which the definition's own come after.
 */
export type ImportRow = {
  line: number
  cells: Readonly<Record<string, string>>
  current?: Record<string, unknown>
  ids: Readonly<Record<string, number | null>>
  messages: string[]
}

/**
 * A column of the file that names another record by its code (a supplier's code, a role's, an
 * owner's login): the engine reads the codes once and gives the row the id, or says the code is
 * unknown (`kind` names what the code is of, in the message).
 */
export type CodeColumn = { kind: string; code: () => SQLiteColumn; id: () => SQLiteColumn }
/** What became of a row: written (created or updated), or refused with its messages. */
export type RowOutcome = { created: boolean } | { messages: string[] }

/**
 * One kind of import, declared once: who may run it, its header check, what it loads before the
 * rows (codes to ids), and how a batch of rows is checked and written inside the import's one
 * transaction (answering one outcome per row, in order). The engine does the rest.
 */
export type ImportDefinition<Context> = {
  /** The trace's model and the command's name ("articles", "suppliers"). */
  name: string
  may: (actor: OrderActor) => Result<void, DomainError>
  /** A problem with the header (unknown or missing columns), or null. */
  checkHeader: (header: readonly string[]) => FieldIssue | null
  prepare: (db: Db) => Promise<Context>
  /** The table an `id` cell updates a row of: the engine reads the batch's rows at once. */
  table?: string
  /** The columns that name records by code, resolved by the engine. */
  codes?: Readonly<Record<string, CodeColumn>>
  writeBatch: (
    tx: RawTx,
    rows: ImportRow[],
    context: Context,
    now: Date,
    language: Language,
  ) => Promise<RowOutcome[]>
  /**
   * What can only be checked and written once every row is read (a validation chart's rules
   * across its rows), after the last batch when no row was refused: the lines it refuses.
   */
  finish?: (
    tx: RawTx,
    context: Context,
    now: Date,
    language: Language,
  ) => Promise<{ line: number; messages: string[] }[]>
}

export type { ImportSummary }

/** Each code's id (a code column's lookup, read once per import; an export reads it back). */
export const codesOf = async (db: Db, column: CodeColumn) =>
  new Map(
    (await db.select({ code: column.code(), id: column.id() }).from(column.code().table)).map((r) => [
      String(r.code),
      Number(r.id),
    ]),
  )

/**
 * What the engine reads for a batch before the definition checks it: the rows its ids name (one
 * statement), the ids its codes name; an unknown id or code is said on the row.
 */
const resolveBatch = async (
  tx: RawTx,
  rows: ImportRow[],
  table: string | undefined,
  codes: ReadonlyMap<string, { kind: string; ids: ReadonlyMap<string, number> }>,
  say: ReturnType<typeof sayer>,
) => {
  const existing = new Map<number, Record<string, unknown>>()
  const ids =
    table === undefined ? [] : rows.map((r) => (r.cells.id ?? '').trim()).filter((id) => /^\d+$/.test(id))
  if (ids.length > 0)
    for (const row of (
      await tx.execute({
        sql: `SELECT * FROM ${table} WHERE id IN (${marks(ids.length)})`,
        args: ids.map(Number),
      })
    ).rows)
      existing.set(Number(row.id), row as Record<string, unknown>)
  for (const row of rows) {
    const idText = table === undefined ? '' : (row.cells.id ?? '').trim()
    if (idText !== '') {
      row.current = existing.get(Number(idText))
      if (row.current === undefined)
        row.messages.push(say('id', 'UNKNOWN_CODE', { kind: 'id', value: idText }))
    }
    const found: Record<string, number | null> = {}
    for (const [column, { kind, ids: byCode }] of codes) {
      const code = (row.cells[column] ?? '').trim()
      // Blank (keep) and `#null` (empty) name nothing: the definition reads the cell for which.
      const id = code === '' || code === '#null' ? null : byCode.get(code)
      if (id === undefined) row.messages.push(say(column, 'UNKNOWN_CODE', { kind, value: code }))
      else found[column] = id
    }
    row.ids = found
  }
}

/**
 * A cell over the row's current value (a row the file updates): blank keeps the value, `#null`
 * empties it; otherwise the text.
 */
export const cellOver = (row: ImportRow, column: string): unknown => {
  const raw = (row.cells[column] ?? '').trim()
  if (raw === '#null') return null
  if (raw === '') return row.current?.[column] ?? null
  return raw
}

/**
 * The id a code column gives the row over its current record: blank keeps the record's (its
 * `field`), `#null` empties it, a code its id (null when unknown: the engine said so).
 */
export const idOver = (row: ImportRow, column: string, field: string): number | null => {
  const raw = (row.cells[column] ?? '').trim()
  if (raw === '') return (row.current?.[field] as number | null | undefined) ?? null
  return row.ids[column] ?? null
}

/** A refusal's field issues as the row's messages ("field: text"). */
export const issueMessages = (
  say: ReturnType<typeof sayer>,
  refusal: { fields?: Readonly<Record<string, readonly FieldIssue[]>> },
): string[] =>
  Object.entries(refusal.fields ?? {}).flatMap(([field, issues]) =>
    issues.map((issue) => say(field, issue.code, issue.params)),
  )

/** `?, ?, ?`: the placeholders of n values in a batch's raw statement. */
export const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ')

/**
 * Writes one imported row of a table with timestamps: an INSERT (created and updated now), or,
 * when `id` names the row, an UPDATE of those columns (updated now).
 */
export const writeImportedRow = (
  tx: RawTx,
  table: string,
  columns: readonly string[],
  values: readonly unknown[],
  now: Date,
  id: number | undefined,
) =>
  id === undefined
    ? tx.execute({
        sql: `INSERT INTO ${table} (${columns.join(', ')}, created_at, updated_at) VALUES (${marks(columns.length + 2)})`,
        args: [...values, now, now] as never,
      })
    : tx.execute({
        sql: `UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE id = ?`,
        args: [...values, now, id] as never,
      })

/** One cell of a file the import reads back: empty for nothing, 1/0 for a flag, the text otherwise. */
const importCell = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'boolean'
      ? value
        ? '1'
        : '0'
      : String(value)

/**
 * A file `procura import` reads back (`procura export <kind>`): a BOM and the header, then each
 * page of rows as it is read (memory stays flat), semicolons and double quotes as the import
 * expects. Rows are written as they are: a file meant to be imported again is not defused.
 */
export async function* importFileLines(
  columns: readonly string[],
  pages: AsyncIterable<readonly unknown[][]>,
) {
  const write = (cells: readonly unknown[][]) =>
    stringify(
      cells.map((row) => row.map(importCell)),
      { delimiter: IMPORT_SEPARATOR, record_delimiter: 'windows' },
    )
  yield `\uFEFF${write([[...columns]])}`
  for await (const page of pages) if (page.length > 0) yield write(page)
}

/** Carries the summary out of the transaction, so that it rolls back (a refused row, a dry run). */
class RollBack {
  constructor(readonly summary: ImportSummary) {}
}

/** The CSV of an import, read as it arrives. */
const recordsOf = (source: Readable) =>
  source.pipe(
    parse({
      delimiter: IMPORT_SEPARATOR,
      quote: '"',
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: false,
    }),
  )

/** The messages of a refusal, "field: text", in the reader's language. */
export const sayer =
  (language: Language) =>
  (field: string, code: Parameters<typeof translate>[0], params?: Parameters<typeof translate>[1]) =>
    `${field}: ${translate(code, params, language)}`

/**
 * What an import reads: a stream (the CLI's file), or a request's upload, read only once the
 * reader's rights are checked (http/upload csvUpload: refused when it holds no CSV file).
 */
export type ImportSource = Readable | (() => Promise<Result<Readable, DomainError>>)

/**
 * Runs an import, all or nothing: the file is read as it arrives, checked and written by batches of
 * rows in ONE transaction that commits only when every row passed (and the run is not a dry run).
 * A refused row, a dry run, an error or the process killed halfway leaves the database as it was;
 * every refused row is reported with its line number. A wrong header reads nothing further.
 */
export const runImport = async <Context>(
  deps: { db: Db; clock: Clock },
  actor: OrderActor,
  definition: ImportDefinition<Context>,
  from: ImportSource,
  options: { language: Language; dryRun?: boolean; onProgress?: (checked: number) => void },
): Promise<Result<{ data: ImportSummary }, DomainError>> => {
  // The reader's rights first: a reader without them is refused before the upload is even read.
  const allowed = definition.may(actor)
  if (!allowed.ok) {
    if (typeof from !== 'function') from.resume()
    return allowed
  }
  const read = typeof from === 'function' ? await from() : ok(from)
  if (!read.ok) return read
  const source = read.value
  const { language } = options
  const context = await definition.prepare(deps.db)
  const codes = new Map(
    await Promise.all(
      Object.entries(definition.codes ?? {}).map(
        async ([column, code]) => [column, { kind: code.kind, ids: await codesOf(deps.db, code) }] as const,
      ),
    ),
  )
  const summary: ImportSummary = {
    checked: 0,
    imported: 0,
    created: 0,
    updated: 0,
    failed: 0,
    errors: [],
    dry_run: options.dryRun === true,
    message: '',
  }
  const refuse = (line: number, messages: string[]) => {
    summary.failed += 1
    if (summary.errors.length < MAX_REPORTED_ERRORS) summary.errors.push({ line, messages })
  }
  let headerProblem: FieldIssue | null = null
  let sawHeader = false
  try {
    await rawWriteTransaction(deps.db, async (tx) => {
      let header: string[] = []
      let batch: ImportRow[] = []
      const flush = async () => {
        const rows = batch
        batch = []
        if (rows.length === 0) return
        await resolveBatch(tx, rows, definition.table, codes, sayer(language))
        const outcomes = await definition.writeBatch(tx, rows, context, deps.clock.now(), language)
        for (const [k, outcome] of outcomes.entries()) {
          if ('messages' in outcome) refuse(rows[k]?.line ?? 0, outcome.messages)
          else {
            summary.imported += 1
            if (outcome.created) summary.created += 1
            else summary.updated += 1
          }
        }
        options.onProgress?.(summary.checked)
      }
      let line = 0
      try {
        for await (const record of recordsOf(source) as AsyncIterable<string[]>) {
          line += 1
          if (!sawHeader) {
            sawHeader = true
            header = record.map((h) => h.trim())
            headerProblem = definition.checkHeader(header)
            if (headerProblem !== null) {
              source.unpipe()
              source.resume()
              throw new RollBack(summary)
            }
            continue
          }
          summary.checked += 1
          batch.push({
            line,
            cells: Object.fromEntries(header.map((column, i) => [column, record[i] ?? ''])),
            ids: {},
            messages: [],
          })
          if (batch.length >= BATCH) await flush()
        }
      } catch (error) {
        if (!(error as { code?: string }).code?.startsWith('CSV_')) throw error
        await flush()
        summary.checked += 1
        refuse(line + 1, [translate('INVALID_VALUE', undefined, language)])
      }
      await flush()
      if (summary.failed === 0 && definition.finish !== undefined)
        for (const refused of await definition.finish(tx, context, deps.clock.now(), language))
          refuse(refused.line, refused.messages)
      if (summary.failed > 0 || summary.dry_run) throw new RollBack(summary)
    })
  } catch (error) {
    if (!(error instanceof RollBack)) throw error
  }
  if (headerProblem !== null) return err(formError({ file: [headerProblem] }))
  if (!sawHeader) return err(formError({ file: [{ code: 'FIELD_REQUIRED' }] }))
  const written = summary.failed === 0 && !summary.dry_run
  summary.message =
    summary.failed > 0
      ? translate('IMPORT_REFUSED', { checked: summary.checked, failed: summary.failed }, language)
      : summary.dry_run
        ? translate('IMPORT_CHECKED', { checked: summary.checked }, language)
        : translate('IMPORT_SUMMARY', { imported: summary.imported, failed: 0 }, language)
  if (!written) {
    // Nothing was written: what would have been is not counted as imported.
    summary.imported = 0
    summary.created = 0
    summary.updated = 0
  } else
    await writeTrace(deps.db, deps.clock, {
      action: 'import',
      message: `${definition.name} imported: ${summary.created} created, ${summary.updated} updated`,
      model: definition.name,
      user_id: actor.id,
    })
  return ok({ data: summary })
}

/** What an import is asked: a dry run, and who watches its progress. */
export type ImportOptions = { dryRun?: boolean; onProgress?: (checked: number) => void }

/**
 * An import's entry point (the route's and the command line's) from its definition, or from the
 * definition made for the actor (an import that records who entered the rows).
 */
export const importerOf =
  <Context>(definition: ImportDefinition<Context> | ((actor: OrderActor) => ImportDefinition<Context>)) =>
  (
    deps: { db: Db; clock: Clock },
    actor: OrderActor,
    source: ImportSource,
    language: Language,
    options: ImportOptions = {},
  ) =>
    runImport(deps, actor, typeof definition === 'function' ? definition(actor) : definition, source, {
      language,
      ...options,
    })
