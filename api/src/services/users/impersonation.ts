import { allowedUserActions } from '@procura/core/auth'
import type { DomainError } from '@procura/core/errors'
import { guard } from '@procura/core/policy'
import { err, ok, type Result } from '@procura/core/result'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { actorOf, type LoadedSession, loadSessionUser, setSessionIdentity } from '../auth/session'
import { writeTrace } from '../trace'

/** Acts as another user within the same session; traced with both names. */
export const impersonate = async (
  db: Db,
  clock: Clock,
  session: LoadedSession,
  targetId: number,
): Promise<Result<{ user_id: number }, DomainError>> => {
  const target = await loadSessionUser(db, targetId)
  if (target === null) return err({ code: 'ITEM_NOT_FOUND' })
  const allowed = guard(allowedUserActions(actorOf(session), target), 'impersonate')
  if (!allowed.ok) return allowed
  await db.transaction(async (tx) => {
    await setSessionIdentity(tx, session.hash, target.id, session.user.id)
    await writeTrace(tx, clock, {
      action: 'impersonate',
      message: `${session.user.login} acts as ${target.login}`,
      model: 'user',
      model_id: target.id,
      user_id: session.user.id,
      severity: 'warning',
    })
  })
  return ok({ user_id: target.id })
}

/** Back to the real user. Refused when nobody is being impersonated. */
export const getBack = async (
  db: Db,
  clock: Clock,
  session: LoadedSession,
): Promise<Result<{ user_id: number }, DomainError>> => {
  const real = session.real_user
  if (real === null) return err({ code: 'FORBIDDEN' })
  await db.transaction(async (tx) => {
    await setSessionIdentity(tx, session.hash, real.id, null)
    await writeTrace(tx, clock, {
      action: 'impersonate_end',
      message: `${real.label} stops acting as ${session.user.login}`,
      model: 'user',
      model_id: session.user.id,
      user_id: real.id,
    })
  })
  return ok({ user_id: real.id })
}
