import { expect, test } from 'vitest'
import { employeeCode, expenseReportEntry, type JournalExpenseReport } from './expense-journal'
import { entryTotals } from './journal'

const vat = [
  {
    vat_rate: '10',
    vat_type: 'on_debit' as const,
    code: '445661',
    self_assessed_code: null,
    label: 'VAT 10 %',
  },
]
const report = (extra: Partial<JournalExpenseReport> = {}): JournalExpenseReport => ({
  id: 1,
  code: 'ER-2026-00001',
  label: 'Lyon',
  date: '2026-11-20',
  employee: { code: 'REQUESTER', name: 'Rita Requester' },
  paid_on: null,
  expenses: [
    { account: '625110', amount_exctax: '63.48', amount_inctax: '63.48', vat: [] },
    {
      account: '625700',
      amount_exctax: '20.00',
      amount_inctax: '22.00',
      vat: [{ rate: '10', amount: '2.00' }],
    },
    {
      account: '625700',
      amount_exctax: '13.64',
      amount_inctax: '15.00',
      vat: [{ rate: '10', amount: '1.36' }],
    },
  ],
  ...extra,
})

test('an expense report books its expenses by account, the receipts’ VAT, and credits the employee; balanced', () => {
  const entry = expenseReportEntry(report(), vat, '421', 2)
  expect(entry.ok).toBe(true)
  if (!entry.ok) return
  expect(entry.value.lines.map((l) => [l.account, l.debit, l.credit, l.auxiliary])).toEqual([
    ['625110', '63.48', '0.00', null],
    ['625700', '33.64', '0.00', null],
    ['445661', '3.36', '0.00', null],
    ['421REQUESTER', '0.00', '100.48', '421REQUESTER'],
  ])
  const totals = entryTotals(entry.value, 2)
  expect(totals.debit).toBe(totals.credit)
})

test('a paid report letters the employee line; a missing account refuses the report', () => {
  const paid = expenseReportEntry(report({ paid_on: '2026-11-25' }), vat, '421', 2)
  expect(paid.ok && paid.value.lines.at(-1)).toMatchObject({
    lettering: 'ER-2026-00001',
    lettered_on: '2026-11-25',
  })
  expect(expenseReportEntry(report(), [], '421', 2)).toEqual({
    ok: false,
    error: { code: 'MISSING_ACCOUNTING_ENTRY', params: { invoice: 'ER-2026-00001' } },
  })
  const noAccount = report({ expenses: [{ account: null, amount_exctax: '1', amount_inctax: '1', vat: [] }] })
  expect(expenseReportEntry(noAccount, vat, '421', 2).ok).toBe(false)
})

test('an employee’s code is their login in letters and digits', () => {
  expect(employeeCode('rita.requester@acme')).toBe('RITAREQUESTERACME')
  expect(employeeCode('josé')).toBe('JOSE')
})
