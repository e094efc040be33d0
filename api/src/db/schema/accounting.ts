import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { productFamilies } from './catalogue'
import { flag, timestamps } from './columns'
import { companies } from './organisation'
import { users } from './users'

/** An expense account, for a product family or the default one (docs/domain/accounting-export.md). */
export const accountingEntries = sqliteTable(
  'accounting_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    label: text('label').notNull(),
    product_family_id: integer('product_family_id').references(() => productFamilies.id),
    is_default: flag('is_default').notNull().default(false),
    active: flag('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('accounting_entries_family_idx').on(t.product_family_id)],
)

/** The deductible (and self-assessed) VAT accounts of one rate and VAT type. */
export const accountingVatEntries = sqliteTable(
  'accounting_vat_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    label: text('label').notNull(),
    vat_rate: text('vat_rate').notNull(),
    vat_type: text('vat_type').notNull(),
    self_assessed_code: text('self_assessed_code'),
    active: flag('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('accounting_vat_entries_rate_idx').on(t.vat_type, t.vat_rate)],
)

/** An accounting export: its invoices carry its id; its file is kept in the storage folder. */
export const accountingExports = sqliteTable(
  'accounting_exports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    format: text('format').notNull(),
    /** running, done, failed or canceled. */
    status: text('status').notNull(),
    /** The company while the export runs, else null: one export at a time per company (unique). */
    running_company_id: integer('running_company_id'),
    up_to: text('up_to'),
    invoice_count: integer('invoice_count').notNull().default(0),
    /** Paid payments booked in the bank journal by this export. */
    payment_count: integer('payment_count').notNull().default(0),
    debit_total: text('debit_total').notNull().default('0'),
    credit_total: text('credit_total').notNull().default('0'),
    /** The account numbers the file books on (an entry used by an export cannot be deleted). */
    accounts: text('accounts', { mode: 'json' }).$type<string[]>(),
    file_name: text('file_name'),
    file_path: text('file_path'),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    canceled_by: integer('canceled_by').references(() => users.id),
    canceled_at: integer('canceled_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accounting_exports_running_idx').on(t.running_company_id),
    index('accounting_exports_created_idx').on(t.created_at, t.id),
  ],
)
