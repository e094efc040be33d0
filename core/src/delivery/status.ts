import { nextStatus, type TransitionTable, transitionTable } from '../policy/lifecycle'

/**
 * Receiving (design: docs/domain/delivery.md). A delivery (reception) records what arrived and
 * moves stock; a technical delivery (pre-delivery) records that a technical recipient saw it
 * arrive and whether it conforms, before or without the reception.
 */
export const DELIVERY_KINDS = ['delivery', 'technical'] as const
export type DeliveryKind = (typeof DELIVERY_KINDS)[number]

/** A delivery is received until cancelled (its stock reversed). */
export const DELIVERY_DOC_STATUSES = ['received', 'canceled'] as const
/**
 * A technical delivery is declared by a supplier's contact (a shipment to confirm), confirmed by
 * a technical recipient (or recorded confirmed by one), received once a delivery is made from it,
 * or cancelled.
 */
export const TECHNICAL_DOC_STATUSES = ['declared', 'confirmed', 'received', 'canceled'] as const
export type DeliveryDocStatus =
  | (typeof DELIVERY_DOC_STATUSES)[number]
  | (typeof TECHNICAL_DOC_STATUSES)[number]

/** The delivery sub-status of an order line and of an order (spec §4). Forcing to complete is definitive. */
export {
  DELIVERY_STATUSES as ORDER_DELIVERY_STATUSES,
  type DeliveryStatus as OrderDeliveryStatus,
} from '../status/vocabularies'

/** How a line is received: counted (goods) or valued (a service line: the amount done). */
export const RECEIPT_MODES = ['quantity', 'amount'] as const
export type ReceiptMode = (typeof RECEIPT_MODES)[number]

export const DELIVERY_ACTIONS = ['confirm', 'receive', 'cancel', 'reserve'] as const
export type DeliveryAction = (typeof DELIVERY_ACTIONS)[number]

/**
 * What moves a delivery's status: the actions of its policy, and `reopen` — a technical delivery
 * received again once the delivery made from it is cancelled (no person applies it).
 */
export type DeliveryMove = Exclude<DeliveryAction, 'reserve'> | 'reopen'

/**
 * The two lifecycles, one per kind (reserving changes no status: it is open while the
 * delivery-note window is).
 */
export const DELIVERY_TRANSITIONS: Readonly<
  Record<DeliveryKind, TransitionTable<DeliveryDocStatus, DeliveryMove>>
> = {
  delivery: transitionTable([['cancel', 'received', 'canceled']]),
  technical: transitionTable([
    ['confirm', 'declared', 'confirmed'],
    ['receive', 'confirmed', 'received'],
    ['cancel', ['declared', 'confirmed'], 'canceled'],
    ['reopen', 'received', 'confirmed'],
  ]),
}

/** Where a move leads a delivery of this kind from its status (TRANSITION_NOT_ALLOWED when it cannot). */
export const deliveryTransition = (kind: DeliveryKind, status: DeliveryDocStatus, move: DeliveryMove) =>
  nextStatus(DELIVERY_TRANSITIONS[kind], status, move)

/** Reservation kinds on a delivery note (spec §9: within 3 days of the delivery). */
export const RESERVATION_KINDS = ['reservation', 'nonconformity'] as const
export type ReservationKind = (typeof RESERVATION_KINDS)[number]

/** Days after the delivery date during which reservations or a nonconformity may be raised. */
export const DELIVERY_NOTE_RESERVATION_DAYS = 3

/** Orders of this purchase type are supplies from another warehouse: receiving moves stock between them. */
export const TRANSFER_PURCHASE_TYPE = 'transfer'

/** Order statuses in which goods can be received: sent to the supplier, or acknowledged by it. */
export const RECEIVABLE_ORDER_STATUSES = ['sent', 'acknowledged_receipt'] as const
