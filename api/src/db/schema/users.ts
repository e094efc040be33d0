import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { flag, timestamps } from './columns'

export const roles = sqliteTable('roles', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
})

export const permissions = sqliteTable('permissions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
})

export const rolePermissions = sqliteTable(
  'role_permissions',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
)

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  login: text('login').notNull().unique(),
  label: text('label').notNull(),
  email: text('email').notNull(),
  password_hash: text('password_hash'),
  language: text('language').notNull().default('en'),
  currency_code: text('currency_code'),
  role_id: integer('role_id').references(() => roles.id),
  active: flag('active').notNull().default(true),
  buyer: flag('buyer').notNull().default(false),
  can_view_other_po: flag('can_view_other_po').notNull().default(false),
  price_display_inctax: flag('price_display_inctax').notNull().default(false),
  /** E-mail notifications the user wants (actions to do, delegations…), JSON. */
  notifications: text('notifications', { mode: 'json' })
    .$type<Record<string, boolean>>()
    .notNull()
    .default({}),
  /** When the digest of their actions to do last went (the mail alert delay counts from it). */
  actions_mailed_at: integer('actions_mailed_at', { mode: 'timestamp_ms' }),
  signature_path: text('signature_path'),
  ...timestamps,
})

export const userPermissions = sqliteTable(
  'user_permissions',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.permission_id] })],
)

/** Cookie sessions: the id is a random token; real_user_id is set while impersonating. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    real_user_id: integer('real_user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrf_token: text('csrf_token').notNull(),
    remember: flag('remember').notNull().default(false),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expires_at: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
)

/**
 * One row (id 1): a counter that database triggers advance whenever what a request's identity is
 * made of changes — a user, a role, a permission granted or taken, a supplier contact, a session
 * changed or ended, the maintenance setting. A server caches sessions under the value it read and
 * trusts them only while it has not moved, whichever process (or engine) made the change.
 */
export const authVersions = sqliteTable('auth_versions', {
  id: integer('id').primaryKey(),
  value: integer('value').notNull().default(0),
})
