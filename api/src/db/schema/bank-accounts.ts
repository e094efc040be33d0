import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { flag, timestamps } from './columns'
import { companies } from './organisation'
import { suppliers } from './purchasing'
import { users } from './users'

/**
 * Bank accounts of suppliers (paid) and of the paying companies (debited), core/payment
 * BankAccountInput. A supplier's new or changed account waits for a second person's validation.
 */
export const bankAccounts = sqliteTable(
  'bank_accounts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    owner: text('owner', { enum: ['supplier', 'company', 'user'] }).notNull(),
    supplier_id: integer('supplier_id').references(() => suppliers.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** An employee's own account, where their expense reports are paid. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    account_number_type: text('account_number_type', { enum: ['iban', 'other'] }).notNull(),
    account_number: text('account_number').notNull(),
    bic: text('bic'),
    holder_name: text('holder_name').notNull(),
    holder_type: text('holder_type', { enum: ['corporate', 'individual'] }).notNull(),
    holder_country_code: text('holder_country_code').notNull(),
    main: flag('main').notNull().default(false),
    payment_option: text('payment_option', { enum: ['sepa', 'international'] }).notNull(),
    /** pending_validation, validated, refused (core/payment BANK_ACCOUNT_STATUSES). */
    status: text('status').notNull(),
    /** Who entered or last changed the account number: someone else validates it. */
    changed_by: integer('changed_by')
      .notNull()
      .references(() => users.id),
    validated_by: integer('validated_by').references(() => users.id),
    validated_at: integer('validated_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    index('bank_accounts_supplier_idx').on(t.supplier_id),
    index('bank_accounts_company_idx').on(t.company_id),
    index('bank_accounts_user_idx').on(t.user_id),
    index('bank_accounts_number_idx').on(t.account_number),
  ],
)
