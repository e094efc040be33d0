import type { DomainError } from '../errors/domain-error'
import type { OrderActor } from '../purchase-order/access'
import { err, ok, type Result } from '../result'
import { type NeedAction, type NeedState, needActions } from './need'

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

/**
 * Who may apply what: the requester submits, takes back and cancels; the validators approve and
 * refuse; the buyer takes charge and transforms into an order. The order's validation moves the
 * rest (po_validated, back_to_processing): no person applies those.
 */
export const needActionsFor = (
  actor: OrderActor,
  need: NeedAccess & { state: NeedState },
  waitingOn: readonly string[],
): NeedAction[] =>
  needActions(need.state).filter((action) => {
    if (REQUESTER.has(action)) return actor.id === need.requester_id
    if (BUYER.has(action)) return isBuyerOf(actor, need)
    if (CIRCUIT.has(action)) return waitingOn.includes(actor.login)
    return false
  })

export const checkNeedAction = (
  actor: OrderActor,
  need: NeedAccess,
  action: NeedAction,
): Result<void, DomainError> => {
  if (REQUESTER.has(action))
    return actor.id === need.requester_id ? ok(undefined) : err({ code: 'FORBIDDEN' })
  if (BUYER.has(action)) return isBuyerOf(actor, need) ? ok(undefined) : err({ code: 'FORBIDDEN' })
  if (CIRCUIT.has(action)) return ok(undefined)
  return err({ code: 'FORBIDDEN' })
}

/**
 * The bulk actions a list offers this person: the buyer's (take charge) only to buyers; the
 * requester's and the validators' to anyone (each row's own rules still decide).
 */
export const needBulkActionsFor = <A extends string>(actor: OrderActor, actions: readonly A[]): A[] =>
  actions.filter((a) => actor.buyer || !BUYER.has(a as NeedAction))
