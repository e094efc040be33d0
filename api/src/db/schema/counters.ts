import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Piece-number counters: one row per series ("purchase_order", "need"…) and period ("Y:2026",
 * "M:2026-11", "MC:2026-11:3" for a company's month). Advanced by one atomic upsert in the
 * transaction that creates the piece (api/src/services/numbering.ts), so two writers never get
 * the same number and creation costs the same however many pieces exist.
 */
export const pieceCounters = sqliteTable(
  'piece_counters',
  {
    series: text('series').notNull(),
    period: text('period').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.period] })],
)
