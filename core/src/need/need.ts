import type { DomainError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'
import type { NeedProcessingStatus } from '../status/vocabularies'

/**
 * A need (purchase request) has an approval status and, once approved, a processing status on
 * the buyer's side (spec: awaiting, processing, PO submitted, PO validated, none).
 * Design: docs/domain/need.md.
 */
export const NEED_STATUSES = ['draft', 'awaiting', 'validated', 'refused', 'canceled'] as const
export type NeedStatus = (typeof NEED_STATUSES)[number]

export const NEED_ACTIONS = [
  'submit',
  'approve',
  'refuse',
  'back_to_draft',
  'cancel',
  'take_charge',
  'transform',
  'po_validated',
  'back_to_processing',
] as const
export type NeedAction = (typeof NEED_ACTIONS)[number]

export type NeedState = { status: NeedStatus; processing: NeedProcessingStatus; lines: number }

type Rule = { from: NeedStatus; processing?: readonly NeedProcessingStatus[]; to: Partial<NeedState> }

/** The transition table: where each action may start, and where it leads. */
export const NEED_RULES: Readonly<Record<NeedAction, readonly Rule[]>> = {
  submit: [
    { from: 'draft', to: { status: 'awaiting', processing: 'none' } },
    { from: 'refused', to: { status: 'awaiting', processing: 'none' } },
  ],
  approve: [{ from: 'awaiting', to: { status: 'validated', processing: 'awaiting' } }],
  refuse: [{ from: 'awaiting', to: { status: 'refused', processing: 'none' } }],
  back_to_draft: [
    { from: 'awaiting', to: { status: 'draft', processing: 'none' } },
    { from: 'refused', to: { status: 'draft', processing: 'none' } },
    {
      from: 'validated',
      processing: ['awaiting', 'processing'],
      to: { status: 'draft', processing: 'none' },
    },
  ],
  cancel: [
    { from: 'draft', to: { status: 'canceled', processing: 'none' } },
    { from: 'awaiting', to: { status: 'canceled', processing: 'none' } },
    { from: 'refused', to: { status: 'canceled', processing: 'none' } },
    {
      from: 'validated',
      processing: ['awaiting', 'processing'],
      to: { status: 'canceled', processing: 'none' },
    },
  ],
  take_charge: [{ from: 'validated', processing: ['awaiting'], to: { processing: 'processing' } }],
  transform: [
    { from: 'validated', processing: ['awaiting', 'processing'], to: { processing: 'po_submitted' } },
  ],
  po_validated: [{ from: 'validated', processing: ['po_submitted'], to: { processing: 'po_validated' } }],
  back_to_processing: [{ from: 'validated', processing: ['po_submitted'], to: { processing: 'processing' } }],
}

const ruleFor = (need: NeedState, action: NeedAction): Rule | undefined =>
  NEED_RULES[action].find(
    (r) => r.from === need.status && (r.processing === undefined || r.processing.includes(need.processing)),
  )

export const needActions = (need: NeedState): NeedAction[] =>
  NEED_ACTIONS.filter((action) => ruleFor(need, action) !== undefined)

/** What the approval circuit says, when it matters (as for orders). */
export type NeedContext = {
  /** submit: whether anyone must approve; without a step the request is approved at once. */
  circuitHasSteps?: boolean
  /** approve: whether this approval completes the circuit; otherwise the request keeps awaiting. */
  circuitComplete?: boolean
}

/** Applies an action; a request without a line cannot be submitted. */
export const needTransition = (
  need: NeedState,
  action: NeedAction,
  ctx: NeedContext = {},
): Result<NeedState, DomainError> => {
  const rule = ruleFor(need, action)
  if (rule === undefined) {
    const status = need.status === 'validated' ? `${need.status}/${need.processing}` : need.status
    return err({ code: 'TRANSITION_NOT_ALLOWED', params: { action, status } })
  }
  if (action === 'submit' && need.lines === 0) return err({ code: 'NEED_HAS_NO_LINE' })
  if (action === 'approve' && ctx.circuitComplete === false) return ok(need)
  const next = { ...need, ...rule.to }
  if (action === 'submit' && ctx.circuitHasSteps === false) return needTransition(next, 'approve')
  return ok(next)
}

/** The statuses in which a request's content may change. */
export const NEED_EDITABLE_STATUSES: readonly NeedStatus[] = ['draft', 'refused']

/** Whether a request may change in this status: screens ask this too. */
export const isNeedEditable = (status: string): boolean =>
  (NEED_EDITABLE_STATUSES as readonly string[]).includes(status)

/** Only draft and refused requests may change, by their requester (when the actor is given). */
export const checkNeedEditable = (
  need: Pick<NeedState, 'status'> & { requester_id?: number },
  actor?: { id: number },
): Result<void, DomainError> => {
  // Its requester edits it; another reader who sees it does not.
  if (actor !== undefined && need.requester_id !== actor.id) return err({ code: 'FORBIDDEN' })
  return isNeedEditable(need.status)
    ? ok(undefined)
    : err({ code: 'TRANSITION_NOT_ALLOWED', params: { action: 'edit', status: need.status } })
}

/**
 * Merging requests: two or more drafts of the same requester become one (the first keeps every
 * line; the others are canceled).
 */
export const checkMerge = (
  requests: readonly { requester_id: number; status: NeedStatus }[],
  requesterId: number,
): Result<void, DomainError> => {
  if (requests.length < 2) return err({ code: 'SELECT_AT_LEAST_ONE' })
  if (requests.some((r) => r.requester_id !== requesterId)) return err({ code: 'FORBIDDEN' })
  const notDraft = requests.find((r) => r.status !== 'draft')
  if (notDraft !== undefined)
    return err({ code: 'TRANSITION_NOT_ALLOWED', params: { action: 'merge', status: notDraft.status } })
  return ok(undefined)
}
