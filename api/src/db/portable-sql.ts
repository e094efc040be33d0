import { type SQL, sql } from 'drizzle-orm'

/**
 * SQL fragments written once for both engines, where SQLite and PostgreSQL differ.
 */

/** A JSON column read as text (PostgreSQL's jsonb has no LIKE). */
export const jsonText = (column: unknown): SQL => sql`cast(${column} as text)`

/**
 * LIKE ignoring case, with "\" escaping "%" and "_" in the pattern: SQLite's LIKE ignores ASCII
 * case and PostgreSQL's does not, so both compare lower-cased text.
 */
export const likeCi = (column: unknown, pattern: string): SQL =>
  sql`lower(${column}) like ${pattern.toLowerCase()} escape '\\'`
