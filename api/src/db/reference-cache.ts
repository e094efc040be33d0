import { AsyncLocalStorage } from 'node:async_hooks'
import { eq } from 'drizzle-orm'
import { first } from './first'
import { authVersions } from './schema'
import type { DbOrTx } from './types'

/** The row of auth_versions that database triggers advance on any change to reference data. */
export const REFERENCE_VERSION_ID = 2

/** Entries kept per database (suppliers are kept one by one: the most recently read stay). */
const MAX_ENTRIES = 5_000

type Kept = Map<string, { version: number; value: unknown }>
type Scope = {
  kept: Kept
  /** The reference version this call runs under: undefined until read, null when none exists. */
  version?: number | null
  /** The call wrote something: from then on it reads through (it may have changed what is kept). */
  wrote: boolean
}

const scopes = new AsyncLocalStorage<Scope>()
const caches = new WeakMap<object, Kept>()

/**
 * Runs one call (an HTTP request, the bench's service call) in which reference data — settings,
 * currencies and their rates, custom fields, companies, departments, circuits, supplier file types,
 * users by role, suppliers, warehouses, mail templates — comes from a per-process cache of this
 * database. The call reads the reference version once (the session middleware reads it with the
 * session's, in the same statement) and answers from the cache while the version an entry was read
 * under has not moved; database triggers advance it on any change, by any process, on either
 * engine (migrations 0055, 0056 and 0067 / PostgreSQL 0047, 0048 and 0059). Outside a scope
 * (commands, jobs) everything is read from the database.
 */
export const referenceScope = <T>(database: object, run: () => Promise<T>): Promise<T> => {
  let kept = caches.get(database)
  if (kept === undefined) {
    kept = new Map()
    caches.set(database, kept)
  }
  return scopes.run({ kept, wrote: false }, run)
}

/** The version read with the session's (null: a database without the row reads everything). */
export const useReferenceVersion = (version: number | null) => {
  const scope = scopes.getStore()
  if (scope !== undefined && scope.version === undefined && !scope.wrote) scope.version = version
}

/** Statements that change nothing (a transaction's own statements included). */
const READS = /^\s*(select|begin|commit|rollback|savepoint|release|set\s+transaction)\b/i

/**
 * The tables whose changes advance the reference version (their triggers: migrations 0055, 0056
 * and 0067, PostgreSQL 0047, 0048 and 0059): what the cache holds is read from these only.
 */
export const REFERENCE_TABLES: ReadonlySet<string> = new Set([
  'circuit_rows',
  'companies',
  'currencies',
  'currency_rates',
  'custom_fields',
  'departments',
  'mail_templates',
  'roles',
  'settings',
  'supplier_file_types',
  'suppliers',
  'users',
  'warehouses',
])

/** The table a plain insert, update or delete writes (drizzle's form); undefined for any other statement. */
const WRITTEN_TABLE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?[\s(]/i

/** Whether a statement's text ends a call's trust, by text (each is decided once). */
const endsTrust = new Map<string, boolean>()

/**
 * Told of every statement (the drizzle logger): a write to a reference table ends the call's
 * trust in the cache (its own change is not committed yet, nor the version advanced). Writes to
 * other tables (an order, its trace, a notification) leave it: nothing the cache holds is read
 * from them. A write whose table is not recognised ends the trust too.
 */
export const noteStatement = (query: string) => {
  const scope = scopes.getStore()
  if (scope === undefined || scope.wrote) return
  let ends = endsTrust.get(query)
  if (ends === undefined) {
    const table = READS.test(query) ? null : WRITTEN_TABLE.exec(query)?.[1]
    ends = table !== null && (table === undefined || REFERENCE_TABLES.has(table.toLowerCase()))
    // The services' statements are a few hundred texts; a bounded map all the same.
    if (endsTrust.size >= 2_000) endsTrust.clear()
    endsTrust.set(query, ends)
  }
  if (ends) scope.wrote = true
}

const readVersion = async (db: DbOrTx) =>
  (
    await db
      .select({ value: authVersions.value })
      .from(authVersions)
      .where(eq(authVersions.id, REFERENCE_VERSION_ID))
      .then(first)
  )?.value ?? null

/**
 * Reference data under `key`, kept while its version holds; loaded (and kept under the version
 * read before the load, so a change racing the load is reloaded next time) when it does not.
 * The value is shared: callers never change it.
 */
export const cachedReference = async <T>(db: DbOrTx, key: string, load: () => Promise<T>): Promise<T> => {
  const scope = scopes.getStore()
  if (scope === undefined || scope.wrote) return load()
  if (scope.version === undefined) scope.version = await readVersion(db)
  const version = scope.version
  if (version === null) return load()
  const entry = scope.kept.get(key)
  if (entry !== undefined && entry.version === version) return entry.value as T
  const value = await load()
  // Loaded after a write of this call: not kept (the write may not be committed).
  if (!scope.wrote) {
    if (scope.kept.size >= MAX_ENTRIES) {
      // The oldest entry goes (a Map keeps insertion order).
      const oldest = scope.kept.keys().next().value
      if (oldest !== undefined) scope.kept.delete(oldest)
    }
    scope.kept.delete(key)
    scope.kept.set(key, { version, value })
  }
  return value
}
