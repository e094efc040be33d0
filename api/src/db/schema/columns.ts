import { integer } from 'drizzle-orm/sqlite-core'

/** Timestamps are stored as milliseconds since the epoch (UTC). */
export const timestamps = {
  created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updated_at: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
}

export const flag = (name: string) => integer(name, { mode: 'boolean' })
