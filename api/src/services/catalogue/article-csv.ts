import {
  ARTICLE_CSV_COLUMNS,
  type ArticleInput,
  ArticleInputSchema,
  applyCsvRow,
  articlePrices,
  CSV_SEPARATOR,
  checkCanManageCatalogue,
  checkCsvHeader,
  csvValue,
} from '@procura/core/article'
import { parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { checkCanChangeInternalFlag } from '@procura/core/stock'
import { asc, getTableColumns, gt } from 'drizzle-orm'
import type { Db } from '../../db'
import type { RawTx } from '../../db/raw-transaction'
import { articles, productFamilies, productFamilyTypes, productSubfamilies } from '../../db/schema'
import {
  type CodeColumn,
  codesOf,
  type ImportDefinition,
  type ImportRow,
  idOver,
  importerOf,
  issueMessages,
  marks,
  type RowOutcome,
  sayer,
} from '../imports/engine'

/** Rows written per transaction: big enough to be fast, small enough to keep memory flat. */
/** Line errors kept in the answer (the counts cover them all). */

type CodesById = {
  types: Map<number, string>
  families: Map<number, string>
  subfamilies: Map<number, string>
}
/** The file's classification columns, by code, and the id column each fills. */
const ARTICLE_CODES = {
  product_family_type: {
    kind: 'product_family_type',
    code: () => productFamilyTypes.code,
    id: () => productFamilyTypes.id,
  },
  product_family: { kind: 'product_family', code: () => productFamilies.code, id: () => productFamilies.id },
  product_subfamily: {
    kind: 'product_subfamily',
    code: () => productSubfamilies.code,
    id: () => productSubfamilies.id,
  },
} satisfies Record<string, CodeColumn>
const CODE_COLUMNS = [
  ['product_family_type', 'product_family_type_id'],
  ['product_family', 'product_family_id'],
  ['product_subfamily', 'product_subfamily_id'],
] as const

/** Each classification id's code (the file writes codes). */
const loadCodes = async (db: Db): Promise<{ ids: CodesById }> => {
  const [types, families, subfamilies] = await Promise.all([
    codesOf(db, ARTICLE_CODES.product_family_type),
    codesOf(db, ARTICLE_CODES.product_family),
    codesOf(db, ARTICLE_CODES.product_subfamily),
  ])
  const byId = (codes: Map<string, number>) => new Map([...codes].map(([code, id]) => [id, code]))
  return { ids: { types: byId(types), families: byId(families), subfamilies: byId(subfamilies) } }
}

type ArticleRow = typeof articles.$inferSelect

/** An article as CSV cells (classification by code). */
const csvFieldsOf = (row: ArticleRow, ids: CodesById): Record<string, unknown> => ({
  reference: row.reference,
  label: row.label,
  supplier_code: row.supplier_code,
  unit_price_exctax: row.unit_price_exctax,
  unit_number_per_price: row.unit_number_per_price,
  original_unit_price_exctax: row.original_unit_price_exctax,
  quantity_step: row.quantity_step,
  vat_rate: row.vat_rate,
  vat_rate_2: row.vat_rate_2,
  conditioning: row.conditioning,
  supplier_sheet_url: row.supplier_sheet_url,
  internal: row.internal,
  active: row.active,
  product_family_type:
    row.product_family_type_id === null ? null : (ids.types.get(row.product_family_type_id) ?? null),
  product_family: row.product_family_id === null ? null : (ids.families.get(row.product_family_id) ?? null),
  product_subfamily:
    row.product_subfamily_id === null ? null : (ids.subfamilies.get(row.product_subfamily_id) ?? null),
})

const quote = (text: string) => (text === '' ? '' : `"${text.replace(/"/g, '""')}"`)
const csvLine = (cells: readonly string[]) => `${cells.map(quote).join(CSV_SEPARATOR)}\r\n`

/**
 * POST articles/export-headers: articles.csv — the header, then every article, read in pages of
 * 1,000 by id and written as they come (memory stays flat whatever the catalogue's size).
 */
export const exportArticles = async (db: Db): Promise<ReadableStream<Uint8Array>> => {
  const { ids } = await loadCodes(db)
  const encoder = new TextEncoder()
  let lastId = 0
  let headerSent = false
  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      if (!headerSent) {
        headerSent = true
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(ARTICLE_CSV_COLUMNS)}`))
        return
      }
      const page = await db
        .select()
        .from(articles)
        .where(gt(articles.id, lastId))
        .orderBy(asc(articles.id))
        .limit(1000)
      if (page.length === 0) return controller.close()
      lastId = page[page.length - 1]?.id ?? lastId
      const text = page
        .map((row) => {
          const fields = csvFieldsOf(row, ids)
          return csvLine(
            ARTICLE_CSV_COLUMNS.map((column) =>
              column === 'id' ? String(row.id) : csvValue(fields[column]),
            ),
          )
        })
        .join('')
      controller.enqueue(encoder.encode(text))
    },
  })
}

type Pending = ImportRow
type Outcome = RowOutcome
type Checked = { row: Pending; existing: ArticleRow | undefined; value: ArticleInput }

/** One row read into an article input (classification codes to ids) and checked by the schema. */
const checkRow = (
  row: Pending,
  existing: ArticleRow | undefined,
  ids: CodesById,
  language: Language,
): Checked | { messages: string[] } => {
  const say = sayer(language)
  const { fields, invalid } = applyCsvRow(existing === undefined ? {} : csvFieldsOf(existing, ids), row.cells)
  const messages = [...row.messages, ...invalid.map((column) => say(column, 'INVALID_VALUE'))]
  const input: Record<string, unknown> = { ...fields }
  // The classification by code (the engine read the ids): blank keeps the article's, #null empties.
  for (const [column, idColumn] of CODE_COLUMNS) {
    delete input[column]
    input[idColumn] = idOver(row, column, idColumn)
  }
  const parsed = parseWith(ArticleInputSchema, input)
  if (!parsed.ok) messages.push(...issueMessages(say, parsed.error))
  return messages.length > 0 || !parsed.ok ? { messages } : { row, existing, value: parsed.value }
}

/** The input's lists, written to tables of their own (an import leaves them as they are). */
const NOT_COLUMNS: ReadonlySet<string> = new Set(['features', 'affiliated_ids', 'suppliers'])

/**
 * The values written for an article (prices computed by core), by column; the input's lists
 * ride along unread (copying the input without them cost more than the rest of the row's writing).
 */
const recordOf = (value: ArticleInput, now: Date): Record<string, unknown> => {
  const prices = articlePrices(value)
  return { ...value, ...prices, updated_at: now }
}

/** A row of `articles` as the driver answers it (booleans as 0/1, times as milliseconds). */
const fromDriver = (row: Record<string, unknown>): ArticleRow =>
  ({
    ...row,
    internal: row.internal === 1 || row.internal === true,
    active: row.active === 1 || row.active === true,
    created_at: new Date(Number(row.created_at)),
    updated_at: new Date(Number(row.updated_at)),
  }) as ArticleRow
/** Both drivers bind Date (epoch milliseconds on SQLite, timestamptz on PostgreSQL) and boolean. */
const toDriver = (value: unknown): unknown => value ?? null
/** Rows per INSERT statement (SQLite's bound parameters stay well under its limit). */
const INSERT_CHUNK = 100
/** The columns an import writes (an update sets them all but created_at). */
const WRITTEN_COLUMNS = Object.keys(
  recordOf(ArticleInputSchema.parse({ reference: 'x', label: 'x', unit_price_exctax: '0' }), new Date(0)),
).filter((column) => !NOT_COLUMNS.has(column))
const INSERT_COLUMNS = [...WRITTEN_COLUMNS, 'created_at']
/** Where each written column's value comes from: the computed prices, the time, or the input. */
const PRICE_COLUMNS: ReadonlySet<string> = new Set(
  Object.keys(
    articlePrices(ArticleInputSchema.parse({ reference: 'x', label: 'x', unit_price_exctax: '0' })),
  ),
)

/** The values written for an article, in WRITTEN_COLUMNS' order (no record copied per row). */
const valuesOf = (value: ArticleInput, now: Date): unknown[] => {
  const prices = articlePrices(value) as Record<string, unknown>
  const input = value as Record<string, unknown>
  return WRITTEN_COLUMNS.map((column) =>
    toDriver(column === 'updated_at' ? now : PRICE_COLUMNS.has(column) ? prices[column] : input[column]),
  )
}

/**
 * The insert of a chunk of new articles: the columns empty in every row of the chunk whose
 * default is empty are left out (the same rows, fewer values bound: an import's files fill a
 * few of the optional columns).
 */
const insertOf = (chunk: readonly unknown[][]): { sql: string; args: unknown[] } => {
  const table = getTableColumns(articles) as Record<string, { hasDefault: boolean; notNull: boolean }>
  const kept = INSERT_COLUMNS.flatMap((column, index) => {
    const definition = table[column]
    const omissible = definition !== undefined && !definition.hasDefault && !definition.notNull
    return omissible && chunk.every((row) => row[index] === null) ? [] : [index]
  })
  const args: unknown[] = []
  for (const row of chunk) for (const index of kept) args.push(row[index])
  return {
    sql: `INSERT INTO articles (${kept.map((index) => INSERT_COLUMNS[index]).join(', ')}) VALUES ${chunk.map(() => `(${marks(kept.length)})`).join(', ')}`,
    args,
  }
}
const UPDATE_ARTICLE = `UPDATE articles SET ${WRITTEN_COLUMNS.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`

/**
 * One batch in one transaction, on the driver directly (this is the catalogue's bulk path: the
 * query builder's per-value cost was most of an import's time). The rows' articles and references
 * are looked up in two queries; each row is checked (unknown id, schema, codes, a reference taken
 * in the database or earlier in the file, the internal-flag rule); then new articles are inserted
 * and the others updated with prepared statements. Answers one outcome per row, in order.
 */
const importBatch = async (
  tx: RawTx,
  rows: Pending[],
  ids: CodesById,
  now: Date,
  language: Language,
): Promise<Outcome[]> => {
  const say = sayer(language)
  const checked = rows.map((row): Checked | { messages: string[] } => {
    if (row.current === undefined && (row.cells.id ?? '').trim() !== '') return { messages: row.messages }
    const current = row.current === undefined ? undefined : fromDriver(row.current)
    return checkRow(row, current, ids, language)
  })
  const references = checked.flatMap((c) => ('value' in c ? [c.value.reference] : []))
  const owners = new Map<string, number>()
  if (references.length > 0)
    for (const row of (
      await tx.execute({
        sql: `SELECT id, reference FROM articles WHERE reference IN (${marks(references.length)})`,
        args: references,
      })
    ).rows)
      owners.set(String(row.reference), Number(row.id))
  const claimed = new Set<string>()
  const outcomes: Outcome[] = []
  const writes: { sql: string; args: unknown[] }[] = []
  const creates: unknown[][] = []
  for (const c of checked) {
    if (!('value' in c)) {
      outcomes.push(c)
      continue
    }
    const owner = owners.get(c.value.reference)
    if ((owner !== undefined && owner !== c.existing?.id) || claimed.has(c.value.reference)) {
      outcomes.push({ messages: [say('reference', 'PRODUCT_ALREADY_REFERENCED')] })
      continue
    }
    if (c.existing !== undefined && c.existing.internal !== c.value.internal) {
      const stock = await tx.execute({
        sql: 'SELECT coalesce(sum(actual), 0) AS total FROM stocks WHERE article_id = ?',
        args: [c.existing.id],
      })
      const affiliated = await tx.execute({
        sql: 'SELECT count(*) AS n FROM article_affiliations WHERE article_id = ?',
        args: [c.existing.id],
      })
      const flag = checkCanChangeInternalFlag({
        stock_quantity: String(stock.rows[0]?.total ?? 0),
        affiliated_count: Number(affiliated.rows[0]?.n ?? 0),
      })
      if (!flag.ok) {
        outcomes.push({ messages: [say('internal', flag.error.code)] })
        continue
      }
    }
    claimed.add(c.value.reference)
    const values = valuesOf(c.value, now)
    if (c.existing === undefined) {
      values.push(now)
      creates.push(values)
    } else {
      values.push(c.existing.id)
      writes.push({ sql: UPDATE_ARTICLE, args: values })
    }
    outcomes.push({ created: c.existing === undefined })
  }
  // New articles go in by statements of INSERT_CHUNK rows (one statement to prepare per chunk).
  for (let k = 0; k < creates.length; k += INSERT_CHUNK) {
    writes.push(insertOf(creates.slice(k, k + INSERT_CHUNK)))
  }
  if (writes.length > 0) await tx.batch(writes)
  return outcomes
}

/** Articles by CSV (one import engine: all or nothing, checked by batches in one transaction). */
export const ARTICLE_IMPORT: ImportDefinition<Awaited<ReturnType<typeof loadCodes>>> = {
  name: 'article',
  may: checkCanManageCatalogue,
  checkHeader: checkCsvHeader,
  prepare: loadCodes,
  table: 'articles',
  codes: ARTICLE_CODES,
  writeBatch: (tx, rows, { ids }, now, language) => importBatch(tx, rows, ids, now, language),
}

/**
 * POST articles/import: a blank id creates, an id updates (blank cells keep the value, `#null`
 * empties it), classification by code; all or nothing (imports/engine): one refused row and
 * nothing is written, every refused row reported with its line number.
 */
export const importArticles = importerOf(ARTICLE_IMPORT)
