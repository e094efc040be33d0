import type { Actor } from '@procura/core/auth'
import { can, isSupplierContact, sessionExpiry } from '@procura/core/auth'
import { isLanguage, type Language } from '@procura/core/i18n'
import { PERMISSION_CODES, type PermissionCode } from '@procura/core/user'
import { and, asc, eq, inArray, lt, or } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import {
  permissions,
  rolePermissions,
  roles,
  sessions,
  supplierContacts,
  userPermissions,
  users,
} from '../../db/schema'
import { hashToken, newToken } from './tokens'

export type SessionUser = {
  id: number
  login: string
  label: string
  email: string
  language: Language
  currency_code: string | null
  price_display_inctax: boolean
  active: boolean
  buyer: boolean
  can_view_other_po: boolean
  role: string | null
  permissions: PermissionCode[]
  /** For a supplier's contact: the suppliers having a contact with this user's e-mail. */
  supplier_ids: number[]
}

export type LoadedSession = {
  hash: string
  csrf_token: string
  remember: boolean
  user: SessionUser
  /** The person really signed in, while they act as `user`. */
  real_user: { id: number; label: string } | null
}

const isPermission = (code: string): code is PermissionCode =>
  (PERMISSION_CODES as readonly string[]).includes(code)

/** A user's permissions: their role's and their own. */
export const permissionsOf = async (
  db: DbOrTx,
  userId: number,
  roleId: number | null,
): Promise<PermissionCode[]> => {
  // One query: the permissions granted to the user or to their role.
  const granted = await db
    .select({ code: permissions.code })
    .from(permissions)
    .where(
      or(
        inArray(
          permissions.id,
          db
            .select({ id: userPermissions.permission_id })
            .from(userPermissions)
            .where(eq(userPermissions.user_id, userId)),
        ),
        roleId === null
          ? undefined
          : inArray(
              permissions.id,
              db
                .select({ id: rolePermissions.permission_id })
                .from(rolePermissions)
                .where(eq(rolePermissions.role_id, roleId)),
            ),
      ),
    )
  return [...new Set(granted.map((p) => p.code))].filter(isPermission).sort()
}

/** The session's view of a user row (and its role's code), with its permissions. */
const sessionUserOf = async (
  db: DbOrTx,
  user: typeof users.$inferSelect,
  role: string | null,
): Promise<SessionUser> => ({
  id: user.id,
  login: user.login,
  label: user.label,
  email: user.email,
  language: isLanguage(user.language) ? user.language : 'en',
  currency_code: user.currency_code,
  price_display_inctax: user.price_display_inctax,
  active: user.active,
  buyer: user.buyer,
  can_view_other_po: user.can_view_other_po,
  role,
  permissions: await permissionsOf(db, user.id, user.role_id),
  supplier_ids: isSupplierContact({ role })
    ? (
        await db
          .select({ id: supplierContacts.supplier_id })
          .from(supplierContacts)
          .where(eq(supplierContacts.email, user.email))
      ).map((r) => r.id)
    : [],
})

export const loadSessionUser = async (db: DbOrTx, userId: number): Promise<SessionUser | null> => {
  const row = await db
    .select({ user: users, role: roles.code })
    .from(users)
    .leftJoin(roles, eq(users.role_id, roles.id))
    .where(eq(users.id, userId))
    .limit(1)
    .then(first)
  return row === undefined ? null : sessionUserOf(db, row.user, row.role)
}

export const actorOf = (session: LoadedSession): Actor => ({
  id: session.user.id,
  active: session.user.active,
  permissions: session.user.permissions,
  real_user_id: session.real_user?.id ?? null,
  role: session.user.role,
  buyer: session.user.buyer,
  supplier_ids: session.user.supplier_ids,
})

/** The session's user as the order rules see them. */
export const orderActorOf = (session: LoadedSession) => ({
  id: session.user.id,
  login: session.user.login,
  buyer: session.user.buyer,
  can_view_other_po: session.user.can_view_other_po,
  administrator: can(actorOf(session), 'admin_menu'),
  supplier_ids: session.user.supplier_ids,
  permissions: actorOf(session).permissions,
  role: session.user.role,
})

export type NewSession = { token: string; csrf_token: string; expires_at: Date; remember: boolean }

/** Opens a session for a user: a fresh id and CSRF token (never reused from before sign-in). */
export const createSession = async (
  db: DbOrTx,
  clock: Clock,
  userId: number,
  remember: boolean,
): Promise<NewSession> => {
  const token = newToken()
  const csrf_token = newToken()
  const now = clock.now()
  const expires_at = sessionExpiry(now, remember)
  await db
    .insert(sessions)
    .values({ id: hashToken(token), user_id: userId, csrf_token, remember, created_at: now, expires_at })
  return { token, csrf_token, expires_at, remember }
}

/** The session behind a cookie token, or null (unknown, expired, or its user deactivated). */
export const loadSession = async (db: DbOrTx, clock: Clock, token: string): Promise<LoadedSession | null> =>
  (await loadSessionUntil(db, clock, token))?.session ?? null

/** The session of a token with the instant it expires (what a cache of sessions keeps); null when none. */
export const loadSessionUntil = async (
  db: DbOrTx,
  clock: Clock,
  token: string,
): Promise<{ session: LoadedSession; expires_at: Date } | null> => {
  const hash = hashToken(token)
  // The session with its user and role in one query (every API call starts here).
  const found = await db
    .select({ session: sessions, user: users, role: roles.code })
    .from(sessions)
    .innerJoin(users, eq(sessions.user_id, users.id))
    .leftJoin(roles, eq(users.role_id, roles.id))
    .where(eq(sessions.id, hash))
    .limit(1)
    .then(first)
  if (found === undefined) return null
  const row = found.session
  if (row.expires_at.getTime() <= clock.now().getTime()) {
    await db.delete(sessions).where(eq(sessions.id, hash))
    return null
  }
  const user = await sessionUserOf(db, found.user, found.role)
  const realUser = row.real_user_id === null ? null : await loadSessionUser(db, row.real_user_id)
  const signedIn = realUser ?? user
  if (user === null || signedIn === null || !signedIn.active) return null
  return {
    session: {
      hash,
      csrf_token: row.csrf_token,
      remember: row.remember,
      user,
      real_user: realUser === null ? null : { id: realUser.id, label: realUser.label },
    },
    expires_at: row.expires_at,
  }
}

export const deleteSession = async (db: DbOrTx, hash: string): Promise<void> => {
  await db.delete(sessions).where(eq(sessions.id, hash))
}

/** Switches whom a session acts as (impersonation and getting back). */
export const setSessionIdentity = async (
  db: DbOrTx,
  hash: string,
  userId: number,
  realUserId: number | null,
) => {
  await db.update(sessions).set({ user_id: userId, real_user_id: realUserId }).where(eq(sessions.id, hash))
}

/** Removes expired sessions (maintenance cron). */
export const purgeExpiredSessions = async (db: DbOrTx, clock: Clock): Promise<void> => {
  await db.delete(sessions).where(and(lt(sessions.expires_at, clock.now())))
}

/**
 * Who a command-line job acts as: the active user of that login, else (none given) the first
 * active administrator; null when there is none. Its actions are traced under that user.
 */
export const commandLineActor = async (db: DbOrTx, login: string | undefined) => {
  const candidates = await db
    .select({ id: users.id, login: users.login })
    .from(users)
    .where(login === undefined ? eq(users.active, true) : and(eq(users.login, login), eq(users.active, true)))
    .orderBy(asc(users.id))
  for (const candidate of candidates) {
    const user = await loadSessionUser(db, candidate.id)
    if (user === null) continue
    const actor = orderActorOf({ hash: '', csrf_token: '', remember: false, user, real_user: null })
    if (login !== undefined || actor.administrator) return actor
  }
  return null
}
