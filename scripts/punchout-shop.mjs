#!/usr/bin/env node
/**
 * A supplier's PunchOut shop, small but speaking both protocols as real shops do
 * (docs/domain/punchout.md): the tests start it as a separate process, and the demo's PunchOut
 * supplier (Bureau Direct) points at it — `npm run punchout-shop` (http://localhost:8098).
 *
 * cXML 1.2: POST /cxml/setup takes a PunchOutSetupRequest (checks the Sender's shared secret),
 * answers a PunchOutSetupResponse whose start page is /shop/{id}; the shop's checkout posts a
 * PunchOutOrderMessage back through the browser (form field cxml-urlencoded) to the request's
 * BrowserFormPost URL, with the BuyerCookie. POST /cxml/order takes sent orders (OrderRequest). OCI 4.0/5.0: POST or GET /oci with USERNAME,
 * PASSWORD and HOOK_URL; the checkout posts NEW_ITEM-*[n] fields to the HOOK_URL.
 *
 * Environment: PORT (8098; 0 picks a free one, printed as "listening on PORT"), SHOP_SECRET
 * (demo-secret), SHOP_IDENTITY (bureau-direct), SHOP_OCI_USER / SHOP_OCI_PASSWORD (acme / oci-demo).
 */
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'

const port = Number(process.env.PORT ?? 8098)
const secret = process.env.SHOP_SECRET ?? 'demo-secret'
const identity = process.env.SHOP_IDENTITY ?? 'bureau-direct'
const ociUser = process.env.SHOP_OCI_USER ?? 'acme'
const ociPassword = process.env.SHOP_OCI_PASSWORD ?? 'oci-demo'

/** What the shop sells: part id, description, price (EUR, excl. tax), UN/ECE unit, UNSPSC, lead time. */
const PRODUCTS = [
  {
    id: 'BD-TON-305',
    description: 'Toner cartridge HP 305A, black',
    price: '64.90',
    unit: 'EA',
    unspsc: '44103103',
    lead: '2',
  },
  {
    id: 'BD-PAP-A4',
    description: 'Copy paper A4 80 g, box of 5 reams',
    price: '22.50',
    unit: 'BX',
    unspsc: '14111507',
    lead: '1',
  },
  {
    id: 'BD-PEN-BL',
    description: 'Ballpoint pens, blue, pack of 50',
    price: '11.75',
    unit: 'PK',
    unspsc: '44121704',
    lead: '3',
  },
]

/** Shopping sessions: the protocol, where the basket goes, the buyer cookie (cXML). */
const sessions = new Map()
/** The OrderRequests received, the last one readable at GET /cxml/orders/last. */
const orders = []

const escapeXml = (value) =>
  String(value).replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c],
  )
const tag = (xml, name) => new RegExp(`<${name}[^>]*>([\\s\\S]*?)</${name}>`).exec(xml)?.[1]?.trim() ?? ''
const decodeXml = (value) =>
  value.replace(
    /&(lt|gt|amp|quot|apos);/g,
    (_, n) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[n],
  )

const readBody = (request) =>
  new Promise((resolve) => {
    const chunks = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
  })

const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeXml(title)}</title><style>body{font-family:sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.5rem 0}input[type=number]{width:5rem}</style></head><body><h1>${escapeXml(title)}</h1>${body}</body></html>`

const statusResponse = (code, text, extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">\n<cXML payloadID="${Date.now()}.shop@${identity}" timestamp="${new Date().toISOString()}"><Response><Status code="${code}" text="${escapeXml(text)}"/>${extra}</Response></cXML>`

/** The shop's product page of a session: a quantity per product, then the checkout. */
const shopPage = (id, prefill = new Map()) =>
  page(
    'Bureau Direct — office supplies',
    `<form method="post" action="/shop/${id}/checkout">${PRODUCTS.map(
      (p) =>
        `<label>${escapeXml(p.description)} — ${p.price} EUR <input type="number" min="0" step="1" name="qty-${p.id}" value="${prefill.get(p.id) ?? 0}" aria-label="Quantity of ${escapeXml(p.description)}"></label>`,
    ).join('')}<button type="submit">Return to Procura with my basket</button></form>`,
  )

const orderMessage = (session, lines) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">\n<cXML payloadID="${Date.now()}.${randomBytes(4).toString('hex')}@${identity}" timestamp="${new Date().toISOString()}" xml:lang="en"><Header><From><Credential domain="NetworkID"><Identity>${escapeXml(identity)}</Identity></Credential></From><To><Credential domain="NetworkID"><Identity>${escapeXml(session.buyer)}</Identity></Credential></To><Sender><Credential domain="NetworkID"><Identity>${escapeXml(identity)}</Identity><SharedSecret>${escapeXml(secret)}</SharedSecret></Credential><UserAgent>Bureau Direct shop</UserAgent></Sender></Header><Message><PunchOutOrderMessage><BuyerCookie>${escapeXml(session.cookie)}</BuyerCookie><PunchOutOrderMessageHeader operationAllowed="edit"><Total><Money currency="EUR">${lines
    .reduce((sum, l) => sum + Number(l.product.price) * l.quantity, 0)
    .toFixed(2)}</Money></Total></PunchOutOrderMessageHeader>${lines
    .map(
      (l) =>
        `<ItemIn quantity="${l.quantity}"><ItemID><SupplierPartID>${escapeXml(l.product.id)}</SupplierPartID></ItemID><ItemDetail><UnitPrice><Money currency="EUR">${l.product.price}</Money></UnitPrice><Description xml:lang="en">${escapeXml(l.product.description)}</Description><UnitOfMeasure>${l.product.unit}</UnitOfMeasure><Classification domain="UNSPSC">${l.product.unspsc}</Classification><LeadTime>${l.product.lead}</LeadTime></ItemDetail></ItemIn>`,
    )
    .join('')}</PunchOutOrderMessage></Message></cXML>`

/** The page that carries the basket back: a form to the buyer's address, posted at once. */
const backPage = (action, fields) =>
  page(
    'Back to Procura',
    `<form id="back" method="post" action="${escapeXml(action)}">${Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeXml(name)}" value="${escapeXml(value)}">`)
      .join(
        '',
      )}<button type="submit">Transfer the basket to Procura</button></form><script>document.getElementById('back').submit()</script>`,
  )

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', `http://${request.headers.host}`)
  const send = (status, type, body) => {
    response.writeHead(status, { 'content-type': `${type}; charset=utf-8` })
    response.end(body)
  }
  const body = request.method === 'POST' ? await readBody(request) : ''
  if (request.method === 'POST' && url.pathname === '/cxml/setup') {
    const shared = decodeXml(tag(tag(body, 'Sender'), 'SharedSecret'))
    if (shared !== secret) return send(200, 'text/xml', statusResponse(401, 'Unauthorized: shared secret'))
    const id = randomBytes(8).toString('hex')
    // Edit and inspect bring the buyer's lines: the shop opens with them.
    const prefill = new Map(
      [
        ...body.matchAll(/<ItemOut quantity="([^"]*)"><ItemID><SupplierPartID>([^<]*)<\/SupplierPartID>/g),
      ].map((m) => [decodeXml(m[2]), Number(m[1])]),
    )
    sessions.set(id, {
      protocol: 'cxml',
      operation: /operation="(\w+)"/.exec(body)?.[1] ?? 'create',
      prefill,
      cookie: decodeXml(tag(body, 'BuyerCookie')),
      back: decodeXml(tag(tag(body, 'BrowserFormPost'), 'URL')),
      buyer: decodeXml(tag(tag(tag(body, 'From'), 'Credential'), 'Identity')),
    })
    const start = `http://${request.headers.host}/shop/${id}`
    return send(
      200,
      'text/xml',
      statusResponse(
        200,
        'success',
        `<PunchOutSetupResponse><StartPage><URL>${escapeXml(start)}</URL></StartPage></PunchOutSetupResponse>`,
      ),
    )
  }
  // Orders sent to the shop's order system (cXML OrderRequest): accepted when the secret matches.
  if (request.method === 'POST' && url.pathname === '/cxml/order') {
    const shared = decodeXml(tag(tag(body, 'Sender'), 'SharedSecret'))
    if (shared !== secret) return send(200, 'text/xml', statusResponse(401, 'Unauthorized: shared secret'))
    orders.push(body)
    return send(200, 'text/xml', statusResponse(200, 'OK'))
  }
  if (request.method === 'GET' && url.pathname === '/cxml/orders/last')
    return orders.length === 0
      ? send(404, 'text/plain', 'No order yet')
      : send(200, 'text/xml', orders.at(-1))
  if (url.pathname === '/oci') {
    const fields = request.method === 'POST' ? new URLSearchParams(body) : url.searchParams
    if (fields.get('USERNAME') !== ociUser || fields.get('PASSWORD') !== ociPassword)
      return send(401, 'text/html', page('Sign-in refused', '<p>Unknown user or wrong password.</p>'))
    const id = randomBytes(8).toString('hex')
    sessions.set(id, { protocol: 'oci', back: fields.get('HOOK_URL') ?? '' })
    response.writeHead(303, { location: `/shop/${id}` })
    return response.end()
  }
  const shop = /^\/shop\/([0-9a-f]+)(\/checkout)?$/.exec(url.pathname)
  const session = shop === null ? undefined : sessions.get(shop[1])
  if (session !== undefined && shop?.[2] === undefined && request.method === 'GET')
    return send(200, 'text/html', shopPage(shop[1], session.prefill))
  if (session !== undefined && shop?.[2] !== undefined && request.method === 'POST') {
    const quantities = new URLSearchParams(body)
    const lines = PRODUCTS.map((product) => ({
      product,
      quantity: Number(quantities.get(`qty-${product.id}`) ?? 0),
    })).filter((l) => l.quantity > 0)
    sessions.delete(shop[1])
    if (session.protocol === 'cxml')
      return send(
        200,
        'text/html',
        backPage(session.back, { 'cxml-urlencoded': orderMessage(session, lines) }),
      )
    const fields = {}
    lines.forEach((l, i) => {
      const n = i + 1
      Object.assign(fields, {
        [`NEW_ITEM-DESCRIPTION[${n}]`]: l.product.description,
        [`NEW_ITEM-QUANTITY[${n}]`]: String(l.quantity),
        [`NEW_ITEM-UNIT[${n}]`]: l.product.unit,
        [`NEW_ITEM-PRICE[${n}]`]: l.product.price,
        [`NEW_ITEM-PRICEUNIT[${n}]`]: '1',
        [`NEW_ITEM-CURRENCY[${n}]`]: 'EUR',
        [`NEW_ITEM-VENDORMAT[${n}]`]: l.product.id,
        [`NEW_ITEM-MATGROUP[${n}]`]: l.product.unspsc,
        [`NEW_ITEM-LEADTIME[${n}]`]: l.product.lead,
      })
    })
    return send(200, 'text/html', backPage(session.back, fields))
  }
  send(404, 'text/plain', 'Not found')
})

server.listen(port, '127.0.0.1', () => {
  console.log(`listening on ${server.address().port}`)
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)))
