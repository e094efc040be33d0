/** Creating and changing a purchase order: its references checked, its amounts computed by core, its lines written. */

import { type IsoDate, isoDateIn } from '@procura/core/calendar'
import { checkOrderAmountBounds, type OrderDeliveryStatus, orderDeliveryStatus } from '@procura/core/delivery'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { checkDocumentCurrency, toAmountString } from '@procura/core/money'
import { guard } from '@procura/core/policy'
import {
  canViewOrder,
  checkCanCreateOrder,
  checkOrdersPerYear,
  type OrderActor,
  orderAmounts,
  type PurchaseOrderInput,
  PurchaseOrderInputSchema,
} from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import type { Settings } from '@procura/core/settings'
import { supplierStatusOn } from '@procura/core/supplier'
import { requiredFieldIssues } from '@procura/core/validation'
import { eq, inArray } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db'
import { first } from '../../db/first'
import { cachedReference } from '../../db/reference-cache'
import {
  currencies,
  deliveryLines,
  purchaseOrderLines,
  purchaseOrders,
  supplierContacts,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { allocationIssues } from '../budgets/ledger'
import { codeAllowed } from '../code-lists'
import { rateOf } from '../currencies'
import { type CheckedCustomValues, checkedCustomValues, saveCustomValues } from '../custom-fields'
import { numberPiece } from '../numbering'
import { loadSettings } from '../settings'
import { drawOrder, priceFromAgreements, releaseOrderDraws } from '../sourcing/draws'
import { supplierRow } from '../suppliers/supplier-row'
import { writeTrace } from '../trace'
import { orderDecisions } from './order-policy'
import { receivedOn, sumOf } from './order-read'
import { loadOrder, type OrderDeps, validatorsOf } from './orders'

/**
 * Checks what the schema cannot: the supplier exists and is active on `today` (its forced status
 * while in force, core/supplier `supplierStatusOn`), the contact is its own.
 */
export const checkReferences = async (
  db: DbOrTx,
  input: PurchaseOrderInput,
  today: IsoDate,
  /** Who writes the order: the project codes on its lines need their right to use them. */
  author?: { id: number },
  /** The purchase type the order already carries (kept even if disabled since). */
  keptPurchaseType: string | null = null,
  /** The settings, when the caller has read them already (nothing read twice). */
  known?: Settings,
): Promise<Result<void, DomainError>> => {
  const [instanceCurrencies, settings] = await Promise.all([
    cachedReference(db, 'currencies', () =>
      db.select({ code: currencies.code, is_default: currencies.is_default }).from(currencies),
    ),
    known ?? loadSettings(db),
  ])
  const currency = checkDocumentCurrency(input.currency_code, {
    currencies: instanceCurrencies,
    multiCurrency: settings.modules.multi_currency,
  })
  if (!currency.ok) return currency
  const supplier = await supplierRow(db, input.supplier_id)
  if (supplier === undefined) return err(formError({ supplier_id: [{ code: 'NOT_IN_LIST' }] }))
  if (supplierStatusOn(supplier, today) !== 'active')
    return err({ code: 'SUPPLIER_INACTIVE', params: { supplier: supplier.company_name } })
  if (input.supplier_contact_id !== null) {
    const contact = await db
      .select()
      .from(supplierContacts)
      .where(eq(supplierContacts.id, input.supplier_contact_id))
      .limit(1)
      .then(first)
    if (contact?.supplier_id !== supplier.id)
      return err(formError({ supplier_contact_id: [{ code: 'NOT_IN_LIST' }] }))
  }
  if (!(await codeAllowed(db, 'purchase_type', input.purchase_type, keptPurchaseType)))
    return err(formError({ purchase_type: [{ code: 'NOT_IN_LIST' }] }))
  const allocations = await allocationIssues(db, input.lines, author)
  if (allocations !== null) return err(formError(allocations))
  return ok(undefined)
}

export const amountsFor = (input: PurchaseOrderInput, decimals: number) => {
  const { lines, totals } = orderAmounts(input.lines, decimals)
  const money = (d: Parameters<typeof toAmountString>[0]) => toAmountString(d, decimals)
  return {
    order: {
      amount_exctax: money(totals.exctax),
      amount_tax: money(totals.tax),
      amount_inctax: money(totals.inctax),
      vat_breakdown: totals.breakdown.map((b) => ({ rate: b.rate, base: money(b.base), tax: money(b.tax) })),
    },
    lines: input.lines.map((line, i) => ({
      ...line,
      position: i + 1,
      amount_exctax: money(lines[i]?.exctax ?? 0),
      amount_tax: money(lines[i]?.tax ?? 0),
      amount_inctax: money(lines[i]?.inctax ?? 0),
    })),
  }
}

export const orderFields = (input: PurchaseOrderInput) => {
  const { lines: _lines, custom: _custom, deposit_paid_at, ...fields } = input
  return {
    ...fields,
    deposit_paid_at: deposit_paid_at === null ? null : new Date(`${deposit_paid_at}T00:00:00Z`),
  }
}

/**
 * Writes a new draft order in the caller's transaction: its number (the settings' template and
 * counters), the order, its lines and its trace. References are checked here too, so a caller that
 * makes several orders in one transaction (requests turned into orders) refuses them all or none.
 */
export const insertOrder = async (
  tx: Tx,
  deps: Pick<OrderDeps, 'clock'>,
  actor: OrderActor,
  input: PurchaseOrderInput,
  settings: Settings,
  /** The custom values checked by the caller (a person's form); none for orders made from requests. */
  custom?: CheckedCustomValues,
): Promise<Result<{ id: number; code: string }, DomainError>> => {
  const references = await checkReferences(tx, input, isoDateIn(deps.clock.now()), actor, null, settings)
  if (!references.ok) return references
  const now = deps.clock.now()
  // Lines drawing on a framework agreement take its price (core/sourcing).
  const priced = await priceFromAgreements(tx, input, isoDateIn(now, settings.formats.time_zone))
  if (!priced.ok) return priced
  const { order, lines } = amountsFor(priced.value, settings.formats.decimals)
  const exchangeRate = await rateOf(tx, input.currency_code, isoDateIn(now, settings.formats.time_zone))
  // The number template's counters: this order's rank in its year, its month, and its company's month.
  const numbered = await numberPiece(tx, 'purchase_order', settings.formats.purchase_order_number, now, {
    company_id: input.company_id,
    department_id: input.department_id,
  })
  if (!numbered.ok) return numbered
  const limit = checkOrdersPerYear(numbered.value.numberInYear - 1, settings.customer.po_limit_per_year)
  if (!limit.ok) return limit
  const code = numbered.value.code
  const inserted = await tx
    .insert(purchaseOrders)
    .values({
      ...orderFields(input),
      ...order,
      exchange_rate: exchangeRate,
      code,
      status: 'draft',
      buyer_id: actor.id,
      created_at: now,
      updated_at: now,
    })
    .returning({ id: purchaseOrders.id })
  const id = inserted[0]?.id
  if (id === undefined) throw new Error('Insert returned no id')
  await tx
    .insert(purchaseOrderLines)
    .values(lines.map(({ id: _lineId, ...l }) => ({ ...l, purchase_order_id: id })))
  if (custom !== undefined) await saveCustomValues(tx, 'purchase_order', id, custom)
  // A new order has drawn nothing yet: only lines naming an agreement line draw on it.
  if (lines.some((l) => l.agreement_line_id != null)) {
    const drawn = await drawOrder(tx, id, deps.clock)
    if (!drawn.ok) return drawn
  }
  await writeTrace(tx, deps.clock, {
    action: 'create',
    message: `Order ${code} created`,
    model: 'purchase_order',
    model_id: id,
    user_id: actor.id,
  })
  return ok({ id, code })
}

/** POST /bwapi/purchase-orders: a buyer creates a draft; its number follows the settings' template. */
export const createOrder = async (
  deps: OrderDeps,
  actor: OrderActor,
  input: unknown,
): Promise<Result<{ data: { id: number; code: string } }, DomainError>> => {
  const allowed = checkCanCreateOrder(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(PurchaseOrderInputSchema, input)
  if (!parsed.ok) return parsed
  const settings = await loadSettings(deps.db)
  const required = requiredFieldIssues(parsed.value, settings.misc.required_order_fields)
  if (Object.keys(required).length > 0) return err(formError(required))
  const custom = await checkedCustomValues(deps.db, 'purchase_order', parsed.value.custom, null)
  if (!custom.ok) return custom
  const created = await writeOrRefuse(deps.db, (tx) =>
    insertOrder(tx, deps, actor, parsed.value, settings, custom.value),
  )
  return created.ok ? ok({ data: created.value }) : created
}

/** PUT /bwapi/purchase-orders/{id}: only drafts and refused orders change; lines are replaced. */
export const updateOrder = async (
  deps: OrderDeps,
  actor: OrderActor,
  id: number,
  input: unknown,
): Promise<Result<{ data: { id: number } }, DomainError>> => {
  const row = await loadOrder(deps.db, id)
  if (row === undefined || !canViewOrder(actor, { buyer_id: row.buyer_id, validators: validatorsOf(row) }))
    return err({ code: 'ITEM_NOT_FOUND' })
  const allowed = guard(await orderDecisions(deps.db, actor, row, deps.clock.now()), 'edit')
  if (!allowed.ok) return allowed
  const parsed = parseWith(PurchaseOrderInputSchema, input)
  if (!parsed.ok) return parsed
  const references = await checkReferences(
    deps.db,
    parsed.value,
    isoDateIn(deps.clock.now()),
    actor,
    row.purchase_type,
  )
  if (!references.ok) return references
  const settings = await loadSettings(deps.db)
  const required = requiredFieldIssues(parsed.value, settings.misc.required_order_fields)
  if (Object.keys(required).length > 0) return err(formError(required))
  const custom = await checkedCustomValues(deps.db, 'purchase_order', parsed.value.custom, id)
  if (!custom.ok) return custom
  const priced = await priceFromAgreements(
    deps.db,
    parsed.value,
    isoDateIn(row.created_at, settings.formats.time_zone),
  )
  if (!priced.ok) return priced
  const { order, lines } = amountsFor(priced.value, settings.formats.decimals)
  // What was received stays: the amount never goes below it, received lines stay (spec §5).
  const bounds = checkOrderAmountBounds(order.amount_exctax, row)
  if (!bounds.ok) return bounds
  const updated = await writeOrRefuse(deps.db, async (tx) => {
    // What the order drew is given back, then drawn anew from its lines as written (drawOrder).
    await releaseOrderDraws(tx, [id], deps.clock)
    const existing = await tx
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchase_order_id, id))
    const kept = new Set(lines.flatMap((l) => (l.id === undefined ? [] : [l.id])))
    for (const [i, line] of lines.entries())
      if (line.id !== undefined && !existing.some((e) => e.id === line.id))
        return err(formError({ [`lines.${i}.id`]: [{ code: 'NOT_IN_LIST' }] }))
    const removed = existing.filter((e) => !kept.has(e.id))
    if (removed.length > 0) {
      const received = await tx
        .select({ id: deliveryLines.purchase_order_line_id })
        .from(deliveryLines)
        .where(
          inArray(
            deliveryLines.purchase_order_line_id,
            removed.map((r) => r.id),
          ),
        )
        .limit(1)
      const line = removed.find((r) => r.id === received[0]?.id)
      if (line !== undefined)
        return err({ code: 'DELIVERED_LINE_REMOVED', params: { line: line.label } } as DomainError)
      await tx.delete(purchaseOrderLines).where(
        inArray(
          purchaseOrderLines.id,
          removed.map((r) => r.id),
        ),
      )
    }
    const statuses: OrderDeliveryStatus[] = []
    for (const { id: lineId, ...line } of lines) {
      const before = existing.find((e) => e.id === lineId)
      if (before === undefined) {
        await tx.insert(purchaseOrderLines).values({ ...line, purchase_order_id: id })
        statuses.push('no')
        continue
      }
      // A kept line's received amount follows its (new) price; its status, its (new) quantity.
      const received = receivedOn({ ...before, ...line }, settings.formats.decimals)
      statuses.push(received.delivery_status)
      await tx
        .update(purchaseOrderLines)
        .set({ ...line, ...received })
        .where(eq(purchaseOrderLines.id, before.id))
    }
    await tx
      .update(purchaseOrders)
      .set({
        ...orderFields(parsed.value),
        ...order,
        // The rate of the order's own day, for its (possibly changed) currency.
        exchange_rate: await rateOf(
          tx,
          parsed.value.currency_code,
          isoDateIn(row.created_at, settings.formats.time_zone),
        ),
        delivery_status: orderDeliveryStatus(statuses, row.delivery_status === 'forced_complete'),
        delivered_amount_exctax: sumOf(
          await tx
            .select({ amount: purchaseOrderLines.delivered_amount_exctax })
            .from(purchaseOrderLines)
            .where(eq(purchaseOrderLines.purchase_order_id, id)),
          settings.formats.decimals,
        ),
        circuit: null,
        lock_version: row.lock_version + 1,
        updated_at: deps.clock.now(),
      })
      .where(eq(purchaseOrders.id, id))
    await saveCustomValues(tx, 'purchase_order', id, custom.value)
    const drawn = await drawOrder(tx, id, deps.clock)
    if (!drawn.ok) return drawn
    await writeTrace(tx, deps.clock, {
      action: 'update',
      message: `Order ${row.code} updated`,
      model: 'purchase_order',
      model_id: id,
      user_id: actor.id,
    })
    return ok(undefined)
  })
  return updated.ok ? ok({ data: { id } }) : updated
}
