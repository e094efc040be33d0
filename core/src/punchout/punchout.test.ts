import { describe, expect, test } from 'vitest'
import {
  type BasketItem,
  checkBasket,
  checkPunchoutSession,
  ociBasket,
  PunchoutSettingsSchema,
  unitFromShop,
} from './punchout'

const item = (over: Partial<BasketItem> = {}): BasketItem => ({
  supplier_part_id: 'TN-241',
  supplier_part_aux_id: null,
  description: 'Toner cartridge, black',
  quantity: '2',
  unit: 'EA',
  unit_price: '64.90',
  currency: 'EUR',
  classification: '44103103',
  lead_time_days: '3',
  ...over,
})
const currencies = { instance: ['EUR', 'USD'], supplier: 'EUR' }
const codeOf = (r: ReturnType<typeof checkBasket>) => (r.ok ? 'ok' : r.error.code)

describe('checkBasket', () => {
  test('a good basket becomes cart lines in Procura’s units', () => {
    const checked = checkBasket(
      [item(), item({ supplier_part_id: 'PAP-A4', unit: 'BX', lead_time_days: '' })],
      currencies,
    )
    expect(checked.ok && checked.value).toEqual([
      expect.objectContaining({
        unit: 'unit',
        currency_code: 'EUR',
        lead_time_days: 3,
        classification: '44103103',
      }),
      expect.objectContaining({ supplier_part_id: 'PAP-A4', unit: 'box', lead_time_days: null }),
    ])
  })

  test('each fault is refused, naming its line', () => {
    expect(codeOf(checkBasket([], currencies))).toBe('PUNCHOUT_EMPTY_BASKET')
    const bad = checkBasket([item(), item({ unit_price: '1e3' })], currencies)
    expect(bad.ok ? null : bad.error).toEqual({
      code: 'PUNCHOUT_BAD_LINE',
      params: { line: 2, field: 'UnitPrice', value: '1e3' },
    })
    expect(codeOf(checkBasket([item({ unit_price: '-1' })], currencies))).toBe('PUNCHOUT_BAD_LINE')
    expect(codeOf(checkBasket([item({ unit_price: '12,50' })], currencies))).toBe('PUNCHOUT_BAD_LINE')
    expect(codeOf(checkBasket([item({ quantity: '0' })], currencies))).toBe('PUNCHOUT_BAD_LINE')
    expect(codeOf(checkBasket([item({ supplier_part_id: ' ' })], currencies))).toBe('PUNCHOUT_BAD_LINE')
    expect(codeOf(checkBasket([item({ lead_time_days: 'soon' })], currencies))).toBe('PUNCHOUT_BAD_LINE')
    expect(codeOf(checkBasket([item({ currency: 'JPY' })], currencies))).toBe('PUNCHOUT_CURRENCY_UNKNOWN')
    expect(codeOf(checkBasket([item({ currency: 'USD' })], currencies))).toBe('PUNCHOUT_CURRENCY_MISMATCH')
    expect(
      codeOf(
        checkBasket(
          Array.from({ length: 501 }, () => item()),
          currencies,
        ),
      ),
    ).toBe('PUNCHOUT_BAD_DOCUMENT')
  })
})

test('OCI’s NEW_ITEM fields become basket lines in order, the price per PRICEUNIT divided exactly', () => {
  const basket = ociBasket({
    'NEW_ITEM-DESCRIPTION[2]': 'Paper A4, box of 5 reams',
    'NEW_ITEM-QUANTITY[2]': '3',
    'NEW_ITEM-UNIT[2]': 'BX',
    'NEW_ITEM-PRICE[2]': '22.50',
    'NEW_ITEM-CURRENCY[2]': 'EUR',
    'NEW_ITEM-VENDORMAT[2]': 'PAP-A4',
    'NEW_ITEM-DESCRIPTION[1]': 'Screws',
    'NEW_ITEM-QUANTITY[1]': '1000',
    'NEW_ITEM-UNIT[1]': 'C62',
    'NEW_ITEM-PRICE[1]': '10.00',
    'NEW_ITEM-PRICEUNIT[1]': '3',
    'NEW_ITEM-CURRENCY[1]': 'EUR',
    'NEW_ITEM-VENDORMAT[1]': 'SCR-4',
    'NEW_ITEM-MATGROUP[1]': '31161500',
    'NEW_ITEM-LEADTIME[1]': '5',
    '~OkCode': 'ADDI',
  })
  expect(basket.map((b) => [b.supplier_part_id, b.unit_price, b.unit, b.lead_time_days])).toEqual([
    ['SCR-4', '3.333333', 'C62', '5'],
    ['PAP-A4', '22.50', 'BX', null],
  ])
  expect(codeOf(checkBasket(basket, currencies))).toBe('ok')
})

test('units: UN/ECE codes mapped, Procura’s own kept, others as sent', () => {
  expect(['EA', 'kgm', 'LTR', 'PR', 'box', 'ZZZ', ''].map(unitFromShop)).toEqual([
    'unit',
    'kg',
    'l',
    'pair',
    'box',
    'ZZZ',
    'unit',
  ])
})

test('a session takes one basket, before it expires', () => {
  const now = new Date('2026-11-29T10:00:00Z')
  const open = { expires_at: new Date('2026-11-29T10:30:00Z'), returned_at: null }
  const code = (r: ReturnType<typeof checkPunchoutSession>) => (r.ok ? 'ok' : r.error.code)
  expect(code(checkPunchoutSession(open, now))).toBe('ok')
  expect(code(checkPunchoutSession(undefined, now))).toBe('PUNCHOUT_SESSION_UNKNOWN')
  expect(code(checkPunchoutSession({ ...open, returned_at: now }, now))).toBe('PUNCHOUT_SESSION_USED')
  expect(code(checkPunchoutSession(open, new Date('2026-11-29T10:31:00Z')))).toBe('PUNCHOUT_SESSION_EXPIRED')
  expect(code(checkPunchoutSession({ ...open, operation: 'edit' }, now))).toBe('ok')
  expect(code(checkPunchoutSession({ ...open, operation: 'inspect' }, now))).toBe('PUNCHOUT_INSPECT_ONLY')
})

test('settings: only cXML and OCI; cXML needs its three identities', () => {
  const base = { url: 'https://shop.example/punchout' }
  const issues = (input: object) => {
    const parsed = PunchoutSettingsSchema.safeParse(input)
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)
  }
  expect(issues({ ...base, protocol: 'edi' })).toEqual(['protocol:PUNCHOUT_UNSUPPORTED_FORMAT'])
  expect(issues({ ...base, protocol: 'oci', oci_username: 'acme' })).toEqual([])
  expect(issues({ ...base, protocol: 'cxml', from_identity: 'ACME' })).toEqual([
    'to_identity:REQUIRED',
    'sender_identity:REQUIRED',
  ])
})
