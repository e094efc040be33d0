import {
  type SampleInvoice,
  ciiXml as writeCii,
  facturXPdf as writeFacturX,
  ublXml as writeUbl,
} from '../services/invoices/e-invoice-writer'

export type { SampleInvoice }

/** The tests' e-invoice: OfficePro's, two lines at 20 % VAT. */
export const SAMPLE: SampleInvoice = {
  number: 'FA-2026-0815',
  date: '2026-11-18',
  seller: {
    name: 'OfficePro Supplies',
    vat: 'FR83404833048',
    siret: '40483304800022',
    iban: 'FR7630006000011234567890189',
  },
  lines: [
    { label: 'Copy paper A4', quantity: '10', price: '4.99', amount: '49.90', rate: '20' },
    { label: 'Toner', quantity: '2', price: '64.90', amount: '129.80', rate: '20' },
  ],
  vat: [{ rate: '20', base: '179.70', tax: '35.94' }],
  totals: { lines: '179.70', exctax: '179.70', tax: '35.94', inctax: '215.64' },
}

/** The sample (or another invoice) in each syntax. */
export const ciiXml = (s: SampleInvoice = SAMPLE, typeCode = '380') => writeCii(s, typeCode)
export const ublXml = (s: SampleInvoice = SAMPLE, kind: 'Invoice' | 'CreditNote' = 'Invoice') =>
  writeUbl(s, kind)
export const facturXPdf = (s: SampleInvoice = SAMPLE) => writeFacturX(s)
