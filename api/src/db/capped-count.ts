import { COUNT_CAP } from '@procura/core/list'
import { type Dec, dec } from '@procura/core/money'
import { count, type SQL, sql } from 'drizzle-orm'
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

/**
 * The amounts of the rows of `table` matching `condition`, summed per currency in decimal (exact to
 * the cent), as a list's totals row shows them; null past COUNT_CAP rows (like the count, a total
 * over a million rows would cost a full read: the screen asks to narrow the filters).
 */
export const cappedTotals = async (
  db: DbOrTx,
  table: SQLiteTable,
  condition: SQL | undefined,
  currency: SQLiteColumn | null,
  amounts: Readonly<Record<string, SQLiteColumn>>,
  cap = COUNT_CAP,
): Promise<ListTotals | null> => {
  const rows = (await db
    .select({ _currency: currency ?? sql<null>`null`, ...amounts })
    .from(table)
    .where(condition)
    .limit(cap + 1)) as ({ _currency: string | null } & Record<string, string | null>)[]
  if (rows.length > cap) return null
  const sums = new Map<string | null, Map<string, Dec>>()
  for (const row of rows) {
    const own = sums.get(row._currency) ?? new Map(Object.keys(amounts).map((key) => [key, dec(0)]))
    for (const key of Object.keys(amounts)) own.set(key, (own.get(key) ?? dec(0)).plus(row[key] ?? 0))
    sums.set(row._currency, own)
  }
  return [...sums]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([code, own]) => ({
      currency_code: code,
      ...Object.fromEntries([...own].map(([key, value]) => [key, value.toFixed()])),
    })) as ListTotals
}
