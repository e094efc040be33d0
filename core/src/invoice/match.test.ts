import { describe, expect, test } from 'vitest'
import { invoiceTotals } from './invoice.schema'
import {
  type BillableLine,
  checkInvoiceTotal,
  checkMatch,
  closeBilling,
  lineBillingStatus,
  matchInvoice,
  orderBillingStatus,
} from './match'
import { invoiceTransition } from './transitions'

/** 10 units at 50.00 ordered (500.00), 6 received (300.00), nothing billed. */
const line = (changes: Partial<BillableLine> = {}): BillableLine => ({
  id: 1,
  quantity: '10',
  unit_price_exctax: '50',
  amount_exctax: '500.00',
  receipt_mode: 'quantity',
  delivered_quantity: '6',
  delivered_amount_exctax: '300.00',
  billed_quantity: '0',
  billed_amount_exctax: '0.00',
  billing_status: 'no',
  ...changes,
})
const NO_LIMIT = { line_percent: -1, total_percent: -1 }
const options = { billDeliveredOnly: true, limits: NO_LIMIT, decimals: 2 }

describe('billing status', () => {
  test.each([
    ['500.00', '0', false, 'no'],
    ['500.00', '-10', false, 'no'],
    ['500.00', '200.00', false, 'partial'],
    ['500.00', '200.00', true, 'complete_less'],
    ['500.00', '500.00', false, 'complete'],
    ['500.00', '500.00', true, 'complete'],
    ['500.00', '500.01', false, 'complete_more'],
  ] as const)('ordered %s, billed %s (closed %s): %s', (ordered, billed, closed, status) => {
    expect(lineBillingStatus(ordered, billed, closed)).toBe(status)
  })

  test.each([
    [['no', 'no'], 'no'],
    [['partial', 'no'], 'partial'],
    [['complete', 'no'], 'partial'],
    [['complete', 'complete'], 'complete'],
    [['complete', 'complete_less'], 'complete_less'],
    [['complete_more', 'complete_less'], 'complete_more'],
    [['complete_more', 'partial'], 'partial'],
  ] as const)('lines %j: the order is %s', (lines, status) => {
    expect(orderBillingStatus(lines)).toBe(status)
  })
})

describe('three-way match', () => {
  test.each([
    // quantity, price, what it says
    ['6', '50', 'matched'],
    ['4', '50', 'matched'],
    ['7', '50', 'over_quantity'],
    ['6', '50.01', 'over_price'],
    ['6', '', 'matched'],
  ])('billing %s at %s of 6 received at 50: %s', (quantity, price, result) => {
    const plan = matchInvoice(
      [line()],
      [{ purchase_order_line_id: 1, quantity, unit_price_exctax: price, vat_rate: '20' }],
      options,
    )
    expect(plan.ok && plan.value.lines[0]?.result).toBe(result)
  })

  test('a line not received says so, and is refused when only delivered goods are billed', () => {
    const nothing = line({ delivered_quantity: '0', delivered_amount_exctax: '0.00' })
    const input = [{ purchase_order_line_id: 1, quantity: '2', unit_price_exctax: '50', vat_rate: '20' }]
    const required = matchInvoice([nothing], input, options)
    expect(required.ok && required.value.lines[0]?.result).toBe('not_received')
    expect(required.ok && checkMatch(required.value)).toEqual({
      ok: false,
      error: { code: 'BILLING_BEFORE_DELIVERY' },
    })
    const allowed = matchInvoice([nothing], input, { ...options, billDeliveredOnly: false })
    expect(allowed.ok && allowed.value.problems).toEqual([])
    expect(allowed.ok && allowed.value.lines[0]?.remaining_exctax).toBe('500.00')
  })

  test.each([
    // line limit, total limit, quantity billed of 6 received (300.00 left), outcome
    [-1, -1, '9', 'ok'],
    [10, -1, '6.6', 'ok'],
    [10, -1, '6.62', 'BILLING_LIMIT_EXCEEDED'],
    [0, -1, '6', 'ok'],
    [0, -1, '6.01', 'BILLING_LIMIT_EXCEEDED'],
    [-1, 0, '6.01', 'BILLING_LIMIT_EXCEEDED'],
    [-1, 5, '6.3', 'ok'],
    [-1, 5, '6.31', 'BILLING_LIMIT_EXCEEDED'],
  ] as const)(
    'limits line %s%% total %s%%: billing %s is %s',
    (linePercent, totalPercent, quantity, outcome) => {
      const plan = matchInvoice(
        [line()],
        [{ purchase_order_line_id: 1, quantity, unit_price_exctax: '50', vat_rate: '20' }],
        { ...options, limits: { line_percent: linePercent, total_percent: totalPercent } },
      )
      if (!plan.ok) throw new Error(plan.error.code)
      const checked = checkMatch(plan.value)
      expect(checked.ok ? 'ok' : checked.error.code).toBe(outcome)
    },
  )

  test('the limit refusal says what is billed, what was left and the limit', () => {
    const plan = matchInvoice(
      [line()],
      [{ purchase_order_line_id: 1, quantity: '7', unit_price_exctax: '50', vat_rate: '20' }],
      { ...options, limits: { line_percent: 10, total_percent: -1 } },
    )
    expect(plan.ok && plan.value.problems).toEqual([
      { code: 'BILLING_LIMIT_EXCEEDED', params: { billed: '350.00', remaining: '300.00', limit: '10' } },
    ])
  })

  test('no rounding false alarm: a third of a line at a limit of 0 passes to the cent', () => {
    // 3 received at 33.333333: 100.00 left; billing 1 then 2 (33.33 + 66.67) passes exactly.
    const third = line({
      quantity: '3',
      unit_price_exctax: '33.333333',
      amount_exctax: '100.00',
      delivered_quantity: '3',
      delivered_amount_exctax: '100.00',
    })
    const strict = { ...options, limits: { line_percent: 0, total_percent: 0 } }
    const first = matchInvoice(
      [third],
      [{ purchase_order_line_id: 1, quantity: '1', vat_rate: '20' }],
      strict,
    )
    if (!first.ok) throw new Error(first.error.code)
    expect(first.value.problems).toEqual([])
    const after = { ...third, ...first.value.lines[0]?.after }
    const rest = matchInvoice([after], [{ purchase_order_line_id: 1, quantity: '2', vat_rate: '20' }], strict)
    if (!rest.ok) throw new Error(rest.error.code)
    expect(rest.value.lines[0]).toMatchObject({ amount_exctax: '66.67', remaining_exctax: '66.67' })
    expect(rest.value.problems).toEqual([])
    expect(rest.value.lines[0]?.after).toEqual({
      billed_quantity: '3',
      billed_amount_exctax: '100.00',
      billing_status: 'complete',
    })
  })

  test('a service line bills an amount; a free line bills freight with no order line', () => {
    const service = line({
      id: 2,
      quantity: '1',
      unit_price_exctax: '300',
      amount_exctax: '300.00',
      receipt_mode: 'amount',
      delivered_quantity: '0',
      delivered_amount_exctax: '120.00',
    })
    const plan = matchInvoice(
      [line(), service],
      [
        { purchase_order_line_id: 2, amount_exctax: '120', vat_rate: '20' },
        { purchase_order_line_id: null, label: 'Freight', amount_exctax: '15.5', vat_rate: '20' },
      ],
      options,
    )
    expect(plan.ok && plan.value.lines.map((l) => [l.result, l.amount_exctax])).toEqual([
      ['matched', '120.00'],
      ['free', '15.50'],
    ])
    expect(plan.ok && plan.value.amount_exctax).toBe('135.50')
  })

  test.each([
    [
      [{ purchase_order_line_id: 9, quantity: '1', vat_rate: '20' }],
      'lines.0.purchase_order_line_id',
      'NOT_IN_LIST',
    ],
    [[{ purchase_order_line_id: 1, vat_rate: '20' }], 'lines.0.quantity', 'FIELD_REQUIRED'],
    [[{ purchase_order_line_id: 1, quantity: 'two', vat_rate: '20' }], 'lines.0.quantity', 'NOT_A_NUMBER'],
    [
      [{ purchase_order_line_id: null, amount_exctax: '10', vat_rate: '20' }],
      'lines.0.label',
      'FIELD_REQUIRED',
    ],
    [
      [
        { purchase_order_line_id: 1, quantity: '1', vat_rate: '20' },
        { purchase_order_line_id: 1, quantity: '1', vat_rate: '20' },
      ],
      'lines.1.purchase_order_line_id',
      'NOT_UNIQUE',
    ],
  ])('%j is a form error on %s (%s)', (input, field, code) => {
    const plan = matchInvoice([line()], input, options)
    expect(!plan.ok && plan.error.fields?.[field]?.[0]?.code).toBe(code)
  })

  test('a credit note bills negative amounts back', () => {
    const billed = line({ billed_quantity: '6', billed_amount_exctax: '300.00', billing_status: 'partial' })
    const plan = matchInvoice(
      [billed],
      [{ purchase_order_line_id: 1, quantity: '-2', vat_rate: '20' }],
      options,
    )
    expect(plan.ok && plan.value.lines[0]?.after).toEqual({
      billed_quantity: '4',
      billed_amount_exctax: '200.00',
      billing_status: 'partial',
    })
  })
})

test.each([
  ['100.00', '100.00', 'ok'],
  ['100.00', '100', 'ok'],
  ['100.00', '100.01', 'INVOICE_AMOUNT_MISMATCH'],
])('lines totalling %s against a declared %s: %s', (lines, declared, outcome) => {
  const checked = checkInvoiceTotal(lines, declared)
  expect(checked.ok ? 'ok' : checked.error.code).toBe(outcome)
})

test.each([
  ['on_debit', '240.00', false],
  ['reverse_charge', '200.00', true],
  ['intracommunity', '200.00', true],
] as const)('an invoice of 200.00 at 20 %% VAT, %s, pays %s', (vatType, payable, selfAssessed) => {
  const totals = invoiceTotals([{ amount_exctax: '200.00', vat_rate: '20' }], vatType, 2)
  expect(totals.payable).toBe(payable)
  expect(totals.self_assessed).toBe(selfAssessed)
  expect(totals.tax.toFixed(2)).toBe('40.00')
})

test.each([
  [{ status: 'draft' }, 'submit', {}, 'awaiting'],
  [{ status: 'draft' }, 'submit', { circuitHasSteps: false }, 'validated'],
  [{ status: 'awaiting' }, 'validate', { circuitComplete: true }, 'validated'],
  [{ status: 'awaiting' }, 'validate', { circuitComplete: false }, 'awaiting'],
  [{ status: 'awaiting' }, 'refuse', {}, 'refused'],
  [{ status: 'validated' }, 'back_to_draft', {}, 'draft'],
  [
    { status: 'validated', payment_status: 'partial' },
    'back_to_draft',
    {},
    'EXPORT_BACK_TO_DRAFT_CONFIRMATION',
  ],
  [{ status: 'validated', exported: true }, 'back_to_draft', {}, 'EXPORT_BACK_TO_DRAFT_CONFIRMATION'],
  [{ status: 'validated', exported: true }, 'back_to_draft', { confirm: true }, 'draft'],
  [{ status: 'validated' }, 'cancel', {}, 'TRANSITION_NOT_ALLOWED'],
  [{ status: 'refused' }, 'cancel', {}, 'canceled'],
  [{ status: 'canceled' }, 'submit', {}, 'TRANSITION_NOT_ALLOWED'],
] as const)('%j %s %j: %s', (state, action, ctx, outcome) => {
  const next = invoiceTransition(
    { payment_status: 'no', exported: false, dispute_status: 'no', ...state },
    action,
    ctx,
  )
  expect(next.ok ? next.value : next.error.code).toBe(outcome)
})

test.each([
  [['partial', 'complete'], ['complete_less', 'complete'], 'complete_less'],
  [['partial', 'no'], ['complete_less', 'complete_less'], 'complete_less'],
  [['complete_more', 'no'], ['complete_more', 'complete_less'], 'complete_more'],
  [['complete', 'complete_more'], 'TRANSITION_NOT_ALLOWED', null],
  [['no', 'no'], 'TRANSITION_NOT_ALLOWED', null],
] as const)('closing the billing of lines %j gives %j (order %s)', (lines, outcome, order) => {
  const closed = closeBilling(lines)
  expect(closed.ok ? closed.value : closed.error.code).toEqual(outcome)
  if (closed.ok) expect(orderBillingStatus(closed.value)).toBe(order)
})

test.each(['submit', 'validate'] as const)(
  'an invoice in dispute may %s only with the confirmation',
  (action) => {
    const invoice = {
      status: action === 'submit' ? ('draft' as const) : ('awaiting' as const),
      payment_status: 'no' as const,
      exported: false,
      dispute_status: 'ongoing' as const,
    }
    expect(invoiceTransition(invoice, action)).toEqual({
      ok: false,
      error: { code: 'INVOICE_IN_DISPUTE_CONFIRMATION' },
    })
    expect(invoiceTransition(invoice, action, { confirm: true, circuitComplete: true }).ok).toBe(true)
    expect(invoiceTransition({ ...invoice, dispute_status: 'finished' }, action).ok).toBe(true)
  },
)

describe('credited lines, against returns', () => {
  // 8 units billed (400.00) while 6 are still received: 2 went back after they were billed.
  const returned = line({ billed_quantity: '8', billed_amount_exctax: '400.00' })
  const credit = (quantity: string, on = returned) =>
    matchInvoice([on], [{ purchase_order_line_id: 1, quantity, vat_rate: '20' }], options)

  test.each([
    ['-2', 'credit_return'],
    ['-1', 'credit_return'],
    ['-3', 'credit_other'],
  ] as const)('crediting %s of the 2 returned: %s', (quantity, result) => {
    const plan = credit(quantity)
    expect(plan.ok && plan.value.lines[0]?.result).toBe(result)
    expect(plan.ok && plan.value.problems).toEqual([])
  })

  test('nothing returned: a credit is for another reason (price, goodwill)', () => {
    const plan = credit(
      '-1',
      line({ delivered_quantity: '8', billed_quantity: '8', billed_amount_exctax: '400.00' }),
    )
    expect(plan.ok && plan.value.lines[0]?.result).toBe('credit_other')
  })

  test('a credit never takes a line below nothing billed', () => {
    const plan = credit('-9')
    expect(plan.ok && plan.value.problems).toEqual([
      { code: 'CREDIT_BEYOND_BILLED', params: { credited: '450.00', billed: '400.00' } },
    ])
    const exactly = credit('-8')
    expect(exactly.ok && exactly.value.problems).toEqual([])
    expect(exactly.ok && exactly.value.lines[0]?.after?.billed_amount_exctax).toBe('0.00')
  })
})
