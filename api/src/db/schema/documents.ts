import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { users } from './users'

/** Which documents carry comments and attachments (a supplier contract: its files only). */
export const DOCUMENT_MODELS = [
  'need',
  'purchase_order',
  'delivery',
  'supplier_invoice',
  'supplier_contract',
  'expense',
  'rfq',
  'framework_agreement',
] as const
export type DocumentModel = (typeof DOCUMENT_MODELS)[number]

/** Comments written on a need or an order, oldest first. */
export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    model: text('model', { enum: DOCUMENT_MODELS }).notNull(),
    model_id: integer('model_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('comments_document_idx').on(t.model, t.model_id)],
)

/**
 * Files attached to a need or an order. The bytes live under the storage folder; `recipient_id`
 * names the person a file is meant for (the "own" view shows what one created or received).
 */
export const attachments = sqliteTable(
  'attachments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    model: text('model', { enum: DOCUMENT_MODELS }).notNull(),
    model_id: integer('model_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    recipient_id: integer('recipient_id').references(() => users.id),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    storage_path: text('storage_path').notNull(),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('attachments_document_idx').on(t.model, t.model_id)],
)

/**
 * Stored files kept in the database itself (settings `instance.file_storage` = database): one row
 * per file, by the same relative path the documents' rows keep, so every server sees them without a
 * shared disk and a database backup holds them (services/documents/file-store.ts).
 */
export const storedFiles = sqliteTable('stored_files', {
  path: text('path').primaryKey(),
  content: blob('content', { mode: 'buffer' }).notNull(),
  size: integer('size').notNull(),
  /** The SHA-256 of the content, hex: what `procura db verify` and `procura files move` check. */
  sha256: text('sha256').notNull(),
  created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
})
