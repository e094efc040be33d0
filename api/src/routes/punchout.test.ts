import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest'
import { punchOutSetupRequest } from '../services/punchout/cxml'
import { type Agent, signIn } from '../testing/agent'
import { basketForm, startTestShop, type TestShop } from '../testing/punchout-shop'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'
import { CXML_PUNCHOUT_DTD, xmllintDtd } from '../testing/xmllint'

/**
 * PunchOut against a real shop: scripts/punchout-shop.mjs runs as its own process, speaking cXML
 * and OCI; Procura posts its setup request to it, and the test plays the browser between them.
 */
type Json = Record<string, unknown>
let shop: TestShop
let t: TestApp
let buyer: Agent
let supplier: number
let warehouse: number
const json = async (response: Response) => (await response.json()) as Json
const rows = async (sql: string) => (await t.client.execute(sql)).rows
const idOf = async (sql: string) => Number((await rows(sql))[0]?.id)
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    await rows('SELECT id, returned_at, lines FROM punchout_sessions ORDER BY id'),
    await rows('SELECT id, quantity FROM cart_items ORDER BY id'),
  ])

beforeAll(async () => {
  shop = await startTestShop()
})
afterAll(() => shop.stop())
beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  supplier = await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  warehouse = await idOf('SELECT id FROM warehouses ORDER BY id LIMIT 1')
  await t.client.execute(
    "UPDATE suppliers SET max_per_year = NULL, max_per_order = NULL WHERE code = 'OFFICEPRO'",
  )
})
afterEach(() => t.close())

const cxmlSettings = (changes: Json = {}) => ({
  protocol: 'cxml',
  url: `${shop.url}/cxml/setup`,
  from_identity: 'acme',
  to_identity: 'bureau-direct',
  sender_identity: 'acme',
  shared_secret: 'demo-secret',
  vat_rate: '20',
  ...changes,
})
const setUp = async (settings: Json = cxmlSettings()) => {
  const saved = await buyer.request(`/bwapi/suppliers/${supplier}/punchout`, {
    method: 'PUT',
    body: settings,
  })
  expect(saved.status).toBe(200)
  return (await json(saved)).data as Json
}
const base = () => `/bwapi/warehouses/${warehouse}/articles`

/**
 * Punches out (a new basket, or the cart's lines taken back to edit or inspect), shops (quantities by
 * part id) and answers the page the shop sends back: where it posts, what — and the shop's page.
 */
const shopFor = async (who: Agent, quantities: Record<string, number>, operation = 'create') => {
  const started = await who.post(`${base()}/punchout`, { supplier_id: supplier, operation })
  expect(started.status).toBe(200)
  const start = (await json(started)).data as { protocol: string; url: string }
  let shopPage = start.url
  if (start.protocol === 'oci') {
    // Procura's page posts the shop's login form; the test posts it as the browser does.
    const go = await who.get(new URL(start.url).pathname)
    const html = await go.text()
    const action = /action="([^"]*)"/.exec(html)?.[1] ?? ''
    const fields = new URLSearchParams()
    for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
      fields.set(m[1] ?? '', (m[2] ?? '').replace(/&amp;/g, '&'))
    const login = await fetch(action, { method: 'POST', body: fields, redirect: 'manual' })
    expect(login.status).toBe(303)
    shopPage = new URL(login.headers.get('location') ?? '', action).toString()
  }
  expect(shopPage.startsWith(shop.url)).toBe(true)
  const opened = await fetch(shopPage)
  expect(opened.status).toBe(200)
  const html = await opened.text()
  const form = new URLSearchParams(
    Object.entries(quantities).map(([id, n]): [string, string] => [`qty-${id}`, String(n)]),
  )
  const back = await fetch(`${shopPage}/checkout`, { method: 'POST', body: form })
  return { ...basketForm(await back.text()), shopHtml: html }
}
/** The browser posting the shop's page back to Procura. */
const postBack = (who: Agent, action: string, fields: Record<string, string>) =>
  who.request(new URL(action).pathname, {
    method: 'POST',
    raw: { type: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields).toString() },
  })
const cart = async (who: Agent) =>
  ((await json(await who.get(`${base()}/get-cart`))).data as { items: Json[] }).items

test('settings: kept like bank details — managers only, secrets never answered, unsupported formats refused', async () => {
  const requester = await signIn(t.app, 'requester')
  const before = await snapshot()
  expect(
    (
      await requester.request(`/bwapi/suppliers/${supplier}/punchout`, {
        method: 'PUT',
        body: cxmlSettings(),
      })
    ).status,
  ).toBe(403)
  const edi = await buyer.request(`/bwapi/suppliers/${supplier}/punchout`, {
    method: 'PUT',
    body: cxmlSettings({ protocol: 'edi' }),
  })
  expect(edi.status).toBe(422)
  expect(JSON.stringify(await json(edi))).toContain('Unsupported PunchOut format.')
  expect(await snapshot()).toBe(before)
  const saved = await setUp()
  expect(saved).toMatchObject({ protocol: 'cxml', shared_secret_set: true, url: `${shop.url}/cxml/setup` })
  expect(JSON.stringify(saved)).not.toContain('demo-secret')
  // A secret sent empty keeps the one kept; the change is traced without it.
  expect(await setUp(cxmlSettings({ shared_secret: '' }))).toMatchObject({ shared_secret_set: true })
  expect((await rows('SELECT shared_secret FROM supplier_punchouts'))[0]?.shared_secret).toBe('demo-secret')
  const traces = await rows("SELECT message FROM traces WHERE action = 'punchout_settings'")
  expect(traces).toHaveLength(2)
  expect(JSON.stringify(traces)).not.toContain('demo-secret')
})

test('cXML: from the catalogue to the shop and back into the cart, then an order validated', async () => {
  await setUp()
  const { action, fields } = await shopFor(buyer, { 'BD-TON-305': 2, 'BD-PAP-A4': 3 })
  const message = fields['cxml-urlencoded'] ?? ''
  // Both documents exchanged follow cXML's DTD.
  expect(xmllintDtd(message, CXML_PUNCHOUT_DTD)).toBe('')
  const returned = await postBack(buyer, action, fields)
  expect(returned.status).toBe(303)
  expect(returned.headers.get('location')).toBe(`/app/warehouses/${warehouse}/articles?punchout=2`)
  const items = await cart(buyer)
  expect(items.map((i) => [i.punchout, i.reference, i.label, i.quantity, i.unit, i.amount_exctax])).toEqual([
    [true, 'BD-PAP-A4', 'Copy paper A4 80 g, box of 5 reams', '3', 'box', '67.50'],
    [true, 'BD-TON-305', 'Toner cartridge HP 305A, black', '2', 'unit', '129.80'],
  ])
  expect(await rows('SELECT classification, lead_time_days FROM cart_items ORDER BY id')).toEqual([
    { classification: '44103103', lead_time_days: 2 },
    { classification: '14111507', lead_time_days: 1 },
  ])
  // The same basket again: refused, the cart as it was.
  const before = await snapshot()
  const again = await postBack(buyer, action, fields)
  expect(again.headers.get('location')).toBe('/app/warehouses?punchout_error=PUNCHOUT_SESSION_USED')
  expect(await snapshot()).toBe(before)
  // The cart becomes an order of that supplier through its circuit.
  const made = await buyer.post(`${base()}/create-purchase-order?mode=submit`, {})
  const order = ((await json(made)).data as { orders: { id: number; status: string }[] }).orders[0]
  expect(order?.status).toBe('awaiting')
  expect(
    await rows(
      `SELECT label, unit, quantity, unit_price_exctax FROM purchase_order_lines WHERE purchase_order_id = ${order?.id} ORDER BY id`,
    ),
  ).toEqual([
    {
      label: 'BD-TON-305 Toner cartridge HP 305A, black',
      unit: 'unit',
      quantity: '2',
      unit_price_exctax: '64.9',
    },
    {
      label: 'BD-PAP-A4 Copy paper A4 80 g, box of 5 reams',
      unit: 'box',
      quantity: '3',
      unit_price_exctax: '22.5',
    },
  ])
  const validator = await signIn(t.app, 'validator')
  expect((await validator.post(`/bwapi/purchase-orders/${order?.id}/validate`)).status).toBe(200)
  expect(await cart(buyer)).toEqual([])
})

test('Procura’s setup request follows cXML’s DTD; a shop refusing the secret or not answering leaves no session', async () => {
  const request = punchOutSetupRequest({
    payloadId: '1@procura',
    timestamp: new Date('2026-11-29T10:00:00Z'),
    identities: {
      from: { domain: 'NetworkID', identity: 'acme & co' },
      to: { domain: null, identity: 'bureau-direct' },
      sender: { domain: null, identity: 'acme', shared_secret: 's3cret<' },
    },
    buyerCookie: 'cookie',
    returnUrl: 'https://procura.example/punchout/return/cookie',
    user: { email: 'buyer@procura.example', name: 'Bruno Buyer' },
    operation: 'edit',
    items: [{ supplier_part_id: 'BD-PAP-A4', supplier_part_aux_id: null, quantity: '3' }],
  })
  expect(xmllintDtd(request, CXML_PUNCHOUT_DTD)).toBe('')
  await setUp(cxmlSettings({ shared_secret: 'wrong' }))
  const before = await snapshot()
  const refused = await buyer.post(`${base()}/punchout`, { supplier_id: supplier })
  expect(refused.status).toBe(422)
  expect((await json(refused)).message).toMatch(/did not answer as expected \(401 Unauthorized/)
  await setUp(cxmlSettings({ url: 'http://127.0.0.1:9/cxml/setup', shared_secret: 'demo-secret' }))
  const unreachable = await buyer.post(`${base()}/punchout`, { supplier_id: supplier })
  expect((await json(unreachable)).code).toBe('PUNCHOUT_SHOP_UNREACHABLE')
  expect((await rows('SELECT count(*) AS n FROM punchout_sessions'))[0]?.n).toBe(0)
  expect(JSON.parse(await snapshot())[2]).toEqual(JSON.parse(before)[2])
})

test('hostile or wrong baskets are refused with a clear reason and change nothing', async () => {
  await setUp()
  const { action, fields } = await shopFor(buyer, { 'BD-PEN-BL': 1 })
  const good = fields['cxml-urlencoded'] ?? ''
  const cookie = new URL(action).pathname.split('/').at(-1) ?? ''
  const laughs = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><cXML>&lol2;</cXML>`
  const external = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><cXML><Message>&xxe;</Message></cXML>`
  const cases: [string, Record<string, string>, string][] = [
    ['entity expansion', { 'cxml-urlencoded': laughs }, 'PUNCHOUT_BAD_DOCUMENT'],
    ['external entity', { 'cxml-urlencoded': external }, 'PUNCHOUT_BAD_DOCUMENT'],
    [
      'oversize',
      { 'cxml-urlencoded': good.replace('</cXML>', `<!--${'x'.repeat(1_100_000)}--></cXML>`) },
      'PUNCHOUT_BAD_DOCUMENT',
    ],
    ['malformed', { 'cxml-urlencoded': good.slice(0, -20) }, 'PUNCHOUT_BAD_DOCUMENT'],
    ['no document', { other: 'x' }, 'PUNCHOUT_BAD_DOCUMENT'],
    [
      'another cookie',
      { 'cxml-urlencoded': good.replace(`<BuyerCookie>${cookie}`, '<BuyerCookie>forged') },
      'PUNCHOUT_SESSION_UNKNOWN',
    ],
    [
      'wrong secret',
      { 'cxml-urlencoded': good.replace('<SharedSecret>demo-secret', '<SharedSecret>guess') },
      'PUNCHOUT_SECRET_MISMATCH',
    ],
    [
      'another shop',
      {
        'cxml-urlencoded': good.replace(
          '<From><Credential domain="NetworkID"><Identity>bureau-direct',
          '<From><Credential domain="NetworkID"><Identity>evil',
        ),
      },
      'PUNCHOUT_SECRET_MISMATCH',
    ],
    [
      'price not a decimal',
      {
        'cxml-urlencoded': good.replace(
          '<Money currency="EUR">11.75</Money></UnitPrice>',
          '<Money currency="EUR">11,75</Money></UnitPrice>',
        ),
      },
      'PUNCHOUT_BAD_LINE',
    ],
    [
      'unknown currency',
      { 'cxml-urlencoded': good.replaceAll('currency="EUR"', 'currency="JPY"') },
      'PUNCHOUT_CURRENCY_UNKNOWN',
    ],
  ]
  const before = await snapshot()
  for (const [name, form, code] of cases) {
    const answer = await postBack(buyer, action, form)
    expect([
      name,
      answer.status,
      new URL(answer.headers.get('location') ?? '', 'http://x').searchParams.get('punchout_error'),
    ]).toEqual([name, 303, code])
  }
  const unknown = await postBack(buyer, action.replace(cookie, 'nobody'), fields)
  expect(unknown.headers.get('location')).toContain('punchout_error=PUNCHOUT_SESSION_UNKNOWN')
  expect(await snapshot()).toBe(before)
  // Past its 30 minutes, even the genuine basket is refused.
  t.clock.set(new Date(t.clock.now().getTime() + 31 * 60_000).toISOString())
  const late = await postBack(buyer, action, fields)
  expect(late.headers.get('location')).toContain('punchout_error=PUNCHOUT_SESSION_EXPIRED')
  expect(await snapshot()).toBe(before)
})

test('OCI: Procura’s page posts the login form to the shop only; the NEW_ITEM fields come back into a requester’s cart, then a request', async () => {
  await setUp({
    protocol: 'oci',
    url: `${shop.url}/oci`,
    oci_username: 'acme',
    oci_password: 'oci-demo',
    vat_rate: '5.5',
    purchase_family: 'OFFICE',
  })
  const requester = await signIn(t.app, 'requester')
  const started = await requester.post(`${base()}/punchout`, { supplier_id: supplier })
  const go = new URL(((await json(started)).data as { url: string }).url).pathname
  // The page is the session's user's only, and allows posting to the shop alone.
  expect((await buyer.get(go)).status).toBe(404)
  const page = await requester.get(go)
  expect(page.headers.get('content-security-policy')).toContain(`form-action ${shop.url}`)
  const { action, fields } = await (async () => {
    const html = await page.text()
    const target = /action="([^"]*)"/.exec(html)?.[1] ?? ''
    const form = new URLSearchParams()
    for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
      form.set(m[1] ?? '', (m[2] ?? '').replace(/&amp;/g, '&'))
    expect(form.get('HOOK_URL')).toMatch(/\/punchout\/return\//)
    const login = await fetch(target, { method: 'POST', body: form, redirect: 'manual' })
    const shopPage = new URL(login.headers.get('location') ?? '', target).toString()
    const back = await fetch(`${shopPage}/checkout`, {
      method: 'POST',
      body: new URLSearchParams({ 'qty-BD-PEN-BL': '4' }),
    })
    return basketForm(await back.text())
  })()
  expect(fields['NEW_ITEM-VENDORMAT[1]']).toBe('BD-PEN-BL')
  expect((await postBack(requester, action, fields)).headers.get('location')).toContain('punchout=1')
  expect((await cart(requester)).map((i) => [i.reference, i.quantity, i.unit, i.amount_exctax])).toEqual([
    ['BD-PEN-BL', '4', 'pack', '47.00'],
  ])
  const made = await requester.post(`${base()}/create-purchase-order?mode=request`, {})
  expect(made.status, JSON.stringify(await made.clone().json())).toBe(201)
  expect(
    await rows('SELECT description, unit, quantity, vat_rate FROM need_lines ORDER BY id DESC LIMIT 1'),
  ).toEqual([
    {
      description: 'BD-PEN-BL Ballpoint pens, blue, pack of 50',
      unit: 'pack',
      quantity: '4',
      vat_rate: '5.5',
    },
  ])
})

test('edit takes the cart’s lines back to the shop and its basket replaces them; inspect changes nothing', async () => {
  await setUp()
  const first = await shopFor(buyer, { 'BD-TON-305': 2, 'BD-PAP-A4': 3 })
  await postBack(buyer, first.action, first.fields)
  // Edit: the shop opens with the lines (the setup request's ItemOut), its basket replaces them.
  const edited = await shopFor(buyer, { 'BD-TON-305': 5 }, 'edit')
  expect(edited.shopHtml).toContain('name="qty-BD-TON-305" value="2"')
  expect(edited.shopHtml).toContain('name="qty-BD-PAP-A4" value="3"')
  expect((await postBack(buyer, edited.action, edited.fields)).headers.get('location')).toContain(
    'punchout=1',
  )
  expect((await cart(buyer)).map((i) => [i.reference, i.quantity])).toEqual([['BD-TON-305', '5']])
  // Inspect: a look only; the basket that comes back changes nothing.
  const looked = await shopFor(buyer, { 'BD-TON-305': 9 }, 'inspect')
  expect(looked.shopHtml).toContain('name="qty-BD-TON-305" value="5"')
  const before = await snapshot()
  const refused = await postBack(buyer, looked.action, looked.fields)
  expect(refused.headers.get('location')).toContain('punchout_error=PUNCHOUT_INSPECT_ONLY')
  expect(await snapshot()).toBe(before)
  // Nothing of this shop in the cart: nothing to take back there.
  await buyer.post(`${base()}/empty-cart`, {})
  const nothing = await buyer.post(`${base()}/punchout`, { supplier_id: supplier, operation: 'edit' })
  expect((await json(nothing)).code).toBe('PUNCHOUT_NOTHING_TO_EDIT')
})

test('a sent order goes to the supplier’s order system as a cXML OrderRequest; refused there, it is not sent', async () => {
  await setUp(cxmlSettings({ order_url: `${shop.url}/cxml/order` }))
  const { action, fields } = await shopFor(buyer, { 'BD-TON-305': 2 })
  await postBack(buyer, action, fields)
  const made = await buyer.post(`${base()}/create-purchase-order?mode=submit`, {})
  const id = ((await json(made)).data as { orders: { id: number }[] }).orders[0]?.id
  const validator = await signIn(t.app, 'validator')
  expect((await validator.post(`/bwapi/purchase-orders/${id}/validate`)).status).toBe(200)
  // The send dialog knows: no mail to write.
  const read = (await json(await buyer.get(`/bwapi/purchase-orders/${id}`))).data as { send_defaults: Json }
  expect(read.send_defaults.cxml_order_url).toBe(`${shop.url}/cxml/order`)
  // Refused by the supplier's system (a wrong secret): the order stays validated, the refusal said.
  await setUp(cxmlSettings({ order_url: `${shop.url}/cxml/order`, shared_secret: 'wrong' }))
  const refused = await buyer.post(`/bwapi/purchase-orders/${id}/send`, {})
  expect(refused.status).toBe(422)
  expect((await json(refused)).message).toMatch(/order system did not take the order \(401 Unauthorized/)
  expect(await rows(`SELECT status, sent_at FROM purchase_orders WHERE id = ${id}`)).toEqual([
    { status: 'validated', sent_at: null },
  ])
  // Accepted: sent, its answer kept and traced; the document follows cXML's DTD.
  await setUp(cxmlSettings({ order_url: `${shop.url}/cxml/order`, shared_secret: 'demo-secret' }))
  expect((await buyer.post(`/bwapi/purchase-orders/${id}/send`, {})).status).toBe(200)
  const sent = (await rows(`SELECT status, sent_to FROM purchase_orders WHERE id = ${id}`))[0]
  expect(sent?.status).toBe('sent')
  expect(JSON.stringify(sent?.sent_to)).toContain('200 OK')
  expect((await rows("SELECT message FROM traces WHERE action = 'send_cxml'"))[0]?.message).toMatch(
    /sent as a cXML OrderRequest .* the supplier answered 200 OK/,
  )
  const document = await (await fetch(`${shop.url}/cxml/orders/last`)).text()
  expect(xmllintDtd(document, CXML_PUNCHOUT_DTD)).toBe('')
  expect(document).toContain('<SupplierPartID>BD-TON-305</SupplierPartID>')
  expect(document).toMatch(/<OrderRequestHeader orderID="PO-\d{4}-\d{5}"/)
})
