import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { flag, timestamps } from './columns'
import { companies, departments } from './organisation'
import { users } from './users'

/**
 * The allocation codes of the four levels (project, subproject, nature, allocation: the names are
 * settings), each under a code of the level above when the organisation relates them.
 */
export const allocations = sqliteTable(
  'allocations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    level: integer('level').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    parent_id: integer('parent_id').references((): AnySQLiteColumn => allocations.id),
    active: flag('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('allocations_code_idx').on(t.level, t.code)],
)

/** The fiscal periods budgets are kept for: first and last days (ISO), never overlapping. */
export const fiscalPeriods = sqliteTable('fiscal_periods', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  starts_on: text('starts_on').notNull(),
  ends_on: text('ends_on').notNull(),
  active: flag('active').notNull().default(true),
  ...timestamps,
})

/**
 * A budget: what a key (company, department, allocation codes; null parts match anything) may
 * spend in a fiscal period, and what the ledger holds against it, kept in the same transaction as
 * each move: reserved by approved requests, committed by validated orders, spent by validated
 * invoices. Amounts in 1/10,000 of the default currency, excluding tax.
 */
export const budgets = sqliteTable(
  'budgets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    fiscal_period_id: integer('fiscal_period_id')
      .notNull()
      .references(() => fiscalPeriods.id),
    company_id: integer('company_id').references(() => companies.id),
    department_id: integer('department_id').references(() => departments.id),
    allocation1: text('allocation1'),
    allocation2: text('allocation2'),
    allocation3: text('allocation3'),
    allocation4: text('allocation4'),
    /** core/budget keyText: the combination, once per period. */
    key: text('key').notNull(),
    label: text('label'),
    amount: integer('amount').notNull(),
    copied_forecast_amount: text('copied_forecast_amount'),
    last_validated_amount: text('last_validated_amount'),
    tag: text('tag'),
    overrun_action: text('overrun_action', { enum: ['none', 'notify', 'block'] })
      .notNull()
      .default('block'),
    owner_id: integer('owner_id').references(() => users.id),
    reserved: integer('reserved').notNull().default(0),
    committed: integer('committed').notNull().default(0),
    actual: integer('actual').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('budgets_key_idx').on(t.fiscal_period_id, t.key),
    // The list's default order: by key across the periods.
    index('budgets_key_sort_idx').on(t.key, t.id),
  ],
)

/** The budget ledger (core/budget LedgerMove): every signed move, with the documents it belongs to. */
export const budgetMoves = sqliteTable(
  'budget_moves',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    budget_id: integer('budget_id')
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reservation', 'commitment', 'actual'] }).notNull(),
    units: integer('units').notNull(),
    need_id: integer('need_id'),
    order_id: integer('order_id'),
    invoice_id: integer('invoice_id'),
    expense_report_id: integer('expense_report_id'),
    user_id: integer('user_id'),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('budget_moves_budget_idx').on(t.budget_id),
    index('budget_moves_need_idx').on(t.need_id),
    index('budget_moves_order_idx').on(t.order_id),
    index('budget_moves_invoice_idx').on(t.invoice_id),
    index('budget_moves_report_idx').on(t.expense_report_id),
  ],
)
