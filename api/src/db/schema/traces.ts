import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { users } from './users'

/** Every lifecycle event: action, message, model, model_id, severity. */
export const traces = sqliteTable(
  'traces',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    action: text('action').notNull(),
    message: text('message').notNull(),
    model: text('model').notNull(),
    model_id: text('model_id'),
    severity: text('severity', { enum: ['debug', 'info', 'warning', 'error', 'danger'] }).notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('traces_model_idx').on(t.model, t.model_id), index('traces_created_idx').on(t.created_at)],
)
