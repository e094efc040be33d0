import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
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

export const languages = sqliteTable('languages', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  country_code: text('country_code').notNull(),
  currency_position: text('currency_position', { enum: ['before', 'after'] }).notNull(),
  date_format: text('date_format').notNull(),
  hour_format: text('hour_format').notNull(),
  active: flag('active').notNull().default(true),
})
