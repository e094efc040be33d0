import { describe, expect, test } from 'vitest'
import { guard } from '../policy/decisions'
import { tableProblems } from '../policy/lifecycle'
import {
  AwardInputSchema,
  allowedRfqActions,
  type ComparedQuote,
  checkAnswerOpen,
  checkAward,
  compareQuotes,
  isSealed,
  mayManageRfq,
  orderedQuantity,
  QuoteInputSchema,
  quoteValidity,
  RFQ_ACTIONS,
  RFQ_STATUSES,
  RFQ_TRANSITIONS,
  type RfqAction,
  RfqInputSchema,
  type RfqStatus,
  rfqActions,
  rfqActionsAnswer,
  rfqTransition,
} from './rfq'

const TABLE: [RfqAction, RfqStatus, RfqStatus | null][] = [
  ['send', 'draft', 'sent'],
  ['send', 'sent', null],
  ['close', 'sent', 'closed'],
  ['close', 'draft', null],
  ['close', 'closed', null],
  ['award', 'closed', 'awarded'],
  ['award', 'sent', null],
  ['award', 'draft', null],
  ['cancel', 'draft', 'cancelled'],
  ['cancel', 'sent', 'cancelled'],
  ['cancel', 'closed', 'cancelled'],
  ['cancel', 'awarded', null],
  ['cancel', 'cancelled', null],
]

test.each(TABLE)('%s from %s leads to %s', (action, from, to) => {
  const result = rfqTransition(from, action)
  expect(result.ok ? result.value : null).toBe(to)
  if (!result.ok) expect(result.error.code).toBe('TRANSITION_NOT_ALLOWED')
})

test('the table covers every action from every status, and offers what it allows', () => {
  for (const status of RFQ_STATUSES)
    for (const action of RFQ_ACTIONS)
      expect(rfqActions(status).includes(action)).toBe(rfqTransition(status, action).ok)
  expect(rfqActions('awarded')).toEqual([])
})

test('quotations stay sealed until the RFQ is closed', () => {
  expect(RFQ_STATUSES.filter(isSealed)).toEqual(['draft', 'sent'])
})

test('an answer is taken while the RFQ is sent, up to the end of its reply day; late or not open is refused', () => {
  const rfq = { code: 'RFQ-1', status: 'sent' as const, reply_by: '2026-03-10' }
  expect(checkAnswerOpen(rfq, '2026-03-10').ok).toBe(true)
  const late = checkAnswerOpen(rfq, '2026-03-11')
  expect(late.ok ? null : late.error).toEqual({
    code: 'RFQ_ANSWER_LATE',
    params: { rfq: 'RFQ-1', date: '2026-03-10' },
  })
  for (const status of ['draft', 'closed', 'awarded', 'cancelled'] as const) {
    const refused = checkAnswerOpen({ ...rfq, status }, '2026-03-01')
    expect(refused.ok ? null : refused.error.code).toBe('RFQ_NOT_OPEN')
  }
})

test('a quotation expiring within a week is flagged; past its day it is expired', () => {
  expect(quoteValidity(null, '2026-03-01')).toBe('valid')
  expect(quoteValidity('2026-03-09', '2026-03-01')).toBe('valid')
  expect(quoteValidity('2026-03-08', '2026-03-01')).toBe('expiring')
  expect(quoteValidity('2026-03-01', '2026-03-01')).toBe('expiring')
  expect(quoteValidity('2026-02-28', '2026-03-01')).toBe('expired')
})

test('what an award orders: the quantity asked, capped by the offer, raised to the minimum', () => {
  expect(orderedQuantity('10', { quantity: null, min_quantity: null }).toString()).toBe('10')
  expect(orderedQuantity('10', { quantity: '6', min_quantity: null }).toString()).toBe('6')
  expect(orderedQuantity('10', { quantity: '20', min_quantity: null }).toString()).toBe('10')
  expect(orderedQuantity('10', { quantity: null, min_quantity: '25' }).toString()).toBe('25')
  expect(orderedQuantity('10', { quantity: null, min_quantity: '5' }).toString()).toBe('10')
})

const lines = [
  { id: 1, label: 'Chairs', quantity: '10', unit: 'unit' },
  { id: 2, label: 'Desks', quantity: '4', unit: 'unit' },
]
const quote = (changes: Partial<ComparedQuote> & Pick<ComparedQuote, 'supplier_id' | 'rfq_line_id'>) => ({
  unit_price_exctax: '100',
  vat_rate: '20',
  quantity: null,
  min_quantity: null,
  lead_time_days: 10,
  valid_until: null,
  rate: '1',
  ...changes,
})
const context = { today: '2026-03-01', rfqRate: '1', decimals: 2 }

test('the comparison marks each line’s best price and lead time, each supplier’s total, the cheapest basket and per line', () => {
  const c = compareQuotes(
    lines,
    [
      quote({ supplier_id: 7, rfq_line_id: 1, unit_price_exctax: '50', lead_time_days: 20 }),
      quote({ supplier_id: 7, rfq_line_id: 2, unit_price_exctax: '300' }),
      quote({ supplier_id: 8, rfq_line_id: 1, unit_price_exctax: '55', lead_time_days: 5 }),
      quote({ supplier_id: 8, rfq_line_id: 2, unit_price_exctax: '260' }),
      quote({ supplier_id: 9, rfq_line_id: 1, unit_price_exctax: '40' }),
    ],
    context,
  )
  expect(c.suppliers).toEqual([
    { supplier_id: 7, lines_quoted: 2, complete: true, amount_exctax: '1700.00', amount_inctax: '2040.00' },
    { supplier_id: 8, lines_quoted: 2, complete: true, amount_exctax: '1590.00', amount_inctax: '1908.00' },
    { supplier_id: 9, lines_quoted: 1, complete: false, amount_exctax: '400.00', amount_inctax: '480.00' },
  ])
  // Supplier 9 is cheapest on chairs but quoted no desk: the cheapest whole basket is 8's.
  expect(c.cheapest_basket).toBe(8)
  expect(c.cheapest_per_line).toEqual({ 1: 9, 2: 8 })
  const chairs = c.lines[0]?.cells ?? []
  expect(chairs.map((x) => [x.supplier_id, x.best_price, x.best_lead_time])).toEqual([
    [7, false, false],
    [8, false, true],
    [9, true, false],
  ])
})

test('quotations in another currency are compared in the RFQ’s, through the default currency', () => {
  // The RFQ in EUR (rate 1); a USD quotation at 1.25 USD per EUR: 50 USD are 40.00 EUR.
  const c = compareQuotes(
    [lines[0] as (typeof lines)[0]],
    [
      quote({ supplier_id: 7, rfq_line_id: 1, unit_price_exctax: '45' }),
      quote({ supplier_id: 8, rfq_line_id: 1, unit_price_exctax: '50', rate: '1.25' }),
    ],
    context,
  )
  expect(c.lines[0]?.cells.map((x) => [x.supplier_id, x.unit_price, x.amount_exctax])).toEqual([
    [7, '45', '450.00'],
    [8, '40', '400.00'],
  ])
  expect(c.cheapest_per_line[1]).toBe(8)
})

test('an expired quotation is shown but never best, and keeps its supplier out of the cheapest basket', () => {
  const c = compareQuotes(
    [lines[0] as (typeof lines)[0]],
    [
      quote({ supplier_id: 7, rfq_line_id: 1, unit_price_exctax: '30', valid_until: '2026-02-20' }),
      quote({ supplier_id: 8, rfq_line_id: 1, unit_price_exctax: '50', valid_until: '2026-03-05' }),
    ],
    context,
  )
  expect(c.lines[0]?.cells.map((x) => [x.validity, x.best_price])).toEqual([
    ['expired', false],
    ['expiring', true],
  ])
  expect(c.cheapest_basket).toBe(8)
  expect(c.cheapest_per_line[1]).toBe(8)
})

test('a minimum quantity raises what the line orders, and its total', () => {
  const c = compareQuotes(
    [lines[0] as (typeof lines)[0]],
    [quote({ supplier_id: 7, rfq_line_id: 1, unit_price_exctax: '5', min_quantity: '25' })],
    context,
  )
  expect(c.lines[0]?.cells[0]).toMatchObject({
    quantity: '25',
    amount_exctax: '125.00',
    raised_to_minimum: true,
  })
})

const two = compareQuotes(
  lines,
  [
    quote({ supplier_id: 7, rfq_line_id: 1, unit_price_exctax: '50' }),
    quote({ supplier_id: 7, rfq_line_id: 2, unit_price_exctax: '300' }),
    quote({ supplier_id: 8, rfq_line_id: 1, unit_price_exctax: '55' }),
    quote({ supplier_id: 8, rfq_line_id: 2, unit_price_exctax: '200', valid_until: '2026-02-01' }),
  ],
  context,
)
const award = (chosen: [number, number][], reason: string | null = null) =>
  AwardInputSchema.parse({ lines: chosen.map(([l, s]) => ({ rfq_line_id: l, supplier_id: s })), reason })

test('an award to the cheapest — the whole basket or each line — needs no reason; any other does', () => {
  expect(
    checkAward(
      two,
      award([
        [1, 7],
        [2, 7],
      ]),
    ).ok,
  ).toBe(true)
  expect(checkAward(two, award([[1, 7]])).ok).toBe(true)
  const dearer = checkAward(two, award([[1, 8]]))
  expect(dearer.ok ? null : dearer.error.code).toBe('RFQ_AWARD_REASON_REQUIRED')
  expect(checkAward(two, award([[1, 8]], 'Delivers on site within a day')).ok).toBe(true)
})

test('an expired quotation cannot be awarded, nor a line to a supplier that did not quote it', () => {
  const expired = checkAward(two, award([[2, 8]], 'Cheaper'))
  expect(expired.ok ? null : expired.error).toEqual({
    code: 'RFQ_QUOTE_EXPIRED',
    params: { line: 'Desks', date: '2026-02-01' },
  })
  const unquoted = checkAward(two, award([[1, 9]], 'Because'))
  expect(unquoted.ok ? null : unquoted.error.code).toBe('RFQ_NOT_QUOTED')
})

test('the schemas refuse a supplier invited twice, a line quoted twice, and an RFQ without supplier or line', () => {
  const rfq = {
    title: 'Chairs',
    company_id: 1,
    currency_code: 'EUR',
    reply_by: '2026-03-10',
    suppliers: [{ supplier_id: 1 }, { supplier_id: 1 }],
    lines: [{ label: 'Chair', quantity: '10' }],
  }
  expect(RfqInputSchema.safeParse(rfq).success).toBe(false)
  expect(RfqInputSchema.safeParse({ ...rfq, suppliers: [{ supplier_id: 1 }] }).success).toBe(true)
  expect(RfqInputSchema.safeParse({ ...rfq, suppliers: [] }).success).toBe(false)
  expect(RfqInputSchema.safeParse({ ...rfq, suppliers: [{ supplier_id: 1 }], lines: [] }).success).toBe(false)
  const line = { rfq_line_id: 1, unit_price_exctax: '5' }
  expect(QuoteInputSchema.safeParse({ lines: [line, line] }).success).toBe(false)
  expect(QuoteInputSchema.safeParse({ lines: [line] }).success).toBe(true)
})

describe('who manages an RFQ', () => {
  const own = { id: 1, buyer: true, can_view_other_po: false }
  const lead = { id: 2, buyer: true, can_view_other_po: true }
  const requester = { id: 3, buyer: false, can_view_other_po: true }
  test('its buyer, or a buyer who sees others’ orders; never a non-buyer', () => {
    expect(mayManageRfq(own, { buyer_id: 1 })).toBe(true)
    expect(mayManageRfq(own, { buyer_id: 2 })).toBe(false)
    expect(mayManageRfq(lead, { buyer_id: 1 })).toBe(true)
    expect(mayManageRfq(requester, { buyer_id: 3 })).toBe(false)
  })
  test('it is edited only while a draft', () => {
    expect(guard(allowedRfqActions(own, { buyer_id: 1, status: 'draft' }), 'update').ok).toBe(true)
    expect(guard(allowedRfqActions(own, { buyer_id: 1, status: 'sent' }), 'update')).toEqual({
      ok: false,
      error: { code: 'TRANSITION_NOT_ALLOWED', params: { action: 'update', status: 'sent' } },
    })
    expect(guard(allowedRfqActions(own, { buyer_id: 2, status: 'draft' }), 'update')).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN' },
    })
  })
  test('its actions leave the award to the comparison, once closed', () => {
    expect(rfqActionsAnswer(allowedRfqActions(own, { buyer_id: 1, status: 'closed' }))).toEqual({
      actions: ['cancel'],
      refused_actions: [],
      may_award: true,
    })
    expect(rfqActionsAnswer(allowedRfqActions(own, { buyer_id: 1, status: 'draft' }))).toMatchObject({
      actions: ['send', 'cancel'],
      may_award: false,
    })
    expect(rfqActionsAnswer(allowedRfqActions(requester, { buyer_id: 1, status: 'draft' }))).toMatchObject({
      actions: [],
      may_award: false,
    })
  })
})

test('the RFQ lifecycle follows its table', () => {
  expect(
    tableProblems(RFQ_TRANSITIONS, { statuses: RFQ_STATUSES, actions: RFQ_ACTIONS, apply: rfqTransition }),
  ).toEqual([])
})
