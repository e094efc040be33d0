/** Sending an RFQ: each invited supplier its PDF, in its contact's language. */
import { type DomainError, formError } from '@procura/core/errors'
import { isLanguage, type Language } from '@procura/core/i18n'
import { guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { allowedRfqActions, type RfqStatus, rfqTransition } from '@procura/core/sourcing'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import { companies, rfqLines, rfqSuppliers, rfqs, supplierContacts, suppliers, users } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { dayWriter } from '../../mail/day-formats'
import { rfqInvitationMail } from '../../mail/templates'
import { renderRfqPdf } from '../../pdf/rfq-pdf'
import { writeTrace } from '../trace'
import { type Answer, todayOf } from './agreements'
import { loadRfq, mayRead, type RfqDeps, type RfqRow } from './rfqs'
/** Requests for quotation: written, sent, answered (sealed), closed, compared and awarded (docs/domain/sourcing.md). */

/** The contact an invitation goes to: the one chosen, else the supplier's main order contact, main contact, or first with an e-mail. */
export const recipientsOf = async (db: DbOrTx, rfqId: number) => {
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
  const allowed = guard(
    allowedRfqActions(actor, { buyer_id: row.buyer_id, status: row.status as RfqStatus }),
    'send',
  )
  if (!allowed.ok) return allowed
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
