import { type DomainError, parseWith } from '@procura/core/errors'
import { isLanguage, type Language } from '@procura/core/i18n'
import { describePaymentTerm, PaymentTermSchema, type PaymentType } from '@procura/core/payment'
import type { ShopFetch } from '@procura/core/punchout'
import type { PurchaseOrderStatus } from '@procura/core/purchase-order'
import {
  canManageOrder,
  DeliveryAddressSchema,
  isSupplierContactOf,
  type OrderActor,
  SendOrderSchema,
  transition,
} from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { first } from '../../db/first'
import {
  companies,
  currencies,
  needs,
  purchaseOrderLines,
  purchaseOrders,
  supplierContacts,
  suppliers,
  users,
} from '../../db/schema'
import type { Mailer } from '../../mail/mailer'
import { orderSendingMail } from '../../mail/templates'
import { renderOrderPdf } from '../../pdf/purchase-order-pdf'
import { customFieldsShown, fieldsOf, valuesOf } from '../custom-fields'
import { cxmlOrderTarget, postOrderRequest } from '../punchout/punchout'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { applyOrderAction, tellOrderSent } from './order-actions'
import { loadOrder, loadOrderLines, type OrderDeps } from './orders'

/** The supplier's payment term as its orders print it, in their language. */
const paymentTermsOf = (
  supplier: { payment_term: unknown; payment_type: PaymentType },
  language: Language,
) => {
  const term = PaymentTermSchema.safeParse(supplier.payment_term)
  return supplier.payment_term === null || !term.success
    ? null
    : describePaymentTerm(term.data, supplier.payment_type, language)
}

/** The delivery address of an order as its PDF prints it, when one was given. */
const deliveryOf = (value: unknown) => {
  const parsed = DeliveryAddressSchema.safeParse(value)
  return parsed.success
    ? {
        address: parsed.data.address,
        shipping_date: parsed.data.shipping_date,
        deadline: parsed.data.deadline,
      }
    : null
}

/** The PDF of an order, in the language of its supplier contact (else the reader's). */
export const orderPdf = async (
  db: Db,
  actor: OrderActor,
  id: number,
  fallback: 'en' | 'es' | 'fr',
): Promise<
  Result<
    { pdf: Buffer; filename: string; language: 'en' | 'es' | 'fr'; code: string; buyer: string },
    DomainError
  >
> => {
  const row = await loadOrder(db, id)
  // Who manages the order prints it; the supplier's contact reads the PDF of an order sent to it.
  const access = {
    buyer_id: row?.buyer_id ?? 0,
    validators: [],
    supplier_id: row?.supplier_id,
    sent: row?.sent_at != null,
  }
  if (row === undefined || !(canManageOrder(actor, access) || isSupplierContactOf(actor, access)))
    return err({ code: 'ITEM_NOT_FOUND' })
  const [lines, supplier, company, buyer, currency, contact, settings, requests] = await Promise.all([
    loadOrderLines(db, id),
    db.select().from(suppliers).where(eq(suppliers.id, row.supplier_id)).limit(1).then(first),
    db.select().from(companies).where(eq(companies.id, row.company_id)).limit(1).then(first),
    db.select().from(users).where(eq(users.id, row.buyer_id)).limit(1).then(first),
    db.select().from(currencies).where(eq(currencies.code, row.currency_code)).limit(1).then(first),
    row.supplier_contact_id === null
      ? undefined
      : db
          .select()
          .from(supplierContacts)
          .where(eq(supplierContacts.id, row.supplier_contact_id))
          .limit(1)
          .then(first),
    loadSettings(db),
    db
      .select({ code: needs.code })
      .from(needs)
      .where(eq(needs.purchase_order_id, id))
      .orderBy(asc(needs.code)),
  ])
  if (supplier === undefined || company === undefined || buyer === undefined)
    return err({ code: 'ITEM_NOT_FOUND' })
  const language = contact !== undefined && isLanguage(contact.language) ? contact.language : fallback
  const pdf = await renderOrderPdf(
    {
      code: row.code,
      version: row.version,
      date: row.validated_at ?? row.created_at,
      buyerCompany: company.label,
      buyerAddress: company.address,
      buyerVatNumber: company.vat_number,
      buyerName: buyer.label,
      supplier,
      delivery: deliveryOf(row.delivery_address),
      requests: requests.map((r) => r.code),
      supplierComment: row.supplier_comment,
      paymentTerms: paymentTermsOf(supplier, language),
      custom: customFieldsShown(
        await fieldsOf(db, 'purchase_order', true),
        (await valuesOf(db, 'purchase_order', [id])).get(id) ?? {},
        language,
      )
        .filter((f) => f.type !== 'file')
        .map(({ label, text }) => ({ label, text })),
      currency: {
        code: row.currency_code,
        symbol: currency?.symbol ?? row.currency_code,
        position: currency?.position ?? 'after',
      },
      lines,
      amount_exctax: row.amount_exctax,
      amount_tax: row.amount_tax,
      amount_inctax: row.amount_inctax,
      vat_breakdown: row.vat_breakdown,
    },
    language,
    settings.formats.decimals,
  )
  return ok({
    pdf,
    filename: `${row.code}-v${row.version}.pdf`,
    language,
    code: row.code,
    buyer: buyer.label,
  })
}

/**
 * POST /bwapi/purchase-orders/{id}/send: checks the order may be sent, then sends it — to the
 * supplier's order system as a cXML OrderRequest when its PunchOut settings name one
 * (docs/domain/punchout.md), else by e-mail with its PDF — and records the sending. A refused
 * order is neither sent nor changed; one its supplier's system or the mail server refuses is put
 * back as it was.
 */
export const sendOrder = async (
  deps: OrderDeps & { mailer: Mailer; fetchShop?: ShopFetch },
  actor: OrderActor,
  id: number,
  input: unknown,
  fallback: 'en' | 'es' | 'fr',
): Promise<Result<{ data: { id: number; status: string } }, DomainError>> => {
  // Who may send it first: a reader without the right learns nothing of what it sent.
  const row = await deps.db
    .select()
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, id))
    .limit(1)
    .then(first)
  if (row === undefined || !canManageOrder(actor, { buyer_id: row.buyer_id, validators: [] }))
    return err({ code: 'ITEM_NOT_FOUND' })
  const target = await cxmlOrderTarget(deps.db, row.supplier_id)
  const parsed = target === null ? parseWith(SendOrderSchema, input) : ok(null)
  if (!parsed.ok) return parsed
  const dryRun = transition(
    {
      status: row.status as PurchaseOrderStatus,
      previous_status: null,
      sent_at: row.sent_at,
      send_mode: null,
      version: row.version,
    },
    'send',
    { now: deps.clock.now() },
  )
  if (!dryRun.ok) return dryRun
  /** The order back as it was, when what should carry it failed. */
  const putBack = (message: string) =>
    deps.db.transaction(async (tx) => {
      await tx
        .update(purchaseOrders)
        .set({
          status: row.status,
          previous_status: row.previous_status,
          sent_at: row.sent_at,
          send_mode: row.send_mode,
          sent_to: row.sent_to,
          updated_at: deps.clock.now(),
          lock_version: sql`${purchaseOrders.lock_version} + 1`,
        })
        .where(eq(purchaseOrders.id, id))
      await writeTrace(tx, deps.clock, {
        action: 'send_failed',
        message: `Order ${row.code}: ${message}, the order is back to ${row.status}`,
        model: 'purchase_order',
        model_id: id,
        user_id: actor.id,
        severity: 'error',
      })
    })
  if (target !== null) {
    // The order is marked sent first (one sender wins a race), then posted to the supplier's system.
    const sent = await applyOrderAction(deps, actor, id, 'send', {}, { sent_to: { cxml: target.url } })
    if (!sent.ok) return sent
    const [lines, company] = await Promise.all([
      deps.db
        .select()
        .from(purchaseOrderLines)
        .where(eq(purchaseOrderLines.purchase_order_id, id))
        .orderBy(asc(purchaseOrderLines.position)),
      deps.db
        .select({ label: companies.label })
        .from(companies)
        .where(eq(companies.id, row.company_id))
        .limit(1)
        .then(first),
    ])
    const delivery = (row.delivery_address as { address?: string } | null)?.address ?? null
    const answered = await postOrderRequest(deps, target, {
      ...row,
      company: company?.label ?? '',
      delivery,
      lines,
    })
    if (!answered.ok) {
      await putBack(`the supplier's order system refused it (${answered.error.params?.detail ?? ''})`)
      return answered
    }
    const { code, text, payload_id } = answered.value
    await deps.db.transaction(async (tx) => {
      await tx
        .update(purchaseOrders)
        .set({ sent_to: { cxml: target.url, status: `${code} ${text}`.trim(), payload_id } })
        .where(eq(purchaseOrders.id, id))
      await writeTrace(tx, deps.clock, {
        action: 'send_cxml',
        message:
          `Order ${row.code}: sent as a cXML OrderRequest (${payload_id}), the supplier answered ${code} ${text}`.trim(),
        model: 'purchase_order',
        model_id: id,
        user_id: actor.id,
      })
    })
    await tellOrderSent(deps, row, actor.id)
    return sent
  }
  const mail = parsed.value
  if (mail === null) return err({ code: 'FORM_ERRORS' })
  const document = await orderPdf(deps.db, actor, id, fallback)
  if (!document.ok) return document
  const { to, cc, bcc, subject, content } = mail
  // The order is marked sent first (one sender wins a race, the other is refused), then mailed;
  // a mail that fails puts the order back as it was, so it can be sent again.
  const sent = await applyOrderAction(deps, actor, id, 'send', {}, { sent_to: { to, cc, bcc, subject } })
  if (!sent.ok) return sent
  try {
    await deps.mailer.send({
      to,
      ...(cc.length > 0 ? { cc: cc.join(', ') } : {}),
      ...(bcc.length > 0 ? { bcc: bcc.join(', ') } : {}),
      subject,
      text:
        content === ''
          ? (
              await orderSendingMail(deps.db, document.value.language, {
                code: document.value.code,
                buyer: document.value.buyer,
              })
            ).text
          : content,
      attachments: [
        { filename: document.value.filename, content: document.value.pdf, contentType: 'application/pdf' },
      ],
    })
  } catch (error) {
    await putBack('the e-mail could not be sent')
    throw error
  }
  await tellOrderSent(deps, row, actor.id)
  return sent
}
