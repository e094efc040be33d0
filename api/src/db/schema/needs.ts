import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { timestamps } from './columns'
import { purchaseOrders } from './purchasing'
import { users } from './users'

/** Purchase requests: approval status and the buyer's processing status (core/need). */
export const needs = sqliteTable(
  'needs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull().unique(),
    title: text('title').notNull(),
    status: text('status').notNull(),
    processing: text('processing').notNull().default('none'),
    requester_id: integer('requester_id')
      .notNull()
      .references(() => users.id),
    buyer_id: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    purchase_family: text('purchase_family').notNull(),
    comment: text('comment'),
    amount_exctax: text('amount_exctax').notNull(),
    circuit: text('circuit', { mode: 'json' }),
    purchase_order_id: integer('purchase_order_id').references(() => purchaseOrders.id),
    /** Optimistic lock: every action checks it is unchanged and advances it. */
    lock_version: integer('lock_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('needs_status_idx').on(t.status, t.processing),
    index('needs_requester_idx').on(t.requester_id),
    // The list's default order (newest first) and its pages by key.
    index('needs_created_idx').on(t.created_at, t.id),
  ],
)

export const needLines = sqliteTable(
  'need_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    need_id: integer('need_id')
      .notNull()
      .references(() => needs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    product_family: text('product_family'),
    description: text('description').notNull(),
    quantity: text('quantity').notNull(),
    quantity_step: text('quantity_step'),
    unit: text('unit').notNull(),
    unit_price_exctax: text('unit_price_exctax').notNull(),
    vat_rate: text('vat_rate').notNull(),
    wanted_date: text('wanted_date'),
    allocation1: text('allocation1'),
    allocation2: text('allocation2'),
    allocation3: text('allocation3'),
    allocation4: text('allocation4'),
    delivery_address: text('delivery_address'),
    amount_exctax: text('amount_exctax').notNull(),
    /** Picked from the catalogue: the article and its supplier, carried to the order line. */
    article_id: integer('article_id'),
    supplier_id: integer('supplier_id'),
  },
  (t) => [index('need_lines_need_idx').on(t.need_id)],
)
