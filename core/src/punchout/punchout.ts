import { z } from 'zod'
import type { DomainError } from '../errors/domain-error'
import { UNITS } from '../i18n/reference-labels'
import { dec } from '../money/decimal'
import { err, ok, type Result } from '../result'

/**
 * PunchOut (docs/domain/punchout.md): the requester shops in a supplier's own web shop and the
 * basket comes back into the cart as lines of that supplier. Two protocols: cXML 1.2 PunchOut and
 * SAP OCI (4.0/5.0); anything else is "Unsupported PunchOut format".
 */
export const PUNCHOUT_PROTOCOLS = ['cxml', 'oci'] as const
export type PunchoutProtocol = (typeof PUNCHOUT_PROTOCOLS)[number]

/**
 * What a session is for: a new basket; the cart's lines of that shop taken back there to change
 * (the basket that comes back replaces them); or a look at them (no basket comes back).
 */
export const PUNCHOUT_OPERATIONS = ['create', 'edit', 'inspect'] as const
export type PunchoutOperation = (typeof PUNCHOUT_OPERATIONS)[number]

/** How long a shopping session waits for its basket. */
export const PUNCHOUT_SESSION_MINUTES = 30
/** The most lines a basket brings back, and the largest document read (bytes). */
export const PUNCHOUT_MAX_LINES = 500
export const PUNCHOUT_MAX_BYTES = 1_000_000

const identity = z.string().trim().min(1).max(200)
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .default(null)
    .transform((v) => (v === '' ? null : v))

/**
 * A supplier's PunchOut settings, kept like its bank details (who may change them, traced). cXML
 * asks for the From (buyer), To (supplier) and Sender identities with the shared secret; OCI for
 * the shop's login fields. A secret left empty keeps the one kept.
 */
export const PunchoutSettingsSchema = z
  .object({
    protocol: z
      .string()
      .refine((v) => (PUNCHOUT_PROTOCOLS as readonly string[]).includes(v), 'PUNCHOUT_UNSUPPORTED_FORMAT'),
    url: z.url({ protocol: /^https?$/ }).max(500),
    from_domain: optionalText(100),
    from_identity: optionalText(200),
    to_domain: optionalText(100),
    to_identity: optionalText(200),
    sender_domain: optionalText(100),
    sender_identity: optionalText(200),
    shared_secret: optionalText(200),
    oci_username: optionalText(200),
    oci_password: optionalText(200),
    /** The purchase family (a product family's code) of its lines when they become a request. */
    purchase_family: optionalText(30),
    /** cXML: the supplier's order system; set, a sent order goes there as an OrderRequest (not by e-mail). */
    order_url: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .nullable()
      .default(null),
  })
  .superRefine((value, context) => {
    if (value.protocol !== 'cxml') return
    for (const field of ['from_identity', 'to_identity', 'sender_identity'] as const)
      if (!identity.safeParse(value[field] ?? '').success)
        context.addIssue({ code: 'custom', path: [field], message: 'REQUIRED' })
  })
export type PunchoutSettingsInput = z.output<typeof PunchoutSettingsSchema>

/** A line of a basket as the shop sent it (strings as read, checked by checkBasket). */
export type BasketItem = {
  supplier_part_id: string
  supplier_part_aux_id: string | null
  description: string
  quantity: string
  /** The UN/ECE Recommendation 20 code (EA, BX, KGM…), or the shop's own. */
  unit: string
  unit_price: string
  currency: string
  /** UNSPSC where the shop gives it. */
  classification: string | null
  lead_time_days: string | null
}

/** A basket line as the cart keeps it. */
export type CheckedBasketItem = Omit<BasketItem, 'lead_time_days' | 'currency'> & {
  currency_code: string
  lead_time_days: number | null
}

/** UN/ECE Recommendation 20 codes shops use, as Procura's units (core/i18n UNITS). */
const UNECE_UNITS: Readonly<Record<string, (typeof UNITS)[number]>> = {
  EA: 'unit',
  C62: 'unit',
  H87: 'unit',
  PCE: 'unit',
  PCS: 'unit',
  BX: 'box',
  PK: 'pack',
  PA: 'pack',
  PR: 'pair',
  KGM: 'kg',
  LTR: 'l',
  MTR: 'm',
  HUR: 'hour',
  DAY: 'day',
}

/** A shop's unit as Procura's (an unknown code is kept as sent: an order line takes any unit). */
export const unitFromShop = (code: string): string => {
  const known = UNECE_UNITS[code.trim().toUpperCase()]
  if (known !== undefined) return known
  const own = code.trim().toLowerCase()
  return (UNITS as readonly string[]).includes(own) ? own : code.trim().slice(0, 20) || 'unit'
}

const DECIMAL = /^\d{1,12}(\.\d{1,6})?$/

const lineError = (line: number, field: string, value: string): DomainError => ({
  code: 'PUNCHOUT_BAD_LINE',
  params: { line, field, value: value.slice(0, 40) },
})

/**
 * A basket checked before anything is kept: at least one line and at most PUNCHOUT_MAX_LINES,
 * each with a part id and a description, a quantity above zero and a price that are decimals,
 * priced in a currency the instance uses and in the supplier's (one order per supplier takes its
 * currency). The first fault is answered, naming its line.
 */
export const checkBasket = (
  items: readonly BasketItem[],
  currencies: { instance: readonly string[]; supplier: string },
): Result<CheckedBasketItem[], DomainError> => {
  if (items.length === 0) return err({ code: 'PUNCHOUT_EMPTY_BASKET' })
  if (items.length > PUNCHOUT_MAX_LINES) return err({ code: 'PUNCHOUT_BAD_DOCUMENT' })
  const checked: CheckedBasketItem[] = []
  for (const [index, item] of items.entries()) {
    const line = index + 1
    if (item.supplier_part_id.trim() === '') return err(lineError(line, 'SupplierPartID', ''))
    if (item.description.trim() === '') return err(lineError(line, 'Description', ''))
    if (!DECIMAL.test(item.quantity.trim()) || Number(item.quantity) <= 0)
      return err(lineError(line, 'Quantity', item.quantity))
    if (!DECIMAL.test(item.unit_price.trim())) return err(lineError(line, 'UnitPrice', item.unit_price))
    const currency = item.currency.trim().toUpperCase()
    if (!currencies.instance.includes(currency))
      return err({ code: 'PUNCHOUT_CURRENCY_UNKNOWN', params: { currency: currency.slice(0, 10) } })
    if (currency !== currencies.supplier)
      return err({ code: 'PUNCHOUT_CURRENCY_MISMATCH', params: { currency, expected: currencies.supplier } })
    const lead = item.lead_time_days?.trim() ?? ''
    if (lead !== '' && !/^\d{1,4}$/.test(lead)) return err(lineError(line, 'LeadTime', lead))
    checked.push({
      supplier_part_id: item.supplier_part_id.trim().slice(0, 100),
      supplier_part_aux_id: item.supplier_part_aux_id?.trim().slice(0, 200) || null,
      description: item.description.trim().slice(0, 300),
      quantity: item.quantity.trim(),
      unit: unitFromShop(item.unit),
      unit_price: item.unit_price.trim(),
      currency_code: currency,
      classification: item.classification?.trim().slice(0, 50) || null,
      lead_time_days: lead === '' ? null : Number(lead),
    })
  }
  return ok(checked)
}

/** A shopping session as kept: who started it, until when, whether its basket came back. */
export type PunchoutSessionState = { expires_at: Date; returned_at: Date | null; operation?: string }

/** Whether a basket may still come back to this session (the buyer cookie is its only key). */
export const checkPunchoutSession = (
  session: PunchoutSessionState | undefined,
  now: Date,
): Result<void, DomainError> => {
  if (session === undefined) return err({ code: 'PUNCHOUT_SESSION_UNKNOWN' })
  if (session.returned_at !== null) return err({ code: 'PUNCHOUT_SESSION_USED' })
  if (now > session.expires_at) return err({ code: 'PUNCHOUT_SESSION_EXPIRED' })
  if (session.operation === 'inspect') return err({ code: 'PUNCHOUT_INSPECT_ONLY' })
  return ok(undefined)
}

/**
 * OCI's basket: the HOOK_URL form's NEW_ITEM-<FIELD>[n] fields (n from 1), as basket items in
 * line order. Fields of OCI 4.0 and 5.0 alike; a line without its description and quantity is
 * incomplete.
 */
export const ociBasket = (fields: Readonly<Record<string, string>>): BasketItem[] => {
  const lines = new Map<number, Record<string, string>>()
  for (const [name, value] of Object.entries(fields)) {
    const match = /^NEW_ITEM-([A-Z_]+)\[(\d{1,4})\]$/i.exec(name)
    if (match === null) continue
    const index = Number(match[2])
    const line = lines.get(index) ?? {}
    line[(match[1] ?? '').toUpperCase()] = value
    lines.set(index, line)
  }
  return [...lines]
    .sort((a, b) => a[0] - b[0])
    .map(([, f]) => ({
      supplier_part_id: f.VENDORMAT ?? f.MATNR ?? '',
      supplier_part_aux_id: f.EXT_PRODUCT_ID ?? null,
      description: f.DESCRIPTION ?? '',
      quantity: f.QUANTITY ?? '',
      unit: f.UNIT ?? 'EA',
      // OCI's price is for PRICEUNIT units (1 when absent).
      unit_price: perUnit(f.PRICE ?? '', f.PRICEUNIT ?? '1'),
      currency: f.CURRENCY ?? '',
      classification: f.MATGROUP ?? null,
      lead_time_days: f.LEADTIME ?? null,
    }))
}

/** A price for `per` units as the price of one, when both are decimals (left as sent otherwise). */
const perUnit = (price: string, per: string) => {
  const p = price.trim()
  const n = per.trim()
  if (!DECIMAL.test(p) || !DECIMAL.test(n) || Number(n) === 0 || n === '1') return p
  return dec(p).div(n).toDecimalPlaces(6).toString()
}

/** GET …/punchout-suppliers: the suppliers whose shop the catalogue opens. */
export const PunchoutSuppliersAnswerSchema = z.looseObject({
  data: z.array(z.looseObject({ id: z.number().int(), name: z.string(), protocol: z.string() })),
})
export type PunchoutSuppliersAnswer = z.infer<typeof PunchoutSuppliersAnswerSchema>

/** POST …/punchout: where the browser goes to shop (the shop's start page, or Procura's OCI form page). */
export const PunchoutStartAnswerSchema = z.looseObject({
  data: z.looseObject({ protocol: z.enum(PUNCHOUT_PROTOCOLS), url: z.string() }),
})

/** GET and PUT /bwapi/suppliers/{id}/punchout: a supplier's shop settings, its secrets only said to be set. */
export const PunchoutSettingsAnswerSchema = z.looseObject({
  data: z.looseObject({
    supplier_id: z.number().int(),
    url: z.string().nullable(),
    protocol: z.string().nullable(),
    from_domain: z.string().nullable(),
    from_identity: z.string().nullable(),
    to_domain: z.string().nullable(),
    to_identity: z.string().nullable(),
    sender_domain: z.string().nullable(),
    sender_identity: z.string().nullable(),
    shared_secret_set: z.boolean(),
    oci_username: z.string().nullable(),
    oci_password_set: z.boolean(),
    vat_rate: z.string(),
    purchase_family: z.string().nullable(),
    order_url: z.string().nullable(),
  }),
})
export type PunchoutSettingsAnswer = z.infer<typeof PunchoutSettingsAnswerSchema>

/** How the server posts to a supplier's shop (a fetch; tests may route it). */
export type ShopFetch = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{ status: number; text: () => Promise<string> }>
