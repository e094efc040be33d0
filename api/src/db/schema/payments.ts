import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { bankAccounts } from './bank-accounts'
import { timestamps } from './columns'
import { supplierInvoices } from './invoices'
import { companies } from './organisation'
import { suppliers } from './purchasing'
import { users } from './users'

/** A payment group: invoices of one company, in one currency, paid on one date (docs/domain/payment.md). */
export const paymentGroups = sqliteTable(
  'payment_groups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    payment_date: text('payment_date').notNull(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    currency_code: text('currency_code').notNull(),
    amount_inctax: text('amount_inctax').notNull(),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    lock_version: integer('lock_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_groups_code_idx').on(t.code),
    index('payment_groups_created_idx').on(t.created_at, t.id),
  ],
)

/** One invoice paid by a group: its amount and its line status (core/payment PAYMENT_LINE_TRANSITIONS). */
export const paymentLines = sqliteTable(
  'payment_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    payment_group_id: integer('payment_group_id')
      .notNull()
      .references(() => paymentGroups.id, { onDelete: 'cascade' }),
    supplier_invoice_id: integer('supplier_invoice_id')
      .notNull()
      .references(() => supplierInvoices.id),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    amount_inctax: text('amount_inctax').notNull(),
    status: text('status').notNull(),
    /** The supplier's account it is paid on (its main validated IBAN when the group was made). */
    bank_account_id: integer('bank_account_id').references(() => bankAccounts.id),
    /** What the bank answered (a pain.002 reason code), when it rejected the line. */
    reason_code: text('reason_code'),
    ...timestamps,
  },
  (t) => [
    index('payment_lines_group_idx').on(t.payment_group_id),
    index('payment_lines_invoice_idx').on(t.supplier_invoice_id),
  ],
)
