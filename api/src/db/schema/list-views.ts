import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { flag, timestamps } from './columns'
import { users } from './users'

/**
 * A person's saved views of a list: a name, the list's query (filters, search, sort) and the
 * columns shown, in order. At most one per person and list is the default (opened first).
 */
export const listViews = sqliteTable(
  'list_views',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    /** The list's query string without paging ("status=sent&sort=amount_exctax&direction=desc"). */
    query: text('query').notNull(),
    columns: text('columns', { mode: 'json' }).$type<string[]>().notNull(),
    is_default: flag('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('list_views_name_idx').on(t.user_id, t.list, t.name),
    index('list_views_user_idx').on(t.user_id, t.list),
  ],
)

/** The columns a person chose for a list, in order, kept between visits. */
export const listLayouts = sqliteTable(
  'list_layouts',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    columns: text('columns', { mode: 'json' }).$type<string[]>().notNull(),
    updated_at: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.list] })],
)
