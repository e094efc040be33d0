import { addDays } from '@procura/core/calendar'
import { type DomainError, formError } from '@procura/core/errors'
import type { ListPlace } from '@procura/core/list'
import { err, ok, type Result } from '@procura/core/result'
import { and, Column, eq, gt, gte, is, lt, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm'

/**
 * The rows after a place in a list sorted by `sort` then by `id` (the tie-breaker, unique). When
 * both go the same way, one row-value comparison `(sort, id) < (value, id)` that both engines read
 * as a range of an index on (sort, id); otherwise the rows beyond the sort value, or level with it
 * and beyond the id. Either way the database reads the next page directly, however deep (no OFFSET).
 */
export const rowsAfter = (
  sort: { expression: SQLWrapper; value: unknown; direction: 'asc' | 'desc' },
  id: { column: SQLWrapper; value: number; direction: 'asc' | 'desc' },
): SQL => {
  if (sort.direction === id.direction) {
    // A column's value goes through the column's own mapping (a date becomes what the engine stores).
    const value = is(sort.expression, Column) ? sql.param(sort.value, sort.expression) : sort.value
    const op = sql.raw(sort.direction === 'asc' ? '>' : '<')
    return sql`(${sort.expression}, ${id.column}) ${op} (${value}, ${id.value})`
  }
  const beyond = (direction: 'asc' | 'desc') => (direction === 'asc' ? gt : lt)
  return or(
    beyond(sort.direction)(sort.expression, sort.value),
    and(eq(sort.expression, sort.value), beyond(id.direction)(id.column, id.value)),
  ) as SQL
}

/** How a list's sort column reads: a timestamp, text, or an amount (exact decimal text). */
export type SortKind = 'date' | 'text' | 'amount'

/** The expression a list sorts by: amounts by their numeric value, the rest as stored. */
export const sortExpression = (column: Column, kind: SortKind): SQLWrapper =>
  kind === 'amount' ? sql`cast(${column} as numeric)` : column

/**
 * The condition of a page read by key from a cursor's place (none without a cursor), or a form
 * error on `after` when the cursor does not fit the sort (a text cursor on a date sort).
 */
export const pageAfter = (
  place: ListPlace | null,
  sort: { column: Column; kind: SortKind; direction: 'asc' | 'desc' },
  id: { column: Column; direction: 'asc' | 'desc' },
): Result<SQL | undefined, DomainError> => {
  if (place === null) return ok(undefined)
  const value = place.value
  if (sort.kind === 'date' ? !(value instanceof Date) : typeof value !== 'string')
    return err(formError({ after: [{ code: 'INVALID_VALUE' }] }))
  return ok(
    rowsAfter(
      {
        expression: sortExpression(sort.column, sort.kind),
        value: sort.kind === 'amount' ? sql`cast(${value} as numeric)` : value,
        direction: sort.direction,
      },
      { column: id.column, value: place.id, direction: id.direction },
    ),
  )
}

/** A timestamp column between two days (UTC), both included; an open bound is no condition. */
export const dayRange = (column: Column, from?: string, to?: string): SQL[] => [
  ...(from === undefined ? [] : [gte(column, new Date(`${from}T00:00:00Z`))]),
  ...(to === undefined ? [] : [lt(column, new Date(`${addDays(to, 1)}T00:00:00Z`))]),
]

/** A day column (ISO text) between two days, both included. */
export const isoDayRange = (column: Column, from?: string, to?: string): SQL[] => [
  ...(from === undefined ? [] : [gte(column, from)]),
  ...(to === undefined ? [] : [lte(column, to)]),
]

/** An amount column (decimal text) between two bounds, both included, compared as numbers. */
export const amountRange = (column: Column, min?: string, max?: string): SQL[] => [
  ...(min === undefined ? [] : [sql`cast(${column} as numeric) >= cast(${min} as numeric)`]),
  ...(max === undefined ? [] : [sql`cast(${column} as numeric) <= cast(${max} as numeric)`]),
]
