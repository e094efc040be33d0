import { expect, test } from 'vitest'
import {
  creditNotesPaymentStatus,
  invoicePaymentStatus,
  orderPaymentStatus,
  type PayableDeposit,
  type PayableInvoice,
  paymentGroupStatus,
  planDeposits,
  planPaymentGroup,
  proposePayments,
  remainingToPay,
} from './payment-group'

const invoice = (changes: Partial<PayableInvoice> = {}): PayableInvoice => ({
  id: 1,
  code: '202611-0001',
  status: 'validated',
  dispute_status: 'no',
  company_id: 1,
  currency_code: 'EUR',
  due_date: '2026-12-31',
  payable_amount: '1200.00',
  payments: [],
  ...changes,
})

test.each([
  [[], '1200'],
  [[{ amount_inctax: '200.00', status: 'paid' as const }], '1000'],
  [[{ amount_inctax: '200.00', status: 'planified' as const }], '1000'],
  [[{ amount_inctax: '200.00', status: 'refused' as const }], '1200'],
  [[{ amount_inctax: '200.00', status: 'rejected_beneficiary_bank' as const }], '1200'],
  [[{ amount_inctax: '200.00', status: 'canceled' as const }], '1200'],
  [[{ amount_inctax: '1200.00', status: 'awaiting' as const }], '0'],
])('with payments %j, %s remains to pay', (payments, remaining) => {
  expect(remainingToPay(invoice({ payments })).toString()).toBe(remaining)
})

test.each([
  [[], 'no'],
  [[{ amount_inctax: '200.00', status: 'planified' as const }], 'no'],
  [[{ amount_inctax: '200.00', status: 'paid' as const }], 'partial'],
  [[{ amount_inctax: '1200.00', status: 'paid' as const }], 'complete'],
])('with payments %j the invoice is %s paid', (payments, status) => {
  expect(invoicePaymentStatus(invoice({ payments }))).toBe(status)
})

test('its validated credit notes take off what remains to pay, and count as settled', () => {
  const credited = invoice({ credited: '240.00' })
  expect(remainingToPay(credited).toString()).toBe('960')
  expect(invoicePaymentStatus(credited)).toBe('partial')
  const paidTheRest = invoice({ credited: '240.00', payments: [{ amount_inctax: '960.00', status: 'paid' }] })
  expect(remainingToPay(paidTheRest).toString()).toBe('0')
  expect(invoicePaymentStatus(paidTheRest)).toBe('complete')
  // Credited in full: nothing to pay, nothing proposed.
  const all = invoice({ credited: '1200.00' })
  expect(invoicePaymentStatus(all)).toBe('complete')
  expect(proposePayments([all], '2027-01-31')).toEqual([])
})

test('credit notes are settled by what they take off an invoice still owed; one paid in full before leaves them open', () => {
  expect(creditNotesPaymentStatus(invoice())).toBe('no')
  // Deducted before or while the invoice is paid: settled.
  expect(creditNotesPaymentStatus(invoice({ credited: '240.00' }))).toBe('complete')
  expect(
    creditNotesPaymentStatus(
      invoice({ credited: '240.00', payments: [{ amount_inctax: '960.00', status: 'paid' }] }),
    ),
  ).toBe('complete')
  // The invoice was paid in full first: the supplier owes the credit back.
  const paidFirst = [{ amount_inctax: '1200.00', status: 'paid' as const }]
  expect(creditNotesPaymentStatus(invoice({ credited: '240.00', payments: paidFirst }))).toBe('no')
  // Paid 1,100 of 1,200: 100 of the 240 credited was still owed.
  const mostly = [{ amount_inctax: '1100.00', status: 'awaiting' as const }]
  expect(creditNotesPaymentStatus(invoice({ credited: '240.00', payments: mostly }))).toBe('partial')
  // A refused payment line no longer counts as paid.
  const refused = [{ amount_inctax: '1200.00', status: 'refused' as const }]
  expect(creditNotesPaymentStatus(invoice({ credited: '240.00', payments: refused }))).toBe('complete')
})

test('a group pays each invoice what remains, or the part asked; totals exact', () => {
  const second = invoice({ id: 2, code: '202611-0002', payable_amount: '0.30' })
  expect(
    planPaymentGroup(
      [invoice(), second],
      [
        { supplier_invoice_id: 1, amount_inctax: '400.10' },
        { supplier_invoice_id: 2, amount_inctax: null },
      ],
      2,
    ),
  ).toEqual({
    ok: true,
    value: {
      lines: [
        { supplier_invoice_id: 1, amount_inctax: '400.10' },
        { supplier_invoice_id: 2, amount_inctax: '0.30' },
      ],
      deposits: [],
      reports: [],
      company_id: 1,
      currency_code: 'EUR',
      amount_inctax: '400.40',
    },
  })
})

test.each([
  [[], [], 'PAYMENT_NO_INVOICE'],
  [[invoice(), invoice({ id: 2, currency_code: 'USD' })], [1, 2], 'DIFFERENT_CURRENCIES'],
  [[invoice(), invoice({ id: 2, company_id: 2 })], [1, 2], 'DIFFERENT_COMPANIES'],
  [[invoice({ status: 'awaiting' })], [1], 'ITEMS_ALREADY_PAID_OR_PENDING'],
  [
    [invoice({ payments: [{ amount_inctax: '1200.00', status: 'paid' }] })],
    [1],
    'ITEMS_ALREADY_PAID_OR_PENDING',
  ],
  [[invoice({ dispute_status: 'ongoing' })], [1], 'INVOICE_DISPUTED'],
  [[invoice()], [1, 1], 'ITEMS_ALREADY_PAID_OR_PENDING'],
  [[invoice()], [9], 'ITEM_NOT_FOUND'],
])('invoices %j paid as %j: %s', (invoices, ids, code) => {
  const planned = planPaymentGroup(
    invoices,
    ids.map((id) => ({ supplier_invoice_id: id, amount_inctax: null })),
    2,
  )
  expect(planned.ok ? 'ok' : planned.error.code).toBe(code)
})

test.each([
  ['1000.00', 'ok'],
  ['1200.00', 'ok'],
  ['1200.01', 'PAYMENT_EXCEEDS_REMAINING'],
  ['0', 'TOO_SMALL'],
])('paying %s of 1,200.00 (200.00 already planified): %s', (amount, outcome) => {
  const partly = invoice({
    payable_amount: '1400.00',
    payments: [{ amount_inctax: '200.00', status: 'planified' }],
  })
  const planned = planPaymentGroup([partly], [{ supplier_invoice_id: 1, amount_inctax: amount }], 2)
  expect(planned.ok ? 'ok' : planned.error.code).toBe(outcome)
})

test('"pay what is due by D" groups the due, validated, undisputed invoices by company and currency', () => {
  const invoices = [
    invoice({ id: 1, due_date: '2026-12-10' }),
    invoice({ id: 2, due_date: '2026-12-01', company_id: 2 }),
    invoice({ id: 3, due_date: '2026-11-30' }),
    invoice({ id: 4, due_date: '2027-01-15' }),
    invoice({ id: 5, due_date: '2026-12-01', dispute_status: 'ongoing' }),
    invoice({ id: 6, due_date: '2026-12-01', status: 'awaiting' }),
    invoice({ id: 7, due_date: '2026-12-01', payments: [{ amount_inctax: '1200.00', status: 'paid' }] }),
  ]
  expect(proposePayments(invoices, '2026-12-31')).toEqual([
    { company_id: 1, currency_code: 'EUR', invoice_ids: [3, 1] },
    { company_id: 2, currency_code: 'EUR', invoice_ids: [2] },
  ])
})

test.each([
  ['nothing paid', 'complete', false, ['no'], 'no'],
  ['an invoice paid in part', 'partial', false, ['partial'], 'partial'],
  ['the deposit only', 'no', true, [], 'partial'],
  ['billed in full, all paid', 'complete', false, ['complete', 'complete'], 'complete'],
  ['billed less then closed, all paid', 'complete_less', false, ['complete'], 'complete'],
  ['all paid but billing goes on', 'partial', false, ['complete'], 'partial'],
  ['billed in full, one invoice left', 'complete', false, ['complete', 'no'], 'partial'],
  ['no invoice yet', 'complete', false, [], 'no'],
] as const)('order payment status: %s', (_name, billing, deposit, invoices, expected) => {
  expect(orderPaymentStatus({ billing_status: billing, deposit_paid: deposit, invoices })).toBe(expected)
})

test('a group reads as its lines’ status, or mixed', () => {
  expect(paymentGroupStatus([{ status: 'paid' }, { status: 'paid' }])).toBe('paid')
  expect(paymentGroupStatus([{ status: 'paid' }, { status: 'rejected_beneficiary_bank' }])).toBe('mixed')
  expect(paymentGroupStatus([])).toBe('draft')
})

const order = (changes: Partial<PayableDeposit> = {}): PayableDeposit => ({
  id: 7,
  code: 'PO-7',
  status: 'sent',
  company_id: 1,
  currency_code: 'EUR',
  deposit: '120.505',
  deposit_paid_at: null,
  payments: [],
  ...changes,
})

test('a validated order’s deposit is paid in full, with the invoices of its company and currency', () => {
  const deposits = planDeposits([order()], [7], 2)
  expect(deposits).toEqual({
    ok: true,
    value: [{ purchase_order_id: 7, amount_inctax: '120.51', company_id: 1, currency_code: 'EUR' }],
  })
  if (!deposits.ok) return
  const group = planPaymentGroup(
    [invoice()],
    [{ supplier_invoice_id: 1, amount_inctax: '0.49' }],
    2,
    deposits.value,
  )
  expect(group.ok && group.value.amount_inctax).toBe('121.00')
  expect(planPaymentGroup([], [], 2, deposits.value).ok).toBe(true)
  const other = planPaymentGroup(
    [invoice({ company_id: 2 })],
    [{ supplier_invoice_id: 1, amount_inctax: null }],
    2,
    deposits.value,
  )
  expect(other.ok ? null : other.error.code).toBe('DIFFERENT_COMPANIES')
})

test.each([
  ['a draft order', order({ status: 'draft' }), [7], 'ITEMS_ALREADY_PAID_OR_PENDING'],
  ['a closed order', order({ status: 'closed' }), [7], 'ITEMS_ALREADY_PAID_OR_PENDING'],
  ['no deposit', order({ deposit: null }), [7], 'ITEMS_ALREADY_PAID_OR_PENDING'],
  ['a zero deposit', order({ deposit: '0' }), [7], 'ITEMS_ALREADY_PAID_OR_PENDING'],
  ['already paid', order({ deposit_paid_at: new Date() }), [7], 'ITEMS_ALREADY_PAID_OR_PENDING'],
  [
    'on its way',
    order({ payments: [{ amount_inctax: '120.51', status: 'planified' }] }),
    [7],
    'ITEMS_ALREADY_PAID_OR_PENDING',
  ],
  ['named twice', order(), [7, 7], 'ITEMS_ALREADY_PAID_OR_PENDING'],
  ['unknown', order(), [8], 'ITEM_NOT_FOUND'],
] as const)('a deposit refused: %s', (_name, o, ids, code) => {
  const planned = planDeposits([o], ids, 2)
  expect(planned.ok ? null : planned.error.code).toBe(code)
})

test('a rejected deposit payment can be made again', () => {
  expect(
    planDeposits([order({ payments: [{ amount_inctax: '120.51', status: 'rejected_holder_bank' }] })], [7], 2)
      .ok,
  ).toBe(true)
})

test('expense reports join a group in its currency and company, and count in its total', () => {
  const report = {
    expense_report_id: 3,
    user_id: 7,
    amount_inctax: '42.10',
    company_id: 1,
    currency_code: 'EUR',
  }
  const alone = planPaymentGroup([], [], 2, [], [report])
  expect(alone.ok && alone.value.amount_inctax).toBe('42.10')
  expect(
    planPaymentGroup([], [], 2, [], [report, { ...report, expense_report_id: 4, currency_code: 'USD' }]),
  ).toEqual({
    ok: false,
    error: { code: 'DIFFERENT_CURRENCIES' },
  })
  expect(
    planPaymentGroup([], [], 2, [], [report, { ...report, expense_report_id: 4, company_id: 2 }]),
  ).toEqual({
    ok: false,
    error: { code: 'DIFFERENT_COMPANIES' },
  })
})
