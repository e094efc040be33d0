/**
 * PunchOut (docs/domain/punchout.md): a supplier's shop settings, a shopping session started from
 * the catalogue, and its basket taken back into the cart — all or nothing, once.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { type DomainError, parseWith } from '@procura/core/errors'
import {
  type BasketItem,
  checkBasket,
  checkPunchoutSession,
  ociBasket,
  PUNCHOUT_OPERATIONS,
  PUNCHOUT_SESSION_MINUTES,
  type PunchoutOperation,
  type PunchoutProtocol,
  PunchoutSettingsSchema,
  type ShopFetch,
} from '@procura/core/punchout'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { checkCanManageSuppliers } from '@procura/core/supplier'
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { cartItems, currencies, punchoutSessions, supplierPunchouts, suppliers, users } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { requireWarehouse } from '../catalogue/warehouses'
import { writeTrace } from '../trace'
import {
  type CxmlIdentities,
  orderRequest,
  punchOutSetupRequest,
  readOrderMessage,
  readSetupResponse,
  readStatus,
} from './cxml'

type Deps = { db: Db; clock: Clock }
type Answer<T> = Promise<Result<T, DomainError>>

const hash = (value: string) => createHash('sha256').update(value).digest('hex')

const settingsRow = (db: Db, supplierId: number) =>
  db
    .select({ settings: supplierPunchouts, supplier: suppliers })
    .from(suppliers)
    .leftJoin(supplierPunchouts, eq(supplierPunchouts.supplier_id, suppliers.id))
    .where(eq(suppliers.id, supplierId))
    .limit(1)
    .then(first)

/** The settings as answered: the secrets only said to be set, never given back. */
const view = (found: NonNullable<Awaited<ReturnType<typeof settingsRow>>>) => {
  const s = found.settings
  return {
    supplier_id: found.supplier.id,
    url: found.supplier.punchout_url,
    protocol: s?.protocol ?? null,
    from_domain: s?.from_domain ?? null,
    from_identity: s?.from_identity ?? null,
    to_domain: s?.to_domain ?? null,
    to_identity: s?.to_identity ?? null,
    sender_domain: s?.sender_domain ?? null,
    sender_identity: s?.sender_identity ?? null,
    shared_secret_set: (s?.shared_secret ?? null) !== null,
    oci_username: s?.oci_username ?? null,
    oci_password_set: (s?.oci_password ?? null) !== null,
    vat_rate: s?.vat_rate ?? '20',
    purchase_family: s?.purchase_family ?? null,
    order_url: s?.order_url ?? null,
  }
}
export type PunchoutSettingsView = ReturnType<typeof view>

/** GET /bwapi/suppliers/{id}/punchout: who manages suppliers reads its shop's settings. */
export const readPunchoutSettings = async (deps: Deps, actor: OrderActor, supplierId: number) => {
  const allowed = checkCanManageSuppliers(actor)
  if (!allowed.ok) return allowed
  const found = await settingsRow(deps.db, supplierId)
  return found === undefined ? err({ code: 'ITEM_NOT_FOUND' } as DomainError) : ok({ data: view(found) })
}

/**
 * PUT /bwapi/suppliers/{id}/punchout: its shop's protocol, address, identities and secrets (a
 * secret left empty keeps the one kept), the VAT of its lines; traced without the secrets.
 */
export const savePunchoutSettings = async (
  deps: Deps,
  actor: OrderActor,
  supplierId: number,
  input: unknown,
): Answer<{ data: PunchoutSettingsView }> => {
  const allowed = checkCanManageSuppliers(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(PunchoutSettingsSchema, input)
  if (!parsed.ok) return parsed
  const vat = String((input as { vat_rate?: unknown }).vat_rate ?? '20')
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(vat))
    return err({ code: 'FORM_ERRORS', fields: { vat_rate: [{ code: 'INVALID_VALUE' }] } })
  const found = await settingsRow(deps.db, supplierId)
  if (found === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const { url, protocol, shared_secret, oci_password, ...identities } = parsed.value
  const now = deps.clock.now()
  const values = {
    protocol,
    ...identities,
    shared_secret: shared_secret ?? found.settings?.shared_secret ?? null,
    oci_password: oci_password ?? found.settings?.oci_password ?? null,
    vat_rate: vat,
    updated_by: actor.id,
    updated_at: now,
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(suppliers).set({ punchout_url: url, updated_at: now }).where(eq(suppliers.id, supplierId))
    await tx
      .insert(supplierPunchouts)
      .values({ supplier_id: supplierId, ...values, created_at: now })
      .onConflictDoUpdate({ target: supplierPunchouts.supplier_id, set: values })
    await writeTrace(tx, deps.clock, {
      action: 'punchout_settings',
      message: `PunchOut settings: ${protocol}, ${url}${shared_secret === null ? '' : ', shared secret changed'}${oci_password === null ? '' : ', OCI password changed'}`,
      model: 'supplier',
      model_id: supplierId,
      user_id: actor.id,
    })
  })
  const saved = await settingsRow(deps.db, supplierId)
  return saved === undefined ? err({ code: 'ITEM_NOT_FOUND' }) : ok({ data: view(saved) })
}

/** The suppliers a requester may shop at from the catalogue: those with a shop set up, active. */
export const punchoutSuppliers = async (db: Db) =>
  db
    .select({ id: suppliers.id, name: suppliers.company_name, protocol: supplierPunchouts.protocol })
    .from(supplierPunchouts)
    .innerJoin(suppliers, eq(supplierPunchouts.supplier_id, suppliers.id))
    .where(eq(suppliers.status, 'active'))
    .orderBy(suppliers.company_name)

const identitiesOf = (s: typeof supplierPunchouts.$inferSelect): CxmlIdentities => ({
  from: { domain: s.from_domain, identity: s.from_identity ?? '' },
  to: { domain: s.to_domain, identity: s.to_identity ?? '' },
  sender: { domain: s.sender_domain, identity: s.sender_identity ?? '', shared_secret: s.shared_secret },
})

/** Where a shop is sent: a cXML start page, or the OCI form Procura's page posts (punchout/go). */
export type PunchoutStart = { protocol: PunchoutProtocol; url: string }

/**
 * POST /bwapi/warehouses/{w}/punchout {supplier_id}: opens a shopping session (its buyer cookie,
 * 30 minutes) and answers where the browser goes: cXML posts the PunchOutSetupRequest to the shop
 * and answers its start page; OCI answers Procura's page that posts the shop's login form with the
 * HOOK_URL. A shop that does not answer leaves no session.
 */
export const startPunchout = async (
  deps: Deps & { fetchShop: ShopFetch },
  actor: OrderActor,
  warehouseId: number,
  input: unknown,
  /** This server's origin and base, for the return address ("https://procura.example"). */
  origin: string,
): Answer<{ data: PunchoutStart }> => {
  const warehouse = await requireWarehouse(deps.db, warehouseId)
  if (!warehouse.ok) return warehouse
  const asked = (input ?? {}) as { supplier_id?: unknown; operation?: unknown }
  const supplierId = Number(asked.supplier_id)
  if (!Number.isSafeInteger(supplierId))
    return err({ code: 'FORM_ERRORS', fields: { supplier_id: [{ code: 'NOT_IN_LIST' }] } })
  const operation = (asked.operation ?? 'create') as PunchoutOperation
  if (!(PUNCHOUT_OPERATIONS as readonly unknown[]).includes(operation))
    return err({ code: 'FORM_ERRORS', fields: { operation: [{ code: 'NOT_IN_LIST' }] } })
  const found = await settingsRow(deps.db, supplierId)
  if (found === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const settings = found.settings
  const url = found.supplier.punchout_url
  if (settings === null || url === null) return err({ code: 'PUNCHOUT_NOT_CONFIGURED' })
  if (settings.protocol !== 'cxml' && settings.protocol !== 'oci')
    return err({ code: 'PUNCHOUT_UNSUPPORTED_FORMAT' })
  // Edit and inspect take the cart's lines of this shop back there: cXML's, OCI has no such call.
  if (operation !== 'create' && settings.protocol !== 'cxml')
    return err({ code: 'PUNCHOUT_UNSUPPORTED_FORMAT' })
  const lines =
    operation === 'create'
      ? []
      : await deps.db
          .select()
          .from(cartItems)
          .where(
            and(
              eq(cartItems.user_id, actor.id),
              eq(cartItems.warehouse_id, warehouseId),
              eq(cartItems.supplier_id, supplierId),
              isNull(cartItems.article_id),
            ),
          )
          .orderBy(asc(cartItems.id))
  if (operation !== 'create' && lines.length === 0) return err({ code: 'PUNCHOUT_NOTHING_TO_EDIT' })
  const cookie = randomBytes(24).toString('base64url')
  const now = deps.clock.now()
  const [session] = await deps.db
    .insert(punchoutSessions)
    .values({
      cookie_hash: hash(cookie),
      supplier_id: supplierId,
      user_id: actor.id,
      warehouse_id: warehouseId,
      protocol: settings.protocol,
      operation,
      expires_at: new Date(now.getTime() + PUNCHOUT_SESSION_MINUTES * 60_000),
      created_at: now,
    })
    .returning({ id: punchoutSessions.id })
  const returnUrl = `${origin}/punchout/return/${cookie}`
  if (settings.protocol === 'oci')
    return ok({ data: { protocol: 'oci', url: `${origin}/punchout/go/${cookie}` } })
  const user = await deps.db
    .select({ email: users.email, label: users.label })
    .from(users)
    .where(eq(users.id, actor.id))
    .limit(1)
    .then(first)
  const body = punchOutSetupRequest({
    payloadId: `${now.getTime()}.${randomBytes(6).toString('hex')}@procura`,
    timestamp: now,
    identities: identitiesOf(settings),
    buyerCookie: cookie,
    returnUrl,
    user: { email: user?.email ?? '', name: user?.label ?? '' },
    operation,
    items: lines.map((l) => ({
      supplier_part_id: l.supplier_part_id ?? '',
      supplier_part_aux_id: l.supplier_part_aux_id,
      quantity: l.quantity,
    })),
  })
  const started = await deps
    .fetchShop(url, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body })
    .then(async (r) =>
      r.status >= 200 && r.status < 300
        ? readSetupResponse(await r.text())
        : err({ code: 'PUNCHOUT_SHOP_UNREACHABLE', params: { detail: `HTTP ${r.status}` } } as DomainError),
    )
    .catch(() => err({ code: 'PUNCHOUT_SHOP_UNREACHABLE', params: { detail: 'no answer' } } as DomainError))
  if (!started.ok) {
    await deps.db.delete(punchoutSessions).where(eq(punchoutSessions.id, session?.id ?? 0))
    return started
  }
  return ok({ data: { protocol: 'cxml', url: started.value } })
}

/** An open session by its cookie, with its supplier's settings; refused when it may not take a basket. */
const openSession = async (deps: Deps, cookie: string) => {
  const session = await deps.db
    .select()
    .from(punchoutSessions)
    .where(eq(punchoutSessions.cookie_hash, hash(cookie)))
    .limit(1)
    .then(first)
  const usable = checkPunchoutSession(session, deps.clock.now())
  if (!usable.ok || session === undefined)
    return usable.ok ? err({ code: 'PUNCHOUT_SESSION_UNKNOWN' } as DomainError) : usable
  const found = await settingsRow(deps.db, session.supplier_id)
  if (found?.settings == null || found.supplier.punchout_url === null)
    return err({ code: 'PUNCHOUT_NOT_CONFIGURED' } as DomainError)
  return ok({ session, settings: found.settings, supplier: found.supplier })
}

/**
 * GET /punchout/go/{cookie}: OCI's login form for the session's own user, posted to the shop by
 * the page (USERNAME, PASSWORD, HOOK_URL and OCI's ~OkCode, ~TARGET, ~CALLER).
 */
export const ociForm = async (deps: Deps, userId: number | null, cookie: string, origin: string) => {
  const open = await openSession(deps, cookie)
  if (!open.ok) return open
  if (open.value.session.user_id !== userId || open.value.settings.protocol !== 'oci')
    return err({ code: 'PUNCHOUT_SESSION_UNKNOWN' } as DomainError)
  return ok({
    action: open.value.supplier.punchout_url ?? '',
    fields: {
      USERNAME: open.value.settings.oci_username ?? '',
      PASSWORD: open.value.settings.oci_password ?? '',
      HOOK_URL: `${origin}/punchout/return/${cookie}`,
      '~OkCode': 'ADDI',
      '~TARGET': '_top',
      '~CALLER': 'CTLG',
    },
  })
}

const sameSecret = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest()
  const y = createHash('sha256').update(b).digest()
  return timingSafeEqual(x, y)
}

/**
 * POST /punchout/return/{cookie}: the basket the shop posts through the browser — cXML's
 * PunchOutOrderMessage (form field cxml-urlencoded or cxml-base64) or OCI's NEW_ITEM fields. Checked
 * whole before anything is kept (the session open and unused, the cookie and, for cXML, the shop's
 * identity and shared secret, every line); then, in one transaction, the session is closed by a
 * conditional update (a basket comes back once) and its lines join the user's cart.
 */
export const receiveBasket = async (
  deps: Deps,
  cookie: string,
  form: Readonly<Record<string, string>>,
): Answer<{ warehouse_id: number; supplier_id: number; lines: number }> => {
  const open = await openSession(deps, cookie)
  if (!open.ok) return open
  const { session, settings, supplier } = open.value
  let items: BasketItem[]
  if (session.protocol === 'cxml') {
    const encoded = form['cxml-urlencoded'] ?? form['cXML-urlencoded']
    const base64 = form['cxml-base64'] ?? form['cXML-base64']
    const xml = encoded ?? (base64 === undefined ? undefined : Buffer.from(base64, 'base64').toString('utf8'))
    if (xml === undefined) return err({ code: 'PUNCHOUT_BAD_DOCUMENT' })
    const message = readOrderMessage(xml)
    if (!message.ok) return message
    if (message.value.buyerCookie !== cookie) return err({ code: 'PUNCHOUT_SESSION_UNKNOWN' })
    // The shop speaks as the supplier: its identity, and its shared secret when one is kept.
    const sender = message.value.identities
    if (
      (settings.to_identity !== null && sender.from.identity !== settings.to_identity) ||
      (settings.shared_secret !== null &&
        !sameSecret(sender.sender.shared_secret ?? '', settings.shared_secret))
    )
      return err({ code: 'PUNCHOUT_SECRET_MISMATCH' })
    items = message.value.items
  } else items = ociBasket(form)
  const instance = await deps.db.select({ code: currencies.code }).from(currencies)
  const checked = checkBasket(items, {
    instance: instance.map((c) => c.code),
    supplier: supplier.currency_code,
  })
  if (!checked.ok) return checked
  const now = deps.clock.now()
  return writeOrRefuse(deps.db, async (tx) => {
    const closed = await tx
      .update(punchoutSessions)
      .set({ returned_at: now, lines: checked.value.length })
      .where(and(eq(punchoutSessions.id, session.id), isNull(punchoutSessions.returned_at)))
      .returning({ id: punchoutSessions.id })
    if (closed.length === 0) return err({ code: 'PUNCHOUT_SESSION_USED' } as DomainError)
    // An edit's basket replaces the cart's lines of this shop.
    if (session.operation === 'edit')
      await tx
        .delete(cartItems)
        .where(
          and(
            eq(cartItems.user_id, session.user_id),
            eq(cartItems.warehouse_id, session.warehouse_id),
            eq(cartItems.supplier_id, session.supplier_id),
            isNull(cartItems.article_id),
          ),
        )
    await tx.insert(cartItems).values(
      checked.value.map((line) => ({
        user_id: session.user_id,
        warehouse_id: session.warehouse_id,
        article_id: null,
        supplier_id: session.supplier_id,
        quantity: line.quantity,
        punchout_session_id: session.id,
        supplier_part_id: line.supplier_part_id,
        supplier_part_aux_id: line.supplier_part_aux_id,
        label: line.description,
        unit: line.unit,
        unit_price_exctax: line.unit_price,
        vat_rate: settings.vat_rate,
        currency_code: line.currency_code,
        classification: line.classification,
        lead_time_days: line.lead_time_days,
        created_at: now,
        updated_at: now,
      })),
    )
    await writeTrace(tx, deps.clock, {
      action: 'punchout_basket',
      message: `PunchOut basket from ${supplier.company_name}: ${checked.value.length} line(s) ${session.operation === 'edit' ? 'replace its lines in' : 'added to'} the cart`,
      model: 'supplier',
      model_id: supplier.id,
      user_id: session.user_id,
    })
    return ok({ warehouse_id: session.warehouse_id, supplier_id: supplier.id, lines: checked.value.length })
  })
}

/** Where a supplier takes orders as cXML OrderRequests, with the identities to send them under; null: by e-mail. */
export const cxmlOrderTarget = async (db: Db, supplierId: number) => {
  const found = await settingsRow(db, supplierId)
  const s = found?.settings
  return s == null || s.protocol !== 'cxml' || s.order_url === null
    ? null
    : { url: s.order_url, identities: identitiesOf(s) }
}

/**
 * Posts a sent order as a cXML OrderRequest to the supplier's order system (within 10 s): its
 * lines with their part ids (a PunchOut line's, else "LINE-n"), total, bill-to company and
 * delivery address. Answers the supplier's Status; anything but a 2xx code is a refusal.
 */
export const postOrderRequest = async (
  deps: Deps & { fetchShop?: ShopFetch },
  target: NonNullable<Awaited<ReturnType<typeof cxmlOrderTarget>>>,
  order: {
    code: string
    version: number
    currency_code: string
    amount_exctax: string
    company: string
    delivery: string | null
    lines: readonly {
      position: number
      supplier_part_id: string | null
      label: string
      quantity: string
      unit: string
      unit_price_exctax: string
    }[]
  },
): Answer<{ code: string; text: string; payload_id: string }> => {
  const now = deps.clock.now()
  const payloadId = `${now.getTime()}.${randomBytes(6).toString('hex')}@procura`
  const body = orderRequest({
    payloadId,
    timestamp: now,
    identities: target.identities,
    orderId: order.version > 1 ? `${order.code}-v${order.version}` : order.code,
    orderDate: now,
    currency: order.currency_code,
    total: order.amount_exctax,
    billTo: order.company,
    shipTo: order.delivery,
    lines: order.lines.map((l) => ({
      lineNumber: l.position,
      supplier_part_id: l.supplier_part_id ?? `LINE-${l.position}`,
      description: l.label,
      quantity: l.quantity,
      unit: l.unit,
      unit_price: l.unit_price_exctax,
    })),
  })
  const fetchShop: ShopFetch =
    deps.fetchShop ?? ((url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(10_000) }))
  const answered = await fetchShop(target.url, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8' },
    body,
  })
    .then(async (r) => ({ http: r.status, status: readStatus(await r.text()) }))
    .catch(() => null)
  if (answered === null) return err({ code: 'PUNCHOUT_ORDER_REFUSED', params: { detail: 'no answer' } })
  const { status } = answered
  if (status === null || !/^2\d\d$/.test(status.code))
    return err({
      code: 'PUNCHOUT_ORDER_REFUSED',
      params: {
        detail: status === null ? `HTTP ${answered.http}` : `${status.code} ${status.text}`.slice(0, 120),
      },
    })
  return ok({ ...status, payload_id: payloadId })
}
