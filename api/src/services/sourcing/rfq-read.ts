/** Reading an RFQ (its answers sealed until it is closed) and its comparison. */
import { isoDateIn } from '@procura/core/calendar'
import type { DomainError } from '@procura/core/errors'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import {
  allowedRfqActions,
  type Comparison,
  checkAnswerOpen,
  compareQuotes,
  contactSeesRfq,
  isSealed,
  type RfqStatus,
  rfqActionsAnswer,
} from '@procura/core/sourcing'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { first } from '../../db/first'
import {
  companies,
  needs,
  purchaseOrders,
  rfqLines,
  rfqQuotes,
  rfqSuppliers,
  supplierContacts,
  suppliers,
  users,
} from '../../db/schema'
import { rateOf } from '../currencies'
import { loadSettings } from '../settings'
import { todayOf } from './agreements'
import { contactSupplier, loadRfq, mayRead, type RfqDeps, type RfqRow } from './rfqs'
/** Requests for quotation: written, sent, answered (sealed), closed, compared and awarded (docs/domain/sourcing.md). */

/** The comparison of a closed (or awarded) RFQ, in its currency at today's rates. */
export const comparisonOf = async (deps: RfqDeps, row: RfqRow): Promise<Comparison> => {
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
  if (!internal && (own === undefined || !contactSeesRfq(row.status as RfqStatus)))
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const status = row.status as RfqStatus
  const decisions = allowedRfqActions(actor, { buyer_id: row.buyer_id, status })
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
      ...(internal ? rfqActionsAnswer(decisions) : { actions: [], refused_actions: [], may_award: false }),
      may_quote: answerOpen && (internal ? decisions.quote.allowed : true),
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
