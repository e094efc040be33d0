import { expect, test } from 'vitest'
import type { FieldIssue } from '../errors/domain-error'
import {
  addresseeOf,
  type EInvoice,
  eInvoiceIssueParams,
  eInvoiceIssues,
  invoiceLinesFromEInvoice,
} from './e-invoice'

const line = (label: string, quantity: string, amount: string, vat_rate: string | null = '20') => ({
  label,
  quantity,
  unit_price: null,
  amount,
  vat_rate,
})

test.each([
  [
    'a label the order has bills its line; the rest is free',
    [line('Copy paper A4', '10', '49.90'), line('Freight', '1', '12.00', null)],
    [{ id: 7, purchase_order_id: 1, position: 1, label: 'Copy paper A4', receipt_mode: 'quantity' as const }],
    { billed: { 7: '10' }, free: [{ label: 'Freight', amount_exctax: '12.00', vat_rate: '0' }] },
  ],
  [
    'case, accents and spaces do not matter; a service bills its amount',
    [line('INSTALLATION  électrique', '1', '300.00')],
    [
      {
        id: 3,
        purchase_order_id: 1,
        position: 1,
        label: 'Installation electrique',
        receipt_mode: 'amount' as const,
      },
    ],
    { billed: { 3: '300.00' }, free: [] },
  ],
  [
    'one order line is billed once: the second same label becomes free',
    [line('Toner', '2', '129.80'), line('Toner', '1', '64.90')],
    [{ id: 5, purchase_order_id: 1, position: 1, label: 'Toner', receipt_mode: 'quantity' as const }],
    { billed: { 5: '2' }, free: [{ label: 'Toner', amount_exctax: '64.90', vat_rate: '20' }] },
  ],
])('%s', (_what, lines, offered, expected) => {
  const { rules: _rules, ...found } = invoiceLinesFromEInvoice(lines, offered)
  expect(found).toEqual(expected)
})

const sound = {
  syntax: 'cii' as const,
  kind: 'invoice' as const,
  number: 'F-1',
  issue_date: '2026-11-18',
  currency: 'EUR',
  seller: { name: null, vat: null, siret: null, iban: null },
  lines: [
    { label: 'Paper', quantity: '10', unit_price: '4.99', amount: '49.90', vat_rate: '20' },
    { label: 'Book', quantity: '1', unit_price: '20', amount: '20.00', vat_rate: '5.5' },
  ],
  vat: [
    { rate: '20', base: '49.90', tax: '9.98' },
    { rate: '5.5', base: '20.00', tax: '1.10' },
  ],
  totals: { lines: '69.90', exctax: '69.90', tax: '11.08', inctax: '80.98', payable: '80.98' },
}
const rulesOf = (invoice: EInvoice) => eInvoiceIssues(invoice).map((i) => i.params?.rule)

test('a sound e-invoice passes every EN 16931 rule', () => {
  expect(eInvoiceIssues(sound)).toEqual([])
})

test.each<[string, (i: EInvoice) => EInvoice, string[]]>([
  [
    'a line’s amount off the line total',
    (i) => ({
      ...i,
      lines: [
        { ...(i.lines[0] as EInvoice['lines'][0]), amount: '50.00' },
        i.lines[1] as EInvoice['lines'][0],
      ],
    }),
    ['BR-CO-10', 'BR-S-08'],
  ],
  [
    'a total without VAT off the lines',
    (i) => ({ ...i, totals: { ...i.totals, exctax: '70.00', inctax: '81.08', payable: '81.08' } }),
    ['BR-CO-13'],
  ],
  [
    'an allowance taken into account',
    (i) => ({
      ...i,
      totals: { ...i.totals, allowances: '0.10', exctax: '69.80', inctax: '80.88', payable: '80.88' },
    }),
    [],
  ],
  [
    'a VAT total off its breakdown',
    (i) => ({ ...i, totals: { ...i.totals, tax: '11.10', inctax: '81.00', payable: '81.00' } }),
    ['BR-CO-14'],
  ],
  [
    'a total with VAT off its parts',
    (i) => ({ ...i, totals: { ...i.totals, inctax: '81.00' } }),
    ['BR-CO-15', 'BR-CO-16'],
  ],
  [
    'an amount due less what was prepaid',
    (i) => ({ ...i, totals: { ...i.totals, prepaid: '30.00', payable: '50.98' } }),
    [],
  ],
  [
    'a rate’s VAT off its base × rate',
    (i) => ({
      ...i,
      vat: [{ rate: '20', base: '49.90', tax: '9.99' }, i.vat[1] as EInvoice['vat'][0]],
      totals: { ...i.totals, tax: '11.09', inctax: '80.99', payable: '80.99' },
    }),
    ['BR-CO-17'],
  ],
])('%s: %j', (_what, change, rules) => {
  expect(rulesOf(change(sound))).toEqual(rules)
})

test('an issue names its rule and terms in the reader’s language', () => {
  const [issue] = eInvoiceIssues({
    ...sound,
    vat: [{ rate: '20', base: '49.90', tax: '9.99' }, sound.vat[1] as EInvoice['vat'][0]],
  })
  expect(eInvoiceIssueParams(issue as FieldIssue, 'fr')).toMatchObject({
    rule: 'BR-CO-14',
    what: 'le total de TVA (BT-110)',
  })
})

test.each<[string, EInvoice['addressee'], ReturnType<typeof addresseeOf>]>([
  [
    'an electronic address with a routing code',
    { siren: null, address: '123456789_ACHATS' },
    { siren: '123456789', routing_code: 'ACHATS' },
  ],
  [
    'a SIRET before the routing code',
    { siren: null, address: '12345678900012_ACHATS' },
    { siren: '123456789', routing_code: 'ACHATS' },
  ],
  ['a SIREN alone', { siren: null, address: '123456789' }, { siren: '123456789', routing_code: null }],
  [
    'no address: the legal registration',
    { siren: '123 456 789', address: null },
    { siren: '123456789', routing_code: null },
  ],
  [
    'an address that is no SIREN',
    { siren: null, address: 'buyer@example.com' },
    { siren: null, routing_code: null },
  ],
])('an e-invoice’s addressee: %s', (_what, addressee, expected) => {
  expect(addresseeOf({ ...sound, addressee })).toEqual(expected)
})
