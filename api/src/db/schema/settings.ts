import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { flag } from './columns'

/** Key-value settings; values are JSON. Keys: "settings" (core Settings), "maintenance". */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).notNull(),
  updated_at: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
})

export const currencies = sqliteTable('currencies', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  symbol: text('symbol').notNull(),
  /** Rate to the default currency, a decimal string. */
  rate: text('rate').notNull(),
  position: text('position', { enum: ['before', 'after'] }).notNull(),
  is_default: flag('is_default').notNull().default(false),
})

/**
 * Each currency's rates with the day they apply from (core/locale rateOn): a document takes the
 * rate of its own date and keeps it.
 */
export const currencyRates = sqliteTable(
  'currency_rates',
  {
    currency_code: text('currency_code')
      .notNull()
      .references(() => currencies.code),
    valid_from: text('valid_from').notNull(),
    rate: text('rate').notNull(),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency_code, t.valid_from] })],
)

export const languages = sqliteTable('languages', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  country_code: text('country_code').notNull(),
  currency_position: text('currency_position', { enum: ['before', 'after'] }).notNull(),
  date_format: text('date_format').notNull(),
  hour_format: text('hour_format').notNull(),
  active: flag('active').notNull().default(true),
})

/**
 * Mail templates as an administrator rewrote them (core/mail-template): one row per mail and
 * language; a mail without its row is written from the product's own text.
 */
export const mailTemplates = sqliteTable(
  'mail_templates',
  {
    key: text('key').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    updated_at: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.language] })],
)
