import fc from 'fast-check'
import { expect, test } from 'vitest'
import { invoiceTotals } from '../invoice/invoice.schema'
import { VAT_TYPES } from '../invoice/status'
import { dec } from '../money/decimal'
import { fromMinor } from '../money/minor-units'
import { entryTotals, type JournalEntry, type JournalInvoice, journalEntry, type VatAccount } from './journal'

const RATES = ['0', '2.1', '5.5', '10', '20']
const VAT: VatAccount[] = VAT_TYPES.flatMap((vat_type) =>
  RATES.map((vat_rate) => ({
    vat_rate,
    vat_type,
    code: `44566${vat_rate.replace('.', '')}`,
    label: `TVA ${vat_rate} %`,
    self_assessed_code:
      vat_type === 'intracommunity' || vat_type === 'reverse_charge'
        ? `4452${vat_rate.replace('.', '')}`
        : null,
  })),
)

const invoice = (changes: Partial<JournalInvoice> = {}): JournalInvoice => ({
  id: 1,
  code: '202611-0001',
  label: 'F-118',
  invoice_date: '2026-11-21',
  due_date: '2026-12-21',
  currency_code: 'EUR',
  vat_type: 'on_debit',
  supplier: { code: 'OFFICEPRO', name: 'OfficePro' },
  lines: [
    { amount_exctax: '100.00', vat_rate: '20', account: '606100', account_label: 'Fournitures' },
    { amount_exctax: '50.00', vat_rate: '5.5', account: '606400', account_label: 'Petit équipement' },
    { amount_exctax: '10.00', vat_rate: '20', account: '606100', account_label: 'Fournitures' },
  ],
  ...changes,
})

const expense = (account: string, account_label: string) => ({
  account,
  account_label,
  auxiliary: null,
  auxiliary_label: null,
  label: 'OfficePro F-118',
})

test('an invoice: expenses by account, VAT by rate, the supplier credited with the total', () => {
  const entry = journalEntry(invoice(), VAT, '401', 2)
  expect(entry.ok && entry.value.lines).toEqual([
    { ...expense('606100', 'Fournitures'), debit: '110.00', credit: '0.00' },
    { ...expense('606400', 'Petit équipement'), debit: '50.00', credit: '0.00' },
    { ...expense('4456655', 'TVA 5.5 %'), debit: '2.75', credit: '0.00' },
    { ...expense('4456620', 'TVA 20 %'), debit: '22.00', credit: '0.00' },
    {
      account: '401OFFICEPRO',
      account_label: '401OFFICEPRO',
      auxiliary: '401OFFICEPRO',
      auxiliary_label: 'OfficePro',
      label: 'OfficePro F-118',
      debit: '0.00',
      credit: '184.75',
    },
  ])
})

test('reverse charge: the VAT is deducted and self-assessed, the supplier owed the amount excluding tax', () => {
  const entry = journalEntry(
    invoice({
      vat_type: 'reverse_charge',
      lines: [{ amount_exctax: '1000', vat_rate: '20', account: '622600' }],
    }),
    VAT,
    '401',
    2,
  )
  expect(entry.ok && entry.value.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
    ['622600', '1000.00', '0.00'],
    ['4456620', '200.00', '0.00'],
    ['445220', '0.00', '200.00'],
    ['401OFFICEPRO', '0.00', '1000.00'],
  ])
})

test('a credit note books everything on the other side', () => {
  const entry = journalEntry(
    invoice({ lines: [{ amount_exctax: '-40', vat_rate: '20', account: '606100' }] }),
    VAT,
    '401',
    2,
  )
  expect(entry.ok && entry.value.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
    ['606100', '0.00', '40.00'],
    ['4456620', '0.00', '8.00'],
    ['401OFFICEPRO', '48.00', '0.00'],
  ])
})

test.each([
  [
    'a line without an account',
    invoice({ lines: [{ amount_exctax: '1', vat_rate: '20', account: null }] }),
    'MISSING_ACCOUNTING_ENTRY',
  ],
  [
    'a rate without a VAT account',
    invoice({ lines: [{ amount_exctax: '1', vat_rate: '7', account: '606100' }] }),
    'MISSING_ACCOUNTING_ENTRY',
  ],
  [
    'a supplier without a code',
    invoice({ supplier: { code: null, name: 'Nameless' } }),
    'SUPPLIER_WITHOUT_CODE',
  ],
] as const)('refused: %s', (_name, given, code) => {
  const entry = journalEntry(given, VAT, '401', 2)
  expect(entry.ok ? null : entry.error.code).toBe(code)
})

/** Amounts with up to three decimals (0.005 roundings), positive or negative, on several rates. */
const amount = fc
  .integer({ min: -2_000_000, max: 50_000_000 })
  .filter((n) => n !== 0)
  .map((n) => (n / 1000).toFixed(3))

test('every entry balances to the cent: multi-rate, self-assessed, credit notes, 0.005 roundings', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          amount_exctax: amount,
          vat_rate: fc.constantFrom(...RATES),
          account: fc.constantFrom('606100', '606400', '622600', '615000'),
        }),
        { minLength: 1, maxLength: 12 },
      ),
      fc.constantFrom(...VAT_TYPES),
      fc.constantFrom(0, 2, 3),
      // Booked in its own currency, or converted to its company's (each line rounded on its own).
      fc.constantFrom(null, '0.925926', '1.176471', '0.0071'),
      (lines, vat_type, decimals, factor) => {
        const booking = factor === null ? null : { currency: 'EUR', factor }
        const entry = journalEntry(invoice({ lines, vat_type, booking }), VAT, '401', decimals)
        if (!entry.ok) return false
        const { debit, credit } = entryTotals(entry.value, decimals)
        // The supplier is owed the invoice's own total (invoiceTotals, in decimals) when not converted.
        const supplier = entry.value.lines.at(-1)
        const payable = dec(invoiceTotals(lines, vat_type, decimals).payable)
          .abs()
          .toFixed(decimals)
        const owed =
          supplier === undefined
            ? ''
            : supplier.credit === fromMinor(0, decimals)
              ? supplier.debit
              : supplier.credit
        // Balanced, and every amount written with the configured decimals, never negative.
        return (
          debit === credit &&
          (booking !== null || dec(payable).isZero() || owed === payable) &&
          entry.value.lines.every(
            (l) => dec(l.debit).gte(0) && dec(l.credit).gte(0) && dec(l.debit).decimalPlaces() <= decimals,
          )
        )
      },
    ),
    { numRuns: 2000 },
  )
})

test('a fully paid invoice’s supplier line is lettered with its code on the day it was paid', () => {
  const entry = journalEntry(invoice({ paid_on: '2026-11-23' }), VAT, '401', 2)
  const supplier = entry.ok ? entry.value.lines.at(-1) : undefined
  expect(supplier).toMatchObject({
    auxiliary: '401OFFICEPRO',
    lettering: '202611-0001',
    lettered_on: '2026-11-23',
  })
  const unpaid = journalEntry(invoice(), VAT, '401', 2)
  expect(unpaid.ok ? unpaid.value.lines.at(-1)?.lettering : 'x').toBeUndefined()
})

test('an invoice in another currency is booked in its company’s at its rate, each line keeping its own amount', () => {
  // 1 USD = 0.925926 EUR (the default currency's USD rate 1.08 on the invoice date).
  const entry = journalEntry(
    invoice({ currency_code: 'USD', booking: { currency: 'EUR', factor: '0.925926' } }),
    VAT,
    '401',
    2,
  )
  if (!entry.ok) throw new Error('refused')
  expect(entry.value.original_currency).toBe('USD')
  expect(entry.value.lines.map((l) => [l.account, l.debit, l.credit, l.currency_amount])).toEqual([
    ['606100', '101.85', '0.00', '110.00'],
    ['606400', '46.30', '0.00', '50.00'],
    ['4456655', '2.55', '0.00', '2.75'],
    ['4456620', '20.37', '0.00', '22.00'],
    // The supplier takes what balances the converted lines (184.75 × 0.925926 = 171.06…).
    ['401OFFICEPRO', '0.00', '171.07', '184.75'],
  ])
  const { debit, credit } = entryTotals(entry.value, 2)
  expect(debit).toBe(credit)
})

test('an invoice in its company’s currency is written as it is, without an amount in currency', () => {
  const entry = journalEntry(invoice({ booking: { currency: 'EUR', factor: '1' } }), VAT, '401', 2)
  if (!entry.ok) throw new Error('refused')
  expect(entry.value.original_currency).toBeUndefined()
  expect(entry.value.lines.every((l) => l.currency_amount === undefined)).toBe(true)
})

test('an entry’s totals add every amount and skip only zeros, however they are written', () => {
  const line = (debit: string, credit: string) =>
    ({ account: '606100', debit, credit }) as JournalEntry['lines'][number]
  const { debit, credit } = entryTotals(
    { lines: [line('10.05', '0'), line('0.00', '3.10'), line('0.001', '-0.000'), line('00', '07.00')] },
    3,
  )
  expect([fromMinor(debit, 3), fromMinor(credit, 3)]).toEqual(['10.051', '10.100'])
})
