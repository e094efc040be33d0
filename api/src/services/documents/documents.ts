import { join } from 'node:path'
import { isPurchasing } from '@procura/core/auth'
import {
  AttachmentViewSchema,
  allowedAttachmentActions,
  CommentInputSchema,
  inAttachmentView,
} from '@procura/core/document'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { guard } from '@procura/core/policy'
import { type OrderActor, seesInternals } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { filePolicyOf } from '@procura/core/settings'
import { extensionOf, fileIssues } from '@procura/core/validation'
import { and, asc, eq } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import {
  attachments,
  comments,
  type DocumentModel,
  frameworkAgreements,
  rfqs,
  supplierContracts,
  users,
} from '../../db/schema'
import { findVisibleDelivery } from '../deliveries/receive'
import { findVisibleExpense } from '../expenses/expenses'
import { findVisibleInvoice } from '../invoices/invoices'
import { findVisibleNeed } from '../needs/needs'
import { findVisibleOrder } from '../purchase-orders/order-read'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import type { UploadedFile } from '../users/signature'
import { fileStore } from './file-store'
import { keepingFile, storeFile } from './stored-file'

type DocumentDeps = { db: Db; clock: Clock; storageDir: string }
type DocumentRef = { model: DocumentModel; id: number; code: string; buyer_id: number }

/** The document if this user may see it; the same answer as reading it (404 otherwise). */
const visibleDocument = async (
  deps: DocumentDeps,
  actor: OrderActor,
  model: DocumentModel,
  id: number,
): Promise<Result<DocumentRef, DomainError>> => {
  // The discussion and files are internal: a supplier's contact reads the order, not them.
  if (!seesInternals(actor)) return err({ code: 'ITEM_NOT_FOUND' })
  if (model === 'supplier_invoice') {
    const invoice = await findVisibleInvoice(deps.db, actor, id)
    return invoice === undefined
      ? err({ code: 'ITEM_NOT_FOUND' })
      : ok({ model, id, code: invoice.code, buyer_id: invoice.created_by })
  }
  if (model === 'supplier_contract') {
    // A contract's files are the buyers' (a supplier's contact never reads its contracts).
    const contract = await deps.db
      .select({
        id: supplierContracts.id,
        label: supplierContracts.label,
        created_by: supplierContracts.created_by,
      })
      .from(supplierContracts)
      .where(eq(supplierContracts.id, id))
      .limit(1)
      .then(first)
    return contract === undefined
      ? err({ code: 'ITEM_NOT_FOUND' })
      : ok({ model, id, code: contract.label, buyer_id: contract.created_by })
  }
  if (model === 'rfq' || model === 'framework_agreement') {
    // Sourcing documents' discussion and files are the purchasing people's (never a supplier's).
    const table = model === 'rfq' ? rfqs : frameworkAgreements
    const row = await deps.db
      .select({ code: table.code, buyer_id: table.buyer_id })
      .from(table)
      .where(eq(table.id, id))
      .then(first)
    return row === undefined || !isPurchasing(actor)
      ? err({ code: 'ITEM_NOT_FOUND' })
      : ok({ model, id, code: row.code, buyer_id: row.buyer_id })
  }
  if (model === 'expense') {
    // An expense's receipt: its employee's, and who pays people.
    const expense = await findVisibleExpense(deps.db, actor, id)
    return expense === undefined
      ? err({ code: 'ITEM_NOT_FOUND' })
      : ok({ model, id, code: expense.expense_date, buyer_id: expense.user_id })
  }
  if (model === 'delivery') {
    // A delivery's discussion and files (reservations' evidence) follow its order's visibility.
    const found = await findVisibleDelivery(deps, actor, id)
    return found === undefined
      ? err({ code: 'ITEM_NOT_FOUND' })
      : ok({ model, id, code: found.delivery.code, buyer_id: found.order.buyer_id })
  }
  const row =
    model === 'need'
      ? await findVisibleNeed(deps.db, actor, id)
      : await findVisibleOrder(deps.db, actor, id, deps.clock.now())
  return row === undefined
    ? err({ code: 'ITEM_NOT_FOUND' })
    : ok({ model, id: row.id, code: row.code, buyer_id: row.buyer_id })
}

const ofDocument = <T extends typeof comments | typeof attachments>(table: T, doc: DocumentRef) =>
  and(eq(table.model, doc.model), eq(table.model_id, doc.id))

/** GET …/{id}/comments: the discussion, oldest first, with each author's name. */
export const listComments = async (
  deps: DocumentDeps,
  actor: OrderActor,
  model: DocumentModel,
  id: number,
) => {
  const doc = await visibleDocument(deps, actor, model, id)
  if (!doc.ok) return doc
  const rows = await deps.db
    .select({ id: comments.id, body: comments.body, created_at: comments.created_at, author: users.label })
    .from(comments)
    .innerJoin(users, eq(comments.user_id, users.id))
    .where(ofDocument(comments, doc.value))
    .orderBy(asc(comments.created_at), asc(comments.id))
  return ok({ data: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })) })
}

/** POST …/{id}/comments: anyone who sees the document writes in its discussion. */
export const addComment = async (
  deps: DocumentDeps,
  actor: OrderActor,
  model: DocumentModel,
  id: number,
  input: unknown,
): Promise<Result<{ data: { id: number } }, DomainError>> => {
  const doc = await visibleDocument(deps, actor, model, id)
  if (!doc.ok) return doc
  const parsed = parseWith(CommentInputSchema, input)
  if (!parsed.ok) return parsed
  const commentId = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(comments)
      .values({
        model,
        model_id: id,
        user_id: actor.id,
        body: parsed.value.body,
        created_at: deps.clock.now(),
      })
      .returning({ id: comments.id })
    await writeTrace(tx, deps.clock, {
      action: 'comment',
      message: `Comment on ${doc.value.code}`,
      model,
      model_id: id,
      user_id: actor.id,
    })
    return inserted[0]?.id ?? 0
  })
  return ok({ data: { id: commentId } })
}

/** GET …/{id}/attachments?view=all|as_buyer|own: the files of one view. */
export const listAttachments = async (
  deps: DocumentDeps,
  actor: OrderActor,
  model: DocumentModel,
  id: number,
  view: unknown,
) => {
  const doc = await visibleDocument(deps, actor, model, id)
  if (!doc.ok) return doc
  const parsedView = parseWith(AttachmentViewSchema, view)
  if (!parsedView.ok) return parsedView
  const rows = await deps.db
    .select({
      id: attachments.id,
      name: attachments.name,
      size: attachments.size,
      user_id: attachments.user_id,
      recipient_id: attachments.recipient_id,
      created_at: attachments.created_at,
      author: users.label,
    })
    .from(attachments)
    .innerJoin(users, eq(attachments.user_id, users.id))
    .where(ofDocument(attachments, doc.value))
    .orderBy(asc(attachments.created_at), asc(attachments.id))
  const context = { actor_id: actor.id, buyer_id: doc.value.buyer_id }
  return ok({
    data: rows
      .filter((r) => inAttachmentView(parsedView.value, r, context))
      .map((r) => ({
        ...r,
        created_at: r.created_at.toISOString(),
        removable: allowedAttachmentActions(actor, model, r).remove.allowed,
      })),
  })
}

/**
 * POST …/{id}/attachments (multipart: file, optional recipient_id): checked against the file
 * settings (extension, name length, size), stored under the storage folder, traced.
 */
export const addAttachment = async (
  deps: DocumentDeps,
  actor: OrderActor,
  model: DocumentModel,
  id: number,
  upload: { file: UploadedFile | null; recipient_id: string | null },
  language: Language,
): Promise<Result<{ data: { id: number } }, DomainError>> => {
  const doc = await visibleDocument(deps, actor, model, id)
  if (!doc.ok) return doc
  const may = guard(allowedAttachmentActions(actor, model), 'add')
  if (!may.ok) return may
  const { file } = upload
  if (file === null) return err(formError({ file: [{ code: 'FIELD_REQUIRED' }] }))
  const issues = fileIssues(file, filePolicyOf(await loadSettings(deps.db)), language)
  if (issues.length > 0) return err(formError({ file: issues }))
  let recipientId: number | null = null
  if (upload.recipient_id !== null && upload.recipient_id !== '') {
    const recipient = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, Number(upload.recipient_id)))
      .limit(1)
      .then(first)
    if (recipient === undefined) return err(formError({ recipient_id: [{ code: 'NOT_IN_LIST' }] }))
    recipientId = recipient.id
  }
  const relative = await storeFile(
    fileStore(deps),
    join('attachments', model, String(id)),
    extensionOf(file.name),
    file.bytes,
  )
  return keepingFile(fileStore(deps), relative, async () => {
    const attachmentId = await deps.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(attachments)
        .values({
          model,
          model_id: id,
          user_id: actor.id,
          recipient_id: recipientId,
          name: file.name,
          size: file.size,
          storage_path: relative,
          created_at: deps.clock.now(),
        })
        .returning({ id: attachments.id })
      await writeTrace(tx, deps.clock, {
        action: 'attach',
        message: `File ${file.name} attached to ${doc.value.code}`,
        model,
        model_id: id,
        user_id: actor.id,
      })
      return inserted[0]?.id ?? 0
    })
    return ok({ data: { id: attachmentId } })
  })
}

const findAttachment = async (
  deps: DocumentDeps,
  actor: OrderActor,
  model: DocumentModel,
  id: number,
  attachmentId: number,
) => {
  const doc = await visibleDocument(deps, actor, model, id)
  if (!doc.ok) return doc
  const row = await deps.db
    .select()
    .from(attachments)
    .where(and(ofDocument(attachments, doc.value), eq(attachments.id, attachmentId)))
    .limit(1)
    .then(first)
  return row === undefined ? err({ code: 'ITEM_NOT_FOUND' } as DomainError) : ok({ doc: doc.value, row })
}

/** GET …/{id}/attachments/{attachment}: the file's bytes and name. */
export const readAttachment = async (
  deps: DocumentDeps,
  actor: OrderActor,
  model: DocumentModel,
  id: number,
  attachmentId: number,
): Promise<Result<{ name: string; bytes: Uint8Array<ArrayBuffer> }, DomainError>> => {
  const found = await findAttachment(deps, actor, model, id, attachmentId)
  if (!found.ok) return found
  const bytes = await fileStore(deps).read(found.value.row.storage_path)
  return ok({ name: found.value.row.name, bytes })
}

/** DELETE …/{id}/attachments/{attachment}: the one who added it removes it; traced. */
export const removeAttachment = async (
  deps: DocumentDeps,
  actor: OrderActor,
  model: DocumentModel,
  id: number,
  attachmentId: number,
): Promise<Result<{ data: { id: number } }, DomainError>> => {
  const found = await findAttachment(deps, actor, model, id, attachmentId)
  if (!found.ok) return found
  const { row, doc } = found.value
  const allowed = guard(allowedAttachmentActions(actor, model, row), 'remove')
  if (!allowed.ok) return allowed
  await deps.db.transaction(async (tx) => {
    await tx.delete(attachments).where(eq(attachments.id, attachmentId))
    await writeTrace(tx, deps.clock, {
      action: 'detach',
      message: `File ${row.name} removed from ${doc.code}`,
      model,
      model_id: id,
      user_id: actor.id,
    })
  })
  await fileStore(deps).remove(row.storage_path)
  return ok({ data: { id: attachmentId } })
}

/**
 * Drops the rows of a document's files inside the caller's transaction (the document goes with
 * them); answers the stored paths, which the caller removes once the transaction has committed.
 */
export const dropDocumentFiles = async (tx: DbOrTx, model: DocumentModel, id: number): Promise<string[]> => {
  const rows = await tx
    .delete(attachments)
    .where(and(eq(attachments.model, model), eq(attachments.model_id, id)))
    .returning({ path: attachments.storage_path })
  return rows.map((r) => r.path)
}

/** Removes stored files whose rows are gone (after the transaction that dropped them). */
export const removeStoredFiles = (deps: { db: DbOrTx; storageDir: string }, paths: readonly string[]) =>
  Promise.all(paths.map((path) => fileStore(deps).remove(path)))
