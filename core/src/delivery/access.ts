import { hasDuty } from '../auth/duties'
import {
  type Decisions,
  decideEach,
  firstRefusal,
  type Refusal,
  refusalOf,
  unless,
} from '../policy/decisions'
import { notAllowed, statusRefusal } from '../policy/lifecycle'
import { isSupplierContactOf, type OrderActor } from '../purchase-order/access'
import { checkForceComplete, checkOrderReceivable, type ReceivableOrder } from './rules'
import {
  DELIVERY_ACTIONS,
  DELIVERY_TRANSITIONS,
  type DeliveryAction,
  type DeliveryDocStatus,
  type DeliveryKind,
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
  /** Whether reservations may still be raised (within the delivery-note window), and until when. */
  reservation_open: boolean
  reservation_deadline?: string
  /** Who recorded it: a supplier's contact withdraws the shipment it declared. */
  created_by?: number
}

/**
 * Who may: receiving and cancelling a delivery, who receives; confirming, reserving and cancelling
 * a technical delivery, who predelivers; and a shipment a supplier's contact declared may be
 * withdrawn by its declarer while it is declared.
 */
const mayActOn = (
  actor: OrderActor,
  delivery: Pick<DeliveryState, 'kind' | 'status' | 'created_by'>,
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

/**
 * What the status allows: the kind's lifecycle table; reservations on a delivery not cancelled,
 * within its window; a closed order's deliveries stay as they are (cancelling one would reopen
 * what it received).
 */
const deliveryStatusRule = (
  delivery: DeliveryState,
  order: { status?: string },
  action: DeliveryAction,
): Refusal => {
  if (action === 'reserve')
    return delivery.status === 'canceled'
      ? notAllowed(action, delivery.status)
      : unless(delivery.reservation_open, {
          code: 'RESERVATION_WINDOW_CLOSED',
          params: { date: delivery.reservation_deadline ?? '' },
        })
  return firstRefusal(
    statusRefusal(DELIVERY_TRANSITIONS[delivery.kind], action, delivery.status),
    action === 'cancel' && order.status === 'closed' ? { code: 'MODEL_LOCKED' } : undefined,
  )
}

/**
 * The delivery's actions policy: every action decided for this person, who may first, then the
 * status. Services guard with it; the delivery's page answers it.
 */
export const allowedDeliveryActions = (
  actor: OrderActor,
  delivery: DeliveryState,
  order: DeliveryOrderAccess & { status?: string },
): Decisions<DeliveryAction> =>
  decideEach(
    DELIVERY_ACTIONS,
    (action) => unless(mayActOn(actor, delivery, order, action)),
    (action) => deliveryStatusRule(delivery, order, action),
  )

/** What can be done about receiving from an order's page. */
export const ORDER_DELIVERY_ACTIONS = [
  'receive',
  'receive_all',
  'predeliver',
  'declare',
  'force_complete',
] as const
export type OrderDeliveryAction = (typeof ORDER_DELIVERY_ACTIONS)[number]

/** Everything about receiving (and closing the billing of) an order from its page. */
export const ORDER_RECEIVING_POLICY_ACTIONS = [
  'receive',
  'receive_all',
  'force_complete',
  'predeliver',
  'declare',
  'close_billing',
] as const
export type OrderReceivingAction = (typeof ORDER_RECEIVING_POLICY_ACTIONS)[number]

/** What the receiving policy reads of an order. */
export type ReceivingOrder = DeliveryOrderAccess &
  Pick<ReceivableOrder, 'status' | 'delivery_status'> & { billing_status: string }

const receivingRule = (
  actor: OrderActor,
  order: ReceivingOrder,
  action: OrderReceivingAction,
  supplierAccess: boolean,
): Refusal => {
  switch (action) {
    case 'predeliver':
      return unless(canPredeliver(actor, order))
    case 'declare':
      return firstRefusal(
        unless(supplierAccess, { code: 'SUPPLIER_ACCESS_DISABLED' }),
        unless(isSupplierContactOf(actor, order)),
      )
    default:
      return unless(canReceive(actor, order))
  }
}

const receivingStatusRule = (order: ReceivingOrder, action: OrderReceivingAction): Refusal => {
  switch (action) {
    case 'close_billing':
      return unless(order.billing_status === 'partial', notAllowed(action, order.billing_status))
    case 'force_complete':
      return refusalOf(checkForceComplete(order, true))
    case 'receive_all':
      return firstRefusal(
        refusalOf(checkOrderReceivable(order, true)),
        unless(order.delivery_status !== 'complete', { code: 'DELIVERY_NO_LINE' }),
      )
    default:
      return refusalOf(checkOrderReceivable(order, true))
  }
}

/**
 * The receiving policy of an order: buyers who receive goods receive (a part, or all that
 * remains), force to complete and close the billing of what will not be invoiced; technical
 * recipients record technical deliveries; a supplier's contact declares a shipment when supplier
 * access is on. Only on a sent or acknowledged order (a closed one is locked); once forced to
 * complete, nothing more comes in.
 */
export const allowedReceivingActions = (
  actor: OrderActor,
  order: ReceivingOrder,
  supplierAccess: boolean,
): Decisions<OrderReceivingAction> =>
  decideEach(
    ORDER_RECEIVING_POLICY_ACTIONS,
    (action) => receivingRule(actor, order, action, supplierAccess),
    (action) => receivingStatusRule(order, action),
  )
