import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { stocks, warehouses } from './catalogue'
import { flag, timestamps } from './columns'
import { purchaseOrderLines, purchaseOrders } from './purchasing'
import { users } from './users'

/**
 * Deliveries (receptions) and technical deliveries (pre-deliveries) of purchase orders
 * (core/delivery; docs/domain/delivery.md). Quantities and amounts are decimal strings, signed:
 * a return carries negative quantities.
 */
export const deliveries = sqliteTable(
  'deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['delivery', 'technical'] }).notNull(),
    /** delivery: received, canceled; technical: declared, confirmed, received, canceled. */
    status: text('status').notNull(),
    purchase_order_id: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    /** The calendar day it arrived ("YYYY-MM-DD"). */
    delivery_date: text('delivery_date').notNull(),
    internal_number: text('internal_number'),
    delivery_note_number: text('delivery_note_number'),
    /** Where goods entered stock; for a transfer order, the warehouse they left. */
    warehouse_id: integer('warehouse_id').references(() => warehouses.id),
    from_warehouse_id: integer('from_warehouse_id').references(() => warehouses.id),
    /** Technical deliveries: whether what arrived conforms (null: not said). */
    conform: flag('conform'),
    comment: text('comment'),
    /** A delivery made from a technical delivery names it. */
    technical_delivery_id: integer('technical_delivery_id'),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    confirmed_by: integer('confirmed_by').references(() => users.id),
    confirmed_at: integer('confirmed_at', { mode: 'timestamp_ms' }),
    canceled_by: integer('canceled_by').references(() => users.id),
    canceled_at: integer('canceled_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('deliveries_code_idx').on(t.code),
    index('deliveries_order_idx').on(t.purchase_order_id),
    index('deliveries_created_idx').on(t.created_at, t.id),
    index('deliveries_kind_status_idx').on(t.kind, t.status, t.created_at, t.id),
  ],
)

export const deliveryLines = sqliteTable(
  'delivery_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    delivery_id: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    purchase_order_line_id: integer('purchase_order_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id),
    /** Signed: negative returns goods. "0" on a line received by amount. */
    quantity: text('quantity').notNull(),
    amount_exctax: text('amount_exctax').notNull(),
    /** The stock this line moved, and by how much (thousandths), to reverse it on cancellation. */
    stock_id: integer('stock_id').references(() => stocks.id),
    from_stock_id: integer('from_stock_id').references(() => stocks.id),
    stock_units: integer('stock_units'),
  },
  (t) => [
    index('delivery_lines_delivery_idx').on(t.delivery_id),
    index('delivery_lines_order_line_idx').on(t.purchase_order_line_id),
  ],
)

/** Reservations and nonconformities raised on a delivery note within its window. */
export const deliveryReservations = sqliteTable(
  'delivery_reservations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    delivery_id: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reservation', 'nonconformity'] }).notNull(),
    comment: text('comment').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('delivery_reservations_delivery_idx').on(t.delivery_id)],
)
