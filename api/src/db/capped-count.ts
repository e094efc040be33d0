import { COUNT_CAP } from '@procura/core/list'
import { count, type SQL, sql } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { first } from './first'
import type { DbOrTx } from './index'

/**
 * The rows matching `condition`, counted up to COUNT_CAP + 1 (a subquery with a LIMIT), so that a
 * list's total costs the same over a million rows as over ten thousand, on both engines.
 */
export const cappedCount = async (
  db: DbOrTx,
  table: SQLiteTable,
  condition: SQL | undefined,
  cap = COUNT_CAP,
): Promise<number> => {
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(condition)
    .limit(cap + 1)
    .as('matching')
  const row = await db.select({ n: count() }).from(matching).limit(1).then(first)
  return row?.n ?? 0
}
