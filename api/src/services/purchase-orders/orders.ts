/** The purchase order's row and what every part of its service reads of it (its state, its circuit, its document identity). */
import type { CircuitState } from '@procura/core/circuit'
import type { OrderState, PurchaseOrderStatus } from '@procura/core/purchase-order'
import type { purchaseOrders } from '../../db/schema'
import type { ValidationMailDeps } from '../validation-mail'

/** Its row and its lines, read by every call on an order. */
export { loadOrder, loadOrderLines } from './order-row'

export type OrderDeps = ValidationMailDeps & {
  notifyUser?: (userId: number, event: { type: string; payload?: unknown }) => number
}
export type OrderRow = typeof purchaseOrders.$inferSelect

export const circuitOf = (row: Pick<OrderRow, 'circuit'>): CircuitState | null =>
  (row.circuit as CircuitState | null) ?? null
export const validatorsOf = (row: Pick<OrderRow, 'circuit'>): string[] =>
  circuitOf(row)?.steps.flatMap((s) => s.validators) ?? []
/** The part of an order row its state machine reads. */
export const stateOf = (row: OrderRow): OrderState => ({
  status: row.status as PurchaseOrderStatus,
  previous_status: row.previous_status as PurchaseOrderStatus | null,
  sent_at: row.sent_at,
  send_mode: row.send_mode as OrderState['send_mode'],
  version: row.version,
})
export const documentOf = (row: OrderRow) => ({
  model: 'purchase_order' as const,
  id: row.id,
  code: row.code,
  amount: row.amount_exctax,
  currency_code: row.currency_code,
})
export const yearOf = (date: Date) => date.toISOString().slice(0, 4)

/** What the access rules read of an order row. */
export const orderAccessOf = (row: Pick<OrderRow, 'buyer_id' | 'circuit' | 'supplier_id' | 'sent_at'>) => ({
  buyer_id: row.buyer_id,
  validators: validatorsOf(row),
  supplier_id: row.supplier_id,
  sent: row.sent_at !== null,
})
