import type { DomainError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'
import { type CircuitState, currentStep } from './runtime'

/**
 * Deciding from the e-mail (docs/domain/circuits.md): the validation request mail carries a
 * "Validate" and a "Refuse" link, signed, single-use, bound to the document, the step, the
 * document's version and the person, expiring after `misc.email_decision_hours`. Following one
 * shows the document's key figures; only confirming decides, through the document's own action
 * (its policy, delegations, ceilings and budgets apply exactly as in the app).
 */
export const EMAIL_DECISION_MODELS = [
  'purchase_order',
  'need',
  'expense_report',
  'payment_group',
  'framework_agreement',
] as const
export type EmailDecisionModel = (typeof EMAIL_DECISION_MODELS)[number]
export const isEmailDecisionModel = (value: string): value is EmailDecisionModel =>
  (EMAIL_DECISION_MODELS as readonly string[]).includes(value)

export const EMAIL_DECISIONS = ['validate', 'refuse'] as const
export type EmailDecision = (typeof EMAIL_DECISIONS)[number]

/** What a link says, signed: nobody changes a word of it without the signature failing. */
export type EmailDecisionClaims = {
  model: EmailDecisionModel
  id: number
  decision: EmailDecision
  user_id: number
  /** The index of the circuit's step that waited on the person when the mail was written. */
  step: number
  /** The document's version then (its lock version, or its last change for an agreement). */
  version: string
  /** Epoch milliseconds after which the link answers DECISION_LINK_EXPIRED. */
  expires_at: number
  /** Random, once per link: the link is spent when a decision is made with it. */
  nonce: string
}

/** Where the document stands when the link is followed. */
export type DocumentAtLink = {
  status: string
  /** The statuses a circuit decides in (awaiting, for each of the five documents). */
  awaiting: boolean
  cancelled: boolean
  /** A newer version replaced it (an order's new version). */
  replaced: boolean
  circuit: CircuitState | null
  version: string
}

/** The index of the step waiting now, or null (none waits: complete, refused, no circuit). */
export const waitingStepIndex = (circuit: CircuitState | null): number | null => {
  if (circuit === null) return null
  const step = currentStep(circuit)
  return step === null ? null : circuit.steps.indexOf(step)
}

/** When a link written now stops working; hours 0 means the mails carry no links. */
export const emailDecisionExpiry = (now: Date, hours: number): Date | null =>
  hours <= 0 ? null : new Date(now.getTime() + hours * 3_600_000)

/**
 * Whether a genuine link (its signature checked) may still decide, in the order a reader needs to
 * hear it: spent, expired, the document gone or cancelled, replaced by a new version, its step
 * already decided, or the document changed since the mail. Nothing here changes anything; the decision itself is the
 * document's action, which still applies every rule of the app.
 */
export const checkEmailDecision = (
  claims: EmailDecisionClaims,
  link: { used_at: Date | null },
  doc: DocumentAtLink | undefined,
  now: Date,
): Result<void, DomainError> => {
  if (link.used_at !== null) return err({ code: 'DECISION_LINK_USED' })
  if (now.getTime() > claims.expires_at) return err({ code: 'DECISION_LINK_EXPIRED' })
  if (doc === undefined || doc.cancelled) return err({ code: 'DECISION_LINK_CANCELLED' })
  if (doc.replaced) return err({ code: 'DECISION_LINK_CHANGED' })
  if (!doc.awaiting || waitingStepIndex(doc.circuit) !== claims.step)
    return err({ code: 'DECISION_LINK_DECIDED' })
  if (doc.version !== claims.version) return err({ code: 'DECISION_LINK_CHANGED' })
  return ok(undefined)
}
