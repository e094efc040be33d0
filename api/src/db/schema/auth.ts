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

/**
 * The links of validation request mails that decide (core/circuit email-decision): what each
 * signed link says, kept to spend it once. Only the SHA-256 of its nonce is kept, so the table
 * never holds a usable link.
 */
export const decisionLinks = sqliteTable(
  'decision_links',
  {
    nonce_hash: text('nonce_hash').primaryKey(),
    model: text('model').notNull(),
    model_id: integer('model_id').notNull(),
    decision: text('decision').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    version: text('version').notNull(),
    expires_at: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** When a decision was made with it: it decides nothing after. */
    used_at: integer('used_at', { mode: 'timestamp_ms' }),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('decision_links_model_idx').on(t.model, t.model_id),
    index('decision_links_expires_idx').on(t.expires_at),
  ],
)

/**
 * The instance's signing keys, one row per purpose, made on first use and shared by every server
 * of the instance (the decision links' HMAC key).
 */
export const instanceKeys = sqliteTable('instance_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
})
