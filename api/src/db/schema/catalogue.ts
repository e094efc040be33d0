import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { flag, timestamps } from './columns'
import { companies } from './organisation'
import { purchaseOrders, suppliers } from './purchasing'
import { users } from './users'

export const warehouses = sqliteTable('warehouses', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  company_id: integer('company_id').references(() => companies.id),
  address: text('address'),
  active: flag('active').notNull().default(true),
  ...timestamps,
})

/** Classification: family types contain families, which contain subfamilies. */
export const productFamilyTypes = sqliteTable('product_family_types', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  /** Disabled: no longer offered in forms, kept on what names it. */
  active: flag('active').notNull().default(true),
})
export const productFamilies = sqliteTable('product_families', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  product_family_type_id: integer('product_family_type_id').references(() => productFamilyTypes.id),
  active: flag('active').notNull().default(true),
})
export const productSubfamilies = sqliteTable('product_subfamilies', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  product_family_id: integer('product_family_id').references(() => productFamilies.id),
  active: flag('active').notNull().default(true),
})

/** The stock catalogue (spec §3 "Article"); prices are decimal strings, per-unit ones to 6 decimals. */
export const articles = sqliteTable(
  'articles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reference: text('reference').notNull().unique(),
    label: text('label').notNull(),
    supplier_code: text('supplier_code'),
    unit_price_exctax: text('unit_price_exctax').notNull(),
    unit_number_per_price: text('unit_number_per_price').notNull().default('1'),
    price_exctax: text('price_exctax').notNull(),
    price_inctax: text('price_inctax').notNull(),
    /** The price per unit as a number, for sorting and range filters only. */
    price_sort: integer('price_sort').notNull().default(0),
    original_unit_price_exctax: text('original_unit_price_exctax'),
    original_price_exctax: text('original_price_exctax'),
    original_price_inctax: text('original_price_inctax'),
    quantity_step: text('quantity_step'),
    vat_rate: text('vat_rate').notNull(),
    vat_rate_2: text('vat_rate_2'),
    conditioning: text('conditioning'),
    supplier_sheet_url: text('supplier_sheet_url'),
    image_path: text('image_path'),
    internal: flag('internal').notNull().default(false),
    active: flag('active').notNull().default(true),
    product_family_type_id: integer('product_family_type_id').references(() => productFamilyTypes.id),
    product_family_id: integer('product_family_id').references(() => productFamilies.id),
    product_subfamily_id: integer('product_subfamily_id').references(() => productSubfamilies.id),
    ...timestamps,
  },
  (t) => [
    index('articles_label_idx').on(t.label),
    index('articles_family_idx').on(t.product_family_id, t.label),
    index('articles_price_idx').on(t.price_sort),
  ],
)

export const articleFeatures = sqliteTable(
  'article_features',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    article_id: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    value: text('value').notNull(),
    unit: text('unit'),
  },
  (t) => [index('article_features_article_idx').on(t.article_id)],
)

export const articleAffiliations = sqliteTable(
  'article_affiliations',
  {
    article_id: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    affiliated_id: integer('affiliated_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.article_id, t.affiliated_id] })],
)

/** The suppliers of an article: their code for it and their price (of unit_number_per_price units). */
export const supplierArticles = sqliteTable(
  'supplier_articles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    article_id: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    supplier_code: text('supplier_code'),
    unit_price_exctax: text('unit_price_exctax').notNull(),
    main: flag('main').notNull().default(false),
  },
  (t) => [uniqueIndex('supplier_articles_unique').on(t.article_id, t.supplier_id)],
)

export const articleFavorites = sqliteTable(
  'article_favorites',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    article_id: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.article_id] })],
)

/**
 * An article's stock in a warehouse, in thousandths of a unit (core/stock toStockUnits): actual
 * on hand, reserved (promised, not yet out), minimum threshold. Available = actual − reserved.
 */
export const stocks = sqliteTable(
  'stocks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    article_id: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    warehouse_id: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    actual: integer('actual').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    minimum: integer('minimum').notNull().default(0),
    location: text('location'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('stocks_article_warehouse').on(t.article_id, t.warehouse_id),
    index('stocks_warehouse_idx').on(t.warehouse_id),
  ],
)

export const STOCK_MOVEMENT_TYPES = ['in', 'out', 'adjustment', 'transfer_in', 'transfer_out'] as const

/** Every change of a stock, signed, with the stock after it. */
export const stockMovements = sqliteTable(
  'stock_movements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    stock_id: integer('stock_id')
      .notNull()
      .references(() => stocks.id, { onDelete: 'cascade' }),
    type: text('type', { enum: STOCK_MOVEMENT_TYPES }).notNull(),
    quantity: integer('quantity').notNull(),
    actual_after: integer('actual_after').notNull(),
    supplier_id: integer('supplier_id').references(() => suppliers.id),
    purchase_order_id: integer('purchase_order_id').references(() => purchaseOrders.id),
    /** The delivery whose receipt (or cancellation) made the move; its page is linked from the history. */
    delivery_id: integer('delivery_id'),
    transfer_id: text('transfer_id'),
    comment: text('comment'),
    user_id: integer('user_id').references(() => users.id),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('stock_movements_stock_idx').on(t.stock_id, t.created_at)],
)

/** A user's cart in a warehouse: articles with a quantity and the supplier chosen. */
export const cartItems = sqliteTable(
  'cart_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    warehouse_id: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    /** The catalogue's article; null for a line a supplier's PunchOut shop sent (the fields below). */
    article_id: integer('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    quantity: text('quantity').notNull(),
    /** A PunchOut line (docs/domain/punchout.md): the session that brought it and what the shop said. */
    punchout_session_id: integer('punchout_session_id').references(() => punchoutSessions.id, {
      onDelete: 'set null',
    }),
    supplier_part_id: text('supplier_part_id'),
    supplier_part_aux_id: text('supplier_part_aux_id'),
    label: text('label'),
    unit: text('unit'),
    unit_price_exctax: text('unit_price_exctax'),
    vat_rate: text('vat_rate'),
    currency_code: text('currency_code'),
    /** UNSPSC, where the shop gives it. */
    classification: text('classification'),
    lead_time_days: integer('lead_time_days'),
    ...timestamps,
  },
  (t) => [uniqueIndex('cart_items_unique').on(t.user_id, t.warehouse_id, t.article_id)],
)

/**
 * A supplier's PunchOut settings (its shop's address is the supplier's `punchout_url`): the
 * protocol, cXML's identities and shared secret, OCI's login fields, the VAT of its lines. Kept
 * like bank details: changed by who manages suppliers, traced, the secrets never answered back.
 */
export const supplierPunchouts = sqliteTable('supplier_punchouts', {
  supplier_id: integer('supplier_id')
    .primaryKey()
    .references(() => suppliers.id, { onDelete: 'cascade' }),
  protocol: text('protocol').notNull(),
  from_domain: text('from_domain'),
  from_identity: text('from_identity'),
  to_domain: text('to_domain'),
  to_identity: text('to_identity'),
  sender_domain: text('sender_domain'),
  sender_identity: text('sender_identity'),
  shared_secret: text('shared_secret'),
  oci_username: text('oci_username'),
  oci_password: text('oci_password'),
  vat_rate: text('vat_rate').notNull().default('20'),
  /** The purchase family of its lines when they become a request (a product family's code). */
  purchase_family: text('purchase_family'),
  /** cXML: the supplier's order system; set, a sent order goes there as an OrderRequest instead of an e-mail. */
  order_url: text('order_url'),
  updated_by: integer('updated_by').references(() => users.id),
  ...timestamps,
})

/**
 * A PunchOut shopping session: opened when a requester punches out, closed when its basket comes
 * back (once) or when it expires. Only the SHA-256 of its buyer cookie is kept.
 */
export const punchoutSessions = sqliteTable(
  'punchout_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    cookie_hash: text('cookie_hash').notNull(),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    warehouse_id: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    protocol: text('protocol').notNull(),
    /** create: a new basket; edit: the cart's lines of this shop, changed there, replace them; inspect: looked at only. */
    operation: text('operation').notNull().default('create'),
    expires_at: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    returned_at: integer('returned_at', { mode: 'timestamp_ms' }),
    lines: integer('lines').notNull().default(0),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('punchout_sessions_cookie_idx').on(t.cookie_hash),
    index('punchout_sessions_expires_idx').on(t.expires_at),
  ],
)
