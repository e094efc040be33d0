import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { timestamps } from './columns'
import { companies } from './organisation'
import { suppliers } from './purchasing'
import { users } from './users'

/**
 * Framework agreements (blanket orders): a supplier, a validity period, lines with an agreed price
 * and a ceiling (core/sourcing, docs/domain/sourcing.md).
 */
export const frameworkAgreements = sqliteTable(
  'framework_agreements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    label: text('label').notNull(),
    status: text('status').notNull().default('draft'),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    currency_code: text('currency_code').notNull(),
    starts_on: text('starts_on').notNull(),
    ends_on: text('ends_on').notNull(),
    /** The over-draw allowance in force when it was validated (settings prices.agreement_overdraw_percent). */
    allowance_percent: text('allowance_percent').notNull().default('0'),
    buyer_id: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    validated_by: integer('validated_by').references(() => users.id),
    refusal_reason: text('refusal_reason'),
    /** Its validation circuit: the orders' chart applied to what it commits to (core agreementWorth). */
    circuit: text('circuit', { mode: 'json' }),
    /** When the job warned the buyer that its end is near (once). */
    expiry_warned_at: integer('expiry_warned_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('framework_agreements_code_idx').on(t.code),
    index('framework_agreements_supplier_idx').on(t.supplier_id, t.status),
  ],
)

/**
 * An agreement's line: its price and ceiling, and what orders drew on it, in whole units the
 * database adds and compares exactly (thousandths of a quantity, ten-thousandths of an amount):
 * a draw is one conditional update `drawn_units + n <= limit_units`.
 */
export const frameworkAgreementLines = sqliteTable(
  'framework_agreement_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    agreement_id: integer('agreement_id')
      .notNull()
      .references(() => frameworkAgreements.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    article_id: integer('article_id'),
    label: text('label').notNull(),
    unit: text('unit').notNull().default('unit'),
    unit_price_exctax: text('unit_price_exctax').notNull(),
    vat_rate: text('vat_rate').notNull(),
    ceiling_kind: text('ceiling_kind', { enum: ['quantity', 'amount'] }).notNull(),
    ceiling: text('ceiling').notNull(),
    /** The ceiling, and the ceiling with the allowance, in units. */
    ceiling_units: integer('ceiling_units').notNull(),
    limit_units: integer('limit_units').notNull(),
    drawn_units: integer('drawn_units').notNull().default(0),
  },
  (t) => [index('framework_agreement_lines_agreement_idx').on(t.agreement_id)],
)

/**
 * A request for quotation: lines a buyer asks several suppliers to price by a reply day; closed,
 * compared and awarded into draft orders (core/sourcing rfq, docs/domain/sourcing.md).
 */
export const rfqs = sqliteTable(
  'rfqs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    title: text('title').notNull(),
    status: text('status').notNull().default('draft'),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    currency_code: text('currency_code').notNull(),
    /** The last day answers are taken (to its end, in the instance's time zone). */
    reply_by: text('reply_by').notNull(),
    /** What the buyer writes to the suppliers (on the mail and the PDF). */
    comment: text('comment'),
    buyer_id: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    /** Why the award is not the cheapest, when it is not. */
    award_reason: text('award_reason'),
    sent_at: integer('sent_at', { mode: 'timestamp_ms' }),
    closed_at: integer('closed_at', { mode: 'timestamp_ms' }),
    awarded_at: integer('awarded_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('rfqs_code_idx').on(t.code), index('rfqs_status_idx').on(t.status, t.reply_by)],
)

/** An RFQ's line: an article or a free label, a quantity, and once awarded its supplier and order. */
export const rfqLines = sqliteTable(
  'rfq_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    rfq_id: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    article_id: integer('article_id'),
    label: text('label').notNull(),
    quantity: text('quantity').notNull(),
    unit: text('unit').notNull().default('unit'),
    wanted_on: text('wanted_on'),
    /** The approved request (and its line) the line comes from. */
    need_id: integer('need_id'),
    need_line_id: integer('need_line_id'),
    awarded_supplier_id: integer('awarded_supplier_id').references(() => suppliers.id),
    purchase_order_id: integer('purchase_order_id'),
  },
  (t) => [index('rfq_lines_rfq_idx').on(t.rfq_id)],
)

/** A supplier invited to an RFQ, the contact it was sent to, and its answer's header. */
export const rfqSuppliers = sqliteTable(
  'rfq_suppliers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    rfq_id: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    contact_id: integer('contact_id'),
    sent_to: text('sent_to'),
    answered_at: integer('answered_at', { mode: 'timestamp_ms' }),
    /** Who entered the answer: the supplier's contact through the portal, or a buyer from a received quote. */
    answered_by: integer('answered_by').references(() => users.id),
    currency_code: text('currency_code'),
    comment: text('comment'),
    /** The quotation's file (a received quote), when one was attached. */
    file_name: text('file_name'),
    file_path: text('file_path'),
    /** When the supplier was told it won nothing. */
    told_lost_at: integer('told_lost_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('rfq_suppliers_supplier_idx').on(t.rfq_id, t.supplier_id)],
)

/** A supplier's quotation for one line. */
export const rfqQuotes = sqliteTable(
  'rfq_quotes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    rfq_supplier_id: integer('rfq_supplier_id')
      .notNull()
      .references(() => rfqSuppliers.id, { onDelete: 'cascade' }),
    rfq_line_id: integer('rfq_line_id')
      .notNull()
      .references(() => rfqLines.id, { onDelete: 'cascade' }),
    unit_price_exctax: text('unit_price_exctax').notNull(),
    vat_rate: text('vat_rate').notNull(),
    quantity: text('quantity'),
    lead_time_days: integer('lead_time_days'),
    valid_until: text('valid_until'),
    min_quantity: text('min_quantity'),
    comment: text('comment'),
  },
  (t) => [uniqueIndex('rfq_quotes_line_idx').on(t.rfq_supplier_id, t.rfq_line_id)],
)
