import { expect, test } from 'vitest'
import {
  buildPain001,
  checkSepaBatch,
  controlSum,
  epcText,
  type SepaBatch,
  type SepaTransfer,
  sepaAmount,
} from './sepa'

test.each([
  ['Société Générale', 'Societe Generale'],
  ['Müller & Söhne GmbH', 'Muller + Sohne GmbH'],
  ['Straße Ørsted Łódź Œuvre', 'Strasse Orsted Lodz OEuvre'],
  ['Ærø “quoted” — dash', "AEro 'quoted' - dash"],
  ['Invoice #12; due 3/4 @ noon', 'Invoice 12, due 3/4 noon'],
  ['Κόσμος 東京 test', 'test'],
  ['  many    spaces  ', 'many spaces'],
  ['a\u0301b', 'ab'],
])('EPC transliteration: %s', (input, expected) => {
  expect(epcText(input, 140)).toBe(expected)
})

test('EPC text keeps only the basic Latin set and the length it is given', () => {
  const out = epcText('Ça coûte 12€ — «très» cher ! <b>', 20)
  expect(out).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]*$/)
  expect(out.length).toBeLessThanOrEqual(20)
  expect(out).toBe("Ca coute 12EUR - 'tr")
})

test('the control sum adds the amounts exactly, to the cent', () => {
  expect(controlSum(Array.from({ length: 10 }, () => '0.10'))).toBe('1.00')
  expect(controlSum(['0.01', '0.02', '1234567.89'])).toBe('1234567.92')
  expect(controlSum(Array.from({ length: 10_000 }, () => '0.07'))).toBe('700.00')
})

const paper: SepaTransfer = {
  end_to_end_id: 'PRC-L1',
  amount: '10.5',
  creditor: {
    supplier: 'Papeterie',
    name: 'Papeterie Élysée',
    iban: 'DE89370400440532013000',
    bic: null,
    country_code: 'DE',
  },
  remittance: 'Facture F-1',
}

const batch = (over: Partial<SepaBatch> = {}): SepaBatch => ({
  message_id: 'PRC-1',
  created_at: new Date('2026-11-23T10:00:00Z'),
  execution_date: '2026-11-25',
  currency_code: 'EUR',
  debtor: { name: 'Acme', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', country_code: 'FR' },
  transfers: [paper],
  ...over,
})

test.each([
  ['another currency', { currency_code: 'USD' }, 'SEPA_EURO_ONLY'],
  [
    "the payer's IBAN missing",
    { debtor: { name: 'Acme', iban: null, bic: null, country_code: 'FR' } },
    'SEPA_MISSING_PAYER_BANK_DETAILS',
  ],
  [
    "a supplier's IBAN missing",
    {
      transfers: [{ ...paper, creditor: { ...paper.creditor, iban: null } }],
    },
    'SEPA_MISSING_SUPPLIER_BANK_DETAILS',
  ],
  ['nothing to pay', { transfers: [] }, 'PAYMENT_NO_INVOICE'],
] as const)('refused: %s', (_name, over, code) => {
  const checked = checkSepaBatch(batch(over as Partial<SepaBatch>))
  expect(checked.ok ? null : checked.error.code).toBe(code)
})

test('the supplier is named when its bank details are missing', () => {
  const checked = checkSepaBatch(
    batch({ transfers: [{ ...paper, creditor: { ...paper.creditor, iban: '' } }] }),
  )
  expect(checked.ok ? null : checked.error.params).toEqual({ supplier: 'Papeterie' })
  expect(checkSepaBatch(batch()).ok).toBe(true)
})

test('both versions: the namespace, the date, the agent without BIC, amounts with two decimals', () => {
  const v09 = buildPain001(batch(), '09')
  expect(v09).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"')
  expect(v09).toContain('<ReqdExctnDt><Dt>2026-11-25</Dt></ReqdExctnDt>')
  expect(v09).toContain('<BICFI>AGRIFRPP</BICFI>')
  expect(v09).toContain('<InstdAmt Ccy="EUR">10.50</InstdAmt>')
  expect(v09).toContain('<Nm>Papeterie Elysee</Nm>')
  expect(v09).not.toContain('<CdtrAgt>')
  const v03 = buildPain001(batch(), '03')
  expect(v03).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"')
  expect(v03).toContain('<ReqdExctnDt>2026-11-25</ReqdExctnDt>')
  expect(v03).toContain('<BIC>AGRIFRPP</BIC>')
  expect(v03).toContain('<CtrlSum>10.50</CtrlSum>')
  const noBic = buildPain001(batch({ debtor: { ...batch().debtor, bic: null } }), '09')
  expect(noBic).toContain('<DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt>')
})

test.each([
  ['10', '10.00'],
  ['10.5', '10.50'],
  ['0.07', '0.07'],
  ['1234.565', '1234.57'],
  ['1234.564', '1234.56'],
  ['0.005', '0.01'],
])('amount %s is written %s', (amount, written) => {
  expect(sepaAmount(amount)).toBe(written)
})

test('the control sum adds the amounts as written', () => {
  expect(controlSum(['0.005', '0.005'])).toBe('0.02')
  expect(controlSum(['0'])).toBe('0.00')
  expect(controlSum([])).toBe('0.00')
})
