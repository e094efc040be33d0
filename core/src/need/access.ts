import { type CircuitTurn, skipRefusal, skipStatusRefusal, turnRefusal } from '../circuit/turn'
import { allowedOf, type Decisions, decideEach, FORBIDDEN, type Refusal, unless } from '../policy/decisions'
import { notAllowed, statusRefusal } from '../policy/lifecycle'
import type { OrderActor } from '../purchase-order/access'
import {
  isNeedEditable,
  NEED_ACTIONS,
  NEED_TRANSITIONS,
  type NeedAction,
  type NeedState,
  needStage,
} from './need'

export type NeedAccess = { requester_id: number; buyer_id: number; validators: readonly string[] }

const REQUESTER: ReadonlySet<NeedAction> = new Set(['submit', 'back_to_draft', 'cancel'])
const BUYER: ReadonlySet<NeedAction> = new Set(['take_charge', 'transform'])
const CIRCUIT: ReadonlySet<NeedAction> = new Set(['approve', 'refuse'])

const isBuyerOf = (actor: OrderActor, need: NeedAccess) =>
  actor.id === need.buyer_id || (actor.buyer && actor.can_view_other_po)

/**
 * The requester, the need's buyer (or buyers seeing others'), its validators and administrators
 * (who oversee circuits) see a need.
 */
export const canViewNeed = (actor: OrderActor, need: NeedAccess): boolean =>
  actor.id === need.requester_id ||
  isBuyerOf(actor, need) ||
  need.validators.includes(actor.login) ||
  actor.administrator === true

/** Everything a person may do to a request: its lifecycle's actions, editing it, and passing a step. */
export const NEED_POLICY_ACTIONS = [...NEED_ACTIONS, 'edit', 'skip'] as const
export type NeedPolicyAction = (typeof NEED_POLICY_ACTIONS)[number]

/** What a request's policy reads beyond the request: its circuit's turn, and the skip setting. */
export type NeedPolicyContext = { turn: CircuitTurn; skipEnabled?: boolean }

/**
 * Who may: the requester submits, edits, takes back and cancels; the validators approve and
 * refuse; the buyer takes charge and transforms into an order; an administrator passes a step when
 * the setting allows it. The order's validation moves the rest (po_validated, back_to_processing):
 * no person applies those.
 */
const needRule = (
  actor: OrderActor,
  need: NeedAccess,
  action: NeedPolicyAction,
  context: NeedPolicyContext,
): Refusal => {
  if (action === 'edit' || REQUESTER.has(action as NeedAction)) return unless(actor.id === need.requester_id)
  if (BUYER.has(action as NeedAction)) return unless(isBuyerOf(actor, need))
  if (CIRCUIT.has(action as NeedAction)) return turnRefusal(actor, context.turn)
  if (action === 'skip') return skipRefusal(actor, context.skipEnabled)
  return FORBIDDEN
}

const needStatusRule = (
  need: Pick<NeedState, 'status' | 'processing'>,
  action: NeedPolicyAction,
  context: NeedPolicyContext,
): Refusal => {
  if (action === 'edit') return unless(isNeedEditable(need.status), notAllowed('edit', need.status))
  if (action === 'skip') return skipStatusRefusal(need.status, context.turn)
  return statusRefusal(NEED_TRANSITIONS, action, needStage(need))
}

/**
 * The request's actions policy: every action decided for this person, with the reason when
 * refused. Services guard with it; reads answer it.
 */
export const allowedNeedActions = (
  actor: OrderActor,
  need: NeedAccess & Pick<NeedState, 'status' | 'processing'>,
  context: NeedPolicyContext,
): Decisions<NeedPolicyAction> =>
  decideEach(
    NEED_POLICY_ACTIONS,
    (action) => needRule(actor, need, action, context),
    (action) => needStatusRule(need, action, context),
  )

/** The lifecycle's actions this person may take now (a list's row menu). */
export const needRowActions = (decisions: Decisions<NeedPolicyAction>): NeedAction[] =>
  allowedOf(decisions).filter((action): action is NeedAction =>
    (NEED_ACTIONS as readonly string[]).includes(action),
  )

/**
 * The bulk actions a list offers this person: the buyer's (take charge) only to buyers; the
 * requester's and the validators' to anyone (each row's own rules still decide).
 */
export const needBulkActionsFor = <A extends string>(actor: OrderActor, actions: readonly A[]): A[] =>
  actions.filter((a) => actor.buyer || !BUYER.has(a as NeedAction))
