import type { DomainError } from '../errors/domain-error'
import { actionsFrom, nextStatus, type TransitionTable, transitionTable } from '../policy/lifecycle'
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

/**
 * Where a request stands, its approval and its processing in one: a status, or once approved
 * `validated/<processing>` (the buyer's side).
 */
export const NEED_STAGES = [
  'draft',
  'awaiting',
  'refused',
  'canceled',
  'validated/awaiting',
  'validated/processing',
  'validated/po_submitted',
  'validated/po_validated',
] as const
export type NeedStage = (typeof NEED_STAGES)[number]

export const needStage = (need: Pick<NeedState, 'status' | 'processing'>): NeedStage =>
  (need.status === 'validated' ? `validated/${need.processing}` : need.status) as NeedStage

const stateOfStage = (stage: NeedStage): Pick<NeedState, 'status' | 'processing'> =>
  stage.startsWith('validated/')
    ? { status: 'validated', processing: stage.slice('validated/'.length) as NeedProcessingStatus }
    : { status: stage as NeedStatus, processing: 'none' }

const NO_STEP = 'the circuit has no step'
const STEPS_LEFT = 'a step of the circuit remains'
const BEFORE_ORDER = ['validated/awaiting', 'validated/processing'] as const

/**
 * The request's lifecycle (docs/domain/need.md). The order's validation moves the last two
 * (po_validated, back_to_processing): no person applies those.
 */
export const NEED_TRANSITIONS: TransitionTable<NeedStage, NeedAction> = transitionTable([
  ['submit', ['draft', 'refused'], 'awaiting'],
  ['submit', ['draft', 'refused'], 'validated/awaiting', NO_STEP],
  ['approve', 'awaiting', 'validated/awaiting'],
  ['approve', 'awaiting', 'awaiting', STEPS_LEFT],
  ['refuse', 'awaiting', 'refused'],
  ['back_to_draft', ['awaiting', 'refused', ...BEFORE_ORDER], 'draft'],
  ['cancel', ['draft', 'awaiting', 'refused', ...BEFORE_ORDER], 'canceled'],
  ['take_charge', 'validated/awaiting', 'validated/processing'],
  ['transform', BEFORE_ORDER, 'validated/po_submitted'],
  ['po_validated', 'validated/po_submitted', 'validated/po_validated'],
  ['back_to_processing', 'validated/po_submitted', 'validated/processing'],
])

export const needActions = (need: NeedState): NeedAction[] => actionsFrom(NEED_TRANSITIONS, needStage(need))

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
  const when =
    action === 'submit' && ctx.circuitHasSteps === false
      ? NO_STEP
      : action === 'approve' && ctx.circuitComplete === false
        ? STEPS_LEFT
        : undefined
  const next = nextStatus(NEED_TRANSITIONS, needStage(need), action, when)
  if (!next.ok) return next
  if (action === 'submit' && need.lines === 0) return err({ code: 'NEED_HAS_NO_LINE' })
  return ok({ ...need, ...stateOfStage(next.value) })
}

/** The statuses in which a request's content may change. */
export const NEED_EDITABLE_STATUSES: readonly NeedStatus[] = ['draft', 'refused']

/** Whether a request may change in this status: screens ask this too. */
export const isNeedEditable = (status: string): boolean =>
  (NEED_EDITABLE_STATUSES as readonly string[]).includes(status)

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
