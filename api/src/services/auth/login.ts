import {
  afterFailure,
  DEFAULT_THROTTLE,
  LoginInputSchema,
  lockedFor,
  safeRedirect,
  type ThrottlePolicy,
  throttleKey,
  wantsRemember,
} from '@procura/core/auth'
import { type DomainError, parseWith } from '@procura/core/errors'
import { err, ok, type Result } from '@procura/core/result'
import { eq } from 'drizzle-orm'
import { hashPassword, verifyPassword } from '../../auth/password'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { loginAttempts } from '../../db/schema'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { findUserNamedBy } from './named-user'
import { createSession, deleteSession, type NewSession } from './session'

/** Verifying against a real hash when the login is unknown keeps the timing the same. */
let decoyHash: Promise<string> | null = null
const decoy = () => {
  decoyHash ??= hashPassword('procura-decoy-password')
  return decoyHash
}

export type LoginDeps = { db: Db; clock: Clock; basePath: string; throttle?: ThrottlePolicy }

export type LoginSuccess = NewSession & { user_id: number; redirect: string }

/**
 * Signs a person in. Refusals: form errors, too many attempts (with the seconds to wait), invalid
 * credentials (the same answer for an unknown login and a wrong password), inactive account,
 * classic login turned off under single sign-on. A failure is counted and traced; a success
 * clears the count, replaces any previous session and is traced.
 */
export const login = async (
  deps: LoginDeps,
  input: unknown,
  address: string,
  previousSessionHash: string | null,
): Promise<Result<LoginSuccess, DomainError>> => {
  const parsed = parseWith(LoginInputSchema, input)
  if (!parsed.ok) return parsed
  const { db, clock } = deps
  const policy = deps.throttle ?? DEFAULT_THROTTLE
  const settings = await loadSettings(db)
  if (settings.modules.single_sign_on && !settings.customer.classic_login_with_sso) {
    return err({ code: 'CLASSIC_LOGIN_DISABLED' })
  }

  const key = throttleKey(parsed.value.login, address)
  const now = clock.now().getTime()
  const state =
    (await db.select().from(loginAttempts).where(eq(loginAttempts.key, key)).limit(1).then(first)) ?? null
  const waiting = lockedFor(state, now, policy)
  if (waiting > 0) return err({ code: 'TOO_MANY_ATTEMPTS', params: { seconds: waiting } })

  const user = await findUserNamedBy(db, parsed.value.login)
  const valid = await verifyPassword(user?.password_hash ?? (await decoy()), parsed.value.password)

  if (user === undefined || !valid) {
    const next = afterFailure(state, now, policy)
    await db.transaction(async (tx) => {
      if (next !== null) {
        await tx
          .insert(loginAttempts)
          .values({ key, ...next })
          .onConflictDoUpdate({ target: loginAttempts.key, set: next })
      }
      await writeTrace(tx, clock, {
        action: 'login_failed',
        message: `Failed sign-in for "${parsed.value.login}" from ${address}`,
        model: 'user',
        model_id: user?.id ?? null,
        severity: 'warning',
      })
    })
    const nowLocked = lockedFor(next, now, policy)
    return err(
      nowLocked > 0
        ? { code: 'TOO_MANY_ATTEMPTS', params: { seconds: nowLocked } }
        : { code: 'INVALID_CREDENTIALS' },
    )
  }
  if (!user.active) return err({ code: 'ACCOUNT_INACTIVE' })

  const session = await db.transaction(async (tx) => {
    await tx.delete(loginAttempts).where(eq(loginAttempts.key, key))
    if (previousSessionHash !== null) await deleteSession(tx, previousSessionHash)
    const created = await createSession(tx, clock, user.id, wantsRemember(parsed.value))
    await writeTrace(tx, clock, {
      action: 'login',
      message: `${user.login} signed in`,
      model: 'user',
      model_id: user.id,
      user_id: user.id,
    })
    return created
  })
  return ok({ ...session, user_id: user.id, redirect: safeRedirect(parsed.value.redirect, deps.basePath) })
}
