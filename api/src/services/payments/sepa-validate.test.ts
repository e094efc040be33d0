import { buildPain001, type SepaBatch, type SepaFormat, type SepaTransfer } from '@procura/core/payment'
import { expect, test } from 'vitest'
import { SEPA_SCHEMA, xmllint } from '../../testing/xmllint'
import { sepaSchemaErrors } from './sepa-validate'

/** Amounts in cents from a fixed seed: deterministic, and varied enough to exercise every cent. */
const cents = (count: number) => {
  let seed = 20261123
  return Array.from({ length: count }, () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return 1 + (seed % 5_000_000)
  })
}

const NAMES = [
  'Papeterie Ærø & Fils — Sàrl',
  'Müller Straße GmbH',
  'Łódź Dostawy sp. z o.o.',
  'Κόσμος 東京 Trading',
  'O’Brien “Office” Ltd; <Ireland>',
]

const batchOf = (amounts: readonly number[]): SepaBatch => ({
  message_id: 'PAY-2026-00001-E1',
  created_at: new Date('2026-11-23T09:30:00Z'),
  execution_date: '2026-11-25',
  currency_code: 'EUR',
  debtor: {
    name: 'Société Acmé & Cie',
    iban: 'FR7630006000011234567890189',
    bic: 'AGRIFRPP',
    country_code: 'FR',
  },
  transfers: amounts.map(
    (c, i): SepaTransfer => ({
      end_to_end_id: `PAY-2026-00001-${i + 1}`,
      amount: (c / 100).toFixed(2),
      creditor: {
        supplier: `S${i}`,
        name: NAMES[i % NAMES.length] ?? '',
        iban: i % 2 === 0 ? 'DE89370400440532013000' : 'FR7630006000011234567890189',
        bic: i % 3 === 0 ? 'COBADEFFXXX' : null,
        country_code: i % 2 === 0 ? 'DE' : 'FR',
      },
      remittance: `Facture n° F-${i} — réglée; «${NAMES[i % NAMES.length]}»`,
    }),
  ),
})

const textNodes = (xml: string) => [...xml.matchAll(/>([^<]+)</g)].map((m) => m[1] ?? '')

test.each([
  ['09', 1],
  ['03', 1],
  ['09', 10_000],
  ['03', 10_000],
] as const)(
  'pain.001.001.%s with %i transaction(s) validates against the official schema',
  async (format, count) => {
    const amounts = cents(count)
    const xml = buildPain001(batchOf(amounts), format as SepaFormat)
    // Both libxml2s agree: the system's xmllint and the exporter's own.
    expect(xmllint(xml, SEPA_SCHEMA(format))).toBe('')
    expect(await sepaSchemaErrors(xml, format)).toEqual([])
    // The control sum is the sum of the cents, in the header and in the block, and of the amounts written.
    const total = amounts.reduce((a, b) => a + b, 0)
    const expected = `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`
    expect([...xml.matchAll(/<CtrlSum>([^<]+)<\/CtrlSum>/g)].map((m) => m[1])).toEqual([expected, expected])
    const written = [...xml.matchAll(/<InstdAmt Ccy="EUR">(\d+)\.(\d\d)<\/InstdAmt>/g)].reduce(
      (sum, m) => sum + Number(m[1]) * 100 + Number(m[2]),
      0,
    )
    expect(written).toBe(total)
    expect(xml).toContain(`<NbOfTxs>${count}</NbOfTxs>`)
    // Every text is in SEPA's basic Latin set (names and remittances transliterated).
    const outside = textNodes(xml).filter((text) => !/^[A-Za-z0-9/\-?:().,'+ ]*$/.test(text.trim()))
    expect(outside).toEqual([])
  },
  60_000,
)

test('names and remittances are transliterated as the EPC says, not dropped', () => {
  const xml = buildPain001(batchOf(cents(5)), '09')
  expect(xml).toContain('<Nm>Papeterie AEro + Fils - Sarl</Nm>')
  expect(xml).toContain('<Nm>Muller Strasse GmbH</Nm>')
  expect(xml).toContain('<Nm>Lodz Dostawy sp. z o.o.</Nm>')
  expect(xml).toContain('<Nm>Trading</Nm>')
  expect(xml).toContain("<Nm>O'Brien 'Office' Ltd, Ireland</Nm>")
  expect(xml).toContain("<Ustrd>Facture n F-0 - reglee, 'Papeterie AEro + Fils - Sarl'</Ustrd>")
  expect(xml).toContain('<Nm>Societe Acme + Cie</Nm>')
})

test('an invalid file is caught by both validators', async () => {
  const xml = buildPain001(batchOf(cents(1)), '09').replace(/<ChrgBr>SLEV<\/ChrgBr>/, '<ChrgBr>XXXX</ChrgBr>')
  expect(xmllint(xml, SEPA_SCHEMA('09'))).toMatch(/ChrgBr/)
  expect((await sepaSchemaErrors(xml, '09')).join(' ')).toMatch(/ChrgBr/)
  const missing = buildPain001(batchOf(cents(1)), '03').replace(/<DbtrAcct>.*<\/DbtrAcct>/, '')
  expect(await sepaSchemaErrors(missing, '03')).not.toEqual([])
})
