/**
 * One page of a list, the same way for every list: sorted with a unique tie-breaker, paged by
 * offset or by key, counted up to COUNT_CAP (decision 0002), summed per currency when the list
 * has amounts. A list service builds its condition (visibility, search, filters) and its rows'
 * query; this module does the rest. Conditions are written on the list's own table (other tables
 * through subqueries), so the count and the totals read the table alone.
 */
import type { DomainError } from '@procura/core/errors'
import { type ListPlace, listMeta } from '@procura/core/list'
import { ok, type Result } from '@procura/core/result'
import { and, asc, type Column, desc, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteSelect, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { DbOrTx } from '../db'
import { cappedTotals, countUpTo, searchFirst } from '../db/capped-count'
import { pageAfter, type SortKind, sortExpression } from '../db/keyset'
import { readRows } from '../db/values'

/** What a parsed list query says of the page (core's `parseListQuery`). */
export type PageQuery = {
  page: number
  per_page: number
  direction: 'asc' | 'desc'
  search?: string | null
  /** The place after which a list paged by key reads (`after`), or null. */
  after?: ListPlace | null
}

/** The query of one page: its rows' condition, order, size and start. */
export type PageSlice = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number }

/**
 * A list's rows query cut to the page: its condition, order, size and start (`rows: (slice) =>
 * inSlice(db.select(…).from(…).…$dynamic(), slice)`).
 */
export const inSlice = <Q extends SQLiteSelect>(query: Q, slice: PageSlice) =>
  query
    .where(slice.where)
    .orderBy(...slice.orderBy)
    .limit(slice.limit)
    .offset(slice.offset)

export type PageRead<Row> = {
  /** The list's table: the count and the totals read it with `where`. */
  table: SQLiteTable
  /** Its id, the sort's tie-breaker. */
  id: SQLiteColumn
  /** The tie-breaker's direction (newest first by default). */
  idDirection?: 'asc' | 'desc'
  /** What the reader may see and asked for: visibility, search and filters, on `table`'s columns. */
  where: SQL | undefined
  /** What the page is sorted by (a column, or an expression) and how its values read. */
  sort: { by: Column | SQLWrapper; kind?: SortKind }
  /** One page's rows: the list's select and joins with the slice's condition, order, limit and offset. */
  rows: (slice: PageSlice) => Promise<Row[]>
  /** Paged by key: the place of a row in the sort (its sort value and id), for `next_cursor` (written after `rows`, whose answer gives the rows their type). */
  placeOf?: (row: NoInfer<Row>) => ListPlace
  /**
   * When `where` reads a joined table (kept for speed: a filter on the joined row): the table and
   * those joins, selecting `1`, made `$dynamic()` — the count reads it with `where`. A search is
   * then not narrowed first, and the list has no totals.
   */
  countFrom?: () => SQLiteSelect
  /** False for an export reading every page: neither a count nor totals. */
  counted?: boolean
  /** Amount columns summed under the rows, per currency (only while the count is exact). */
  totals?: { currency: SQLiteColumn | null; amounts: Readonly<Record<string, SQLiteColumn>> }
}

/**
 * The rows of one page and its `meta` (capped count, page, cursor when paged by key, totals).
 * A search narrows first (`searchFirst`): few matches are then read by id.
 */
export const readPage = async <Row>(
  db: DbOrTx,
  query: PageQuery,
  read: PageRead<Row>,
): Promise<Result<{ rows: Row[]; meta: ReturnType<typeof listMeta> & { totals: unknown } }, DomainError>> => {
  const idDirection = read.idDirection ?? 'desc'
  const byKey = read.placeOf !== undefined && read.sort.kind !== undefined
  const after =
    byKey && query.after != null && read.sort.kind !== undefined
      ? pageAfter(
          query.after,
          { column: read.sort.by as Column, kind: read.sort.kind, direction: query.direction },
          { column: read.id, direction: idDirection },
        )
      : ok(undefined)
  if (!after.ok) return after
  const counted = read.counted !== false
  const { countFrom } = read
  const narrowed =
    countFrom === undefined
      ? await searchFirst(db, read.table, read.id, read.where, (query.search ?? null) !== null, counted)
      : {
          rows: read.where,
          count: () => (counted ? countUpTo(db, countFrom().where(read.where)) : Promise.resolve(-1)),
        }
  const expression =
    read.sort.kind === undefined ? read.sort.by : sortExpression(read.sort.by as Column, read.sort.kind)
  const order = query.direction === 'asc' ? asc : desc
  const [rows, total] = await Promise.all([
    // The page's rows as arrays, mapped by drizzle (db/values readRows).
    readRows(
      db,
      read.rows({
        where: and(narrowed.rows, after.value),
        orderBy: [order(expression), (idDirection === 'asc' ? asc : desc)(read.id)],
        limit: query.per_page,
        offset: query.after != null && byKey ? 0 : (query.page - 1) * query.per_page,
      }),
    ),
    narrowed.count(),
  ])
  const totals =
    read.totals === undefined || countFrom !== undefined
      ? null
      : await cappedTotals(db, read.table, narrowed.rows, total, read.totals.currency, read.totals.amounts)
  const last = rows.length === query.per_page ? rows[rows.length - 1] : undefined
  const place = read.placeOf === undefined ? undefined : last === undefined ? null : read.placeOf(last)
  return ok({ rows, meta: { ...listMeta(total, query, place), totals } })
}
