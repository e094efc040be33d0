import { afterEach, beforeEach, expect, test } from 'vitest'
import { writeSetting } from '../services/settings'
import { type Agent, signIn } from '../testing/agent'
import {
  type InvoiceBed,
  invoiceInput,
  invoiceSnapshot,
  openInvoiceBed,
  orderOf as orderRead,
  receivedOrder as orderReceived,
} from '../testing/invoice-bed'
import type { TestApp } from '../testing/test-app'

type Json = Record<string, unknown>
let bed: InvoiceBed
let t: TestApp
let buyer: Agent
let payables: Agent
let supplier: number

const json = async (response: Response) => (await response.json()) as Json
const idOf = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)

beforeEach(async () => {
  bed = await openInvoiceBed()
  ;({ t, buyer, payables, supplier } = bed)
})
afterEach(() => t.close())

const snapshot = () => invoiceSnapshot(bed)
const receivedOrder = () => orderReceived(bed)
const invoice = (lines: Json[], extra: Json = {}) => invoiceInput(bed, lines, extra)
const orderOf = (id: number) => orderRead(bed, id)

test('an invoice billing what was received, with freight: captured, matched per line, the order billed', async () => {
  const order = await receivedOrder()
  const created = await payables.post(
    '/bwapi/supplier-invoices',
    invoice([
      { purchase_order_line_id: order.goods, quantity: '6', unit_price_exctax: '50', vat_rate: '20' },
      { label: 'Freight', amount_exctax: '15', vat_rate: '20' },
    ]),
  )
  expect(created.status).toBe(201)
  const { id, code } = (await json(created)).data as { id: number; code: string }
  expect(code).toMatch(/^2026\d{2}-\d{4}$/)
  const read = (await json(await payables.get(`/bwapi/supplier-invoices/${id}`))).data as Json & {
    lines: { match_result: string; amount_exctax: string; purchase_order_code: string | null }[]
  }
  expect(read).toMatchObject({
    status: 'draft',
    amount_exctax: '315.00',
    amount_inctax: '378.00',
    payable_amount: '378.00',
  })
  // OfficePro's term: 45 days end of month, capped at 60 days.
  expect(read.due_date).toBe('2027-01-20')
  expect(read.lines.map((l) => [l.match_result, l.amount_exctax])).toEqual([
    ['matched', '300.00'],
    ['free', '15.00'],
  ])
  const billed = await orderOf(order.id)
  expect(billed).toMatchObject({ billed_amount_exctax: '300.00', billing_status: 'partial' })
  expect(billed.lines.map((l) => l.billing_status)).toEqual(['partial', 'no'])
})

test.each([
  ['the invoice number with an accent', { label: 'FACTÉ-1' }, 'label', 'The invoice number may contain only'],
  ['no line', { lines: [] }, 'lines', 'An invoice needs at least one line.'],
])('%s is refused on %s, nothing changed', async (_what, extra, field, message) => {
  const order = await receivedOrder()
  const before = await snapshot()
  const response = await payables.post(
    '/bwapi/supplier-invoices',
    invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], extra),
  )
  expect(response.status).toBe(422)
  expect(((await json(response)).errors as Record<string, string[]>)[field]?.[0]).toContain(message)
  expect(await snapshot()).toBe(before)
})

test('each refusal of the match and the totals changes nothing', async () => {
  const order = await receivedOrder()
  const before = await snapshot()
  const refusals: [Json, string][] = [
    // The service line was not received: only delivered goods are billed (the default).
    [
      invoice([{ purchase_order_line_id: order.service, amount_exctax: '300', vat_rate: '20' }], {
        amount_exctax: '300.00',
        amount_inctax: '360.00',
      }),
      'BILLING_BEFORE_DELIVERY',
    ],
    // The lines add up to 300.00, the document says 315.00.
    [
      invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }]),
      'INVOICE_AMOUNT_MISMATCH',
    ],
    // An invoice in dollars on an order in euros.
    [
      invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], {
        currency_code: 'USD',
        amount_exctax: '300.00',
        amount_inctax: '360.00',
      }),
      'DIFFERENT_CURRENCIES',
    ],
  ]
  for (const [body, code] of refusals) {
    const response = await payables.post('/bwapi/supplier-invoices', body)
    expect([code, response.status]).toEqual([code, 422])
    expect((await json(response)).code).toBe(code)
    expect(await snapshot()).toBe(before)
  }
  // The demo's tolerance is 5 % per line: 350.00 for 300.00 received is refused.
  const limited = await snapshot()
  const over = await payables.post(
    '/bwapi/supplier-invoices',
    invoice([{ purchase_order_line_id: order.goods, quantity: '7', vat_rate: '20' }], {
      amount_exctax: '350.00',
      amount_inctax: '420.00',
    }),
  )
  expect(await json(over)).toEqual({
    code: 'BILLING_LIMIT_EXCEEDED',
    message: 'Billing 350.00 exceeds the amount left to bill (300.00) by more than 5%.',
  })
  expect(await snapshot()).toBe(limited)
})

test('the same supplier’s invoice number twice is a duplicate', async () => {
  const order = await receivedOrder()
  const first = invoice([{ purchase_order_line_id: order.goods, quantity: '3', vat_rate: '20' }], {
    amount_exctax: '150.00',
    amount_inctax: '180.00',
  })
  expect((await payables.post('/bwapi/supplier-invoices', first)).status).toBe(201)
  const before = await snapshot()
  const again = await payables.post('/bwapi/supplier-invoices', first)
  expect(again.status).toBe(422)
  expect((await json(again)).errors).toEqual({ label: ['This invoice already exists for this supplier.'] })
  expect(await snapshot()).toBe(before)
})

test('the three-way match shows each line’s result before saving', async () => {
  const order = await receivedOrder()
  const response = await payables.post(
    '/bwapi/supplier-invoices/match',
    invoice([
      { purchase_order_line_id: order.goods, quantity: '7', unit_price_exctax: '51', vat_rate: '20' },
      { purchase_order_line_id: order.service, amount_exctax: '300', vat_rate: '20' },
    ]),
  )
  const match = (await json(response)).data as { lines: { result: string }[]; problems: { code: string }[] }
  expect(match.lines.map((l) => l.result)).toEqual(['over_price', 'not_received'])
  expect(match.problems.map((p) => p.code)).toEqual(['BILLING_LIMIT_EXCEEDED', 'BILLING_BEFORE_DELIVERY'])
})

test('with no limit chosen by an administrator, billing past the order passes but is flagged over', async () => {
  const order = await receivedOrder()
  await writeSetting(t.db, t.clock, 'settings', {
    prices: { invoice_line_limit_percent: -1, invoice_total_limit_percent: -1 },
  })
  // 11 billed of 10 ordered (and 6 received).
  const body = invoice([{ purchase_order_line_id: order.goods, quantity: '11', vat_rate: '20' }], {
    amount_exctax: '550.00',
    amount_inctax: '660.00',
  })
  const match = (await json(await payables.post('/bwapi/supplier-invoices/match', body))).data as {
    lines: { result: string }[]
    problems: unknown[]
  }
  expect(match.lines.map((l) => l.result)).toEqual(['over_quantity'])
  expect(match.problems).toEqual([])
  expect((await payables.post('/bwapi/supplier-invoices', body)).status).toBe(201)
  const read = (await json(await buyer.get(`/bwapi/purchase-orders/${order.id}`))).data as {
    lines: { id: number; over_billed: boolean }[]
  }
  expect(read.lines.find((l) => l.id === order.goods)?.over_billed).toBe(true)
})

test('validated through the orders’ circuit; back to draft of a paid invoice needs the confirmation that cancels the payment', async () => {
  const order = await receivedOrder()
  const { id } = (
    await json(
      await payables.post(
        '/bwapi/supplier-invoices',
        invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], {
          amount_exctax: '300.00',
          amount_inctax: '360.00',
        }),
      ),
    )
  ).data as { id: number }
  expect(await json(await payables.post(`/bwapi/supplier-invoices/${id}/submit`))).toEqual({
    data: { id, status: 'awaiting' },
  })
  // The buyer is not its validator.
  expect((await payables.post(`/bwapi/supplier-invoices/${id}/validate`)).status).toBe(422)
  const validator = await signIn(t.app, 'validator')
  expect(await json(await validator.post(`/bwapi/supplier-invoices/${id}/validate`))).toEqual({
    data: { id, status: 'validated' },
  })
  // Marked paid in part: going back to draft asks for the confirmation, then reads the payments again (none here).
  await t.client.execute({
    sql: "UPDATE supplier_invoices SET payment_status = 'partial' WHERE id = ?",
    args: [id],
  })
  const before = await snapshot()
  const unconfirmed = await payables.post(`/bwapi/supplier-invoices/${id}/back_to_draft`, {})
  expect((await json(unconfirmed)).code).toBe('EXPORT_BACK_TO_DRAFT_CONFIRMATION')
  expect(await snapshot()).toBe(before)
  expect(
    await json(await payables.post(`/bwapi/supplier-invoices/${id}/back_to_draft`, { confirm: true })),
  ).toEqual({
    data: { id, status: 'draft' },
  })
  const read = (await json(await payables.get(`/bwapi/supplier-invoices/${id}`))).data as Json
  expect(read).toMatchObject({ status: 'draft', payment_status: 'no', exported_at: null })
  // Cancelling releases what it billed on the order.
  expect((await payables.post(`/bwapi/supplier-invoices/${id}/cancel`)).status).toBe(200)
  expect(await orderOf(order.id)).toMatchObject({ billed_amount_exctax: '0.00', billing_status: 'no' })
})

test('a dispute is opened, written in and closed, traced with its exchanges', async () => {
  const order = await receivedOrder()
  const { id } = (
    await json(
      await payables.post(
        '/bwapi/supplier-invoices',
        invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], {
          amount_exctax: '300.00',
          amount_inctax: '360.00',
        }),
      ),
    )
  ).data as { id: number }
  const say = (action: string, body: string) =>
    payables.post(`/bwapi/supplier-invoices/${id}/dispute`, { action, body })
  expect(await json(await say('open', 'Two boxes were never delivered.'))).toEqual({
    data: { id, dispute_status: 'ongoing' },
  })
  expect((await json(await say('open', 'Again'))).code).toBe('TRANSITION_NOT_ALLOWED')
  // In dispute, it goes no further toward payment unless someone confirms going on despite it.
  const before = await snapshot()
  const held = await payables.post(`/bwapi/supplier-invoices/${id}/submit`)
  expect(held.status).toBe(409)
  expect((await json(held)).code).toBe('INVOICE_IN_DISPUTE_CONFIRMATION')
  expect(await snapshot()).toBe(before)
  // The order's buyer is notified of the dispute, with what it is about.
  const notes = (await json(await buyer.get('/bwapi/notifications'))).data as Json[]
  expect(notes.find((n) => n.kind === 'invoice_dispute')).toMatchObject({
    link: `/supplier-invoices/${id}`,
    text: expect.stringContaining('Two boxes were never delivered.'),
  })
  expect((await say('message', 'The supplier sends a credit note.')).status).toBe(200)
  expect(await json(await say('close', 'Credit note received.'))).toEqual({
    data: { id, dispute_status: 'finished' },
  })
  const read = (await json(await payables.get(`/bwapi/supplier-invoices/${id}`))).data as {
    dispute: { kind: string }[]
  }
  expect(read.dispute.map((d) => d.kind)).toEqual(['open', 'message', 'close'])
  // Closed, it goes on without a confirmation.
  expect((await payables.post(`/bwapi/supplier-invoices/${id}/submit`)).status).toBe(200)
})

test('two invoices on the same remainder at once: one passes, the order is never over-billed', async () => {
  const order = await receivedOrder()
  await writeSetting(t.db, t.clock, 'settings', { prices: { invoice_line_limit_percent: 0 } })
  const other = await signIn(t.app, 'payables')
  const body = (label: string) =>
    invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], {
      label,
      amount_exctax: '300.00',
      amount_inctax: '360.00',
    })
  const answers = await Promise.all([
    payables.post('/bwapi/supplier-invoices', body('INV A')),
    other.post('/bwapi/supplier-invoices', body('INV B')),
  ])
  expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
  expect([409, 422]).toContain(answers.find((a) => a.status !== 201)?.status)
  expect(await orderOf(order.id)).toMatchObject({ billed_amount_exctax: '300.00' })
})

test('invoices are the accounts-payable team’s: a requester sees none and captures none', async () => {
  const order = await receivedOrder()
  const requester = await signIn(t.app, 'requester')
  const before = await snapshot()
  const response = await requester.post(
    '/bwapi/supplier-invoices',
    invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], {
      amount_exctax: '300.00',
      amount_inctax: '360.00',
    }),
  )
  expect(response.status).toBe(403)
  expect(await snapshot()).toBe(before)
  expect((await json(await requester.get('/bwapi/supplier-invoices'))).data).toEqual([])
})

test('the invoices list sorts, filters and offers each filter’s options', async () => {
  const order = await receivedOrder()
  await payables.post(
    '/bwapi/supplier-invoices',
    invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], {
      amount_exctax: '300.00',
      amount_inctax: '360.00',
    }),
  )
  const list = await json(
    await payables.get('/bwapi/supplier-invoices?status=draft&sort=due_date&direction=asc'),
  )
  expect(list.data).toMatchObject([{ label: 'INV 2026-0042', status: 'draft', amount_inctax: '360.00' }])
  for (const field of ['status', 'dispute_status', 'payment_status', 'supplier_id']) {
    const options = await payables.get(`/bwapi/supplier-invoices/filter-list/${field}`)
    expect([field, options.status]).toEqual([field, 200])
    expect(((await json(options)).data as unknown[]).length).toBeGreaterThan(0)
  }
  expect((await payables.get('/bwapi/supplier-invoices?status=paid')).status).toBe(422)
})

test('closing an order billed short asks for confirmation, then its lines are complete_less', async () => {
  const order = await receivedOrder()
  await payables.post(
    '/bwapi/supplier-invoices',
    invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], {
      amount_exctax: '300.00',
      amount_inctax: '360.00',
    }),
  )
  const read = (await json(await buyer.get(`/bwapi/purchase-orders/${order.id}`))).data as {
    billing_actions: string[]
  }
  expect(read.billing_actions).toEqual(['close_billing'])
  const before = await snapshot()
  const unconfirmed = await buyer.post(`/bwapi/purchase-orders/${order.id}/close-billing`, {})
  expect((await json(unconfirmed)).code).toBe('BILLING_CLOSE_CONFIRMATION_REQUIRED')
  expect(await snapshot()).toBe(before)
  expect(
    await json(await buyer.post(`/bwapi/purchase-orders/${order.id}/close-billing`, { confirm: true })),
  ).toEqual({
    data: { id: order.id, billing_status: 'complete_less' },
  })
  const closed = await orderOf(order.id)
  expect(closed.lines.map((l) => l.billing_status)).toEqual(['complete_less', 'complete_less'])
  expect(
    (await json(await buyer.post(`/bwapi/purchase-orders/${order.id}/close-billing`, { confirm: true })))
      .code,
  ).toBe('TRANSITION_NOT_ALLOWED')
})

test('an order is billed from its page: the form holds its lines only, with what is left to bill', async () => {
  const first = await receivedOrder()
  const second = await receivedOrder()
  type Form = { order: { id: number; supplier_id: number } | null; lines: { purchase_order_id: number }[] }
  // The supplier's open lines: both orders'.
  const whole = (await json(
    await payables.get(`/bwapi/supplier-invoices/create-form?supplier_id=${supplier}`),
  )) as Form
  expect(new Set(whole.lines.map((l) => l.purchase_order_id))).toEqual(new Set([first.id, second.id]))
  // Named by its order: that order's supplier and lines, nothing else.
  const one = (await json(
    await payables.get(`/bwapi/supplier-invoices/create-form?purchase_order_id=${first.id}`),
  )) as Form
  expect(one.order).toMatchObject({ id: first.id, supplier_id: supplier })
  expect(one.lines.map((l) => l.purchase_order_id)).toEqual([first.id, first.id])
  expect((await payables.get('/bwapi/supplier-invoices/create-form?purchase_order_id=999999')).status).toBe(
    404,
  )
  // The order's page offers it to who handles invoices, not to its buyer.
  const offered = async (who: Agent) =>
    ((await json(await who.get(`/bwapi/purchase-orders/${first.id}`))).data as { billing_actions: string[] })
      .billing_actions
  expect(await offered(payables)).toContain('bill')
  expect(await offered(buyer)).not.toContain('bill')
  // So does the page of a delivery of it.
  const delivery = await idOf(`SELECT id FROM deliveries WHERE purchase_order_id = ${first.id}`)
  const fromDelivery = async (who: Agent) =>
    ((await json(await who.get(`/bwapi/deliveries/${delivery}`))).data as { billing_actions: string[] })
      .billing_actions
  expect(await fromDelivery(payables)).toEqual(['bill'])
  expect(await fromDelivery(buyer)).toEqual([])
})

test('the form offers an invoice’s own lines back when it is edited, with what it billed', async () => {
  const order = await receivedOrder()
  const { id } = (
    await json(
      await payables.post(
        '/bwapi/supplier-invoices',
        invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], {
          amount_exctax: '300.00',
          amount_inctax: '360.00',
        }),
      ),
    )
  ).data as { id: number }
  const fresh = (await json(
    await payables.get(`/bwapi/supplier-invoices/create-form?supplier_id=${supplier}`),
  )) as {
    lines: { id: number; remaining_exctax: string }[]
  }
  expect(fresh.lines.find((l) => l.id === order.goods)?.remaining_exctax).toBe('0.00')
  const editing = (await json(
    await payables.get(`/bwapi/supplier-invoices/create-form?supplier_id=${supplier}&invoice_id=${id}`),
  )) as {
    lines: { id: number; remaining_exctax: string; billed_here: string | null }[]
  }
  expect(editing.lines.find((l) => l.id === order.goods)).toMatchObject({
    remaining_exctax: '300.00',
    billed_here: '6',
  })
  // Saved again with 5 instead of 6: the order's billing follows.
  const saved = await payables.request(`/bwapi/supplier-invoices/${id}`, {
    method: 'PUT',
    body: invoice([{ purchase_order_line_id: order.goods, quantity: '5', vat_rate: '20' }], {
      amount_exctax: '250.00',
      amount_inctax: '300.00',
    }),
  })
  expect(saved.status).toBe(200)
  expect(await orderOf(order.id)).toMatchObject({ billed_amount_exctax: '250.00' })
})

test('lines marked to be charged on count in the order’s rebilled amount, until the invoice is cancelled', async () => {
  const order = await receivedOrder()
  const { id } = (
    await json(
      await payables.post(
        '/bwapi/supplier-invoices',
        invoice(
          [
            { purchase_order_line_id: order.goods, quantity: '2', vat_rate: '20', rebill: true },
            { purchase_order_line_id: null, label: 'Freight', amount_exctax: '15', vat_rate: '20' },
          ],
          { amount_exctax: '115.00', amount_inctax: '138.00' },
        ),
      ),
    )
  ).data as { id: number }
  expect(await orderOf(order.id)).toMatchObject({
    billed_amount_exctax: '100.00',
    rebilled_amount_exctax: '100.00',
  })
  expect((await payables.post(`/bwapi/supplier-invoices/${id}/cancel`)).status).toBe(200)
  expect(await orderOf(order.id)).toMatchObject({
    billed_amount_exctax: '0.00',
    rebilled_amount_exctax: '0.00',
  })
})
