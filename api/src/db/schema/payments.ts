import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { bankAccounts } from './bank-accounts'
import { timestamps } from './columns'
import { expenseReports } from './expenses'
import { supplierInvoices } from './invoices'
import { companies } from './organisation'
import { purchaseOrders, suppliers } from './purchasing'
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
    /** The payments' validation circuit (core/circuit CircuitState), null before submission. */
    circuit: text('circuit', { mode: 'json' }),
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
    /** The invoice paid, or (a deposit) the purchase order whose deposit is paid. */
    supplier_invoice_id: integer('supplier_invoice_id').references(() => supplierInvoices.id),
    purchase_order_id: integer('purchase_order_id').references(() => purchaseOrders.id),
    /** Who is paid: the supplier of an invoice or deposit, or the employee of an expense report. */
    supplier_id: integer('supplier_id').references(() => suppliers.id),
    /** The expense report paid in full to its employee (docs/domain/expense.md). */
    expense_report_id: integer('expense_report_id').references(() => expenseReports.id),
    user_id: integer('user_id').references(() => users.id),
    amount_inctax: text('amount_inctax').notNull(),
    status: text('status').notNull(),
    /** The supplier's account it is paid on (its main validated IBAN when the group was made). */
    bank_account_id: integer('bank_account_id').references(() => bankAccounts.id),
    /** What the bank answered (a pain.002 reason code), when it rejected or held the line. */
    reason_code: text('reason_code'),
    /** The SEPA file that carries it, once exported. */
    payment_export_id: integer('payment_export_id').references(() => paymentExports.id),
    paid_at: integer('paid_at', { mode: 'timestamp_ms' }),
    /** The accounting export that booked it in the bank journal, once paid and exported. */
    accounting_export_id: integer('accounting_export_id'),
    ...timestamps,
  },
  (t) => [
    index('payment_lines_group_idx').on(t.payment_group_id),
    index('payment_lines_accounting_idx').on(t.accounting_export_id),
    index('payment_lines_invoice_idx').on(t.supplier_invoice_id),
    index('payment_lines_order_idx').on(t.purchase_order_id),
    index('payment_lines_report_idx').on(t.expense_report_id),
  ],
)

/** A SEPA file handed out for a group's validated lines: kept so it can be downloaded again. */
export const paymentExports = sqliteTable(
  'payment_exports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    payment_group_id: integer('payment_group_id')
      .notNull()
      .references(() => paymentGroups.id, { onDelete: 'cascade' }),
    /** The file's MsgId, which the bank's status report (pain.002) quotes back. */
    message_id: text('message_id').notNull(),
    format: text('format').notNull(),
    line_count: integer('line_count').notNull(),
    control_sum: text('control_sum').notNull(),
    /** The requested execution date the file carries (the group's, or the next business day when that had passed). */
    execution_date: text('execution_date'),
    file: text('file').notNull(),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_exports_message_idx').on(t.message_id),
    index('payment_exports_group_idx').on(t.payment_group_id),
  ],
)
