import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { flag, timestamps } from './columns'

export const companies = sqliteTable('companies', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  currency_code: text('currency_code').notNull(),
  /** Postal address and VAT number, printed on its orders. */
  address: text('address'),
  vat_number: text('vat_number'),
  active: flag('active').notNull().default(true),
  ...timestamps,
})

export const departments = sqliteTable('departments', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  active: flag('active').notNull().default(true),
  ...timestamps,
})
