/** Awarding an RFQ: its lines to the chosen suppliers, orders drafted, the others told. */
import { type DomainError, parseWith } from '@procura/core/errors'
import { isLanguage, type Language } from '@procura/core/i18n'
import { TRANSFORMABLE } from '@procura/core/need'
import { guard } from '@procura/core/policy'
import { type OrderActor, PurchaseOrderInputSchema } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import {
  type AwardInput,
  AwardInputSchema,
  allowedRfqActions,
  checkAward,
  orderedQuantity,
  type RfqStatus,
  rfqTransition,
} from '@procura/core/sourcing'
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import { first } from '../../db/first'
import {
  companies,
  needLines,
  needs,
  purchaseOrders,
  rfqLines,
  rfqQuotes,
  rfqSuppliers,
  rfqs,
  users,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { rfqNotAwardedMail } from '../../mail/templates'
import { insertOrder } from '../purchase-orders/order-write'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import type { Answer } from './agreements'
import { comparisonOf } from './rfq-read'
import { recipientsOf } from './rfq-send'
import { loadRfq, mayRead, type RfqDeps, type RfqRow } from './rfqs'
/** Requests for quotation: written, sent, answered (sealed), closed, compared and awarded (docs/domain/sourcing.md). */

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
  const status = row.status as RfqStatus
  const may = guard(allowedRfqActions(actor, { buyer_id: row.buyer_id, status }), 'award')
  if (!may.ok) return may
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
