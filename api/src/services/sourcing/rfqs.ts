import { countOf } from '@procura/core/format'
/** Requests for quotation: written, sent, answered (sealed), closed, compared and awarded (docs/domain/sourcing.md). */

import { isPurchasing } from '@procura/core/auth'
import { isoDateIn } from '@procura/core/calendar'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { isLanguage, type Language } from '@procura/core/i18n'
import { listFilter, parseListQuery } from '@procura/core/list'
import { checkDocumentCurrency } from '@procura/core/money'
import { TRANSFORMABLE } from '@procura/core/need'
import { checkCanCreateOrder, type OrderActor, PurchaseOrderInputSchema } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { filePolicyOf } from '@procura/core/settings'
import {
  type AwardInput,
  AwardInputSchema,
  type Comparison,
  checkAnswerOpen,
  checkAward,
  checkRfqEditable,
  compareQuotes,
  isSealed,
  mayManageRfq,
  orderedQuantity,
  QuoteInputSchema,
  RFQ_STATUS_LABELS,
  RFQ_STATUSES,
  type RfqAction,
  type RfqInput,
  RfqInputSchema,
  type RfqStatus,
  rfqActionsFor,
  rfqTransition,
} from '@procura/core/sourcing'
import { supplierStatusOn } from '@procura/core/supplier'
import { extensionOf, fileIssues } from '@procura/core/validation'
import { and, asc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx, Tx } from '../../db'
import { first } from '../../db/first'
import { everyWord, likeCi } from '../../db/portable-sql'
import {
  companies,
  currencies,
  needLines,
  needs,
  purchaseOrders,
  rfqLines,
  rfqQuotes,
  rfqSuppliers,
  rfqs,
  supplierContacts,
  suppliers,
  users,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import type { Logger } from '../../logger'
import { dayWriter } from '../../mail/day-formats'
import type { Mailer } from '../../mail/mailer'
import { rfqInvitationMail, rfqNotAwardedMail } from '../../mail/templates'
import { renderRfqPdf } from '../../pdf/rfq-pdf'
import { rateOf } from '../currencies'
import { keepingFile, storeFile } from '../documents/stored-file'
import { readPage } from '../list-page'
import { notify } from '../notifications/notifications'
import { numberPiece } from '../numbering'
import { insertOrder } from '../purchase-orders/order-write'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import type { UploadedFile } from '../users/signature'

export type RfqDeps = {
  db: Db
  clock: Clock
  mailer?: Mailer
  logger?: Logger
  linkBase?: string
  storageDir?: string
  notifyUser?: (userId: number, event: { type: string; payload?: unknown }) => number
}
type Answer<T> = Promise<Result<T, DomainError>>
type RfqRow = typeof rfqs.$inferSelect

/** Buyers write and drive RFQs (theirs, or any when they see others' orders); purchasing staff read them. */
const mayRead = (actor: OrderActor) => isPurchasing(actor)
/** A supplier's contact reaches the RFQs its company is invited to, once sent. */
const contactSupplier = (actor: OrderActor, invited: readonly number[]) =>
  (actor.supplier_ids ?? []).find((id) => invited.includes(id))

const loadRfq = (db: DbOrTx, id: number) => db.select().from(rfqs).where(eq(rfqs.id, id)).then(first)
const todayOf = async (deps: { db: Db; clock: Clock }) =>
  isoDateIn(deps.clock.now(), (await loadSettings(deps.db)).formats.time_zone)

/**
 * What the schema cannot check: the company exists, the currency is one the instance uses, each
 * supplier exists and is not inactive today (a prospect may quote; only an active one is ordered
 * from) with its contact its own, and each line taken from a request
 * comes from an approved request still waiting for its buyer.
 */
const checkRfqReferences = async (db: DbOrTx, input: RfqInput, today: string): Answer<void> => {
  const settings = await loadSettings(db)
  const currency = checkDocumentCurrency(input.currency_code, {
    currencies: await db
      .select({ code: currencies.code, is_default: currencies.is_default })
      .from(currencies),
    multiCurrency: settings.modules.multi_currency,
  })
  if (!currency.ok) return currency
  const company = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, input.company_id))
  if (company.length === 0) return err(formError({ company_id: [{ code: 'NOT_IN_LIST' }] }))
  const ids = input.suppliers.map((s) => s.supplier_id)
  const found = await db.select().from(suppliers).where(inArray(suppliers.id, ids))
  for (const invited of input.suppliers) {
    const supplier = found.find((s) => s.id === invited.supplier_id)
    if (supplier === undefined) return err(formError({ suppliers: [{ code: 'NOT_IN_LIST' }] }))
    // A prospect may be asked for prices (that is how one is tried); an inactive supplier may not.
    if (supplierStatusOn(supplier, today) === 'inactive')
      return err({ code: 'SUPPLIER_INACTIVE', params: { supplier: supplier.company_name } })
  }
  const contactIds = input.suppliers.flatMap((s) => (s.contact_id === null ? [] : [s.contact_id]))
  if (contactIds.length > 0) {
    const contacts = await db
      .select({ id: supplierContacts.id, supplier_id: supplierContacts.supplier_id })
      .from(supplierContacts)
      .where(inArray(supplierContacts.id, contactIds))
    for (const invited of input.suppliers)
      if (
        invited.contact_id !== null &&
        contacts.find((c) => c.id === invited.contact_id)?.supplier_id !== invited.supplier_id
      )
        return err(formError({ suppliers: [{ code: 'NOT_IN_LIST' }] }))
  }
  return ok(undefined)
}

/** The request lines an RFQ's lines come from, each with its request; refused unless approved and waiting for a buyer. */
const requestLinesOf = async (db: DbOrTx, input: RfqInput) => {
  const lineIds = input.lines.flatMap((l) => (l.need_line_id === null ? [] : [l.need_line_id]))
  if (lineIds.length === 0) return ok(new Map<number, number>())
  const rows = await db
    .select({
      line: needLines.id,
      need: needs.id,
      code: needs.code,
      status: needs.status,
      processing: needs.processing,
    })
    .from(needLines)
    .innerJoin(needs, eq(needLines.need_id, needs.id))
    .where(inArray(needLines.id, lineIds))
  if (rows.length !== new Set(lineIds).size) return err(formError({ lines: [{ code: 'NOT_IN_LIST' }] }))
  for (const row of rows)
    if (!TRANSFORMABLE.some((t) => t.status === row.status && t.processing.includes(row.processing)))
      return err({ code: 'RFQ_NEED_NOT_APPROVED', params: { need: row.code } } as DomainError)
  return ok(new Map(rows.map((r) => [r.line, r.need])))
}

/** Writes an RFQ's lines and invited suppliers (a new draft, or a draft rewritten). */
const writeContent = async (tx: Tx, id: number, input: RfqInput, needOf: Map<number, number>) => {
  await tx.insert(rfqLines).values(
    input.lines.map((line, i) => ({
      ...line,
      rfq_id: id,
      position: i + 1,
      need_id: line.need_line_id === null ? null : (needOf.get(line.need_line_id) ?? null),
    })),
  )
  await tx
    .insert(rfqSuppliers)
    .values(
      input.suppliers.map((s) => ({ rfq_id: id, supplier_id: s.supplier_id, contact_id: s.contact_id })),
    )
}

/**
 * POST /bwapi/rfqs: a buyer writes a draft RFQ — lines (an article or a label, a quantity, a wanted
 * day; from approved requests or from scratch), the suppliers invited, the reply day — numbered
 * from the settings' template. The requests it takes lines from are taken in charge.
 */
export const createRfq = async (
  deps: RfqDeps,
  actor: OrderActor,
  input: unknown,
): Answer<{ data: { id: number; code: string } }> => {
  const allowed = checkCanCreateOrder(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(RfqInputSchema, input)
  if (!parsed.ok) return parsed
  const value = parsed.value
  const today = await todayOf(deps)
  if (value.reply_by < today)
    return err(formError({ reply_by: [{ code: 'DATE_AFTER_OR_EQUAL', params: { date: today } }] }))
  const references = await checkRfqReferences(deps.db, value, today)
  if (!references.ok) return references
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  return writeOrRefuse(deps.db, async (tx) => {
    const requestLines = await requestLinesOf(tx, value)
    if (!requestLines.ok) return requestLines
    const numbered = await numberPiece(tx, 'rfq', settings.formats.rfq_number, now, {
      company_id: value.company_id,
      department_id: null,
    })
    if (!numbered.ok) return numbered
    const [row] = await tx
      .insert(rfqs)
      .values({
        code: numbered.value.code,
        title: value.title,
        company_id: value.company_id,
        currency_code: value.currency_code,
        reply_by: value.reply_by,
        comment: value.comment,
        status: 'draft',
        buyer_id: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: rfqs.id })
    if (row === undefined) throw new Error('Insert returned no RFQ')
    await writeContent(tx, row.id, value, requestLines.value)
    const needIds = [...new Set(requestLines.value.values())]
    if (needIds.length > 0)
      await tx
        .update(needs)
        .set({ processing: 'processing', updated_at: now })
        .where(
          and(inArray(needs.id, needIds), eq(needs.status, 'validated'), eq(needs.processing, 'awaiting')),
        )
    await writeTrace(tx, deps.clock, {
      action: 'create',
      message: `Request for quotation ${numbered.value.code} created`,
      model: 'rfq',
      model_id: row.id,
      user_id: actor.id,
    })
    return ok({ data: { id: row.id, code: numbered.value.code } })
  })
}

/** PUT /bwapi/rfqs/{id}: a draft is rewritten whole (lines and suppliers replaced); a sent one no longer changes. */
export const updateRfq = async (
  deps: RfqDeps,
  actor: OrderActor,
  id: number,
  input: unknown,
): Answer<{ data: { id: number } }> => {
  const row = await loadRfq(deps.db, id)
  if (row === undefined || !mayRead(actor)) return err({ code: 'ITEM_NOT_FOUND' })
  const editable = checkRfqEditable(actor, { buyer_id: row.buyer_id, status: row.status as RfqStatus })
  if (!editable.ok) return editable
  const parsed = parseWith(RfqInputSchema, input)
  if (!parsed.ok) return parsed
  const value = parsed.value
  const today = await todayOf(deps)
  if (value.reply_by < today)
    return err(formError({ reply_by: [{ code: 'DATE_AFTER_OR_EQUAL', params: { date: today } }] }))
  const references = await checkRfqReferences(deps.db, value, today)
  if (!references.ok) return references
  const now = deps.clock.now()
  return writeOrRefuse(deps.db, async (tx) => {
    const requestLines = await requestLinesOf(tx, value)
    if (!requestLines.ok) return requestLines
    const applied = await tx
      .update(rfqs)
      .set({
        title: value.title,
        company_id: value.company_id,
        currency_code: value.currency_code,
        reply_by: value.reply_by,
        comment: value.comment,
        updated_at: now,
      })
      .where(and(eq(rfqs.id, id), eq(rfqs.status, 'draft')))
      .returning({ id: rfqs.id })
    if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    await tx.delete(rfqLines).where(eq(rfqLines.rfq_id, id))
    await tx.delete(rfqSuppliers).where(eq(rfqSuppliers.rfq_id, id))
    await writeContent(tx, id, value, requestLines.value)
    await writeTrace(tx, deps.clock, {
      action: 'update',
      message: `Request for quotation ${row.code} changed`,
      model: 'rfq',
      model_id: id,
      user_id: actor.id,
    })
    return ok({ data: { id } })
  })
}

/** The contact an invitation goes to: the one chosen, else the supplier's main order contact, main contact, or first with an e-mail. */
const recipientsOf = async (db: DbOrTx, rfqId: number) => {
  const invited = await db
    .select({ invitation: rfqSuppliers, supplier: suppliers })
    .from(rfqSuppliers)
    .innerJoin(suppliers, eq(rfqSuppliers.supplier_id, suppliers.id))
    .where(eq(rfqSuppliers.rfq_id, rfqId))
    .orderBy(asc(suppliers.company_name))
  const contacts = await db
    .select()
    .from(supplierContacts)
    .where(
      inArray(
        supplierContacts.supplier_id,
        invited.map((i) => i.supplier.id),
      ),
    )
    .orderBy(asc(supplierContacts.id))
  return invited.map(({ invitation, supplier }) => {
    const mine = contacts.filter((c) => c.supplier_id === supplier.id && (c.email ?? '') !== '')
    const contact =
      invitation.contact_id === null
        ? (mine.find((c) => c.main_order_contact) ?? mine.find((c) => c.main_contact) ?? mine[0])
        : mine.find((c) => c.id === invitation.contact_id)
    return { invitation, supplier, contact }
  })
}

/** The RFQ as one supplier's PDF, in its contact's language. */
const rfqPdfFor = async (
  db: DbOrTx,
  row: RfqRow,
  supplier: typeof suppliers.$inferSelect,
  language: Language,
) => {
  const [lines, company, buyer] = await Promise.all([
    db.select().from(rfqLines).where(eq(rfqLines.rfq_id, row.id)).orderBy(asc(rfqLines.position)),
    db.select().from(companies).where(eq(companies.id, row.company_id)).then(first),
    db.select().from(users).where(eq(users.id, row.buyer_id)).then(first),
  ])
  const dayIn = await dayWriter(db)
  return renderRfqPdf(
    {
      code: row.code,
      title: row.title,
      replyBy: dayIn(language, row.reply_by),
      buyerCompany: company?.label ?? '',
      buyerAddress: company?.address ?? null,
      buyerName: buyer?.label ?? '',
      buyerEmail: buyer?.email ?? '',
      supplier,
      currency: row.currency_code,
      comment: row.comment,
      lines: lines.map((l) => ({
        label: l.label,
        quantity: l.quantity,
        unit: l.unit,
        wanted_on: l.wanted_on === null ? null : dayIn(language, l.wanted_on),
      })),
    },
    language,
  )
}

/**
 * POST /bwapi/rfqs/{id}/send: every invited supplier needs a contact with an e-mail (refused
 * otherwise, nothing changed); the RFQ is marked sent (one conditional update: of two buyers
 * sending at once one does), then each contact is e-mailed the RFQ's PDF in its language. A mail
 * that fails is logged; the invitation keeps where it was sent.
 */
export const sendRfq = async (
  deps: RfqDeps,
  actor: OrderActor,
  id: number,
): Answer<{ data: { id: number; status: RfqStatus } }> => {
  const row = await loadRfq(deps.db, id)
  if (row === undefined || !mayRead(actor)) return err({ code: 'ITEM_NOT_FOUND' })
  if (!mayManageRfq(actor, row)) return err({ code: 'FORBIDDEN' })
  const next = rfqTransition(row.status as RfqStatus, 'send')
  if (!next.ok) return next
  if (row.reply_by < (await todayOf(deps)))
    return err(
      formError({ reply_by: [{ code: 'DATE_AFTER_OR_EQUAL', params: { date: await todayOf(deps) } }] }),
    )
  const recipients = await recipientsOf(deps.db, id)
  const missing = recipients.find((r) => r.contact === undefined)
  if (missing !== undefined)
    return err({ code: 'RFQ_NO_CONTACT', params: { supplier: missing.supplier.company_name } })
  const now = deps.clock.now()
  const sent = await writeOrRefuse(deps.db, async (tx) => {
    const applied = await tx
      .update(rfqs)
      .set({ status: next.value, sent_at: now, updated_at: now })
      .where(and(eq(rfqs.id, id), eq(rfqs.status, 'draft')))
      .returning({ id: rfqs.id })
    if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    for (const r of recipients)
      await tx
        .update(rfqSuppliers)
        .set({ contact_id: r.contact?.id ?? null, sent_to: r.contact?.email ?? null })
        .where(eq(rfqSuppliers.id, r.invitation.id))
    await writeTrace(tx, deps.clock, {
      action: 'send',
      message: `Request for quotation ${row.code} sent to ${recipients.map((r) => r.supplier.company_name).join(', ')}`,
      model: 'rfq',
      model_id: id,
      user_id: actor.id,
    })
    return ok(undefined)
  })
  if (!sent.ok) return sent
  const [company, buyer] = await Promise.all([
    deps.db.select().from(companies).where(eq(companies.id, row.company_id)).then(first),
    deps.db.select().from(users).where(eq(users.id, row.buyer_id)).then(first),
  ])
  const dayIn = await dayWriter(deps.db)
  for (const { supplier, contact } of recipients) {
    if (deps.mailer === undefined || contact === undefined || (contact.email ?? '') === '') continue
    const language: Language = isLanguage(contact.language) ? contact.language : 'en'
    try {
      const mail = await rfqInvitationMail(deps.db, language, {
        name: contact.name,
        rfq: `${row.code} ${row.title}`,
        company: company?.label ?? '',
        deadline: dayIn(language, row.reply_by),
        buyer: buyer?.label ?? '',
        link: `${deps.linkBase ?? ''}/rfqs/${id}`,
      })
      await deps.mailer.send({
        to: contact.email ?? '',
        ...(buyer?.email ? { replyTo: buyer.email } : {}),
        ...mail,
        attachments: [
          { filename: `${row.code}.pdf`, content: await rfqPdfFor(deps.db, row, supplier, language) },
        ],
      })
    } catch (error) {
      deps.logger?.error(`Request for quotation ${row.code} to ${contact.email} failed`, error)
    }
  }
  return ok({ data: { id, status: next.value } })
}

/**
 * POST /bwapi/rfqs/{id}/close and /cancel: the buyer ends the answers early, or drops the RFQ.
 * Decided by core's table on the row as read; one conditional update.
 */
export const applyRfqAction = async (
  deps: RfqDeps,
  actor: OrderActor,
  id: number,
  action: string,
): Answer<{ data: { id: number; status: RfqStatus } }> => {
  const row = await loadRfq(deps.db, id)
  if (row === undefined || !mayRead(actor)) return err({ code: 'ITEM_NOT_FOUND' })
  if (action !== 'close' && action !== 'cancel') return err({ code: 'NOT_FOUND' })
  if (!mayManageRfq(actor, row)) return err({ code: 'FORBIDDEN' })
  const act = action as RfqAction
  const status = row.status as RfqStatus
  const next = rfqTransition(status, act)
  if (!next.ok) return next
  const now = deps.clock.now()
  return writeOrRefuse(deps.db, async (tx) => {
    const applied = await tx
      .update(rfqs)
      .set({ status: next.value, updated_at: now, ...(act === 'close' ? { closed_at: now } : {}) })
      .where(and(eq(rfqs.id, id), eq(rfqs.status, status)))
      .returning({ id: rfqs.id })
    if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    await writeTrace(tx, deps.clock, {
      action: act,
      message: `Request for quotation ${row.code}: ${act}`,
      model: 'rfq',
      model_id: id,
      user_id: actor.id,
    })
    return ok({ data: { id, status: next.value } })
  })
}

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
  if (!asContact && !mayManageRfq(actor, row)) return err({ code: 'FORBIDDEN' })
  if (asContact && row.status === 'draft') return err({ code: 'ITEM_NOT_FOUND' })
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
  const path = await storeFile(deps.storageDir, 'rfqs', extensionOf(file.name), file.bytes)
  await keepingFile(deps.storageDir, path, () =>
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

/** The comparison of a closed (or awarded) RFQ, in its currency at today's rates. */
const comparisonOf = async (deps: RfqDeps, row: RfqRow): Promise<Comparison> => {
  const settings = await loadSettings(deps.db)
  const today = isoDateIn(deps.clock.now(), settings.formats.time_zone)
  const [lines, quotes] = await Promise.all([
    deps.db.select().from(rfqLines).where(eq(rfqLines.rfq_id, row.id)).orderBy(asc(rfqLines.position)),
    deps.db
      .select({
        quote: rfqQuotes,
        supplier_id: rfqSuppliers.supplier_id,
        currency: rfqSuppliers.currency_code,
      })
      .from(rfqQuotes)
      .innerJoin(rfqSuppliers, eq(rfqQuotes.rfq_supplier_id, rfqSuppliers.id))
      .where(eq(rfqSuppliers.rfq_id, row.id)),
  ])
  const codes = [...new Set([row.currency_code, ...quotes.map((q) => q.currency ?? row.currency_code)])]
  const rates = new Map(
    await Promise.all(codes.map(async (code) => [code, await rateOf(deps.db, code, today)] as const)),
  )
  return compareQuotes(
    lines,
    quotes.map(({ quote, supplier_id, currency }) => ({
      ...quote,
      supplier_id,
      rate: rates.get(currency ?? row.currency_code) ?? '1',
    })),
    { today, rfqRate: rates.get(row.currency_code) ?? '1', decimals: settings.formats.decimals },
  )
}

/**
 * GET /bwapi/rfqs/{id}: the RFQ, its lines and invited suppliers. Purchasing staff see who answered
 * and when; the prices only once it is closed (sealed before). A supplier's contact sees the RFQ
 * it is invited to, once sent, with its own invitation and answer only.
 */
export const getRfq = async (deps: RfqDeps, actor: OrderActor, id: number) => {
  const row = await loadRfq(deps.db, id)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const invitations = await deps.db
    .select({
      invitation: rfqSuppliers,
      supplier: suppliers.company_name,
      supplier_code: suppliers.code,
      contact: supplierContacts.name,
    })
    .from(rfqSuppliers)
    .innerJoin(suppliers, eq(rfqSuppliers.supplier_id, suppliers.id))
    .leftJoin(supplierContacts, eq(rfqSuppliers.contact_id, supplierContacts.id))
    .where(eq(rfqSuppliers.rfq_id, id))
    .orderBy(asc(suppliers.company_name))
  const internal = mayRead(actor)
  const own = contactSupplier(
    actor,
    invitations.map((i) => i.invitation.supplier_id),
  )
  if (!internal && (own === undefined || row.status === 'draft'))
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const status = row.status as RfqStatus
  const sealed = isSealed(status)
  const visible = internal ? invitations : invitations.filter((i) => i.invitation.supplier_id === own)
  const [lines, quotes, orders, company, buyer] = await Promise.all([
    deps.db.select().from(rfqLines).where(eq(rfqLines.rfq_id, id)).orderBy(asc(rfqLines.position)),
    deps.db
      .select()
      .from(rfqQuotes)
      .where(
        inArray(
          rfqQuotes.rfq_supplier_id,
          visible.map((v) => v.invitation.id),
        ),
      ),
    internal
      ? deps.db
          .select({
            id: purchaseOrders.id,
            code: purchaseOrders.code,
            status: purchaseOrders.status,
            supplier_id: purchaseOrders.supplier_id,
          })
          .from(purchaseOrders)
          .where(and(eq(purchaseOrders.rfq_id, id), sql`${purchaseOrders.status} <> 'obsolete'`))
          .orderBy(asc(purchaseOrders.id))
      : Promise.resolve([]),
    deps.db
      .select({ label: companies.label })
      .from(companies)
      .where(eq(companies.id, row.company_id))
      .then(first),
    deps.db
      .select({ label: users.label, email: users.email })
      .from(users)
      .where(eq(users.id, row.buyer_id))
      .then(first),
  ])
  const today = await todayOf(deps)
  const answerOpen = checkAnswerOpen({ code: row.code, status, reply_by: row.reply_by }, today).ok
  const requests =
    internal && lines.some((l) => l.need_id !== null)
      ? await deps.db
          .select({ id: needs.id, code: needs.code })
          .from(needs)
          .where(
            inArray(
              needs.id,
              lines.flatMap((l) => (l.need_id === null ? [] : [l.need_id])),
            ),
          )
      : []
  return ok({
    data: {
      id: row.id,
      code: row.code,
      title: row.title,
      status,
      company: company?.label ?? '',
      company_id: row.company_id,
      currency_code: row.currency_code,
      reply_by: row.reply_by,
      comment: row.comment,
      buyer: buyer?.label ?? '',
      buyer_id: row.buyer_id,
      award_reason: internal ? row.award_reason : null,
      sent_at: row.sent_at,
      closed_at: row.closed_at,
      awarded_at: row.awarded_at,
      internal,
      sealed,
      answer_open: answerOpen,
      lines: lines.map((l) => ({
        id: l.id,
        article_id: l.article_id,
        label: l.label,
        quantity: l.quantity,
        unit: l.unit,
        wanted_on: l.wanted_on,
        need_id: l.need_id,
        need_line_id: l.need_line_id,
        awarded_supplier_id: internal ? l.awarded_supplier_id : null,
        purchase_order_id: internal ? l.purchase_order_id : null,
      })),
      suppliers: visible.map(({ invitation, supplier, supplier_code, contact }) => ({
        supplier_id: invitation.supplier_id,
        supplier,
        supplier_code,
        contact_id: invitation.contact_id,
        contact,
        sent_to: invitation.sent_to,
        answered_at: invitation.answered_at,
        currency_code: invitation.currency_code,
        file_name: invitation.file_name,
        // Sealed: the buyer knows who answered, not what, until the RFQ is closed.
        comment: sealed && internal ? null : invitation.comment,
        quotes:
          sealed && internal
            ? []
            : quotes
                .filter((q) => q.rfq_supplier_id === invitation.id)
                .map(({ id: _id, rfq_supplier_id: _s, ...q }) => q),
      })),
      requests,
      orders,
      ...(internal
        ? rfqActionsFor(actor, { buyer_id: row.buyer_id, status })
        : { actions: [], may_award: false }),
      may_quote: answerOpen && (internal ? mayManageRfq(actor, row) : true),
    },
  })
}

/** GET /bwapi/rfqs/{id}/comparison: lines × suppliers once closed (sealed before). */
export const getComparison = async (deps: RfqDeps, actor: OrderActor, id: number) => {
  const row = await loadRfq(deps.db, id)
  if (row === undefined || !mayRead(actor)) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  if (isSealed(row.status as RfqStatus))
    return err({ code: 'RFQ_SEALED', params: { rfq: row.code, date: row.reply_by } } as DomainError)
  const comparison = await comparisonOf(deps, row)
  const names = await deps.db
    .select({ id: suppliers.id, name: suppliers.company_name })
    .from(suppliers)
    .where(
      inArray(
        suppliers.id,
        comparison.suppliers.map((s) => s.supplier_id),
      ),
    )
  return ok({
    data: {
      ...comparison,
      currency_code: row.currency_code,
      suppliers: comparison.suppliers.map((s) => ({
        ...s,
        supplier: names.find((n) => n.id === s.supplier_id)?.name ?? '',
      })),
      cheapest_per_line: Object.entries(comparison.cheapest_per_line).map(([line, supplier]) => ({
        rfq_line_id: Number(line),
        supplier_id: supplier,
      })),
    },
  })
}

/**
 * POST /bwapi/rfqs/{id}/award: the buyer awards the closed RFQ, whole or line by line (core
 * checkAward: quoted, still valid, a reason when not the cheapest). One transaction: the RFQ turns
 * awarded (conditional), one draft order per winning supplier is made at its quoted prices and
 * quantities (in its quotation's currency), linked to the RFQ, and the requests its lines came from
 * move to "PO submitted" with their order. Then the suppliers that won nothing are told, if asked.
 */
export const awardRfq = async (
  deps: RfqDeps,
  actor: OrderActor,
  id: number,
  input: unknown,
): Answer<{
  data: { id: number; status: RfqStatus; orders: { id: number; code: string; supplier_id: number }[] }
}> => {
  const row = await loadRfq(deps.db, id)
  if (row === undefined || !mayRead(actor)) return err({ code: 'ITEM_NOT_FOUND' })
  if (!mayManageRfq(actor, row)) return err({ code: 'FORBIDDEN' })
  const status = row.status as RfqStatus
  const next = rfqTransition(status, 'award')
  if (!next.ok) return next
  const parsed = parseWith(AwardInputSchema, input)
  if (!parsed.ok) return parsed
  const award: AwardInput = parsed.value
  const comparison = await comparisonOf(deps, row)
  const allowed = checkAward(comparison, award)
  if (!allowed.ok) return allowed
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  const [lines, invitations, quotes, requestLines] = await Promise.all([
    deps.db.select().from(rfqLines).where(eq(rfqLines.rfq_id, id)).orderBy(asc(rfqLines.position)),
    deps.db.select().from(rfqSuppliers).where(eq(rfqSuppliers.rfq_id, id)),
    deps.db
      .select({ quote: rfqQuotes, supplier_id: rfqSuppliers.supplier_id })
      .from(rfqQuotes)
      .innerJoin(rfqSuppliers, eq(rfqQuotes.rfq_supplier_id, rfqSuppliers.id))
      .where(eq(rfqSuppliers.rfq_id, id)),
    deps.db
      .select()
      .from(needLines)
      .innerJoin(rfqLines, eq(rfqLines.need_line_id, needLines.id))
      .where(eq(rfqLines.rfq_id, id)),
  ])
  const winners = [...new Set(award.lines.map((l) => l.supplier_id))]
  const made = await writeOrRefuse(deps.db, async (tx) => {
    const applied = await tx
      .update(rfqs)
      .set({ status: next.value, awarded_at: now, award_reason: award.reason, updated_at: now })
      .where(and(eq(rfqs.id, id), eq(rfqs.status, status)))
      .returning({ id: rfqs.id })
    if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    const orders: { id: number; code: string; supplier_id: number; need_ids: number[] }[] = []
    for (const supplierId of winners) {
      const invitation = invitations.find((i) => i.supplier_id === supplierId)
      const chosen = lines.filter((l) =>
        award.lines.some((a) => a.rfq_line_id === l.id && a.supplier_id === supplierId),
      )
      const orderLines = chosen.map((line) => {
        const quote = quotes.find(
          (q) => q.supplier_id === supplierId && q.quote.rfq_line_id === line.id,
        )?.quote
        const from = requestLines.find((r) => r.rfq_lines.id === line.id)?.need_lines
        return {
          article_id: line.article_id,
          label: line.label,
          quantity: orderedQuantity(line.quantity, {
            quantity: quote?.quantity ?? null,
            min_quantity: quote?.min_quantity ?? null,
          }).toString(),
          unit: line.unit,
          unit_price_exctax: quote?.unit_price_exctax ?? '0',
          vat_rate: quote?.vat_rate ?? '20',
          allocation1: from?.allocation1 ?? null,
          allocation2: from?.allocation2 ?? null,
          allocation3: from?.allocation3 ?? null,
          allocation4: from?.allocation4 ?? null,
        }
      })
      const order = parseWith(PurchaseOrderInputSchema, {
        supplier_id: supplierId,
        supplier_contact_id: invitation?.contact_id ?? null,
        company_id: row.company_id,
        currency_code: invitation?.currency_code ?? row.currency_code,
        lines: orderLines,
      })
      if (!order.ok) return order
      const created = await insertOrder(tx, deps, actor, order.value, settings)
      if (!created.ok) return created
      await tx.update(purchaseOrders).set({ rfq_id: id }).where(eq(purchaseOrders.id, created.value.id))
      await tx
        .update(rfqLines)
        .set({ awarded_supplier_id: supplierId, purchase_order_id: created.value.id })
        .where(
          inArray(
            rfqLines.id,
            chosen.map((l) => l.id),
          ),
        )
      orders.push({
        ...created.value,
        supplier_id: supplierId,
        need_ids: [...new Set(chosen.flatMap((l) => (l.need_id === null ? [] : [l.need_id])))],
      })
    }
    // The requests the awarded lines came from are now on order (as a transform makes them).
    const needIds = [...new Set(orders.flatMap((o) => o.need_ids))]
    if (needIds.length > 0) {
      const moved = await tx
        .update(needs)
        .set({ processing: 'po_submitted', updated_at: now })
        .where(
          and(
            inArray(needs.id, needIds),
            or(
              ...TRANSFORMABLE.map((from) =>
                and(eq(needs.status, from.status), inArray(needs.processing, [...from.processing])),
              ),
            ),
          ),
        )
        .returning({ id: needs.id })
      for (const need of moved)
        await tx
          .update(needs)
          .set({ purchase_order_id: orders.find((o) => o.need_ids.includes(need.id))?.id ?? null })
          .where(eq(needs.id, need.id))
    }
    await writeTrace(tx, deps.clock, {
      action: 'award',
      message: `Request for quotation ${row.code} awarded: ${orders.map((o) => o.code).join(', ')}${award.reason === null ? '' : ` (${award.reason})`}`,
      model: 'rfq',
      model_id: id,
      user_id: actor.id,
    })
    return ok(orders.map(({ need_ids: _n, ...o }) => o))
  })
  if (!made.ok) return made
  if (award.tell_losers) await tellLosers(deps, row, winners)
  return ok({ data: { id, status: next.value, orders: made.value } })
}

/** The suppliers that answered and won nothing get the rfq_not_awarded mail, once. */
const tellLosers = async (deps: RfqDeps, row: RfqRow, winners: readonly number[]) => {
  if (deps.mailer === undefined) return
  const [recipients, company, buyer] = await Promise.all([
    recipientsOf(deps.db, row.id),
    deps.db
      .select({ label: companies.label })
      .from(companies)
      .where(eq(companies.id, row.company_id))
      .then(first),
    deps.db.select({ label: users.label }).from(users).where(eq(users.id, row.buyer_id)).then(first),
  ])
  for (const { invitation, contact } of recipients) {
    if (winners.includes(invitation.supplier_id) || invitation.answered_at === null || contact === undefined)
      continue
    const claimed = await deps.db
      .update(rfqSuppliers)
      .set({ told_lost_at: deps.clock.now() })
      .where(and(eq(rfqSuppliers.id, invitation.id), sql`${rfqSuppliers.told_lost_at} IS NULL`))
      .returning({ id: rfqSuppliers.id })
    if (claimed.length === 0) continue
    const language: Language = isLanguage(contact.language) ? contact.language : 'en'
    try {
      await deps.mailer.send({
        to: contact.email ?? '',
        ...(await rfqNotAwardedMail(deps.db, language, {
          name: contact.name,
          rfq: `${row.code} ${row.title}`,
          company: company?.label ?? '',
          buyer: buyer?.label ?? '',
        })),
      })
    } catch (error) {
      deps.logger?.error(`Award notice of ${row.code} to ${contact.email} failed`, error)
    }
  }
}

export const RFQ_SORTS = ['code', 'reply_by'] as const
const RFQ_FILTER_KINDS = { status: listFilter.oneOf(RFQ_STATUSES) }
export const RFQ_QUERY_FILTERS = Object.keys(RFQ_FILTER_KINDS)

/**
 * GET /bwapi/rfqs: paged, sorted (latest reply day first), searched, filtered by status. Purchasing
 * staff see every RFQ; a supplier's contact the sent ones its company is invited to.
 */
export const listRfqs = async (
  deps: RfqDeps,
  actor: OrderActor,
  query: Record<string, string | undefined>,
  options: { count?: boolean } = {},
) => {
  const internal = mayRead(actor)
  const own = actor.supplier_ids ?? []
  if (!internal && own.length === 0) return err({ code: 'FORBIDDEN' } as DomainError)
  const parsed = parseListQuery(query, {
    sortable: RFQ_SORTS,
    defaultSort: 'reply_by',
    defaultDirection: 'desc',
    filters: RFQ_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: (SQL | undefined)[] = []
  where.push(everyWord(q.search, (pattern) => or(likeCi(rfqs.code, pattern), likeCi(rfqs.title, pattern))))
  if (q.filters.status !== undefined) where.push(eq(rfqs.status, q.filters.status))
  if (!internal)
    where.push(
      sql`${rfqs.status} <> 'draft'`,
      inArray(
        rfqs.id,
        deps.db
          .select({ id: rfqSuppliers.rfq_id })
          .from(rfqSuppliers)
          .where(inArray(rfqSuppliers.supplier_id, own)),
      ),
    )
  const page = await readPage(deps.db, q, {
    table: rfqs,
    id: rfqs.id,
    where: and(...where),
    sort: { by: rfqs[q.sort] },
    counted: options.count !== false,
    rows: (slice) =>
      deps.db
        .select()
        .from(rfqs)
        .where(slice.where)
        .orderBy(...slice.orderBy)
        .limit(slice.limit)
        .offset(slice.offset),
  })
  if (!page.ok) return page
  const rows = page.value.rows
  const invited =
    rows.length === 0
      ? []
      : await deps.db
          .select({
            rfq_id: rfqSuppliers.rfq_id,
            supplier_id: rfqSuppliers.supplier_id,
            answered_at: rfqSuppliers.answered_at,
          })
          .from(rfqSuppliers)
          .where(
            inArray(
              rfqSuppliers.rfq_id,
              rows.map((r) => r.id),
            ),
          )
  return ok({
    data: rows.map((r) => {
      const mine = invited.filter((i) => i.rfq_id === r.id)
      return {
        id: r.id,
        code: r.code,
        title: r.title,
        reply_by: r.reply_by,
        status: r.status,
        invited: internal ? mine.length : 1,
        answered: (internal ? mine : mine.filter((i) => own.includes(i.supplier_id))).filter(
          (i) => i.answered_at !== null,
        ).length,
      }
    }),
    meta: page.value.meta,
  })
}

/** GET /bwapi/rfqs/filter-list/status. */
export const rfqFilterOptions = async (field: string, language: Language) =>
  field === 'status'
    ? ok(RFQ_STATUSES.map((value) => ({ value, label: RFQ_STATUS_LABELS[value][language] })))
    : ok(null)

/**
 * GET /bwapi/rfqs/from-needs?ids=: the lines of approved requests waiting for a buyer, as an RFQ's
 * lines (what the New RFQ form starts from); a request in another state is refused, named.
 */
export const rfqLinesFromNeeds = async (deps: RfqDeps, actor: OrderActor, ids: readonly number[]) => {
  if (!actor.buyer) return err({ code: 'FORBIDDEN' } as DomainError)
  if (ids.length === 0) return err(formError({ need_ids: [{ code: 'SELECT_AT_LEAST_ONE' }] }))
  const rows = await deps.db
    .select()
    .from(needs)
    .where(inArray(needs.id, [...ids]))
  if (rows.length !== new Set(ids).size) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  for (const row of rows)
    if (!TRANSFORMABLE.some((t) => t.status === row.status && t.processing.includes(row.processing)))
      return err({ code: 'RFQ_NEED_NOT_APPROVED', params: { need: row.code } } as DomainError)
  const lines = await deps.db
    .select()
    .from(needLines)
    .where(inArray(needLines.need_id, [...ids]))
    .orderBy(asc(needLines.need_id), asc(needLines.position))
  return ok({
    data: {
      title: rows
        .map((r) => r.title)
        .join(' · ')
        .slice(0, 200),
      lines: lines.map((l) => ({
        need_line_id: l.id,
        need: rows.find((r) => r.id === l.need_id)?.code ?? '',
        article_id: l.article_id,
        label: l.description,
        quantity: l.quantity,
        unit: l.unit,
        wanted_on: l.wanted_date,
      })),
    },
  })
}

/**
 * The RFQs job: a sent RFQ past its reply day closes (answers end), its buyer told to compare it.
 * Answers how many it closed.
 */
export const runRfqsJob = async (deps: RfqDeps): Promise<number> => {
  const today = await todayOf(deps)
  const now = deps.clock.now()
  const closed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(rfqs)
      .set({ status: 'closed', closed_at: now, updated_at: now })
      .where(and(eq(rfqs.status, 'sent'), lt(rfqs.reply_by, today)))
      .returning({ id: rfqs.id, code: rfqs.code, buyer_id: rfqs.buyer_id })
    for (const row of rows)
      await writeTrace(tx, deps.clock, {
        action: 'close',
        message: `Request for quotation ${row.code} closed at its reply deadline`,
        model: 'rfq',
        model_id: row.id,
      })
    return rows
  })
  for (const row of closed) {
    const answers = await deps.db
      .select({ answered: rfqSuppliers.answered_at })
      .from(rfqSuppliers)
      .where(eq(rfqSuppliers.rfq_id, row.id))
    await notify(deps, {
      user_ids: [row.buyer_id],
      kind: 'rfq_closed',
      model: 'rfq',
      model_id: row.id,
      params: {
        code: row.code,
        answered: answers.filter((a) => a.answered !== null).length,
        invited: answers.length,
      },
    })
  }
  return closed.length
}

/** For actions to do: the closed RFQs a buyer has to award, and the open ones a supplier's contact has to answer. */
export const rfqsWaitingOn = async (db: Db, user: { id: number; supplier_ids?: readonly number[] }) => {
  const [toAward, toAnswer] = await Promise.all([
    db
      .select({ id: rfqs.id })
      .from(rfqs)
      .where(and(eq(rfqs.status, 'closed'), eq(rfqs.buyer_id, user.id))),
    (user.supplier_ids ?? []).length === 0
      ? Promise.resolve([])
      : db
          .select({ id: rfqSuppliers.id })
          .from(rfqSuppliers)
          .innerJoin(rfqs, eq(rfqSuppliers.rfq_id, rfqs.id))
          .where(
            and(
              eq(rfqs.status, 'sent'),
              inArray(rfqSuppliers.supplier_id, [...(user.supplier_ids ?? [])]),
              sql`${rfqSuppliers.answered_at} IS NULL`,
            ),
          ),
  ])
  return { toAward: toAward.length, toAnswer: toAnswer.length }
}
