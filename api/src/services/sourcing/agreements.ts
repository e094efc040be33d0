import { isPurchasing } from '@procura/core/auth'
import { isoDateIn } from '@procura/core/calendar'
import { type CircuitState, circuitTurn } from '@procura/core/circuit'
import type { DomainError } from '@procura/core/errors'
import type { OrderActor } from '@procura/core/purchase-order'
import type { Result } from '@procura/core/result'
import { type AgreementStatus, agreementWaitingOn, allowedAgreementActions } from '@procura/core/sourcing'
import type { DbOrTx } from '../../db'
import { delegationsTo } from '../purchase-orders/circuit'
import { loadSettings } from '../settings'
import type { ValidationMailDeps } from '../validation-mail'

/** The agreements' services: what tells validators too (mail, real time, the link's base). */
export type Deps = ValidationMailDeps

export type Answer<T> = Promise<Result<T, DomainError>>
/** The order rules' actor with its role (validators see and validate agreements). */
export type AgreementActor = OrderActor & { role?: string | null }

/** Buyers see and write agreements; validators and administrators see them too. */
export const maySee = (actor: AgreementActor) => isPurchasing(actor)

/** Today in the instance's time zone: what an agreement's end is compared with. */
export const todayOf = async (deps: Deps) =>
  isoDateIn(deps.clock.now(), (await loadSettings(deps.db)).formats.time_zone)

/**
 * The agreement's actions policy for one person, with what it reads besides the agreement: whom
 * its circuit waits on and whether this person is the delegate of one today (none: no step).
 */
export const agreementDecisions = async (
  db: DbOrTx,
  actor: AgreementActor,
  row: { status: string; buyer_id: number; circuit: unknown },
  now: Date,
  status = row.status as AgreementStatus,
) => {
  const circuit = (row.circuit as CircuitState | null) ?? null
  const waiting = agreementWaitingOn(circuit)
  const delegations =
    waiting === null || waiting.length === 0 || waiting.includes(actor.login)
      ? []
      : await delegationsTo(db, actor.id)
  return allowedAgreementActions(
    actor,
    { status, buyer_id: row.buyer_id },
    waiting === null ? null : circuitTurn(circuit, delegations, now),
  )
}
