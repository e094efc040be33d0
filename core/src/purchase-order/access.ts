import { hasDuty } from '../auth/duties'
import type { DomainError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'
import type { PermissionCode } from '../user/user.schema'
import type { PurchaseOrderAction } from './status'
import type { OrderState } from './transitions'
import { availableActions } from './transitions'

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

const CIRCUIT_ACTIONS: readonly PurchaseOrderAction[] = ['validate', 'refuse']

/**
 * The actions this actor may apply now: the lifecycle's actions for those who manage the order,
 * validate and refuse for whoever the circuit waits on (or their delegate: checked on the call).
 */
export const orderActionsFor = (
  actor: OrderActor,
  order: OrderAccess & Pick<OrderState, 'status'>,
  waitingOn: readonly string[],
  isDelegateOfWaiting: boolean,
): PurchaseOrderAction[] =>
  availableActions(order).filter((action) =>
    !seesInternals(actor)
      ? supplierMay(actor, order, action)
      : CIRCUIT_ACTIONS.includes(action)
        ? waitingOn.includes(actor.login) || isDelegateOfWaiting
        : canManageOrder(actor, order),
  )

/** What a supplier's contact may do on an order sent to its company: acknowledge receipt. */
const SUPPLIER_ACTIONS: readonly PurchaseOrderAction[] = ['acknowledge']
const supplierMay = (actor: OrderActor, order: OrderAccess, action: PurchaseOrderAction) =>
  SUPPLIER_ACTIONS.includes(action) && isSupplierContactOf(actor, order)

export const checkOrderAction = (
  actor: OrderActor,
  order: OrderAccess,
  action: PurchaseOrderAction,
): Result<void, DomainError> => {
  if (!seesInternals(actor))
    return supplierMay(actor, order, action) ? ok(undefined) : err({ code: 'FORBIDDEN' })
  if (CIRCUIT_ACTIONS.includes(action)) return ok(undefined)
  return canManageOrder(actor, order) ? ok(undefined) : err({ code: 'FORBIDDEN' })
}

/**
 * The bulk actions the orders list offers this person: the lifecycle's to buyers, validate to
 * the organisation's other people (they may be validators), none to a supplier's contact.
 */
export const orderBulkActionsFor = <A extends PurchaseOrderAction>(
  actor: OrderActor,
  actions: readonly A[],
): A[] =>
  !seesInternals(actor) ? [] : actor.buyer ? [...actions] : actions.filter((a) => CIRCUIT_ACTIONS.includes(a))
