import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { flag, timestamps } from './columns'
import { companies } from './organisation'
import { users } from './users'

/** Expense types (meal, train, mileage…) and their fields (core/expense ExpenseTypeInputSchema). */
export const expenseTypes = sqliteTable('expense_types', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  default_vat_rate: text('default_vat_rate').notNull().default('0'),
  /** The expense account it is booked to. */
  account: text('account'),
  active: flag('active').notNull().default(true),
  /** [{key, label, kind, required, options}] (core/expense ExpenseField). */
  fields: text('fields', { mode: 'json' }).notNull(),
  ...timestamps,
})

/** The years kilometer scales apply to (spec §3 scale_period_id). */
export const scalePeriods = sqliteTable('scale_periods', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  starts_on: text('starts_on').notNull(),
  ends_on: text('ends_on').notNull(),
  electric_bonus_percent: text('electric_bonus_percent').notNull().default('0'),
  ...timestamps,
})

/** One band of a period's kilometer scale (core/expense ScaleBand): d × rate + fixed_amount. */
export const kilometerScales = sqliteTable(
  'kilometer_scales',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    scale_period_id: integer('scale_period_id')
      .notNull()
      .references(() => scalePeriods.id, { onDelete: 'cascade' }),
    transport_mean: text('transport_mean').notNull(),
    fiscal_horsepower: integer('fiscal_horsepower').notNull(),
    min_distance: integer('min_distance').notNull(),
    max_distance: integer('max_distance'),
    rate: text('rate').notNull(),
    fixed_amount: text('fixed_amount').notNull().default('0'),
    /** "Car 3 CV, 0–5,000 km": what the admin list shows and sorts by. */
    label: text('label').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('kilometer_scales_band_idx').on(
      t.scale_period_id,
      t.transport_mean,
      t.fiscal_horsepower,
      t.min_distance,
    ),
  ],
)

/**
 * An expense report (spec §3: expenses count, payment date, user): a user's expenses in one
 * currency, validated through the expense reports' circuit and paid by a payment group.
 */
export const expenseReports = sqliteTable(
  'expense_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    label: text('label').notNull().default(''),
    currency_code: text('currency_code').notNull(),
    amount_exctax: text('amount_exctax').notNull(),
    amount_inctax: text('amount_inctax').notNull(),
    expense_count: integer('expense_count').notNull(),
    /** core/expense EXPENSE_REPORT_STATUSES. */
    status: text('status').notNull(),
    circuit: text('circuit', { mode: 'json' }),
    payment_date: text('payment_date'),
    /** When its circuit validated it: the day the accounting export books it. */
    validated_at: integer('validated_at', { mode: 'timestamp_ms' }),
    /** The accounting export that booked it, once booked. */
    accounting_export_id: integer('accounting_export_id'),
    lock_version: integer('lock_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('expense_reports_code_idx').on(t.code),
    index('expense_reports_user_idx').on(t.user_id, t.created_at),
    index('expense_reports_status_idx').on(t.status, t.created_at),
    // The list's default order (newest first).
    index('expense_reports_created_idx').on(t.created_at, t.id),
  ],
)

/**
 * An expense (spec §3: date, attachments, payment status, scale, VAT rate details, excluding-tax
 * and including-tax prices). A mileage expense's amount comes from the kilometer scale (its
 * distance, vehicle and scale period kept on it).
 */
export const expenses = sqliteTable(
  'expenses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    expense_type_id: integer('expense_type_id')
      .notNull()
      .references(() => expenseTypes.id),
    expense_report_id: integer('expense_report_id').references(() => expenseReports.id),
    expense_date: text('expense_date').notNull(),
    label: text('label').notNull().default(''),
    /** The project (allocation 1) it is spent on: with the report's company, its budget key. */
    allocation1: text('allocation1'),
    currency_code: text('currency_code').notNull(),
    amount_exctax: text('amount_exctax').notNull(),
    amount_inctax: text('amount_inctax').notNull(),
    /** [{rate, amount}]: the receipt's VAT by rate. */
    vat: text('vat', { mode: 'json' }).notNull(),
    values: text('values', { mode: 'json' }).notNull(),
    /** Mileage: the distance driven, the vehicle and the scale period that priced it. */
    distance: text('distance'),
    transport_mean: text('transport_mean'),
    fiscal_horsepower: integer('fiscal_horsepower'),
    electric: flag('electric').notNull().default(false),
    scale_period_id: integer('scale_period_id').references(() => scalePeriods.id),
    /** no (in no report), pending (in a report), paid. */
    payment_status: text('payment_status').notNull().default('no'),
    comment: text('comment').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('expenses_user_idx').on(t.user_id, t.expense_date),
    index('expenses_report_idx').on(t.expense_report_id),
    index('expenses_mileage_idx').on(t.user_id, t.scale_period_id, t.transport_mean),
  ],
)
