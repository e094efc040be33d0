/**
 * Purchase-order statuses (design: docs/domain/purchase-order.md). A subset of the spec's generic
 * vocabulary; "obsolete" marks a version replaced by a newer one (locked).
 */
export const PURCHASE_ORDER_STATUSES = [
  'draft',
  'awaiting',
  'validated',
  'refused',
  'sent',
  'acknowledged_receipt',
  'suspended',
  'closed',
  'canceled',
  'obsolete',
] as const
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number]

export const PURCHASE_ORDER_ACTIONS = [
  'submit',
  'validate',
  'refuse',
  'back_to_draft',
  'send',
  'consider_sent',
  'acknowledge',
  'suspend',
  'unsuspend',
  'close',
  'unclose',
  'cancel',
  'new_version',
] as const
export type PurchaseOrderAction = (typeof PURCHASE_ORDER_ACTIONS)[number]

/** Statuses in which the order's content can be edited. */
export const EDITABLE_STATUSES: readonly PurchaseOrderStatus[] = ['draft', 'refused']

/** Statuses that lock the order: nothing changes until unclosed (closed) or ever (obsolete, canceled). */
export const LOCKED_STATUSES: readonly PurchaseOrderStatus[] = ['closed', 'obsolete', 'canceled']

/** Statuses of an order that counts as validated (for the supplier's yearly ceiling). */
export const VALIDATED_STATUSES: readonly PurchaseOrderStatus[] = [
  'validated',
  'sent',
  'acknowledged_receipt',
  'suspended',
  'closed',
]
