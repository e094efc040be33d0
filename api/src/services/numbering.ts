import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../db'
import { pieceCounters } from '../db/schema'

/**
 * Advances the counters of a series for the given periods and answers each one's new value, in
 * the order given. One atomic upsert per period (INSERT … ON CONFLICT DO UPDATE … RETURNING, the
 * same statement on SQLite and PostgreSQL), inside the caller's transaction: two pieces created at
 * once never get the same number, a piece refused later in the transaction gives its number back,
 * and the cost does not grow with the number of pieces.
 */
export const nextNumbers = async (
  tx: DbOrTx,
  series: string,
  periods: readonly string[],
): Promise<number[]> => {
  const values: number[] = []
  for (const period of periods) {
    const [row] = await tx
      .insert(pieceCounters)
      .values({ series, period, value: 1 })
      .onConflictDoUpdate({
        target: [pieceCounters.series, pieceCounters.period],
        set: { value: sql`${pieceCounters.value} + 1` },
      })
      .returning({ value: pieceCounters.value })
    if (row === undefined) throw new Error(`Counter ${series}/${period} returned nothing`)
    values.push(row.value)
  }
  return values
}

/** The periods of a piece dated `at` (UTC): its year, its month, and its month for one company. */
export const periodsOf = (at: Date, companyId?: number) => {
  const month = at.toISOString().slice(0, 7)
  return {
    year: `Y:${month.slice(0, 4)}`,
    month: `M:${month}`,
    ...(companyId === undefined ? {} : { companyMonth: `MC:${month}:${companyId}` }),
  }
}
