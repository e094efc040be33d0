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
