import { hasDuty } from '../auth/duties'
import { type CircuitTurn, skipRefusal, skipStatusRefusal, turnRefusal } from '../circuit/turn'
import type { DomainError } from '../errors/domain-error'
import { allowedOf, type Decisions, decideEach, type Refusal, unless } from '../policy/decisions'
import { statusRefusal } from '../policy/lifecycle'
import { err, ok, type Result } from '../result'
import type { PermissionCode } from '../user/user.schema'
import { PURCHASE_ORDER_ACTIONS, type PurchaseOrderAction } from './status'
import { checkEditable, ORDER_TRANSITIONS, type OrderState } from './transitions'

/** What the order rules need to know about the person acting. */
export type OrderActor = {
  id: number
  login: string
  buyer: boolean
  can_view_other_po: boolean
  /** Administrators may skip a validation step when the setting allows it. */
  administrator?: boolean
  /** A supplier's contact: the suppliers whose contact this user is (their orders, once sent). */
  supplier_ids?: readonly number[]
  /** The permissions of the user's role and their own (the chain's duties: receive, invoices, payments…). */
  permissions?: readonly PermissionCode[]
}
export type OrderAccess = {
  buyer_id: number
  validators: readonly string[]
  /** For supplier contacts: whose order it is, and whether it was sent to them. */
  supplier_id?: number
  sent?: boolean
  /** The requesters of the requests this order was made from: they follow it (read only). */
  requester_ids?: readonly number[]
}

/**
 * Whether the actor sees the organisation's internals of a document it may read: its circuit,
 * people, tags, and its comments and files (the internal discussion). A supplier's contact does
 * not: it reads what was sent to it.
 */
export const seesInternals = (actor: OrderActor): boolean => (actor.supplier_ids ?? []).length === 0

/** A supplier's contact reads the orders sent to its company, and nothing else. */
export const isSupplierContactOf = (actor: OrderActor, order: Pick<OrderAccess, 'supplier_id' | 'sent'>) =>
  order.sent === true &&
  order.supplier_id !== undefined &&
  (actor.supplier_ids ?? []).includes(order.supplier_id)

/** Buyers create orders. */
export const checkCanCreateOrder = (actor: OrderActor): Result<void, DomainError> =>
  actor.buyer ? ok(undefined) : err({ code: 'FORBIDDEN' })

/**
 * The order's buyer, buyers allowed to see others' orders, its validators and administrators see
 * it; so do accounts payable (every order, read only: an invoice is matched and disputed against
 * it), the requesters whose requests it was made from (to follow their purchase), and the
 * supplier's contacts once it is sent to them.
 */
export const canViewOrder = (actor: OrderActor, order: OrderAccess): boolean =>
  order.buyer_id === actor.id ||
  readsEveryOrder(actor) ||
  order.validators.includes(actor.login) ||
  isSupplierContactOf(actor, order) ||
  (order.requester_ids ?? []).includes(actor.id)

/** Buyers allowed to see others' orders, and administrators, see every need and order (lists too). */
export const seesAllDocuments = (actor: OrderActor): boolean =>
  (actor.buyer && actor.can_view_other_po) || actor.administrator === true

/**
 * Who reads every order (lists too): who sees every document, and whoever handles supplier
 * invoices (read only — managing an order stays the buyers'), with its deliveries and documents.
 */
export const readsEveryOrder = (actor: OrderActor): boolean =>
  seesAllDocuments(actor) || (seesInternals(actor) && hasDuty(actor, 'handle_invoices'))

/** The order's buyer (or a buyer who sees others' orders) drives its lifecycle. */
export const canManageOrder = (actor: OrderActor, order: OrderAccess): boolean =>
  actor.buyer && (order.buyer_id === actor.id || actor.can_view_other_po)

const CIRCUIT_ACTIONS: readonly string[] = ['validate', 'refuse']

/** Everything a person may do to an order: its lifecycle's actions, editing it, and passing a step. */
export const ORDER_POLICY_ACTIONS = [...PURCHASE_ORDER_ACTIONS, 'edit', 'skip'] as const
export type OrderPolicyAction = (typeof ORDER_POLICY_ACTIONS)[number]

/** What an order's policy reads beyond the order: its circuit's turn, and the skip setting. */
export type OrderPolicyContext = { turn: CircuitTurn; skipEnabled?: boolean }

/** What a supplier's contact may do on an order sent to its company: acknowledge receipt. */
const SUPPLIER_ACTIONS: readonly string[] = ['acknowledge']
const supplierMay = (actor: OrderActor, order: OrderAccess, action: OrderPolicyAction) =>
  SUPPLIER_ACTIONS.includes(action) && isSupplierContactOf(actor, order)

/**
 * Who may: a supplier's contact acknowledges an order sent to its company and nothing else; the
 * circuit's decisions are for whom it waits on (or their delegate); an administrator passes a step
 * when the setting allows it; the rest is for who manages the order.
 */
const orderRule = (
  actor: OrderActor,
  order: OrderAccess,
  action: OrderPolicyAction,
  context: OrderPolicyContext,
): Refusal => {
  if (!seesInternals(actor)) return unless(supplierMay(actor, order, action))
  if (CIRCUIT_ACTIONS.includes(action)) return turnRefusal(actor, context.turn)
  if (action === 'skip') return skipRefusal(actor, context.skipEnabled)
  return unless(canManageOrder(actor, order))
}

/** What the status allows: the lifecycle's table (a sent order is not sent again), editing in draft or refused, a step to pass. */
const orderStatusRule = (
  order: Pick<OrderAccess, 'sent'> & Pick<OrderState, 'status'>,
  action: OrderPolicyAction,
  context: OrderPolicyContext,
): Refusal => {
  if ((action === 'send' || action === 'consider_sent') && order.sent === true)
    return { code: 'PO_ALREADY_SENT' }
  if (action === 'edit') {
    const editable = checkEditable(order)
    return editable.ok ? undefined : editable.error
  }
  if (action === 'skip') return skipStatusRefusal(order.status, context.turn)
  return statusRefusal(ORDER_TRANSITIONS, action, order.status)
}

/**
 * The order's actions policy: every action decided for this person, with the reason when refused.
 * Services guard with it; reads answer it (docs/domain/permissions.md).
 */
export const allowedOrderActions = (
  actor: OrderActor,
  order: OrderAccess & Pick<OrderState, 'status'>,
  context: OrderPolicyContext,
): Decisions<OrderPolicyAction> =>
  decideEach(
    ORDER_POLICY_ACTIONS,
    (action) => orderRule(actor, order, action, context),
    (action) => orderStatusRule(order, action, context),
  )

/** The lifecycle's actions this person may take now (a list's row menu). */
export const orderRowActions = (decisions: Decisions<OrderPolicyAction>): PurchaseOrderAction[] =>
  allowedOf(decisions).filter((action): action is PurchaseOrderAction =>
    (PURCHASE_ORDER_ACTIONS as readonly string[]).includes(action),
  )

/**
 * The bulk actions the orders list offers this person: the lifecycle's to buyers, validate to
 * the organisation's other people (they may be validators), none to a supplier's contact.
 */
export const orderBulkActionsFor = <A extends PurchaseOrderAction>(
  actor: OrderActor,
  actions: readonly A[],
): A[] =>
  !seesInternals(actor) ? [] : actor.buyer ? [...actions] : actions.filter((a) => CIRCUIT_ACTIONS.includes(a))
