/** The suppliers' quotes: written while answers are open, their files. */

import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { countOf } from '@procura/core/format'
import type { Language } from '@procura/core/i18n'
import { checkDocumentCurrency } from '@procura/core/money'
import { guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { filePolicyOf } from '@procura/core/settings'
import {
  allowedRfqActions,
  checkAnswerOpen,
  contactSeesRfq,
  isSealed,
  QuoteInputSchema,
  type RfqStatus,
} from '@procura/core/sourcing'
import { extensionOf, fileIssues } from '@procura/core/validation'
import { and, eq } from 'drizzle-orm'
import { first } from '../../db/first'
import { currencies, rfqLines, rfqQuotes, rfqSuppliers, rfqs, suppliers } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { fileStore } from '../documents/file-store'
import { keepingFile, storeFile } from '../documents/stored-file'
import { notify } from '../notifications/notifications'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import type { UploadedFile } from '../users/signature'
import { type Answer, todayOf } from './agreements'
import { loadRfq, mayRead, type RfqDeps, type RfqRow } from './rfqs'

/** Requests for quotation: written, sent, answered (sealed), closed, compared and awarded (docs/domain/sourcing.md). */

/**
 * A supplier's answer as someone may write it now: its own contact (once the RFQ is sent) or a
 * buyer who manages the RFQ; the supplier invited; answers still open (sent, reply day not past).
 */
const openAnswer = async (
  deps: RfqDeps,
  actor: OrderActor,
  id: number,
  supplierId: number,
): Answer<{ row: RfqRow; invitation: typeof rfqSuppliers.$inferSelect; asContact: boolean }> => {
  const row = await loadRfq(deps.db, id)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const asContact = (actor.supplier_ids ?? []).includes(supplierId)
  if (!asContact && !mayRead(actor)) return err({ code: 'ITEM_NOT_FOUND' })
  if (!asContact) {
    const allowed = guard(
      allowedRfqActions(actor, { buyer_id: row.buyer_id, status: row.status as RfqStatus }),
      'quote',
    )
    if (!allowed.ok) return allowed
  }
  if (asContact && !contactSeesRfq(row.status as RfqStatus)) return err({ code: 'ITEM_NOT_FOUND' })
  const invitation = await deps.db
    .select()
    .from(rfqSuppliers)
    .where(and(eq(rfqSuppliers.rfq_id, id), eq(rfqSuppliers.supplier_id, supplierId)))
    .then(first)
  if (invitation === undefined)
    return err({ code: 'RFQ_NOT_INVITED', params: { rfq: row.code } } as DomainError)
  const open = checkAnswerOpen(
    { code: row.code, status: row.status as RfqStatus, reply_by: row.reply_by },
    await todayOf(deps),
  )
  return open.ok ? ok({ row, invitation, asContact }) : open
}

/**
 * PUT /bwapi/rfqs/{id}/quotes/{supplier_id}: a supplier's answer, entered by its own contact
 * through the portal or by a buyer from a received quote. Taken only while the RFQ is sent and its
 * reply day has not passed; it replaces that supplier's previous answer. The RFQ's row is touched
 * under the same condition in the same transaction, so an answer and a close cannot cross.
 */
export const saveQuote = async (
  deps: RfqDeps,
  actor: OrderActor,
  id: number,
  supplierId: number,
  input: unknown,
): Answer<{ data: { id: number; lines: number } }> => {
  const opened = await openAnswer(deps, actor, id, supplierId)
  if (!opened.ok) return opened
  const { row, invitation, asContact } = opened.value
  const parsed = parseWith(QuoteInputSchema, input)
  if (!parsed.ok) return parsed
  const quote = parsed.value
  const currency = quote.currency_code ?? row.currency_code
  const settings = await loadSettings(deps.db)
  const usable = checkDocumentCurrency(currency, {
    currencies: await deps.db
      .select({ code: currencies.code, is_default: currencies.is_default })
      .from(currencies),
    multiCurrency: settings.modules.multi_currency || currency === row.currency_code,
  })
  if (!usable.ok) return usable
  const lines = await deps.db.select({ id: rfqLines.id }).from(rfqLines).where(eq(rfqLines.rfq_id, id))
  if (quote.lines.some((l) => !lines.some((x) => x.id === l.rfq_line_id)))
    return err(formError({ lines: [{ code: 'NOT_IN_LIST' }] }))
  const supplier = await deps.db
    .select({ name: suppliers.company_name })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId))
    .then(first)
  const now = deps.clock.now()
  const saved = await writeOrRefuse(deps.db, async (tx) => {
    const still = await tx
      .update(rfqs)
      .set({ updated_at: now })
      .where(and(eq(rfqs.id, id), eq(rfqs.status, 'sent')))
      .returning({ id: rfqs.id })
    if (still.length === 0) return err({ code: 'RFQ_NOT_OPEN', params: { rfq: row.code } } as DomainError)
    await tx.delete(rfqQuotes).where(eq(rfqQuotes.rfq_supplier_id, invitation.id))
    await tx.insert(rfqQuotes).values(quote.lines.map((l) => ({ ...l, rfq_supplier_id: invitation.id })))
    await tx
      .update(rfqSuppliers)
      .set({ answered_at: now, answered_by: actor.id, currency_code: currency, comment: quote.comment })
      .where(eq(rfqSuppliers.id, invitation.id))
    await writeTrace(tx, deps.clock, {
      action: 'quote',
      message: `Request for quotation ${row.code}: answer of ${supplier?.name ?? supplierId} (${countOf(quote.lines.length, 'line')})${asContact ? ' through the portal' : ''}`,
      model: 'rfq',
      model_id: id,
      user_id: actor.id,
    })
    return ok(undefined)
  })
  if (!saved.ok) return saved
  if (asContact)
    await notify(deps, {
      user_ids: [row.buyer_id],
      kind: 'rfq_answered',
      model: 'rfq',
      model_id: id,
      params: { code: row.code, supplier: supplier?.name ?? '' },
    })
  return ok({ data: { id: invitation.id, lines: quote.lines.length } })
}

/** POST /bwapi/rfqs/{id}/quotes/{supplier_id}/file: the received quote's file (replaces the previous one), while answers are open. */
export const attachQuoteFile = async (
  deps: RfqDeps & { storageDir: string },
  actor: OrderActor,
  id: number,
  supplierId: number,
  file: UploadedFile | null,
  language: Language,
): Answer<{ data: { id: number } }> => {
  const opened = await openAnswer(deps, actor, id, supplierId)
  if (!opened.ok) return opened
  const { invitation } = opened.value
  if (file === null) return err(formError({ file: [{ code: 'FIELD_REQUIRED' }] }))
  const issues = fileIssues(file, filePolicyOf(await loadSettings(deps.db)), language)
  if (issues.length > 0) return err(formError({ file: issues }))
  const path = await storeFile(fileStore(deps), 'rfqs', extensionOf(file.name), file.bytes)
  await keepingFile(fileStore(deps), path, () =>
    deps.db
      .update(rfqSuppliers)
      .set({ file_name: file.name, file_path: path })
      .where(eq(rfqSuppliers.id, invitation.id)),
  )
  return ok({ data: { id: invitation.id } })
}

/** The stored quote file, for who may read that supplier's answer. */
export const quoteFile = async (deps: RfqDeps, actor: OrderActor, id: number, supplierId: number) => {
  const row = await loadRfq(deps.db, id)
  const asContact = (actor.supplier_ids ?? []).includes(supplierId)
  if (row === undefined || !(asContact || (mayRead(actor) && !isSealed(row.status as RfqStatus))))
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const invitation = await deps.db
    .select()
    .from(rfqSuppliers)
    .where(and(eq(rfqSuppliers.rfq_id, id), eq(rfqSuppliers.supplier_id, supplierId)))
    .then(first)
  if (invitation?.file_path == null || invitation.file_name === null)
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  return ok({ name: invitation.file_name, path: invitation.file_path })
}
