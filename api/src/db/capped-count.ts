import { COUNT_CAP } from '@procura/core/list'
import { count, type SQL, sql } from 'drizzle-orm'
import type { SQLiteSelect, SQLiteTable } from 'drizzle-orm/sqlite-core'
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
