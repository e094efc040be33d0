import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { users } from './users'

/**
 * What happened that concerns a user, kept for the app's notifications list: its kind, the
 * document it is about, the parameters its sentence is written with (in the reader's language when
 * read), and when it was read.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    model: text('model'),
    model_id: text('model_id'),
    params: text('params', { mode: 'json' }).$type<Record<string, string | number | null>>().notNull(),
    read_at: integer('read_at', { mode: 'timestamp_ms' }),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('notifications_user_idx').on(t.user_id, t.read_at, t.created_at)],
)

/** A user's choice of channel for one notification kind (no row: the kind's default). */
export const notificationPreferences = sqliteTable(
  'notification_preferences',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel', { enum: ['app', 'email', 'both', 'none'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.kind] })],
)

/**
 * What people are to be told of a change (validators to ask, an author to answer), written in the
 * change's transaction and sent after it by the notice sender: notifications, real-time events and
 * e-mails leave the request's critical path, and a crash between the change and its mails loses
 * none (the row stays until it is sent). A sender claims a row until `claimed_until`; a row whose
 * sender died is claimed again once that passes.
 */
export const noticeQueue = sqliteTable(
  'notice_queue',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    notice: text('notice', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimed_until: integer('claimed_until', { mode: 'timestamp_ms' }),
    last_error: text('last_error'),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('notice_queue_claim_idx').on(t.claimed_until, t.id)],
)
