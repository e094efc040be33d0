import { type DomainError, formError } from '@procura/core/errors'
import { dec } from '@procura/core/money'
import type { PurchaseOrderInput } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import {
  type AgreementStatus,
  type CeilingKind,
  ceilingRefusal,
  checkDrawAllowed,
  drawFits,
  drawOf,
} from '@procura/core/sourcing'
import { and, asc, eq, gt, gte, inArray, lte, ne, sql } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { DbOrTx, Tx } from '../../db'
import {
  frameworkAgreementLines,
  frameworkAgreements,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
} from '../../db/schema'
import { writeTrace } from '../trace'

/** The agreement lines an order's lines name, with their agreement. */
const agreementLinesOf = async (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : db
        .select({
          line: frameworkAgreementLines,
          agreement: {
            id: frameworkAgreements.id,
            code: frameworkAgreements.code,
            status: frameworkAgreements.status,
            supplier_id: frameworkAgreements.supplier_id,
            currency_code: frameworkAgreements.currency_code,
            starts_on: frameworkAgreements.starts_on,
            ends_on: frameworkAgreements.ends_on,
          },
        })
        .from(frameworkAgreementLines)
        .innerJoin(frameworkAgreements, eq(frameworkAgreementLines.agreement_id, frameworkAgreements.id))
        .where(inArray(frameworkAgreementLines.id, [...ids]))

/**
 * An order's lines that name an agreement line take its agreed price, VAT rate and unit; the
 * agreement must be in force for the order's supplier, currency and day (core checkDrawAllowed),
 * else the order is refused naming the agreement.
 */
export const priceFromAgreements = async (
  db: DbOrTx,
  input: PurchaseOrderInput,
  day: string,
): Promise<Result<PurchaseOrderInput, DomainError>> => {
  const ids = [
    ...new Set(input.lines.flatMap((l) => (l.agreement_line_id === null ? [] : [l.agreement_line_id]))),
  ]
  if (ids.length === 0) return ok(input)
  const found = new Map((await agreementLinesOf(db, ids)).map((r) => [r.line.id, r]))
  const lines: PurchaseOrderInput['lines'] = []
  for (const [i, line] of input.lines.entries()) {
    if (line.agreement_line_id === null) {
      lines.push(line)
      continue
    }
    const row = found.get(line.agreement_line_id)
    if (row === undefined)
      return err(formError({ [`lines.${i}.agreement_line_id`]: [{ code: 'NOT_IN_LIST' }] }))
    const allowed = checkDrawAllowed(
      { ...row.agreement, status: row.agreement.status as AgreementStatus },
      { supplier_id: input.supplier_id, currency_code: input.currency_code, day },
    )
    if (!allowed.ok) return allowed
    lines.push({
      ...line,
      unit_price_exctax: row.line.unit_price_exctax,
      vat_rate: row.line.vat_rate,
      unit: row.line.unit,
      article_id: line.article_id ?? row.line.article_id,
    })
  }
  return ok({ ...input, lines })
}

/** An order line's draw given back to its agreement line. */
const giveBack = async (tx: Tx, lines: readonly { agreement_line_id: number | null; units: number }[]) => {
  for (const line of lines)
    if (line.agreement_line_id !== null && line.units > 0)
      await tx
        .update(frameworkAgreementLines)
        .set({ drawn_units: sql`${frameworkAgreementLines.drawn_units} - ${line.units}` })
        .where(eq(frameworkAgreementLines.id, line.agreement_line_id))
}

/**
 * Follows an agreement's draws: done once nothing remains on any of its lines, active again when
 * a cancelled order gave back (one conditional statement each, so concurrent orders agree).
 */
const settleStatuses = async (tx: Tx, agreementIds: readonly number[], clock: Clock) => {
  if (agreementIds.length === 0) return
  const ids = [...new Set(agreementIds)]
  // Something remains while a line is drawn below its original ceiling (the allowance is a tolerance).
  const open = sql`exists (select 1 from ${frameworkAgreementLines} where ${frameworkAgreementLines.agreement_id} = ${frameworkAgreements.id} and ${frameworkAgreementLines.drawn_units} < ${frameworkAgreementLines.ceiling_units})`
  const now = clock.now()
  const exhausted = await tx
    .update(frameworkAgreements)
    .set({ status: 'done', updated_at: now })
    .where(
      and(inArray(frameworkAgreements.id, ids), eq(frameworkAgreements.status, 'active'), sql`not ${open}`),
    )
    .returning({ id: frameworkAgreements.id, code: frameworkAgreements.code })
  const replenished = await tx
    .update(frameworkAgreements)
    .set({ status: 'active', updated_at: now })
    .where(and(inArray(frameworkAgreements.id, ids), eq(frameworkAgreements.status, 'done'), open))
    .returning({ id: frameworkAgreements.id, code: frameworkAgreements.code })
  for (const [rows, action] of [
    [exhausted, 'exhaust'],
    [replenished, 'replenish'],
  ] as const)
    for (const row of rows)
      await writeTrace(tx, clock, {
        action,
        message: `Agreement ${row.code} ${action === 'exhaust' ? 'used up' : 'open again'}`,
        model: 'framework_agreement',
        model_id: row.id,
      })
}

/**
 * Draws an order's lines on their agreement lines, in the caller's transaction: what the order
 * drew before is given back first, then each line takes its quantity (or amount) in one
 * conditional update that holds only while the line stays within its limit — so however many
 * orders draw at once, the database never lets the sum pass it (a refusal names what is left).
 */
export const drawOrder = async (
  tx: Tx,
  orderId: number,
  clock: Clock,
): Promise<Result<void, DomainError>> => {
  const lines = await tx
    .select({
      id: purchaseOrderLines.id,
      agreement_line_id: purchaseOrderLines.agreement_line_id,
      units: purchaseOrderLines.agreement_draw_units,
      quantity: purchaseOrderLines.quantity,
      amount_exctax: purchaseOrderLines.amount_exctax,
    })
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.purchase_order_id, orderId))
  const touched = lines.filter((l) => l.agreement_line_id !== null || l.units > 0)
  if (touched.length === 0) return ok(undefined)
  const before = await agreementLinesOf(
    tx,
    touched.flatMap((l) => (l.agreement_line_id === null ? [] : [l.agreement_line_id])),
  )
  await giveBack(tx, touched)
  for (const line of touched) {
    const target = before.find((r) => r.line.id === line.agreement_line_id)
    if (line.agreement_line_id === null || target === undefined) {
      await tx
        .update(purchaseOrderLines)
        .set({ agreement_draw_units: 0 })
        .where(eq(purchaseOrderLines.id, line.id))
      continue
    }
    const kind = target.line.ceiling_kind as CeilingKind
    const units = drawOf(kind, line)
    const drawn = await tx
      .update(frameworkAgreementLines)
      .set({ drawn_units: sql`${frameworkAgreementLines.drawn_units} + ${units}` })
      .where(
        and(
          eq(frameworkAgreementLines.id, target.line.id),
          lte(sql`${frameworkAgreementLines.drawn_units} + ${units}`, frameworkAgreementLines.limit_units),
        ),
      )
      .returning({ id: frameworkAgreementLines.id })
    if (drawn.length === 0) {
      const [now] = await tx
        .select({ drawn: frameworkAgreementLines.drawn_units })
        .from(frameworkAgreementLines)
        .where(eq(frameworkAgreementLines.id, target.line.id))
      return err(
        ceilingRefusal(
          target.agreement.code,
          target.line.label,
          kind,
          target.line.limit_units,
          now?.drawn ?? 0,
        ),
      )
    }
    await tx
      .update(purchaseOrderLines)
      .set({ agreement_draw_units: units })
      .where(eq(purchaseOrderLines.id, line.id))
  }
  await settleStatuses(
    tx,
    before.map((r) => r.agreement.id),
    clock,
  )
  return ok(undefined)
}

/**
 * An order cancelled (or deleted) gives back what its lines drew. A replaced version's draws
 * belong to the version that replaced it (its lines were copied with them), so an obsolete
 * version gives nothing back.
 */
export const releaseOrderDraws = async (tx: Tx, orderIds: readonly number[], clock: Clock) => {
  if (orderIds.length === 0) return
  const lines = await tx
    .select({
      id: purchaseOrderLines.id,
      agreement_line_id: purchaseOrderLines.agreement_line_id,
      units: purchaseOrderLines.agreement_draw_units,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrderLines.purchase_order_id, purchaseOrders.id))
    .where(
      and(
        inArray(purchaseOrderLines.purchase_order_id, [...orderIds]),
        gt(purchaseOrderLines.agreement_draw_units, 0),
        ne(purchaseOrders.status, 'obsolete'),
      ),
    )
  if (lines.length === 0) return
  await giveBack(tx, lines)
  await tx
    .update(purchaseOrderLines)
    .set({ agreement_draw_units: 0 })
    .where(
      inArray(
        purchaseOrderLines.id,
        lines.map((l) => l.id),
      ),
    )
  const agreements = await agreementLinesOf(
    tx,
    lines.flatMap((l) => (l.agreement_line_id === null ? [] : [l.agreement_line_id])),
  )
  await settleStatuses(
    tx,
    agreements.map((a) => a.agreement.id),
    clock,
  )
}

/**
 * The agreement prices of catalogue articles: for each article and supplier (in the supplier's
 * currency), the line of an agreement in force today that names the article and still has room for
 * the quantity (the one ending first, when several do). The cart shows that price and its orders
 * draw on that line; the catalogue's own price applies otherwise.
 */
export const articleAgreementPrices = async (
  db: DbOrTx,
  wanted: readonly { article_id: number; supplier_id: number; currency_code: string; quantity: string }[],
  day: string,
) => {
  const found = new Map<
    string,
    { agreement_line_id: number; code: string; unit_price_exctax: string; vat_rate: string }
  >()
  const articleIds = [...new Set(wanted.map((w) => w.article_id))]
  if (articleIds.length === 0) return found
  const rows = await db
    .select({ line: frameworkAgreementLines, agreement: frameworkAgreements })
    .from(frameworkAgreementLines)
    .innerJoin(frameworkAgreements, eq(frameworkAgreementLines.agreement_id, frameworkAgreements.id))
    .where(
      and(
        inArray(frameworkAgreementLines.article_id, articleIds),
        eq(frameworkAgreements.status, 'active'),
        lte(frameworkAgreements.starts_on, day),
        gte(frameworkAgreements.ends_on, day),
      ),
    )
    .orderBy(asc(frameworkAgreements.ends_on), asc(frameworkAgreementLines.id))
  for (const w of wanted) {
    const row = rows.find(({ line, agreement }) => {
      if (line.article_id !== w.article_id || agreement.supplier_id !== w.supplier_id) return false
      if (agreement.currency_code !== w.currency_code) return false
      const kind = line.ceiling_kind as CeilingKind
      const amount = dec(w.quantity).times(line.unit_price_exctax).toString()
      return drawFits(
        line.limit_units,
        line.drawn_units,
        drawOf(kind, { quantity: w.quantity, amount_exctax: amount }),
      )
    })
    if (row !== undefined)
      found.set(`${w.article_id}:${w.supplier_id}`, {
        agreement_line_id: row.line.id,
        code: row.agreement.code,
        unit_price_exctax: row.line.unit_price_exctax,
        vat_rate: row.line.vat_rate,
      })
  }
  return found
}

/** The agreement that prices an article for the catalogue: its code, supplier and agreed price. */
export type CatalogueAgreementPrice = {
  code: string
  supplier: string
  currency_code: string
  unit_price_exctax: string
}

/**
 * What the catalogue shows of framework agreements: for each article, the agreement in force on
 * the day (the one ending first) whose line names it and still has room under its ceiling, with
 * its supplier and agreed price. The cart and the order apply it (articleAgreementPrices, checked
 * again on the quantity); the catalogue only tells.
 */
export const catalogueAgreementPrices = async (db: DbOrTx, articleIds: readonly number[], day: string) => {
  const found = new Map<number, CatalogueAgreementPrice>()
  if (articleIds.length === 0) return found
  const rows = await db
    .select({
      line: frameworkAgreementLines,
      agreement: frameworkAgreements,
      supplier: suppliers.company_name,
    })
    .from(frameworkAgreementLines)
    .innerJoin(frameworkAgreements, eq(frameworkAgreementLines.agreement_id, frameworkAgreements.id))
    .innerJoin(suppliers, eq(frameworkAgreements.supplier_id, suppliers.id))
    .where(
      and(
        inArray(frameworkAgreementLines.article_id, [...new Set(articleIds)]),
        eq(frameworkAgreements.status, 'active'),
        lte(frameworkAgreements.starts_on, day),
        gte(frameworkAgreements.ends_on, day),
      ),
    )
    .orderBy(asc(frameworkAgreements.ends_on), asc(frameworkAgreementLines.id))
  for (const { line, agreement, supplier } of rows) {
    if (line.article_id === null || found.has(line.article_id)) continue
    if (line.drawn_units >= line.limit_units) continue
    found.set(line.article_id, {
      code: agreement.code,
      supplier,
      currency_code: agreement.currency_code,
      unit_price_exctax: line.unit_price_exctax,
    })
  }
  return found
}
