import { type SQL, sql } from 'drizzle-orm'

/** A JSON column read as text, the same on both engines (PostgreSQL's jsonb has no LIKE). */
export const jsonText = (column: unknown): SQL => sql`cast(${column} as text)`
