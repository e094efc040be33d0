import { describe, expect, test } from 'vitest'
import {
  checkForceComplete,
  checkOrderAmountBounds,
  checkReservationWindow,
  lineDeliveryStatus,
  orderDeliveryStatus,
  planReceipt,
  type ReceivableLine,
  type ReceivableOrder,
  receiptMovesStock,
  reservationDeadline,
} from './rules'

const order = (changes: Partial<ReceivableOrder> = {}): ReceivableOrder => ({
  status: 'sent',
  delivery_status: 'no',
  amount_exctax: '1000.00',
  ...changes,
})

/** 10 boxes of paper at 50.00 (500.00), a service of 500.00 received by amount. */
const line = (changes: Partial<ReceivableLine> = {}): ReceivableLine => ({
  id: 1,
  quantity: '10',
  quantity_step: null,
  unit_price_exctax: '50',
  amount_exctax: '500.00',
  receipt_mode: 'quantity',
  delivered_quantity: '0',
  delivered_amount_exctax: '0.00',
  predelivered_quantity: '0',
  predelivered_amount_exctax: '0.00',
  ...changes,
})
const service = (changes: Partial<ReceivableLine> = {}) =>
  line({ id: 2, quantity: '1', unit_price_exctax: '500', receipt_mode: 'amount', ...changes })

const NO_LIMIT = { line_percent: -1, total_percent: -1 }
const delivery = { kind: 'delivery' as const, limits: NO_LIMIT, decimals: 2 }

describe('line and order delivery status', () => {
  test.each([
    ['quantity', '0', '0.00', 'no'],
    ['quantity', '4', '200.00', 'partial'],
    ['quantity', '10', '500.00', 'complete'],
    ['quantity', '12', '600.00', 'complete'],
    ['amount', '0', '0.00', 'no'],
    ['amount', '0', '499.99', 'partial'],
    ['amount', '0', '500.00', 'complete'],
  ] as const)('a %s line with %s received (%s) is %s', (mode, quantity, amount, status) => {
    const l = line({ receipt_mode: mode })
    expect(lineDeliveryStatus(l, { quantity, amount_exctax: amount })).toBe(status)
  })

  test.each([
    [['no', 'no'], false, 'no'],
    [['partial', 'no'], false, 'partial'],
    [['complete', 'no'], false, 'partial'],
    [['complete', 'complete'], false, 'complete'],
    [['partial', 'no'], true, 'forced_complete'],
    [['no'], true, 'forced_complete'],
  ] as const)('lines %j, forced %s: the order is %s', (lines, forced, status) => {
    expect(orderDeliveryStatus(lines, forced)).toBe(status)
  })
})

describe('planReceipt', () => {
  test('part of a line, then the rest: partial then complete, amounts exact', () => {
    const first = planReceipt(
      order(),
      [line(), service()],
      [{ purchase_order_line_id: 1, quantity: '4' }],
      delivery,
    )
    expect(first).toEqual({
      ok: true,
      value: {
        lines: [
          {
            purchase_order_line_id: 1,
            quantity: '4',
            amount_exctax: '200.00',
            after: {
              delivered_quantity: '4',
              delivered_amount_exctax: '200.00',
              predelivered_quantity: '0',
              predelivered_amount_exctax: '0.00',
              delivery_status: 'partial',
            },
          },
        ],
        order: {
          delivered_amount_exctax: '200.00',
          predelivered_amount_exctax: '0.00',
          delivery_status: 'partial',
        },
      },
    })
    const rest = planReceipt(
      order({ delivery_status: 'partial' }),
      [line({ delivered_quantity: '4', delivered_amount_exctax: '200.00' }), service()],
      [
        { purchase_order_line_id: 1, quantity: '6' },
        { purchase_order_line_id: 2, amount_exctax: '500' },
      ],
      delivery,
    )
    expect(rest.ok && rest.value.order).toEqual({
      delivered_amount_exctax: '1000.00',
      predelivered_amount_exctax: '0.00',
      delivery_status: 'complete',
    })
  })

  test('the delivered amount is the received quantity at the line price, never a sum of roundings', () => {
    // 3 × 1/3 of a line at 33.333333: each third rounds to 11.11, the whole to 100.00.
    const third = line({ quantity: '3', unit_price_exctax: '33.333333', amount_exctax: '100.00' })
    let current = third
    const amounts: string[] = []
    for (let i = 0; i < 3; i += 1) {
      const plan = planReceipt(order(), [current], [{ purchase_order_line_id: 1, quantity: '1' }], delivery)
      if (!plan.ok) throw new Error(plan.error.code)
      const [planned] = plan.value.lines
      amounts.push(planned?.amount_exctax ?? '')
      current = { ...current, ...planned?.after }
    }
    expect(amounts).toEqual(['33.33', '33.34', '33.33'])
    expect(current.delivered_amount_exctax).toBe('100.00')
  })

  test.each([
    // line limit, total limit, quantity received of 10 ordered, outcome
    [-1, -1, '15', 'ok'],
    [10, -1, '11', 'ok'],
    [10, -1, '11.001', 'DELIVERY_DEVIATION_EXCEEDED'],
    [0, -1, '10', 'ok'],
    [0, -1, '10.5', 'DELIVERY_DEVIATION_EXCEEDED'],
    [-1, 0, '10.5', 'DELIVERY_AMOUNT_OUT_OF_BOUNDS'],
    [-1, 5, '10.5', 'ok'],
    [-1, 5, '10.6', 'DELIVERY_AMOUNT_OUT_OF_BOUNDS'],
  ] as const)(
    'limits line %s%% total %s%%: receiving %s of 10 is %s',
    (linePercent, totalPercent, quantity, outcome) => {
      // The order is this one line: 10 at 50.00 = 500.00.
      const plan = planReceipt(
        order({ amount_exctax: '500.00' }),
        [line()],
        [{ purchase_order_line_id: 1, quantity }],
        { ...delivery, limits: { line_percent: linePercent, total_percent: totalPercent } },
      )
      expect(plan.ok ? 'ok' : plan.error.code).toBe(outcome)
    },
  )

  test('the deviation refusal says by how much and the limit', () => {
    const plan = planReceipt(order(), [line()], [{ purchase_order_line_id: 1, quantity: '12' }], {
      ...delivery,
      limits: { line_percent: 10, total_percent: -1 },
    })
    expect(plan).toEqual({
      ok: false,
      error: { code: 'DELIVERY_DEVIATION_EXCEEDED', params: { deviation: '20', limit: '10' } },
    })
  })

  test.each([
    ['0.3', '0.1', 'ok'],
    ['0.25', '0.1', 'QUANTITY_STEP'],
    ['1.5', '0.5', 'ok'],
    ['7', '2', 'QUANTITY_STEP'],
    ['-0.2', '0.1', 'ok'],
  ])('quantity %s on a step of %s: %s (exact in decimals)', (quantity, step, outcome) => {
    const plan = planReceipt(
      order(),
      [line({ quantity_step: step, delivered_quantity: '1', delivered_amount_exctax: '50.00' })],
      [{ purchase_order_line_id: 1, quantity }],
      delivery,
    )
    const code = plan.ok ? 'ok' : (plan.error.fields?.['lines.0.quantity']?.[0]?.code ?? plan.error.code)
    expect(code).toBe(outcome)
  })

  test('a return takes back at most what was received, and reopens the line', () => {
    const received = line({ delivered_quantity: '10', delivered_amount_exctax: '500.00' })
    const returned = planReceipt(
      order({ delivery_status: 'complete' }),
      [received],
      [{ purchase_order_line_id: 1, quantity: '-3' }],
      delivery,
    )
    expect(returned.ok && returned.value.lines[0]).toMatchObject({
      quantity: '-3',
      amount_exctax: '-150.00',
      after: { delivered_quantity: '7', delivery_status: 'partial' },
    })
    expect(returned.ok && returned.value.order.delivery_status).toBe('partial')
    expect(
      planReceipt(order(), [received], [{ purchase_order_line_id: 1, quantity: '-11' }], delivery),
    ).toEqual({
      ok: false,
      error: { code: 'RETURN_EXCEEDS_RECEIVED', params: { received: '10' } },
    })
  })

  test('a technical delivery adds to the predelivered quantities only, never negative', () => {
    const plan = planReceipt(order(), [line()], [{ purchase_order_line_id: 1, quantity: '4' }], {
      ...delivery,
      kind: 'technical',
    })
    expect(plan.ok && plan.value.lines[0]?.after).toEqual({
      delivered_quantity: '0',
      delivered_amount_exctax: '0.00',
      predelivered_quantity: '4',
      predelivered_amount_exctax: '200.00',
      delivery_status: 'no',
    })
    expect(plan.ok && plan.value.order.delivery_status).toBe('no')
    const negative = planReceipt(order(), [line()], [{ purchase_order_line_id: 1, quantity: '-1' }], {
      ...delivery,
      kind: 'technical',
    })
    expect(!negative.ok && negative.error.fields?.['lines.0.quantity']?.[0]?.code).toBe('TOO_SMALL')
  })

  test('undoing a delivery takes its lines back without the deviation checks', () => {
    const received = line({ delivered_quantity: '12', delivered_amount_exctax: '600.00' })
    const undone = planReceipt(
      order({ status: 'sent', delivery_status: 'complete' }),
      [received],
      [{ purchase_order_line_id: 1, quantity: '12' }],
      { ...delivery, limits: { line_percent: 0, total_percent: 0 }, undo: true },
    )
    expect(undone.ok && undone.value.order).toMatchObject({
      delivered_amount_exctax: '0.00',
      delivery_status: 'no',
    })
    const tooMuch = planReceipt(
      order(),
      [line({ delivered_quantity: '2' })],
      [{ purchase_order_line_id: 1, quantity: '5' }],
      {
        ...delivery,
        undo: true,
      },
    )
    expect(!tooMuch.ok && tooMuch.error.code).toBe('DELIVERY_CANCEL_BELOW_ZERO')
  })

  test.each([
    [order({ status: 'closed' }), '1', 'MODEL_LOCKED'],
    [order({ status: 'validated' }), '1', 'TRANSITION_NOT_ALLOWED'],
    [order({ status: 'draft' }), '1', 'TRANSITION_NOT_ALLOWED'],
    [order({ status: 'acknowledged_receipt' }), '1', 'ok'],
    [order({ delivery_status: 'forced_complete' }), '1', 'DELIVERY_FORCED_COMPLETE'],
    [order({ delivery_status: 'forced_complete' }), '-1', 'ok'],
  ])('an order %j receiving %s: %s', (o, quantity, outcome) => {
    const plan = planReceipt(
      o,
      [line({ delivered_quantity: '2', delivered_amount_exctax: '100.00' })],
      [{ purchase_order_line_id: 1, quantity }],
      delivery,
    )
    expect(plan.ok ? 'ok' : plan.error.code).toBe(outcome)
  })

  test.each([
    [[{ purchase_order_line_id: 9, quantity: '1' }], 'lines.0.purchase_order_line_id', 'NOT_IN_LIST'],
    [
      [
        { purchase_order_line_id: 1, quantity: '1' },
        { purchase_order_line_id: 1, quantity: '1' },
      ],
      'lines.1.purchase_order_line_id',
      'NOT_UNIQUE',
    ],
    [[{ purchase_order_line_id: 1, quantity: 'ten' }], 'lines.0.quantity', 'NOT_A_NUMBER'],
    [[{ purchase_order_line_id: 2, amount_exctax: '10.005' }], 'lines.0.amount_exctax', 'TOO_MANY_DECIMALS'],
  ])('lines %j are refused on %s (%s)', (input, field, code) => {
    const plan = planReceipt(order(), [line(), service()], input, delivery)
    expect(!plan.ok && plan.error.fields?.[field]?.[0]?.code).toBe(code)
  })

  test('nothing received on any line is refused', () => {
    const plan = planReceipt(
      order(),
      [line(), service()],
      [
        { purchase_order_line_id: 1, quantity: '0' },
        { purchase_order_line_id: 2, amount_exctax: '' },
      ],
      delivery,
    )
    expect(plan).toEqual({ ok: false, error: { code: 'DELIVERY_NO_LINE' } })
  })
})

test.each([
  [order({ delivery_status: 'partial' }), true, 'ok'],
  [order({ delivery_status: 'no' }), true, 'ok'],
  [order({ delivery_status: 'partial' }), false, 'FORCE_COMPLETE_CONFIRMATION_REQUIRED'],
  [order({ delivery_status: 'complete' }), true, 'TRANSITION_NOT_ALLOWED'],
  [order({ delivery_status: 'forced_complete' }), true, 'TRANSITION_NOT_ALLOWED'],
  [order({ status: 'closed', delivery_status: 'partial' }), true, 'MODEL_LOCKED'],
])('forcing %j to complete (confirmed %s): %s', (o, confirmed, outcome) => {
  const checked = checkForceComplete(o, confirmed)
  expect(checked.ok ? 'ok' : checked.error.code).toBe(outcome)
})

test.each([
  ['1000.00', '400.00', '300.00', 'ok'],
  ['400.00', '400.00', '300.00', 'ok'],
  ['399.99', '400.00', '0.00', 'PO_AMOUNT_BELOW_DELIVERED'],
  ['299.99', '0.00', '300.00', 'PO_AMOUNT_BELOW_PREDELIVERED'],
])(
  'an order edited to %s with %s delivered and %s predelivered: %s',
  (amount, delivered, predelivered, outcome) => {
    const checked = checkOrderAmountBounds(amount, {
      delivered_amount_exctax: delivered,
      predelivered_amount_exctax: predelivered,
    })
    expect(checked.ok ? 'ok' : checked.error.code).toBe(outcome)
  },
)

test.each([
  ['2026-11-20', '2026-11-20', 'ok'],
  ['2026-11-20', '2026-11-23', 'ok'],
  ['2026-11-20', '2026-11-24', 'RESERVATION_WINDOW_CLOSED'],
  ['2026-02-27', '2026-03-02', 'ok'],
  ['2028-02-27', '2028-03-02', 'RESERVATION_WINDOW_CLOSED'],
])('reservations on a delivery of %s raised on %s: %s', (delivered, today, outcome) => {
  const checked = checkReservationWindow(delivered, today)
  expect(checked.ok ? 'ok' : checked.error.code).toBe(outcome)
})

test('the reservation deadline is three days after the delivery date', () => {
  expect(reservationDeadline('2026-12-30')).toBe('2027-01-02')
})

test('only a catalogue article received in quantity moves stock', () => {
  expect(receiptMovesStock({ article_id: 4, receipt_mode: 'quantity' })).toBe(true)
  expect(receiptMovesStock({ article_id: null, receipt_mode: 'quantity' })).toBe(false)
  expect(receiptMovesStock({ article_id: 4, receipt_mode: 'amount' })).toBe(false)
})
