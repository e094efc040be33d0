import { eInvoiceIssues } from '@procura/core/invoice'
import { expect, test } from 'vitest'
import { ciiXml, facturXPdf, SAMPLE, ublXml } from '../../testing/e-invoice-samples'
import { readEInvoice } from './e-invoice'

const expected = {
  kind: 'invoice',
  number: 'FA-2026-0815',
  issue_date: '2026-11-18',
  currency: 'EUR',
  seller: {
    name: 'OfficePro Supplies',
    vat: 'FR83404833048',
    siret: '40483304800022',
    iban: 'FR7630006000011234567890189',
  },
  lines: [
    {
      label: 'Copy paper A4',
      quantity: '10',
      unit_price: '4.99',
      amount: '49.90',
      vat_rate: '20',
      order_line: null,
    },
    {
      label: 'Toner',
      quantity: '2',
      unit_price: '64.90',
      amount: '129.80',
      vat_rate: '20',
      order_line: null,
    },
  ],
  references: { buyer: null, order: null, contract: null, despatch: null },
  addressee: { siren: null, address: null },
  vat: [{ rate: '20', base: '179.70', tax: '35.94' }],
  totals: {
    lines: '179.70',
    exctax: '179.70',
    tax: '35.94',
    inctax: '215.64',
    payable: '215.64',
    allowances: '0',
    charges: '0',
    prepaid: '0',
    rounding: '0',
  },
}

test.each([
  ['a CII XML', 'invoice.xml', async () => new TextEncoder().encode(ciiXml()), 'cii'],
  ['a UBL 2.1 invoice', 'invoice.xml', async () => new TextEncoder().encode(ublXml()), 'ubl'],
  ['a Factur-X PDF', 'invoice.pdf', facturXPdf, 'facturx'],
])('%s reads into the same invoice, whose totals add up', async (_what, name, build, syntax) => {
  const read = await readEInvoice(name, await build())
  expect(read).toEqual({ ok: true, value: { syntax, ...expected } })
  if (read?.ok) expect(eInvoiceIssues(read.value)).toEqual([])
})

const referenced = {
  ...SAMPLE,
  references: {
    buyer: 'SERVICE-ACHATS',
    order: 'PO-2026-00001',
    contract: 'AGR-2026-0001',
    despatch: 'DL-2026-00001',
  },
  lines: SAMPLE.lines.map((l, i) => ({ ...l, order_line: String(i + 1) })),
}

test.each([
  ['CII', 'invoice.xml', async () => new TextEncoder().encode(ciiXml(referenced))],
  ['UBL', 'invoice.xml', async () => new TextEncoder().encode(ublXml(referenced))],
  ['Factur-X', 'invoice.pdf', () => facturXPdf(referenced)],
])(
  '%s: the buyer’s references are read (BT-10, BT-13, BT-12, BT-16, and BT-132 per line)',
  async (_s, name, build) => {
    const read = await readEInvoice(name, await build())
    if (!read?.ok) throw new Error('not read')
    expect(read.value.references).toEqual({
      buyer: 'SERVICE-ACHATS',
      order: 'PO-2026-00001',
      contract: 'AGR-2026-0001',
      despatch: 'DL-2026-00001',
    })
    expect(read.value.lines.map((l) => l.order_line)).toEqual(['1', '2'])
  },
)

test('a UBL credit note and a CII credit note (type 381) are credit notes', async () => {
  const ubl = await readEInvoice('credit.xml', new TextEncoder().encode(ublXml(SAMPLE, 'CreditNote')))
  expect(ubl?.ok && ubl.value.kind).toBe('credit_note')
  expect(ubl?.ok && ubl.value.lines.map((l) => l.quantity)).toEqual(['10', '2'])
  const cii = await readEInvoice('credit.xml', new TextEncoder().encode(ciiXml(SAMPLE, '381')))
  expect(cii?.ok && cii.value.kind).toBe('credit_note')
})

test('totals that do not add up are reported with both figures', async () => {
  const wrong = { ...SAMPLE, totals: { ...SAMPLE.totals, tax: '36.00', inctax: '215.64' } }
  const read = await readEInvoice('invoice.xml', new TextEncoder().encode(ciiXml(wrong)))
  if (!read?.ok) throw new Error('not read')
  expect(eInvoiceIssues(read.value)).toEqual([
    {
      code: 'E_INVOICE_TOTALS_MISMATCH',
      params: { rule: 'BR-CO-14', declared: '36.00', computed: '35.94' },
    },
    {
      code: 'E_INVOICE_TOTALS_MISMATCH',
      params: { rule: 'BR-CO-15', declared: '215.64', computed: '215.7' },
    },
  ])
})

test('a scan is no e-invoice; broken or foreign XML is refused with the reason; entities are not expanded', async () => {
  expect(await readEInvoice('scan.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull()
  const plainPdf = await (await import('pdf-lib')).PDFDocument.create()
  plainPdf.addPage()
  expect(await readEInvoice('scan.pdf', await plainPdf.save())).toBeNull()
  expect(
    await readEInvoice('order.xml', new TextEncoder().encode('<Order><ID>1</ID></Order>')),
  ).toMatchObject({
    ok: false,
    error: { code: 'E_INVOICE_UNREADABLE' },
  })
  const entity = ciiXml()
    .replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>',
    )
    .replace('<ram:ID>FA-2026-0815</ram:ID>', '<ram:ID>&secret;</ram:ID>')
  const read = await readEInvoice('x.xml', new TextEncoder().encode(entity))
  expect(read?.ok && read.value.number).not.toContain('root:')
})
