import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { flag, timestamps } from './columns'

/** The custom fields the administrators add to needs, purchase orders and deliveries (core/custom-field). */
export const customFields = sqliteTable(
  'custom_fields',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    model: text('model').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    type: text('type').notNull(),
    required: flag('required').notNull().default(false),
    options: text('options', { mode: 'json' }).$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    in_list: flag('in_list').notNull().default(false),
    active: flag('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('custom_fields_code_idx').on(t.model, t.code)],
)

/**
 * A document's custom values, one row per field given (as text, core/custom-field's kept form):
 * a list filters on (field, value) through its index.
 */
export const customValues = sqliteTable(
  'custom_values',
  {
    model: text('model').notNull(),
    document_id: integer('document_id').notNull(),
    field_id: integer('field_id')
      .notNull()
      .references(() => customFields.id),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.document_id, t.field_id] }),
    index('custom_values_field_idx').on(t.field_id, t.value),
  ],
)
