import { isoDateIn } from '@procura/core/calendar'
/** Reading one purchase order as this reader may see it: its lines with their balances, its actions, a supplier's view. */
import { waitingOn } from '@procura/core/circuit'
import {
  allowedReceivingActions,
  lineDeliveryStatus,
  type OrderDeliveryStatus,
  receiptBalance,
} from '@procura/core/delivery'
import type { DomainError } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { isLanguage } from '@procura/core/i18n'
import { canBillOrder } from '@procura/core/invoice'
import { dec, lineAmountExcTax, toAmountString } from '@procura/core/money'
import { actionsAnswerOf, allowedOf } from '@procura/core/policy'
import {
  canViewOrder,
  ORDER_ACTION_LABELS,
  type OrderActor,
  type OrderPolicyAction,
  orderRowActions,
  type PurchaseOrderAction,
  seesInternals,
} from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { needs, type purchaseOrderLines, rfqs, supplierContacts, suppliers, users } from '../../db/schema'
import { orderSendingMail } from '../../mail/templates'
import { customFieldsShown, fieldsOf, valuesOf, withFileNames } from '../custom-fields'
import { eInvoicesOfOrder } from '../invoices/lifecycle'
import { cxmlOrderTarget } from '../punchout/punchout'
import { circuitNames, refusalView } from '../refusal-view'
import { loadSettings } from '../settings'
import { agreementsOfOrder } from '../sourcing/agreement-read'
import { vigilanceOf } from '../suppliers/supplier-approval'
import { delegationsTo } from './circuit'
import { orderDecisions } from './order-policy'
import {
  circuitOf,
  loadOrder,
  loadOrderLines,
  type OrderDeps,
  type OrderRow,
  orderAccessOf,
  validatorsOf,
} from './orders'

/** A line's received amounts at its price and its delivery status, after an edit. */
export const receivedOn = (line: typeof purchaseOrderLines.$inferSelect, decimals: number) => {
  const amount = (quantity: string, current: string) =>
    line.receipt_mode === 'quantity' ? lineAmountExcTax(quantity, line.unit_price_exctax, decimals) : current
  const delivered_amount_exctax = amount(line.delivered_quantity, line.delivered_amount_exctax)
  return {
    delivered_amount_exctax,
    predelivered_amount_exctax: amount(line.predelivered_quantity, line.predelivered_amount_exctax),
    delivery_status: lineDeliveryStatus(line, {
      quantity: line.delivered_quantity,
      amount_exctax: delivered_amount_exctax,
    }) as OrderDeliveryStatus,
  }
}

export const sumOf = (rows: readonly { amount: string }[], decimals: number) =>
  toAmountString(
    rows.reduce((total, r) => total.plus(r.amount), dec(0)),
    decimals,
  )

/** Whether the actor may see the order: buyer rules, its validators, or a delegate of one of them (in period). */
/**
 * Whom the order e-mail goes to unless the buyer changes it: the contact named on the order, else
 * the supplier's main order contact; the buyer in copy.
 */
export const sendDefaultsOf = async (db: Db, row: OrderRow) => {
  const [contacts, buyer] = await Promise.all([
    db
      .select({
        id: supplierContacts.id,
        email: supplierContacts.email,
        main: supplierContacts.main_order_contact,
        language: supplierContacts.language,
      })
      .from(supplierContacts)
      .where(eq(supplierContacts.supplier_id, row.supplier_id)),
    db
      .select({ email: users.email, label: users.label, language: users.language })
      .from(users)
      .where(eq(users.id, row.buyer_id))
      .limit(1)
      .then(first),
  ])
  const named = contacts.find((c) => c.id === row.supplier_contact_id) ?? contacts.find((c) => c.main)
  // The mail's template in the contact's language (the buyer's when the contact has none).
  const language = [named?.language, buyer?.language].find((l) => l != null && isLanguage(l)) ?? 'en'
  const mail = await orderSendingMail(db, isLanguage(language) ? language : 'en', {
    code: row.code,
    buyer: buyer?.label ?? '',
  })
  return {
    to: named?.email ?? null,
    cc: buyer?.email ? [buyer.email] : [],
    subject: mail.subject,
    content: mail.text,
    // Set: the order goes to the supplier's order system as a cXML OrderRequest, not by e-mail.
    cxml_order_url: (await cxmlOrderTarget(db, row.supplier_id))?.url ?? null,
  }
}

/** The requesters of the requests an order was made from. */
export const requestersOf = async (db: Db, orderId: number) =>
  (await db.select({ id: needs.requester_id }).from(needs).where(eq(needs.purchase_order_id, orderId))).map(
    (r) => r.id,
  )

export const canSee = async (db: Db, actor: OrderActor, row: OrderRow, now: Date): Promise<boolean> => {
  const validators = validatorsOf(row)
  if (canViewOrder(actor, orderAccessOf(row))) return true
  if (canViewOrder(actor, { ...orderAccessOf(row), requester_ids: await requestersOf(db, row.id) }))
    return true
  if (validators.length === 0) return false
  return (await delegationsTo(db, actor.id)).some(
    (d) => validators.includes(d.delegator) && d.from <= now && now <= d.to,
  )
}

/** The order if this user may see it (buyer rules, its validators and their delegates in period). */
export const findVisibleOrder = async (db: Db, actor: OrderActor, id: number, now: Date) => {
  const row = await loadOrder(db, id)
  return row !== undefined && (await canSee(db, actor, row, now)) ? row : undefined
}

/** GET /bwapi/purchase-orders/{id}: the order, its lines, its circuit and the actions this user may apply. */
export const getOrder = async (
  deps: OrderDeps,
  actor: OrderActor,
  id: number,
  language: Language = 'en',
): Promise<Result<{ data: unknown }, DomainError>> => {
  const row = await loadOrder(deps.db, id)
  if (row === undefined || !(await canSee(deps.db, actor, row, deps.clock.now())))
    return err({ code: 'ITEM_NOT_FOUND' })
  const [lines, supplier] = await Promise.all([
    loadOrderLines(deps.db, id),
    deps.db
      .select({ id: suppliers.id, code: suppliers.code, company_name: suppliers.company_name })
      .from(suppliers)
      .where(eq(suppliers.id, row.supplier_id))
      .limit(1)
      .then(first),
  ])
  const { customer } = await loadSettings(deps.db)
  const custom = await withFileNames(
    deps.db,
    customFieldsShown(
      await fieldsOf(deps.db, 'purchase_order', true),
      (await valuesOf(deps.db, 'purchase_order', [id])).get(id) ?? {},
      language,
    ),
  )
  // Receiving from the order's page: who may receive, predeliver or declare a shipment now.
  const receiving = {
    buyer_id: row.buyer_id,
    supplier_id: row.supplier_id,
    sent: row.sent_at !== null,
    requester_ids: await requestersOf(deps.db, row.id),
  }
  const receivingDecisions = allowedReceivingActions(
    actor,
    {
      ...receiving,
      status: row.status,
      delivery_status: row.delivery_status as OrderDeliveryStatus,
      billing_status: row.billing_status,
    },
    customer.supplier_access,
  )
  const allowedReceiving = allowedOf(receivingDecisions)
  const deliveryActions = allowedReceiving.filter((a) => a !== 'close_billing')
  const decisions = await orderDecisions(deps.db, actor, row, deps.clock.now())
  // Recording the supplier's invoice from here (who handles invoices), and closing the billing of
  // what the supplier will not invoice (the buyers who receive it).
  const billingActions = [
    ...(canBillOrder(actor, row) ? ['bill'] : []),
    ...allowedReceiving.filter((a) => a === 'close_billing'),
  ]
  if (!seesInternals(actor))
    return ok({
      data: {
        ...supplierViewOf(row, supplier, lines, orderRowActions(decisions)),
        delivery_actions: deliveryActions,
        custom,
        // The e-invoices it sent on this order, with where each stands (their lifecycle).
        e_invoices: await eInvoicesOfOrder(deps.db, row.id),
      },
    })
  const circuit = circuitOf(row)
  return ok({
    data: {
      ...row,
      supplier,
      lines: lines.map(withBalance),
      custom,
      ...actionsAnswerOf(decisions),
      delivery_actions: deliveryActions,
      billing_actions: billingActions,
      waiting_on: circuit === null ? [] : waitingOn(circuit),
      refusal: await refusalView(deps.db, circuit),
      // The duty of vigilance while the order may still change or be sent.
      vigilance: ['draft', 'awaiting', 'validated'].includes(row.status)
        ? await vigilanceOf(deps.db, row.supplier_id, row.amount_exctax, isoDateIn(deps.clock.now()))
        : null,
      send_defaults: await sendDefaultsOf(deps.db, row),
      agreements: await agreementsOfOrder(deps.db, row.id),
      // The request for quotation whose award made it ("from RFQ-…").
      rfq:
        row.rfq_id === null
          ? null
          : ((await deps.db
              .select({ id: rfqs.id, code: rfqs.code })
              .from(rfqs)
              .where(eq(rfqs.id, row.rfq_id))
              .then(first)) ?? null),
      names: await circuitNames(deps.db, circuit),
      internal: true,
      people: await deps.db
        .select({ id: users.id, label: users.label })
        .from(users)
        .where(eq(users.id, row.buyer_id)),
    },
  })
}

/**
 * An order line with where it stands, from core: what remains to receive, and whether it was
 * received or billed past the order (flagged even when no limit refused it).
 */
export const withBalance = (line: typeof purchaseOrderLines.$inferSelect) => {
  const balance = receiptBalance(line)
  return {
    ...line,
    remaining_to_receive: balance.remaining,
    over_delivered: balance.over_delivered,
    over_billed: line.billing_status === 'complete_more',
  }
}

/**
 * The order as its supplier's contact reads it: what was sent to them (lines, amounts, delivery,
 * the comment for the supplier), without the organisation's internals (circuit, buyer's tags,
 * internal people, deposit); its only action is acknowledging receipt.
 */
export const supplierViewOf = (
  row: OrderRow,
  supplier: unknown,
  lines: (typeof purchaseOrderLines.$inferSelect)[],
  actions: PurchaseOrderAction[],
) => ({
  id: row.id,
  code: row.code,
  version: row.version,
  status: row.status,
  currency_code: row.currency_code,
  amount_exctax: row.amount_exctax,
  amount_tax: row.amount_tax,
  amount_inctax: row.amount_inctax,
  vat_breakdown: row.vat_breakdown,
  delivery_address: row.delivery_address,
  supplier_comment: row.supplier_comment,
  sent_at: row.sent_at,
  created_at: row.created_at,
  delivery_status: row.delivery_status,
  billing_status: row.billing_status,
  supplier,
  lines: lines.map((l) => ({
    id: l.id,
    position: l.position,
    label: l.label,
    quantity: l.quantity,
    unit: l.unit,
    unit_price_exctax: l.unit_price_exctax,
    vat_rate: l.vat_rate,
    vat_rate_2: l.vat_rate_2,
    amount_exctax: l.amount_exctax,
    amount_tax: l.amount_tax,
    amount_inctax: l.amount_inctax,
    // What was received of it and what remains to ship (core receiptBalance), as the buyer sees it.
    receipt_mode: l.receipt_mode,
    delivered_quantity: l.delivered_quantity,
    delivered_amount_exctax: l.delivered_amount_exctax,
    predelivered_quantity: l.predelivered_quantity,
    predelivered_amount_exctax: l.predelivered_amount_exctax,
    billed_amount_exctax: l.billed_amount_exctax,
    remaining_to_receive: receiptBalance(l).remaining,
    over_delivered: receiptBalance(l).over_delivered,
  })),
  actions,
  waiting_on: [],
  refusal: null,
  people: [],
  /** No internal discussion or files for this reader (the page hides them). */
  internal: false,
})

/** GET /bwapi/purchase-orders/{id}/contextual-menu: the actions this user may apply to this order now. */
export const orderContextualMenu = async (
  deps: OrderDeps,
  actor: OrderActor,
  id: number,
  language: Language,
) => {
  const order = await getOrder(deps, actor, id)
  if (!order.ok) return order
  const { actions } = order.value.data as { actions: OrderPolicyAction[] }
  return ok({ actions: actions.map((action) => ({ action, label: ORDER_ACTION_LABELS[language][action] })) })
}
