import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { users } from './users'

/** Failed sign-ins per login and address (core/auth/throttle.ts decides; this stores). */
export const loginAttempts = sqliteTable('login_attempts', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  reset_at: integer('reset_at').notNull(),
})

/** Password reset links: only the SHA-256 of the token is kept. */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('password_resets_user_idx').on(t.user_id)],
)

/**
 * Read and write authorizations per company, department, project (allocation 1) and request
 * type; a null value_code means "All".
 */
export const userAuthorizations = sqliteTable(
  'user_authorizations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dimension: text('dimension', { enum: ['company', 'department', 'project', 'request_type'] }).notNull(),
    value_code: text('value_code'),
    access: text('access', { enum: ['read', 'write'] }).notNull(),
  },
  (t) => [index('user_authorizations_user_idx').on(t.user_id)],
)
