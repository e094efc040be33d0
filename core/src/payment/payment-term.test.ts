import { expect, test } from 'vitest'
import { describePaymentTerm, dueDate, PaymentTermSchema } from './payment-term'

const term = (input: Record<string, unknown>) => PaymentTermSchema.parse(input)

// Worked by hand on a calendar.
test.each([
  ['on receipt', { on_receipt: true, days: 30 }, '2026-03-14', '2026-03-14'],
  ['30 days', { days: 30 }, '2026-01-31', '2026-03-02'],
  ['30 days, leap year', { days: 30 }, '2028-01-31', '2028-03-01'],
  ['45 days end of month', { days: 45, month_end: true }, '2026-01-20', '2026-03-31'],
  ['30 days end of month into February', { days: 30, month_end: true }, '2026-01-15', '2026-02-28'],
  ['30 days end of month, leap February', { days: 30, month_end: true }, '2028-01-15', '2028-02-29'],
  ['30 days then the 10th, not passed', { days: 30, fixed_day: 10 }, '2026-03-05', '2026-04-10'],
  ['30 days then the 10th, already passed', { days: 30, fixed_day: 10 }, '2026-03-15', '2026-05-10'],
  [
    'end of month then the 10th of the next',
    { days: 30, month_end: true, fixed_day: 10 },
    '2026-03-15',
    '2026-05-10',
  ],
  ['the 31st in a short month', { days: 0, fixed_day: 31 }, '2026-02-03', '2026-02-28'],
  [
    'capped by the payment deadline',
    { days: 60, month_end: true, payment_deadline: 60 },
    '2026-01-10',
    '2026-03-11',
  ],
  ['the cap does not lengthen', { days: 30, payment_deadline: 60 }, '2026-01-10', '2026-02-09'],
  ['over the year end', { days: 45, month_end: true }, '2026-12-10', '2027-01-31'],
])('%s', (_name, input, invoice, due) => {
  expect(dueDate(invoice, term(input))).toBe(due)
})

test('an unknown field or a day outside 1–31 is refused', () => {
  expect(PaymentTermSchema.safeParse({ days: 30, weeks: 2 }).success).toBe(false)
  expect(PaymentTermSchema.safeParse({ fixed_day: 32 }).success).toBe(false)
  expect(PaymentTermSchema.safeParse({ days: -1 }).success).toBe(false)
})

test('an order prints the term in the supplier’s language', () => {
  const t = term({ days: 45, month_end: true, fixed_day: 10 })
  expect(describePaymentTerm(t, 'transfer', 'en')).toBe(
    '45 days from invoice date, end of month, on the 10th, by bank transfer',
  )
  expect(describePaymentTerm(t, 'transfer', 'fr')).toBe(
    '45 jours date de facture, fin de mois, le 10, par virement',
  )
  expect(describePaymentTerm(term({ on_receipt: true }), 'none', 'es')).toBe('a la recepción de la factura')
  expect(describePaymentTerm(term({ days: 30, fixed_day: 1 }), 'none', 'en')).toBe(
    '30 days from invoice date, on the 1st',
  )
})
