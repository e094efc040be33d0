/** Reading agreements: one with its lines' consumption, what is offered to an order, those an order draws on. */

import { isoDateIn } from '@procura/core/calendar'
import { type CircuitState, waitingOn } from '@procura/core/circuit'
import { type DomainError, formError } from '@procura/core/errors'
import { actionsAnswerOf } from '@procura/core/policy'
import { err, ok } from '@procura/core/result'
import {
  type AgreementStatus,
  agreementStatusOn,
  agreementUsedPercent,
  type CeilingKind,
  consumption,
} from '@procura/core/sourcing'
import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { first } from '../../db/first'
import {
  frameworkAgreementLines,
  frameworkAgreements,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
} from '../../db/schema'
import { loadSettings } from '../settings'
import { type AgreementActor, agreementDecisions, type Deps, maySee, todayOf } from './agreements'

/**
 * Per agreement line: what was agreed, what orders drew (ordered), received and invoiced — from
 * the orders' own lines, cancelled ones giving back what they drew — and what remains.
 */
const linesWithConsumption = async (db: Db, agreementId: number) => {
  const lines = await db
    .select()
    .from(frameworkAgreementLines)
    .where(eq(frameworkAgreementLines.agreement_id, agreementId))
    .orderBy(asc(frameworkAgreementLines.position))
  const used = await db
    .select({
      line: purchaseOrderLines.agreement_line_id,
      quantity: purchaseOrderLines.quantity,
      amount: purchaseOrderLines.amount_exctax,
      received_quantity: purchaseOrderLines.delivered_quantity,
      received_amount: purchaseOrderLines.delivered_amount_exctax,
      invoiced_quantity: purchaseOrderLines.billed_quantity,
      invoiced_amount: purchaseOrderLines.billed_amount_exctax,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrderLines.purchase_order_id, purchaseOrders.id))
    .where(
      and(
        inArray(
          purchaseOrderLines.agreement_line_id,
          lines.map((l) => l.id),
        ),
        sql`${purchaseOrderLines.agreement_draw_units} > 0`,
        ne(purchaseOrders.status, 'obsolete'),
      ),
    )
  const sum = (values: string[]) => values.reduce((a, v) => a + Number(v), 0)
  return lines.map((line) => {
    const mine = used.filter((u) => u.line === line.id)
    const byAmount = line.ceiling_kind === 'amount'
    return {
      ...line,
      ...consumption(line.ceiling_kind as CeilingKind, line.ceiling, line.drawn_units),
      received: String(sum(mine.map((u) => (byAmount ? u.received_amount : u.received_quantity)))),
      invoiced: String(sum(mine.map((u) => (byAmount ? u.invoiced_amount : u.invoiced_quantity)))),
    }
  })
}

/** GET /bwapi/framework-agreements/{id}: the agreement, its lines with their consumption, the orders drawing on it, the actions. */
export const getAgreement = async (deps: Deps, actor: AgreementActor, id: number) => {
  if (!maySee(actor)) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const row = await deps.db
    .select()
    .from(frameworkAgreements)
    .where(eq(frameworkAgreements.id, id))
    .then(first)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const lines = await linesWithConsumption(deps.db, id)
  const orders = await deps.db
    .selectDistinct({ id: purchaseOrders.id, code: purchaseOrders.code, status: purchaseOrders.status })
    .from(purchaseOrders)
    .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.purchase_order_id, purchaseOrders.id))
    .where(
      inArray(
        purchaseOrderLines.agreement_line_id,
        lines.map((l) => l.id),
      ),
    )
    .orderBy(desc(purchaseOrders.id))
  const supplier = await deps.db
    .select({ id: suppliers.id, company_name: suppliers.company_name })
    .from(suppliers)
    .where(eq(suppliers.id, row.supplier_id))
    .then(first)
  const status = agreementStatusOn(row as { status: AgreementStatus; ends_on: string }, await todayOf(deps))
  return ok({
    data: {
      ...row,
      status,
      supplier,
      lines,
      orders,
      used_percent: agreementUsedPercent(lines),
      ...actionsAnswerOf(await agreementDecisions(deps.db, actor, row, deps.clock.now(), status)),
      waiting_on:
        row.status === 'awaiting' && row.circuit !== null ? waitingOn(row.circuit as CircuitState) : [],
    },
  })
}

/**
 * GET /bwapi/framework-agreements/offers?supplier_id=&currency_code=: the agreements an order to
 * this supplier may draw on today (in force or used up, within their dates), with each line's
 * price and what remains — what the order form offers.
 */
export const agreementOffers = async (
  deps: Deps,
  actor: AgreementActor,
  query: { supplier_id?: string; currency_code?: string },
) => {
  if (!actor.buyer) return err({ code: 'FORBIDDEN' } as DomainError)
  const supplier = Number(query.supplier_id)
  if (!Number.isInteger(supplier) || supplier <= 0)
    return err(formError({ supplier_id: [{ code: 'FIELD_REQUIRED' }] }))
  const today = isoDateIn(deps.clock.now(), (await loadSettings(deps.db)).formats.time_zone)
  const rows = await deps.db
    .select()
    .from(frameworkAgreements)
    .where(
      and(
        eq(frameworkAgreements.supplier_id, supplier),
        inArray(frameworkAgreements.status, ['active', 'done']),
        lte(frameworkAgreements.starts_on, today),
        gte(frameworkAgreements.ends_on, today),
        query.currency_code === undefined
          ? undefined
          : eq(frameworkAgreements.currency_code, query.currency_code),
      ),
    )
    .orderBy(asc(frameworkAgreements.ends_on))
  const lines =
    rows.length === 0
      ? []
      : await deps.db
          .select()
          .from(frameworkAgreementLines)
          .where(
            inArray(
              frameworkAgreementLines.agreement_id,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(frameworkAgreementLines.position))
  return ok({
    data: rows.map((r) => ({
      id: r.id,
      code: r.code,
      label: r.label,
      currency_code: r.currency_code,
      ends_on: r.ends_on,
      lines: lines
        .filter((l) => l.agreement_id === r.id)
        .map((l) => ({
          id: l.id,
          label: l.label,
          article_id: l.article_id,
          unit: l.unit,
          unit_price_exctax: l.unit_price_exctax,
          vat_rate: l.vat_rate,
          ceiling_kind: l.ceiling_kind,
          ...consumption(l.ceiling_kind as CeilingKind, l.ceiling, l.drawn_units),
        })),
    })),
  })
}

/** The agreements an order's lines draw on, with how much of each is used ("draws on AGR-…, 60 % used"). */
export const agreementsOfOrder = async (db: Db, orderId: number) => {
  const rows = await db
    .selectDistinct({
      id: frameworkAgreements.id,
      code: frameworkAgreements.code,
      label: frameworkAgreements.label,
    })
    .from(purchaseOrderLines)
    .innerJoin(frameworkAgreementLines, eq(purchaseOrderLines.agreement_line_id, frameworkAgreementLines.id))
    .innerJoin(frameworkAgreements, eq(frameworkAgreementLines.agreement_id, frameworkAgreements.id))
    .where(eq(purchaseOrderLines.purchase_order_id, orderId))
  if (rows.length === 0) return []
  const lines = await db
    .select()
    .from(frameworkAgreementLines)
    .where(
      inArray(
        frameworkAgreementLines.agreement_id,
        rows.map((r) => r.id),
      ),
    )
  return rows.map((r) => ({
    ...r,
    used_percent: agreementUsedPercent(lines.filter((l) => l.agreement_id === r.id)),
  }))
}
