import { type DomainError, formError } from '../errors/domain-error'
import { parseWith } from '../errors/parse'
import { type DecimalInput, dec } from '../money/decimal'
import { err, ok, type Result } from '../result'
import type { CircuitStep } from './chart'
import { RefusalSchema } from './inputs'

export type StepState = CircuitStep & {
  status: 'pending' | 'validated' | 'refused' | 'skipped'
  by: string | null
  /** Set when a delegate acted for a validator. */
  on_behalf_of: string | null
  at: Date | null
  /** Why the step was refused (required to refuse), shown on the document and sent to its author. */
  reason?: string | null
}

export type CircuitState = { steps: StepState[] }

/** A delegation goes to someone else, active (DELEGATION_TO_SELF, NOT_IN_LIST on its delegate): answers the delegate. */
export const checkDelegate = <D extends { id: number; active: boolean }>(
  actor: { id: number },
  delegate: D | undefined,
): Result<D, DomainError> => {
  if (delegate === undefined || !delegate.active)
    return err(formError({ delegate_login: [{ code: 'NOT_IN_LIST' }] }))
  return delegate.id === actor.id
    ? err(formError({ delegate_login: [{ code: 'DELEGATION_TO_SELF' }] }))
    : ok(delegate)
}

/** A circuit computed at submission: every step pending. */
export const startCircuit = (steps: readonly CircuitStep[]): CircuitState => ({
  steps: steps.map((s) => ({ ...s, status: 'pending', by: null, on_behalf_of: null, at: null })),
})

export const currentStep = (circuit: CircuitState): StepState | null =>
  circuit.steps.find((s) => s.status === 'pending') ?? null

/** The actor is a validator of the current step (it acts for itself; no delegation is needed). */
export const actsForItself = (circuit: CircuitState, login: string): boolean =>
  currentStep(circuit)?.validators.includes(login) === true

export const isComplete = (circuit: CircuitState): boolean =>
  circuit.steps.every((s) => s.status === 'validated' || s.status === 'skipped')

export const isRefused = (circuit: CircuitState): boolean => circuit.steps.some((s) => s.status === 'refused')

/**
 * A delegation: `delegate` validates for `delegator` during [from, to], within a default limit and
 * per-tag limits (null = no limit).
 */
export type Delegation = {
  delegator: string
  delegate: string
  from: Date
  to: Date
  default_limit: DecimalInput | null
  tag_limits: Readonly<Record<string, DecimalInput>>
}

export type Actor = { login: string }
export type DocumentForValidation = { amount: DecimalInput; tags: readonly string[] }

/**
 * Whom the actor acts for at the current step: themselves when they are a validator of it, else
 * a validator who delegated to them (in period) — then the delegation's limits apply: the default
 * one, and every limit of the document's tags.
 */
const actingFor = (
  step: StepState,
  actor: Actor,
  doc: DocumentForValidation,
  delegations: readonly Delegation[],
  now: Date,
): Result<string | null, DomainError> => {
  if (step.validators.includes(actor.login)) return ok(null)
  const delegation = delegations.find(
    (d) =>
      d.delegate === actor.login && step.validators.includes(d.delegator) && d.from <= now && now <= d.to,
  )
  if (delegation === undefined) return err({ code: 'NOT_CURRENT_VALIDATOR' })
  const amount = dec(doc.amount)
  if (delegation.default_limit !== null && amount.gt(delegation.default_limit)) {
    return err({
      code: 'DELEGATION_DEFAULT_LIMIT_EXCEEDED',
      params: { limit: dec(delegation.default_limit).toString() },
    })
  }
  for (const tag of doc.tags) {
    const limit = delegation.tag_limits[tag]
    if (limit !== undefined && amount.gt(limit)) {
      return err({ code: 'DELEGATION_TAG_LIMIT_EXCEEDED', params: { tag, limit: dec(limit).toString() } })
    }
  }
  return ok(delegation.delegator)
}

const decide = (
  circuit: CircuitState,
  actor: Actor,
  doc: DocumentForValidation,
  delegations: readonly Delegation[],
  now: Date,
  status: 'validated' | 'refused',
  reason: string | null = null,
): Result<CircuitState, DomainError> => {
  const step = currentStep(circuit)
  if (step === null)
    return err({
      code: 'TRANSITION_NOT_ALLOWED',
      params: { action: status === 'validated' ? 'validate' : 'refuse', status: 'complete' },
    })
  const acting = actingFor(step, actor, doc, delegations, now)
  if (!acting.ok) return acting
  return ok({
    steps: circuit.steps.map((s) =>
      s === step ? { ...s, status, by: actor.login, on_behalf_of: acting.value, at: now, reason } : s,
    ),
  })
}

/** The current step's validator (or their delegate, within limits) validates it. */
export const validateStep = (
  circuit: CircuitState,
  actor: Actor,
  doc: DocumentForValidation,
  delegations: readonly Delegation[],
  now: Date,
) => decide(circuit, actor, doc, delegations, now, 'validated')

/**
 * The current step's validator (or their delegate) refuses, saying why: the whole circuit is
 * refused. A refusal without a reason (at least 3 characters) is refused itself.
 */
export const refuseStep = (
  circuit: CircuitState,
  actor: Actor,
  doc: DocumentForValidation,
  delegations: readonly Delegation[],
  now: Date,
  reason: string,
): Result<CircuitState, DomainError> => {
  const checked = parseWith(RefusalSchema, { reason })
  if (!checked.ok) return checked
  return decide(circuit, actor, doc, delegations, now, 'refused', checked.value.reason)
}

/** The refusal of a circuit (who, for whom, when, why), or null. */
export const refusalOf = (circuit: CircuitState | null) => {
  const step = circuit?.steps.find((s) => s.status === 'refused')
  return step === undefined
    ? null
    : { by: step.by, on_behalf_of: step.on_behalf_of, at: step.at, reason: step.reason ?? null }
}

/** Skips the current step manually (whether one may — the setting misc.validator_skip_enabled — is the document's policy: skipRefusal). */
export const skipStep = (
  circuit: CircuitState,
  actor: Actor,
  now: Date,
): Result<CircuitState, DomainError> => {
  const step = currentStep(circuit)
  if (step === null)
    return err({ code: 'TRANSITION_NOT_ALLOWED', params: { action: 'skip', status: 'complete' } })
  return ok({
    steps: circuit.steps.map((s) =>
      s === step ? { ...s, status: 'skipped', by: actor.login, on_behalf_of: null, at: now } : s,
    ),
  })
}

/** A change of the document resets the circuit: every step pending again (spec §4). */
export const resetCircuit = (circuit: CircuitState): CircuitState => startCircuit(circuit.steps)

/** The logins with something to validate now (for e-mails and the actions to do). */
export const waitingOn = (circuit: CircuitState): string[] => currentStep(circuit)?.validators ?? []
