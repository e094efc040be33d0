import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { RawDatabase } from './types'

/** The migrations this release ships for an engine (drizzle-kit's journal). */
const shipped = (engine: RawDatabase['engine']): number => {
  const folder = engine === 'postgresql' ? './migrations-pg' : './migrations'
  const journal = JSON.parse(
    readFileSync(fileURLToPath(new URL(`${folder}/meta/_journal.json`, import.meta.url)), 'utf8'),
  ) as { entries: unknown[] }
  return journal.entries.length
}

/**
 * How far this database is migrated: the migrations applied (drizzle's own table) against those
 * the release ships. A tool that must know the engine (the table's schema differs): readiness,
 * the CLI.
 */
export const migrationLevel = async (
  database: RawDatabase,
): Promise<{ applied: number; shipped: number }> => {
  const table = database.engine === 'postgresql' ? 'drizzle.__drizzle_migrations' : '__drizzle_migrations'
  const applied = await database.client
    .execute(`select count(*) as n from ${table}`)
    .then((r) => Number((r.rows[0] as { n?: unknown } | undefined)?.n ?? 0))
    .catch(() => 0)
  return { applied, shipped: shipped(database.engine) }
}
