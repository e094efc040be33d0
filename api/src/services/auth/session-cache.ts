import type { Maintenance } from '@procura/core/settings'
import { inArray } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { REFERENCE_VERSION_ID, useReferenceVersion } from '../../db/reference-cache'
import { authVersions } from '../../db/schema'
import { getMaintenance } from '../maintenance'
import { type LoadedSession, loadSessionUntil } from './session'
import { hashToken } from './tokens'

/** What a request starts from: who calls (null: nobody signed in) and the maintenance mode. */
export type RequestIdentity = { session: LoadedSession | null; maintenance: Maintenance }

type Kept<T> = { value: T; version: number }

/**
 * The per-process cache of what every request starts from: the maintenance mode and each session
 * with its user, role and permissions. A request reads one row — the auth version that database
 * triggers advance on any change to users, roles, permissions, supplier contacts, sessions or the
 * maintenance setting (migration 0053 / PostgreSQL 0044) — and answers from the cache while that
 * version has not moved: a change made by any process, on either engine, applies at the next
 * call. Each entry keeps the version it was read under, so a load that raced with a change is
 * never trusted after it; a session also stops at its expiry. Nothing is cached for a token that
 * has no session (a new session is not a change).
 */
export const createSessionCache = (db: Db, clock: Clock, maxSessions = 10_000) => {
  const sessions = new Map<string, Kept<{ session: LoadedSession; expires_at: number }>>()
  let maintenance: Kept<Maintenance> | null = null
  let seen: number | null = null

  // The auth version, and the reference version with it (one statement serves both caches), read
  // at every request: built once (drizzle prepares its SQL text), run on the database itself.
  const versions = db
    .select({ id: authVersions.id, value: authVersions.value })
    .from(authVersions)
    .where(inArray(authVersions.id, [1, REFERENCE_VERSION_ID]))
    .prepare()
  const versionNow = async () => {
    const rows = await versions.execute()
    useReferenceVersion(rows.find((r) => r.id === REFERENCE_VERSION_ID)?.value ?? null)
    return rows.find((r) => r.id === 1)?.value ?? null
  }

  const identityOf = async (token: string | undefined): Promise<RequestIdentity> => {
    const version = await versionNow()
    if (version !== seen) {
      // Something changed: what was kept under older versions goes at once.
      sessions.clear()
      seen = version
    }
    let mode = maintenance !== null && maintenance.version === version ? maintenance.value : null
    if (mode === null) {
      mode = await getMaintenance(db)
      // No version row (a database not migrated this far): nothing is kept, everything is read.
      if (version !== null) maintenance = { value: mode, version }
    }
    return { session: await sessionOf(token, version), maintenance: mode }
  }

  const sessionOf = async (token: string | undefined, version: number | null) => {
    if (token === undefined) return null
    const hash = hashToken(token)
    const kept = sessions.get(hash)
    if (kept !== undefined && version !== null && kept.version === version) {
      if (kept.value.expires_at > clock.now().getTime()) return kept.value.session
    }
    sessions.delete(hash)
    const loaded = await loadSessionUntil(db, clock, token)
    if (loaded === null || version === null) return loaded?.session ?? null
    if (sessions.size >= maxSessions) {
      // The oldest entry goes (a Map keeps insertion order).
      const oldest = sessions.keys().next().value
      if (oldest !== undefined) sessions.delete(oldest)
    }
    sessions.set(hash, {
      value: { session: loaded.session, expires_at: loaded.expires_at.getTime() },
      version,
    })
    return loaded.session
  }

  return { identityOf }
}
