import { z } from 'zod'
import type { DomainError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'

/**
 * One action's decision for one person on one document: allowed, or refused with its reason (the
 * status does not allow it, it is not theirs, four eyes, separation of duties, a module switched
 * off…). Every document type has one policy, `allowed<Document>Actions(actor, document, …)`,
 * answering a decision for each of its actions; the services guard with it, the reads answer it.
 */
export type Decision =
  | { readonly allowed: true }
  | {
      readonly allowed: false
      readonly reason: DomainError
      /** Whether the document's status lets the action be taken (by someone): the page explains those. */
      readonly open: boolean
    }
export type Decisions<A extends string> = Readonly<Record<A, Decision>>

/** A check of a policy: a refusal's reason, or nothing when the check lets the action through. */
export type Refusal = DomainError | undefined

const ALLOWED: Decision = { allowed: true }

/** The first refusal among the checks, in the order given (the most telling first). */
export const firstRefusal = (...checks: readonly Refusal[]): Refusal => checks.find((c) => c !== undefined)

/** Refused for want of the right (the action exists here, the person may not take it). */
export const FORBIDDEN: DomainError = { code: 'FORBIDDEN' }

/** A refusal when `condition` does not hold. */
export const unless = (condition: boolean, reason: DomainError = FORBIDDEN): Refusal =>
  condition ? undefined : reason

/** A core check's refusal (a Result), as a policy's check. */
export const refusalOf = (result: Result<unknown, DomainError>): Refusal =>
  result.ok ? undefined : result.error

/**
 * Decides every action: the person's rules first (who may: FORBIDDEN, NOT_CURRENT_VALIDATOR, four
 * eyes…), then the document's status (its lifecycle table: TRANSITION_NOT_ALLOWED) — except that a
 * circuit's turn (NOT_CURRENT_VALIDATOR) gives way to the status: on a document that awaits no
 * decision, the status is the reason. Each answers its refusal, or nothing to let the action through.
 */
export const decideEach = <A extends string>(
  actions: readonly A[],
  rules: (action: A) => Refusal,
  status: (action: A) => Refusal = () => undefined,
): Decisions<A> => {
  // A plain loop into one object: a list decides every action of each of its rows.
  const decisions = {} as Record<A, Decision>
  for (const action of actions) {
    const statusRefusal = status(action)
    const ruleRefusal = rules(action)
    // Whose turn it is means something only while the status awaits a decision.
    const reason =
      ruleRefusal?.code === 'NOT_CURRENT_VALIDATOR' && statusRefusal !== undefined
        ? statusRefusal
        : (ruleRefusal ?? statusRefusal)
    decisions[action] =
      reason === undefined ? ALLOWED : { allowed: false, reason, open: statusRefusal === undefined }
  }
  return decisions
}

/** The guard a service applies before acting: the decision's reason is its refusal. */
export const guard = <A extends string>(decisions: Decisions<A>, action: A): Result<void, DomainError> => {
  const decision = decisions[action]
  return decision.allowed ? ok(undefined) : err(decision.reason)
}

/** The actions allowed, in the policy's order: what the document's page and menus offer. */
export const allowedOf = <A extends string>(decisions: Decisions<A>): A[] =>
  (Object.keys(decisions) as A[]).filter((action) => decisions[action].allowed)

/**
 * The actions its status allows that this person may not take, with the reason (another person's
 * document, four eyes, a module switched off…): the page says why instead of hiding it. Actions the
 * status does not allow are not listed: there is nothing to explain.
 */
export const refusalsOf = <A extends string>(decisions: Decisions<A>): RefusedAction[] =>
  (Object.keys(decisions) as A[]).flatMap((action) => {
    const decision = decisions[action]
    if (decision.allowed || !decision.open) return []
    const { code, params } = decision.reason
    return [params === undefined ? { action, code } : { action, code, params }]
  })

/** What a read answers of an action refused to its reader: the action, the reason's code and its parameters. */
export const RefusedActionSchema = z.object({
  action: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
})
export type RefusedAction = z.infer<typeof RefusedActionSchema>

/** The actions a read answers: those its reader may take, and those refused to them with the reason. */
export const actionsAnswerOf = <A extends string>(decisions: Decisions<A>) => ({
  actions: allowedOf(decisions),
  refused_actions: refusalsOf(decisions),
})
