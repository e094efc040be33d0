import type { PaymentTerm } from '@procura/core/payment'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { flag, timestamps } from './columns'
import { companies, departments } from './organisation'
import { users } from './users'

/** Supplier groups (spec §3: a label): a buying group, a parent company. */
export const supplierGroups = sqliteTable('supplier_groups', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  label: text('label').notNull().unique(),
  ...timestamps,
})

/**
 * Suppliers: identity, status, currency, ceilings, and the whole record of issue 26 (spec §3).
 * `status` is the one people set (prospect until approved, active, inactive); a forced status
 * overrides it until its date (core/supplier `supplierStatusOn`).
 */
export const suppliers = sqliteTable('suppliers', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  company_name: text('company_name').notNull(),
  status: text('status', { enum: ['active', 'inactive', 'prospect'] })
    .notNull()
    .default('active'),
  currency_code: text('currency_code').notNull(),
  /** Decimal strings; null = no maximum. */
  max_per_order: text('max_per_order'),
  max_per_year: text('max_per_year'),
  /** Postal address and intra-community VAT number, printed on orders. */
  address: text('address'),
  intra_community_vat: text('intra_community_vat'),
  /** French company identifier (14 digits): e-invoices find their supplier by it. */
  siret: text('siret'),
  /** The supplier's code in accounting: its account is the export prefix and this code. */
  accounting_code: text('accounting_code'),
  /** core/payment PaymentTerm (JSON); null: no term agreed. Payment type: none or transfer. */
  payment_term: text('payment_term', { mode: 'json' }).$type<PaymentTerm>(),
  payment_type: text('payment_type', { enum: ['none', 'transfer'] })
    .notNull()
    .default('transfer'),
  /** Our customer number at the supplier; its DUNS (9 digits); IBAN or other bank identifiers. */
  client_number: text('client_number'),
  duns: text('duns'),
  account_type: text('account_type', { enum: ['iban', 'other'] })
    .notNull()
    .default('iban'),
  contractual_status: text('contractual_status'),
  qualification: text('qualification'),
  group_id: integer('group_id').references(() => supplierGroups.id),
  /** The buyer who follows it: warned of expiring files and contracts. */
  manager_id: integer('manager_id').references(() => users.id),
  manage_shipping_date: flag('manage_shipping_date').notNull().default(false),
  manage_stock: flag('manage_stock').notNull().default(false),
  /** Printed on every order to it. */
  po_informations: text('po_informations'),
  punchout_url: text('punchout_url'),
  website: text('website'),
  activity_details: text('activity_details'),
  tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
  /** Ordered above this amount (excl. tax, 12 rolling months) it is under surveillance. */
  surveillance_min_amount: text('surveillance_min_amount'),
  under_surveillance: flag('under_surveillance').notNull().default(false),
  /** The last day of its approval (ISO date); null: never approved. */
  approved_until: text('approved_until'),
  /** A status forced until a date (ISO), overriding `status`; a job lifts it at its date. */
  forced_status: text('forced_status', { enum: ['active', 'inactive'] }),
  forced_status_date: text('forced_status_date'),
  ...timestamps,
})

export const supplierContacts = sqliteTable('supplier_contacts', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  supplier_id: integer('supplier_id')
    .notNull()
    .references(() => suppliers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** At least one of e-mail, phone or mobile (spec §5); orders are sent to the e-mail. */
  email: text('email'),
  language: text('language').notNull().default('en'),
  main_order_contact: flag('main_order_contact').notNull().default(false),
  main_contact: flag('main_contact').notNull().default(false),
  main_billing_contact: flag('main_billing_contact').notNull().default(false),
  phone: text('phone'),
  mobile: text('mobile'),
  /** What the contact is for (commercial, technical, quality, accounting…). */
  types: text('types', { mode: 'json' }).$type<string[]>().notNull().default([]),
})

export const purchaseOrders = sqliteTable(
  'purchase_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    version: integer('version').notNull().default(1),
    /** The version this one replaces. */
    replaces_id: integer('replaces_id'),
    status: text('status').notNull(),
    previous_status: text('previous_status'),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    supplier_contact_id: integer('supplier_contact_id').references(() => supplierContacts.id),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    department_id: integer('department_id').references(() => departments.id),
    buyer_id: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    currency_code: text('currency_code').notNull(),
    /** Its currency's rate to the default currency on the order's day, kept (core/locale rateOn). */
    exchange_rate: text('exchange_rate').notNull().default('1'),
    purchase_type: text('purchase_type'),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /** Decimal strings with the configured decimals. */
    amount_exctax: text('amount_exctax').notNull(),
    amount_tax: text('amount_tax').notNull(),
    amount_inctax: text('amount_inctax').notNull(),
    vat_breakdown: text('vat_breakdown', { mode: 'json' })
      .$type<{ rate: string; base: string; tax: string }[]>()
      .notNull(),
    deposit: text('deposit'),
    deposit_paid_at: integer('deposit_paid_at', { mode: 'timestamp_ms' }),
    delivery_address: text('delivery_address', { mode: 'json' }),
    supplier_comment: text('supplier_comment'),
    /** The request for quotation whose award made the order. */
    rfq_id: integer('rfq_id'),
    delivery_status: text('delivery_status').notNull().default('no'),
    /** Sums of the lines' received amounts (deliveries; technical deliveries). */
    delivered_amount_exctax: text('delivered_amount_exctax').notNull().default('0'),
    predelivered_amount_exctax: text('predelivered_amount_exctax').notNull().default('0'),
    /** Sum of the lines' billed amounts (supplier invoices that are not cancelled). */
    billed_amount_exctax: text('billed_amount_exctax').notNull().default('0'),
    /** What its invoices billed on lines marked to be charged on (rebilled to a customer or another entity). */
    rebilled_amount_exctax: text('rebilled_amount_exctax').notNull().default('0'),
    billing_status: text('billing_status').notNull().default('no'),
    payment_status: text('payment_status').notNull().default('no'),
    send_mode: text('send_mode'),
    sent_at: integer('sent_at', { mode: 'timestamp_ms' }),
    sent_to: text('sent_to', { mode: 'json' }),
    /** The validation circuit's state (core/circuit CircuitState), null before submission. */
    circuit: text('circuit', { mode: 'json' }),
    validated_at: integer('validated_at', { mode: 'timestamp_ms' }),
    /** Optimistic lock: every action checks it is unchanged and advances it (api/src/db/lock-version.ts). */
    lock_version: integer('lock_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('purchase_orders_status_idx').on(t.status, t.created_at, t.id),
    index('purchase_orders_created_idx').on(t.created_at, t.id),
    index('purchase_orders_supplier_idx').on(t.supplier_id, t.validated_at),
    // The dashboard's sums over a period of validation.
    index('purchase_orders_validated_idx').on(t.validated_at),
    uniqueIndex('purchase_orders_code_idx').on(t.code, t.version),
  ],
)

export const purchaseOrderLines = sqliteTable(
  'purchase_order_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    purchase_order_id: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    article_id: integer('article_id'),
    /** The supplier's part id of a line its PunchOut shop priced (sent back in a cXML OrderRequest). */
    supplier_part_id: text('supplier_part_id'),
    label: text('label').notNull(),
    quantity: text('quantity').notNull(),
    quantity_step: text('quantity_step'),
    /** Unit of measure (core/i18n UNITS, or as typed). */
    unit: text('unit').notNull().default('unit'),
    unit_price_exctax: text('unit_price_exctax').notNull(),
    vat_rate: text('vat_rate').notNull(),
    vat_rate_2: text('vat_rate_2'),
    amount_exctax: text('amount_exctax').notNull(),
    amount_tax: text('amount_tax').notNull(),
    amount_inctax: text('amount_inctax').notNull(),
    /** Received by quantity (goods) or by amount (a service line). */
    receipt_mode: text('receipt_mode', { enum: ['quantity', 'amount'] })
      .notNull()
      .default('quantity'),
    /** What deliveries and technical deliveries received so far (core/delivery planReceipt). */
    delivered_quantity: text('delivered_quantity').notNull().default('0'),
    delivered_amount_exctax: text('delivered_amount_exctax').notNull().default('0'),
    predelivered_quantity: text('predelivered_quantity').notNull().default('0'),
    predelivered_amount_exctax: text('predelivered_amount_exctax').notNull().default('0'),
    delivery_status: text('delivery_status').notNull().default('no'),
    /** What supplier invoices billed so far (core/invoice matchInvoice). */
    billed_quantity: text('billed_quantity').notNull().default('0'),
    billed_amount_exctax: text('billed_amount_exctax').notNull().default('0'),
    /** What its invoices billed on lines marked to be charged on (rebilled to a customer or another entity). */
    rebilled_amount_exctax: text('rebilled_amount_exctax').notNull().default('0'),
    billing_status: text('billing_status').notNull().default('no'),
    /** Allocation codes 1 to 4 (project, subproject, nature, allocation): with the order's company and department, the line's budget key. */
    allocation1: text('allocation1'),
    allocation2: text('allocation2'),
    allocation3: text('allocation3'),
    allocation4: text('allocation4'),
    /** The framework agreement line it draws on, and what it drew (given back when the order is cancelled). */
    agreement_line_id: integer('agreement_line_id'),
    agreement_draw_units: integer('agreement_draw_units').notNull().default(0),
  },
  (t) => [
    index('purchase_order_lines_order_idx').on(t.purchase_order_id),
    index('purchase_order_lines_agreement_idx').on(t.agreement_line_id),
    // The family sums move an article's lines when its family changes.
    index('purchase_order_lines_article_idx').on(t.article_id),
  ],
)

/** The validation default chart (core/circuit ChartRow), per document type. */
export const circuitRows = sqliteTable('circuit_rows', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  document_type: text('document_type', {
    enum: ['purchase_order', 'need', 'payment', 'expense_report'],
  }).notNull(),
  min_amount: text('min_amount').notNull().default('0'),
  max_amount: text('max_amount'),
  weight: integer('weight'),
  criteria: text('criteria', { mode: 'json' }).$type<Record<string, string>>().notNull(),
  validator_login: text('validator_login'),
  validator_role: text('validator_role'),
})

export const delegations = sqliteTable('delegations', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  delegator_id: integer('delegator_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  delegate_id: integer('delegate_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  starts_at: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
  ends_at: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
  default_limit: text('default_limit'),
  tag_limits: text('tag_limits', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
  notify_delegate: flag('notify_delegate').notNull().default(false),
})

/**
 * The orders' sums the dashboard reads (kept exact by database triggers on `purchase_orders`, in
 * the migrations of each engine: every insert, change and delete moves them, whatever wrote it):
 * per month of validation ('' when not validated), status, billing status, supplier, department
 * (0: none) and currency, the number of orders and their amounts in 1/10,000 of the currency.
 */
export const orderSums = sqliteTable(
  'order_sums',
  {
    month: text('month').notNull(),
    status: text('status').notNull(),
    billing_status: text('billing_status').notNull(),
    supplier_id: integer('supplier_id').notNull(),
    department_id: integer('department_id').notNull(),
    currency_code: text('currency_code').notNull(),
    orders: integer('orders').notNull(),
    amount: integer('amount').notNull(),
    delivered: integer('delivered').notNull(),
    billed: integer('billed').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.month, t.status, t.billing_status, t.supplier_id, t.department_id, t.currency_code],
    }),
  ],
)

/**
 * The order lines' sums by product family the dashboard's distribution reads (kept exact by
 * database triggers on `purchase_order_lines`, `purchase_orders` and `articles`, in the migrations
 * of each engine): per month of the order's validation ('' when not validated), the order's status
 * and currency, and the family of the line's article (0: none), in 1/10,000 of the currency.
 */
export const orderFamilySums = sqliteTable(
  'order_family_sums',
  {
    month: text('month').notNull(),
    status: text('status').notNull(),
    family_id: integer('family_id').notNull(),
    currency_code: text('currency_code').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.status, t.family_id, t.currency_code] })],
)
