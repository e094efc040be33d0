import { type Actor, allowedUserActions, type UserRowAction } from '@procura/core/auth'
import type { DomainError } from '@procura/core/errors'
import { guard } from '@procura/core/policy'
import { err, ok, type Result } from '@procura/core/result'
import type { DbOrTx } from '../../db'
import { loadSessionUser } from '../auth/session'

/**
 * The account's actions policy for one person (core allowedUserActions), on the account as
 * loaded; an account that does not exist is decided on its id alone (who may act on it), then not
 * found.
 */
export const guardUser = async (
  db: DbOrTx,
  actor: Actor,
  id: number,
  action: UserRowAction,
): Promise<Result<void, DomainError>> => {
  const target = await loadSessionUser(db, id)
  const allowed = guard(allowedUserActions(actor, target ?? { id, active: true, permissions: [] }), action)
  if (!allowed.ok) return allowed
  return target === null ? err({ code: 'ITEM_NOT_FOUND' }) : ok(undefined)
}
