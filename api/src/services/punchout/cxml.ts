/**
 * cXML 1.2 PunchOut documents: the setup request Procura sends, the setup response and the order
 * message (the basket) it reads. Read defensively: a size limit, no DTD internal subset and no
 * entity declaration at all (no billion laughs, no external entity), entities never expanded by
 * the parser (only XML's five and character references are decoded, by hand).
 */

import type { DomainError } from '@procura/core/errors'
import { type BasketItem, PUNCHOUT_MAX_BYTES } from '@procura/core/punchout'
import { err, ok, type Result } from '@procura/core/result'
import { XMLParser } from 'fast-xml-parser'

export const CXML_VERSION = '1.2.014'
const DOCTYPE = `<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/${CXML_VERSION}/cXML.dtd">`

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false,
  htmlEntities: false,
  isArray: (name) => ['ItemIn', 'Classification', 'Credential', 'Extrinsic'].includes(name),
})

type Node = Record<string, unknown>
const node = (value: unknown): Node => (value !== null && typeof value === 'object' ? (value as Node) : {})
const nodes = (value: unknown): Node[] =>
  Array.isArray(value) ? value.map(node) : value === undefined ? [] : [node(value)]

/** XML's five entities and character references, decoded (nothing else is an entity here). */
const decode = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (_, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[name] ?? ''
  })
/** An element's text (or its `#text` beside attributes), decoded. */
const textOf = (value: unknown): string => {
  if (typeof value === 'string') return decode(value)
  const text = node(value)['#text']
  return typeof text === 'string' ? decode(text) : ''
}
const attr = (value: unknown, name: string): string => {
  const found = node(value)[`@${name}`]
  return typeof found === 'string' ? decode(found) : ''
}

/** XML text and attribute values escaped. */
export const escapeXml = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  )

/**
 * Parses a document from a shop: refused (PUNCHOUT_BAD_DOCUMENT) when too large, when it declares
 * entities or a DTD internal subset, or when it is not well-formed XML with a cXML root.
 */
export const readCxml = (xml: string): Result<Node, DomainError> => {
  if (Buffer.byteLength(xml, 'utf8') > PUNCHOUT_MAX_BYTES) return err({ code: 'PUNCHOUT_BAD_DOCUMENT' })
  if (/<!ENTITY/i.test(xml) || /<!DOCTYPE[^>[]*\[/i.test(xml)) return err({ code: 'PUNCHOUT_BAD_DOCUMENT' })
  let doc: Node
  try {
    doc = node(parser.parse(xml, true))
  } catch {
    return err({ code: 'PUNCHOUT_BAD_DOCUMENT' })
  }
  const root = node(doc.cXML)
  return Object.keys(root).length === 0 ? err({ code: 'PUNCHOUT_BAD_DOCUMENT' }) : ok(root)
}

export type CxmlParty = { domain: string | null; identity: string }
export type CxmlIdentities = {
  from: CxmlParty
  to: CxmlParty
  sender: CxmlParty & { shared_secret: string | null }
}

const credential = (party: CxmlParty) =>
  `<Credential domain="${escapeXml(party.domain ?? 'NetworkID')}"><Identity>${escapeXml(party.identity)}</Identity></Credential>`

const header = (ids: CxmlIdentities) =>
  `<Header><From>${credential(ids.from)}</From><To>${credential(ids.to)}</To><Sender><Credential domain="${escapeXml(ids.sender.domain ?? 'NetworkID')}"><Identity>${escapeXml(ids.sender.identity)}</Identity>${ids.sender.shared_secret === null ? '' : `<SharedSecret>${escapeXml(ids.sender.shared_secret)}</SharedSecret>`}</Credential><UserAgent>Procura</UserAgent></Sender></Header>`

/** The PunchOutSetupRequest Procura posts to the shop: who shops, its buyer cookie, where the basket comes back. */
export const punchOutSetupRequest = (input: {
  payloadId: string
  timestamp: Date
  identities: CxmlIdentities
  buyerCookie: string
  returnUrl: string
  user: { email: string; name: string }
  operation: 'create' | 'edit' | 'inspect'
  items?: readonly { supplier_part_id: string; supplier_part_aux_id: string | null; quantity: string }[]
}) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${DOCTYPE}\n<cXML payloadID="${escapeXml(input.payloadId)}" timestamp="${input.timestamp.toISOString()}" xml:lang="en">${header(input.identities)}<Request><PunchOutSetupRequest operation="${input.operation}"><BuyerCookie>${escapeXml(input.buyerCookie)}</BuyerCookie><Extrinsic name="UserEmail">${escapeXml(input.user.email)}</Extrinsic><Extrinsic name="UserFullName">${escapeXml(input.user.name)}</Extrinsic><BrowserFormPost><URL>${escapeXml(input.returnUrl)}</URL></BrowserFormPost>${(
    input.items ?? []
  )
    .map(
      (i) =>
        `<ItemOut quantity="${escapeXml(i.quantity)}"><ItemID><SupplierPartID>${escapeXml(i.supplier_part_id)}</SupplierPartID>${i.supplier_part_aux_id === null ? '' : `<SupplierPartAuxiliaryID>${escapeXml(i.supplier_part_aux_id)}</SupplierPartAuxiliaryID>`}</ItemID></ItemOut>`,
    )
    .join('')}</PunchOutSetupRequest></Request></cXML>`

/** The shop's PunchOutSetupResponse: its start page, or why it refused (its Status). */
export const readSetupResponse = (xml: string): Result<string, DomainError> => {
  const root = readCxml(xml)
  if (!root.ok) return err({ code: 'PUNCHOUT_SHOP_UNREACHABLE', params: { detail: 'unreadable answer' } })
  const response = node(root.value.Response)
  const status = node(response.Status)
  const code = attr(status, 'code')
  if (code !== '200')
    return err({
      code: 'PUNCHOUT_SHOP_UNREACHABLE',
      params: { detail: `${code || '?'} ${attr(status, 'text') || textOf(status)}`.trim().slice(0, 120) },
    })
  const url = textOf(node(node(response.PunchOutSetupResponse).StartPage).URL)
  return /^https?:\/\//.test(url)
    ? ok(url)
    : err({ code: 'PUNCHOUT_SHOP_UNREACHABLE', params: { detail: 'no start page' } })
}

const partyOf = (value: unknown): CxmlParty => {
  const first = nodes(node(value).Credential)[0]
  return { domain: attr(first, 'domain') || null, identity: textOf(node(first).Identity) }
}

/** The basket: a PunchOutOrderMessage's buyer cookie, header identities and items. */
export const readOrderMessage = (
  xml: string,
): Result<{ buyerCookie: string; identities: CxmlIdentities; items: BasketItem[] }, DomainError> => {
  const root = readCxml(xml)
  if (!root.ok) return root
  const head = node(root.value.Header)
  const senderCredential = nodes(node(head.Sender).Credential)[0]
  const message = node(node(root.value.Message).PunchOutOrderMessage)
  if (Object.keys(message).length === 0) return err({ code: 'PUNCHOUT_BAD_DOCUMENT' })
  const currencyOf = (money: unknown) => attr(money, 'currency')
  const items = nodes(message.ItemIn).map((item): BasketItem => {
    const id = node(item.ItemID)
    const detail = node(item.ItemDetail)
    const money = node(detail.UnitPrice).Money
    const unspsc = nodes(detail.Classification).find((c) => attr(c, 'domain').toUpperCase() === 'UNSPSC')
    return {
      supplier_part_id: textOf(id.SupplierPartID),
      supplier_part_aux_id: textOf(id.SupplierPartAuxiliaryID) || null,
      description: textOf(detail.Description),
      quantity: attr(item, 'quantity'),
      unit: textOf(detail.UnitOfMeasure) || 'EA',
      unit_price: textOf(money),
      currency: currencyOf(money),
      classification: unspsc === undefined ? null : textOf(unspsc) || null,
      lead_time_days: textOf(detail.LeadTime) || null,
    }
  })
  return ok({
    buyerCookie: textOf(message.BuyerCookie),
    identities: {
      from: partyOf(head.From),
      to: partyOf(head.To),
      sender: {
        ...partyOf(head.Sender),
        shared_secret: textOf(node(senderCredential).SharedSecret) || null,
      },
    },
    items,
  })
}

/** A line of an OrderRequest: the supplier's part id (a PunchOut line's, or the line's own number). */
export type CxmlOrderLine = {
  lineNumber: number
  supplier_part_id: string
  description: string
  quantity: string
  unit: string
  unit_price: string
}

/** The cXML OrderRequest of a sent order: its number and version, total, where it goes, its lines. */
export const orderRequest = (input: {
  payloadId: string
  timestamp: Date
  identities: CxmlIdentities
  orderId: string
  orderDate: Date
  currency: string
  total: string
  billTo: string
  shipTo: string | null
  lines: readonly CxmlOrderLine[]
}) => {
  const money = (amount: string) =>
    `<Money currency="${escapeXml(input.currency)}">${escapeXml(amount)}</Money>`
  const address = (name: string) => `<Address><Name xml:lang="en">${escapeXml(name)}</Name></Address>`
  return `<?xml version="1.0" encoding="UTF-8"?>\n${DOCTYPE}\n<cXML payloadID="${escapeXml(input.payloadId)}" timestamp="${input.timestamp.toISOString()}" xml:lang="en">${header(input.identities)}<Request><OrderRequest><OrderRequestHeader orderID="${escapeXml(input.orderId)}" orderDate="${input.orderDate.toISOString()}" type="new"><Total>${money(input.total)}</Total>${input.shipTo === null ? '' : `<ShipTo>${address(input.shipTo)}</ShipTo>`}<BillTo>${address(input.billTo)}</BillTo></OrderRequestHeader>${input.lines
    .map(
      (l) =>
        `<ItemOut quantity="${escapeXml(l.quantity)}" lineNumber="${l.lineNumber}"><ItemID><SupplierPartID>${escapeXml(l.supplier_part_id)}</SupplierPartID></ItemID><ItemDetail><UnitPrice>${money(l.unit_price)}</UnitPrice><Description xml:lang="en">${escapeXml(l.description)}</Description><UnitOfMeasure>${escapeXml(unitToUnece(l.unit))}</UnitOfMeasure><Classification domain="UNSPSC"></Classification></ItemDetail></ItemOut>`,
    )
    .join('')}</OrderRequest></Request></cXML>`
}

/** Procura's units as UN/ECE codes for a supplier's order system (others as they are). */
const unitToUnece = (unit: string) =>
  ({ unit: 'EA', box: 'BX', pack: 'PK', pair: 'PR', kg: 'KGM', l: 'LTR', m: 'MTR', hour: 'HUR', day: 'DAY' })[
    unit
  ] ?? unit

/** A cXML Response's Status: its code and text (a 2xx code is an acceptance), or null when unreadable. */
export const readStatus = (xml: string): { code: string; text: string } | null => {
  const root = readCxml(xml)
  if (!root.ok) return null
  const status = node(node(root.value.Response).Status)
  const code = attr(status, 'code')
  return code === '' ? null : { code, text: attr(status, 'text') || textOf(status) }
}
