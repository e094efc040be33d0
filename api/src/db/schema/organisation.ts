import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { flag, timestamps } from './columns'

export const companies = sqliteTable('companies', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  currency_code: text('currency_code').notNull(),
  /** ISO 3166 alpha-2 (set by the first-run setup; null on companies made before). */
  country_code: text('country_code'),
  /** Postal address and VAT number, printed on its orders. */
  address: text('address'),
  vat_number: text('vat_number'),
  siren: text('siren'),
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
  /** The e-invoicing routing code ("code routage") of its queue. */
  routing_code: text('routing_code'),
  active: flag('active').notNull().default(true),
  ...timestamps,
})

/**
 * The code-and-label reference lists (core/organisation CODE_LISTS: regions, request types,
 * countries, incoterms, units, purchase types, tags), one list per `list` value.
 * Documents keep the code; a disabled code is no longer offered in forms.
 */
export const referenceCodes = sqliteTable(
  'reference_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    list: text('list').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
    /** Tags only (spec §8): level and position. */
    level: text('level'),
    placement: text('placement'),
    active: flag('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('reference_codes_code_idx').on(t.list, t.code)],
)
