import { COUNT_CAP } from '@procura/core/list'
import { dec } from '@procura/core/money'
import { count, inArray, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteSelect, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { first } from './first'
import type { DbOrTx } from './index'

/**
 * The rows a query selects (its joins and conditions, made with `$dynamic()`), counted up to
 * COUNT_CAP + 1 (a subquery with a LIMIT), so that a list's total costs the same over a million
 * rows as over ten thousand, on both engines. core's `listMeta` shows the cap as "more than".
 */
export const countUpTo = async (db: DbOrTx, matching: SQLiteSelect, cap = COUNT_CAP): Promise<number> => {
  const row = await db
    .select({ n: count() })
    .from(matching.limit(cap + 1).as('matching'))
    .limit(1)
    .then(first)
  return row?.n ?? 0
}

/** The rows of `table` matching `condition`, counted up to COUNT_CAP + 1 (see countUpTo). */
export const cappedCount = (
  db: DbOrTx,
  table: SQLiteTable,
  condition: SQL | undefined,
  cap = COUNT_CAP,
): Promise<number> => countUpTo(db, db.select({ one: sql`1` }).from(table).where(condition).$dynamic(), cap)

/** The sums of a list's amount columns over its filtered rows, one entry per currency. */
export type ListTotals = ({ currency_code: string | null } & Record<string, string>)[]

/** Amounts are summed as integers of 1/10,000: exact for amounts of up to four decimals, on both engines. */
const SCALE = 10_000

/** The sum of a decimal-string column, exact (integers of 1/10,000), on both engines: read it with `readExactSum`. */
export const exactSum = (column: unknown) =>
  sql<string>`sum(cast(round(cast(${column} as double precision) * ${sql.raw(String(SCALE))}) as bigint))`

/** What `exactSum` answered (a number, a bigint or a string by driver; null over no row), as a decimal. */
export const readExactSum = (value: string | number | bigint | null | undefined) =>
  dec(String(value ?? 0)).div(SCALE)

/**
 * The amounts of the rows of `table` matching `condition`, summed per currency by the database in
 * integers (exact to the cent), as a list's totals row shows them. `counted` is the list's capped
 * count: past COUNT_CAP rows there is no total (the screen asks to narrow the filters) and nothing
 * is read, so a list over a million rows costs no more than one over ten thousand.
 */
export const cappedTotals = async (
  db: DbOrTx,
  table: SQLiteTable,
  condition: SQL | undefined,
  counted: number,
  currency: SQLiteColumn | null,
  amounts: Readonly<Record<string, SQLiteColumn>>,
  cap = COUNT_CAP,
): Promise<ListTotals | null> => {
  // Past the cap, or not counted (an export reading every page): no total.
  if (counted > cap || counted < 0) return null
  if (counted === 0) return []
  const keys = Object.keys(amounts)
  const sums = Object.fromEntries(keys.map((key) => [key, exactSum(amounts[key])]))
  const read =
    currency === null
      ? db
          .select({ _currency: sql<null>`null`, ...sums })
          .from(table)
          .where(condition)
      : db
          .select({ _currency: currency, ...sums })
          .from(table)
          .where(condition)
          .groupBy(currency)
  const rows = (await read) as ({ _currency: string | null } & Record<
    string,
    string | number | bigint | null
  >)[]
  return rows
    .sort((a, b) => String(a._currency).localeCompare(String(b._currency)))
    .map((row) => ({
      currency_code: row._currency,
      ...Object.fromEntries(keys.map((key) => [key, readExactSum(row[key]).toFixed()])),
    })) as ListTotals
}

/**
 * A searched list's matching rows, found first: their ids in one scan, capped at COUNT_CAP + 1.
 * A search is selective or it is not. When few rows match, the page then reads them by id, sorted
 * (the page's own plan would walk the sort's index over every row to find few or none: 140 ms at
 * 100,000 orders against 25 ms); when more than the cap match, the page's own plan finds its rows
 * at once, and the count is known to be past the cap without counting again. Both engines.
 */
export const searchedIds = async (
  db: DbOrTx,
  table: SQLiteTable,
  id: SQLiteColumn,
  condition: SQL | undefined,
  cap = COUNT_CAP,
): Promise<number[]> =>
  (
    await db
      .select({ id })
      .from(table)
      .where(condition)
      .limit(cap + 1)
  ).map((row) => Number(row.id))

/** The rows whose id is one of `ids` (none when there are none). */
export const idIn = (id: SQLiteColumn, ids: readonly number[]): SQL =>
  ids.length === 0 ? sql`1 = 0` : (inArray(id, [...ids]) as SQL)

/**
 * The conditions a list's page and count read (searchedIds): when a search found few rows, the page
 * reads them by id and the count is their number; otherwise the page reads `condition` and the
 * count is capped (or skipped when the caller does not count: an export).
 */
export const searchFirst = async (
  db: DbOrTx,
  table: SQLiteTable,
  id: SQLiteColumn,
  condition: SQL | undefined,
  searching: boolean,
  counted: boolean,
  cap = COUNT_CAP,
) => {
  const found = searching ? await searchedIds(db, table, id, condition, cap) : null
  return {
    rows: found === null || found.length > cap ? condition : idIn(id, found),
    count: (): Promise<number> =>
      !counted
        ? Promise.resolve(-1)
        : found !== null
          ? Promise.resolve(found.length)
          : cappedCount(db, table, condition, cap),
  }
}
