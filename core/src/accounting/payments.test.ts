import fc from 'fast-check'
import { expect, test } from 'vitest'
import { entryTotals } from './journal'
import { type JournalPayment, paymentEntry } from './payments'

const BANK = { code: 'BQ', label: 'Banque', account: '512000', account_label: 'Banque' }
const payment = (changes: Partial<JournalPayment> = {}): JournalPayment => ({
  id: 9,
  group_code: 'PAY-2026-00003',
  paid_on: '2026-11-23',
  amount: '184.75',
  supplier: { code: 'OFFICEPRO', name: 'OfficePro' },
  invoice: { code: '202611-0001', label: 'F-118', invoice_date: '2026-11-02' },
  order_code: null,
  ...changes,
})

test('a paid invoice: the supplier debited and lettered to the invoice, the bank credited', () => {
  const entry = paymentEntry(payment(), BANK, '401', 2)
  expect(entry).toMatchObject({ piece: 'PAY-2026-00003', date: '2026-11-23', journal: { code: 'BQ' } })
  expect(entry.lines).toEqual([
    {
      account: '401OFFICEPRO',
      account_label: '401OFFICEPRO',
      auxiliary: '401OFFICEPRO',
      auxiliary_label: 'OfficePro',
      label: 'OfficePro F-118',
      debit: '184.75',
      credit: '0.00',
      lettering: '202611-0001',
      lettered_on: '2026-11-23',
    },
    {
      account: '512000',
      account_label: 'Banque',
      auxiliary: null,
      auxiliary_label: null,
      label: 'OfficePro F-118',
      debit: '0.00',
      credit: '184.75',
    },
  ])
})

test('a refund of a credit note goes the other way; a deposit is unlettered', () => {
  const refund = paymentEntry(payment({ amount: '-20.00' }), BANK, '401', 2)
  expect(refund.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
    ['401OFFICEPRO', '0.00', '20.00'],
    ['512000', '20.00', '0.00'],
  ])
  const deposit = paymentEntry(payment({ invoice: null, order_code: 'PO-2026-00012' }), BANK, '401', 2)
  expect(deposit.lines[0]).toMatchObject({ lettering: null, label: 'OfficePro PO-2026-00012' })
})

test('every payment entry balances', () => {
  fc.assert(
    fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
      const entry = paymentEntry(payment({ amount: (cents / 100).toFixed(2) }), BANK, '401', 2)
      const totals = entryTotals(entry, 2)
      return totals.debit === totals.credit
    }),
  )
})
