import { hasDuty } from '../auth/duties'
import type { DomainError } from '../errors/domain-error'
import { startsFrom as startsFromStatus } from '../policy/lifecycle'
import { isSupplierContactOf, type OrderActor } from '../purchase-order/access'
import { err, ok, type Result } from '../result'
import {
  DELIVERY_TRANSITIONS,
  type DeliveryAction,
  type DeliveryDocStatus,
  type DeliveryKind,
  RECEIVABLE_ORDER_STATUSES,
} from './status'

/** What the delivery rules read of an order to decide who may receive it. */
export type DeliveryOrderAccess = {
  buyer_id: number
  supplier_id: number
  sent: boolean
  /** The requesters of the requests the order was made from: its technical recipients. */
  requester_ids: readonly number[]
}

/**
 * Receiving (deliveries, returns, forcing to complete, cancelling): the order's buyer, and buyers
 * who see others' orders, when their role lets them receive goods (receive_goods: an organisation
 * that separates buying from receiving takes it from its buyers).
 */
export const canReceive = (actor: OrderActor, order: DeliveryOrderAccess): boolean =>
  actor.buyer && hasDuty(actor, 'receive_goods') && (order.buyer_id === actor.id || actor.can_view_other_po)

/** Recording or confirming a technical delivery: who receives, and the order's technical recipients. */
export const canPredeliver = (actor: OrderActor, order: DeliveryOrderAccess): boolean =>
  canReceive(actor, order) || order.requester_ids.includes(actor.id)

/** A supplier's contact declares a shipment of an order sent to its company, when supplier access is on. */
export const canDeclareShipment = (
  actor: OrderActor,
  order: DeliveryOrderAccess,
  supplierAccess: boolean,
): boolean => supplierAccess && isSupplierContactOf(actor, order)

/** What the actions of a delivery depend on. */
export type DeliveryState = {
  kind: DeliveryKind
  status: DeliveryDocStatus
  /** Whether reservations may still be raised (within the delivery-note window). */
  reservation_open: boolean
}

/**
 * Whether this actor may take `action` on a delivery, whatever its status: receiving and
 * cancelling a delivery, who receives; confirming, reserving and cancelling a technical delivery,
 * who predelivers; and a shipment a supplier's contact declared may be withdrawn by its declarer
 * while it is declared.
 */
const mayActOn = (
  actor: OrderActor,
  delivery: Pick<DeliveryState, 'kind' | 'status'> & { created_by?: number },
  order: DeliveryOrderAccess,
  action: DeliveryAction,
): boolean => {
  switch (action) {
    case 'receive':
      return canReceive(actor, order)
    case 'cancel':
      return delivery.kind === 'delivery'
        ? canReceive(actor, order)
        : canPredeliver(actor, order) || (delivery.status === 'declared' && delivery.created_by === actor.id)
    default:
      return canPredeliver(actor, order)
  }
}

/** Whether the delivery's status lets `action` start from it (DELIVERY_TRANSITIONS). */
const startsFrom = (delivery: Pick<DeliveryState, 'kind' | 'status'>, action: DeliveryAction) =>
  startsFromStatus(DELIVERY_TRANSITIONS[delivery.kind], action, delivery.status)

/**
 * One action on a delivery, checked: who may (FORBIDDEN), then whether its status allows it
 * (TRANSITION_NOT_ALLOWED).
 */
export const checkDeliveryAction = (
  actor: OrderActor,
  delivery: Pick<DeliveryState, 'kind' | 'status'> & { created_by?: number },
  order: DeliveryOrderAccess & { status?: string },
  action: DeliveryAction,
): Result<void, DomainError> => {
  if (!mayActOn(actor, delivery, order, action)) return err({ code: 'FORBIDDEN' })
  if (!startsFrom(delivery, action))
    return err({ code: 'TRANSITION_NOT_ALLOWED', params: { action, status: delivery.status } })
  // A closed order's deliveries stay as they are: cancelling one would reopen what it received.
  return action === 'cancel' && order.status === 'closed' ? err({ code: 'MODEL_LOCKED' }) : ok(undefined)
}

/** The actions this user may take on a delivery now (its page's buttons and contextual menu). */
export const deliveryActionsFor = (
  actor: OrderActor,
  delivery: DeliveryState & { created_by?: number },
  order: DeliveryOrderAccess,
): DeliveryAction[] => {
  const actions: DeliveryAction[] = (['confirm', 'receive', 'cancel'] as const).filter(
    (action) => startsFrom(delivery, action) && mayActOn(actor, delivery, order, action),
  )
  if (
    delivery.status !== 'canceled' &&
    delivery.reservation_open &&
    mayActOn(actor, delivery, order, 'reserve')
  )
    actions.push('reserve')
  return actions
}

/** What can be done about receiving from an order's page. */
export const ORDER_DELIVERY_ACTIONS = [
  'receive',
  'receive_all',
  'predeliver',
  'declare',
  'force_complete',
] as const
export type OrderDeliveryAction = (typeof ORDER_DELIVERY_ACTIONS)[number]

/**
 * The receiving actions this user may take on an order now: buyers receive (a part, or all that
 * remains) and force to complete; technical recipients record technical deliveries; a supplier's
 * contact declares a shipment. Only on a sent or acknowledged order; once forced to complete,
 * nothing more comes in.
 */
export const orderDeliveryActionsFor = (
  actor: OrderActor,
  order: DeliveryOrderAccess & { status: string; delivery_status: string },
  supplierAccess: boolean,
): OrderDeliveryAction[] => {
  if (!(RECEIVABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) return []
  if (order.delivery_status === 'forced_complete') return []
  const actions: OrderDeliveryAction[] = []
  if (canReceive(actor, order)) {
    actions.push('receive')
    if (order.delivery_status !== 'complete') actions.push('receive_all', 'force_complete')
  }
  if (canPredeliver(actor, order)) actions.push('predeliver')
  if (canDeclareShipment(actor, order, supplierAccess)) actions.push('declare')
  return actions
}
