import type { DomainError } from '../errors/domain-error'
import { firstRefusal, type Refusal, unless } from '../policy/decisions'
import { notAllowed } from '../policy/lifecycle'
import { type CircuitState, type Delegation, waitingOn } from './runtime'

/**
 * Where a document's circuit stands for one reader: whom it waits on now, and whether the reader
 * is the delegate of one of them today (the delegation's limits are checked on the decision).
 */
export type CircuitTurn = { readonly waitingOn: readonly string[]; readonly delegate: boolean }

/** No circuit, or none waiting. */
export const NO_TURN: CircuitTurn = { waitingOn: [], delegate: false }

export const circuitTurn = (
  circuit: CircuitState | null,
  delegations: readonly Pick<Delegation, 'delegator' | 'from' | 'to'>[],
  now: Date,
): CircuitTurn => {
  const waiting = circuit === null ? [] : waitingOn(circuit)
  return {
    waitingOn: waiting,
    delegate: delegations.some((d) => waiting.includes(d.delegator) && d.from <= now && now <= d.to),
  }
}

const NOT_CURRENT_VALIDATOR: DomainError = { code: 'NOT_CURRENT_VALIDATOR' }

/** A circuit's decisions (validate, refuse) are for whom it waits on, or their delegate. */
export const turnRefusal = (actor: { login: string }, turn: CircuitTurn): Refusal =>
  unless(turn.waitingOn.includes(actor.login) || turn.delegate, NOT_CURRENT_VALIDATOR)

/** An administrator passes the current step of a document when the setting allows it. */
export const skipRefusal = (actor: { administrator?: boolean }, skipEnabled: boolean | undefined): Refusal =>
  firstRefusal(unless(actor.administrator === true), unless(skipEnabled === true, { code: 'SKIP_DISABLED' }))

/** A step is passed while the document awaits it. */
export const skipStatusRefusal = (status: string, turn: CircuitTurn): Refusal =>
  status === 'awaiting' && turn.waitingOn.length > 0 ? undefined : notAllowed('skip', status)
