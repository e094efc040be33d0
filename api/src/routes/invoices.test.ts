import { afterEach, beforeEach, expect, test } from 'vitest'
import { writeSetting } from '../services/settings'
import { type Agent, signIn } from '../testing/agent'
import { ciiXml, facturXPdf, SAMPLE, ublXml } from '../testing/e-invoice-samples'
import { bankDetails } from '../testing/payables'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
let t: TestApp
let buyer: Agent
let payables: Agent
let supplier: number
let company: number

const json = async (response: Response) => (await response.json()) as Json
const idOf = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)

beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  payables = await signIn(t.app, 'payables')
  supplier = await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  company = await idOf("SELECT id FROM companies WHERE code = 'ACME'")
})
afterEach(() => t.close())

/** Everything an invoice may touch: counts, invoices, what the orders billed, pending invoices. */
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (
      await t.client.execute(
        'SELECT id, status, payment_status, dispute_status, amount_exctax FROM supplier_invoices ORDER BY id',
      )
    ).rows,
    (
      await t.client.execute(
        'SELECT id, billed_quantity, billed_amount_exctax, billing_status FROM purchase_order_lines ORDER BY id',
      )
    ).rows,
    (
      await t.client.execute(
        'SELECT id, billed_amount_exctax, billing_status, lock_version FROM purchase_orders ORDER BY id',
      )
    ).rows,
    (await t.client.execute('SELECT id, status, hold_reason FROM pending_invoices ORDER BY id')).rows,
  ])

/** A sent order of 10 units at 50.00 and a service of 300.00 (by amount); 6 units received. */
const receivedOrder = async () => {
  const created = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: supplier,
    company_id: company,
    currency_code: 'EUR',
    lines: [
      { label: 'Paper', quantity: '10', unit_price_exctax: '50', vat_rate: '20' },
      {
        label: 'Installation',
        quantity: '1',
        unit_price_exctax: '300',
        vat_rate: '20',
        receipt_mode: 'amount',
      },
    ],
  })
  const id = ((await json(created)).data as { id: number }).id
  await buyer.post(`/bwapi/purchase-orders/${id}/submit`)
  await (await signIn(t.app, 'validator')).post(`/bwapi/purchase-orders/${id}/validate`)
  await buyer.post(`/bwapi/purchase-orders/${id}/consider_sent`)
  const lines = (
    (await json(await buyer.get(`/bwapi/purchase-orders/${id}`))).data as { lines: { id: number }[] }
  ).lines
  const [goods, service] = lines.map((l) => l.id) as [number, number]
  expect(
    (
      await buyer.post('/bwapi/deliveries', {
        purchase_order_id: id,
        delivery_date: '2026-11-20',
        lines: [{ purchase_order_line_id: goods, quantity: '6' }],
      })
    ).status,
  ).toBe(201)
  return { id, goods, service }
}

const invoice = (lines: Json[], extra: Json = {}) => ({
  label: 'INV 2026-0042',
  supplier_id: supplier,
  company_id: company,
  currency_code: 'EUR',
  invoice_date: '2026-11-21',
  amount_exctax: '315.00',
  amount_inctax: '378.00',
  lines,
  ...extra,
})

const orderOf = async (id: number) =>
  (await json(await buyer.get(`/bwapi/purchase-orders/${id}`))).data as Json & {
    lines: { billed_amount_exctax: string; billing_status: string }[]
  }

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

test('a pending invoice queues the file; the invoice made from it must carry its amounts', async () => {
  const order = await receivedOrder()
  const form = new FormData()
  form.set('supplier_id', String(supplier))
  form.set('label', 'INV 2026-0042')
  form.set('amount_exctax', '300.00')
  form.set('amount_inctax', '360.00')
  form.set(
    'file',
    new File([new TextEncoder().encode('%PDF-1.4 invoice')], 'invoice-0042.pdf', { type: 'application/pdf' }),
  )
  const queued = await payables.request('/bwapi/pending-invoices', { method: 'POST', form })
  expect(queued.status).toBe(201)
  const pendingId = ((await json(queued)).data as { id: number }).id
  const queue = await json(await payables.get('/bwapi/pending-invoices'))
  expect(queue.data).toMatchObject([{ id: pendingId, label: 'INV 2026-0042', file_name: 'invoice-0042.pdf' }])
  const file = await payables.get(`/bwapi/pending-invoices/${pendingId}/file`)
  expect(await file.text()).toBe('%PDF-1.4 invoice')
  const before = await snapshot()
  const mismatch = await payables.post(
    '/bwapi/supplier-invoices',
    invoice([{ purchase_order_line_id: order.goods, quantity: '5', vat_rate: '20' }], {
      pending_invoice_id: pendingId,
      amount_exctax: '250.00',
      amount_inctax: '300.00',
    }),
  )
  expect(await json(mismatch)).toMatchObject({ code: 'INVOICE_AMOUNT_MISMATCH' })
  expect(await snapshot()).toBe(before)
  const made = await payables.post(
    '/bwapi/supplier-invoices',
    invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], {
      pending_invoice_id: pendingId,
      amount_exctax: '300.00',
      amount_inctax: '360.00',
    }),
  )
  expect(made.status).toBe(201)
  expect((await json(await payables.get('/bwapi/pending-invoices'))).data).toEqual([])
})

test('a pending invoice waits on hold with its reason: not made into an invoice until released; refusals change nothing', async () => {
  const order = await receivedOrder()
  const queued = await payables.post('/bwapi/pending-invoices', {
    supplier_id: supplier,
    label: 'INV 2026-0043',
    amount_exctax: '300.00',
    amount_inctax: '360.00',
  })
  const id = ((await json(queued)).data as { id: number }).id
  expect((await json(await payables.get('/bwapi/pending-invoices'))).data).toMatchObject([
    { id, status: 'pending', actions: ['make', 'hold', 'reject'] },
  ])
  const requester = await signIn(t.app, 'requester')
  const before = await snapshot()
  // A hold says why; a requester may not hold; nothing to release yet.
  const reasonMissing = { errors: { reason: [expect.any(String)] } }
  for (const [agent, path, body, status, answer] of [
    [payables, 'hold', { reason: ' ' }, 422, reasonMissing],
    [payables, 'hold', {}, 422, reasonMissing],
    [requester, 'hold', { reason: 'Goods not received' }, 403, {}],
    [payables, 'release', {}, 409, { code: 'TRANSITION_NOT_ALLOWED' }],
  ] as const) {
    const refused = await agent.post(`/bwapi/pending-invoices/${id}/${path}`, body)
    expect(refused.status, path).toBe(status)
    expect(await json(refused)).toMatchObject(answer)
    expect(await snapshot()).toBe(before)
  }

  const held = await payables.post(`/bwapi/pending-invoices/${id}/hold`, { reason: 'Goods not received yet' })
  expect(await json(held)).toEqual({ data: { id, status: 'on_hold' } })
  // Still in the queue, with its reason and what may be done; not among what waits.
  const held_row = {
    id,
    status: 'on_hold',
    hold_reason: 'Goods not received yet',
    actions: ['release', 'reject'],
  }
  expect((await json(await payables.get('/bwapi/pending-invoices'))).data).toMatchObject([held_row])
  expect((await json(await payables.get('/bwapi/pending-invoices?status=on_hold'))).data).toMatchObject([
    held_row,
  ])
  expect((await json(await payables.get('/bwapi/pending-invoices?status=pending'))).data).toEqual([])
  const onHold = await snapshot()
  const capture = () =>
    payables.post(
      '/bwapi/supplier-invoices',
      invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], {
        pending_invoice_id: id,
        amount_exctax: '300.00',
        amount_inctax: '360.00',
      }),
    )
  const refused = await capture()
  expect(refused.status).toBe(409)
  expect(await json(refused)).toMatchObject({
    code: 'PENDING_INVOICE_ON_HOLD',
    message: expect.stringContaining('Goods not received yet'),
  })
  expect(await snapshot()).toBe(onHold)
  expect((await payables.post(`/bwapi/pending-invoices/${id}/hold`, { reason: 'Twice' })).status).toBe(409)
  expect(await snapshot()).toBe(onHold)

  // Released, it waits again (its reason kept in the trace) and is made into an invoice.
  expect(await json(await payables.post(`/bwapi/pending-invoices/${id}/release`, {}))).toEqual({
    data: { id, status: 'pending' },
  })
  const traces = await t.client.execute(
    `SELECT message FROM traces WHERE model = 'pending_invoice' AND model_id = '${id}' ORDER BY id`,
  )
  expect(traces.rows.map((r) => r.message)).toEqual([
    'Pending invoice INV 2026-0043 received',
    'Pending invoice INV 2026-0043 put on hold: Goods not received yet',
    'Pending invoice INV 2026-0043 released into the queue',
  ])
  expect((await capture()).status).toBe(201)
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

test('a Factur-X PDF, a CII or a UBL file queued arrives prefilled; totals that do not add up are reported', async () => {
  await t.client.execute({
    sql: "UPDATE suppliers SET intra_community_vat = 'FR83404833048' WHERE id = ?",
    args: [supplier],
  })
  const upload = async (name: string, bytes: Uint8Array, type: string) => {
    const form = new FormData()
    form.set('file', new File([bytes], name, { type }))
    return payables.request('/bwapi/pending-invoices', { method: 'POST', form })
  }
  expect((await upload('FA-2026-0815.pdf', await facturXPdf(), 'application/pdf')).status).toBe(201)
  expect(
    (
      await upload(
        'invoice.xml',
        new TextEncoder().encode(ublXml({ ...SAMPLE, number: 'UBL-1' })),
        'text/xml',
      )
    ).status,
  ).toBe(201)
  const wrong = { ...SAMPLE, number: 'CII-9', totals: { ...SAMPLE.totals, tax: '36.00' } }
  expect((await upload('cii.xml', new TextEncoder().encode(ciiXml(wrong)), 'text/xml')).status).toBe(201)
  // Queued in the same instant: read them in the order they were sent.
  const queue = ((await json(await payables.get('/bwapi/pending-invoices'))).data as Json[]).sort(
    (a, b) => Number(a.id) - Number(b.id),
  )
  expect(
    queue.map((p) => [p.label, p.supplier_id, p.invoice_date, p.amount_exctax, p.amount_inctax]),
  ).toEqual([
    ['FA-2026-0815', supplier, '2026-11-18', '179.70', '215.64'],
    ['UBL-1', supplier, '2026-11-18', '179.70', '215.64'],
    ['CII-9', supplier, '2026-11-18', '179.70', '215.64'],
  ])
  expect(queue[0]?.e_invoice).toMatchObject({
    syntax: 'facturx',
    lines: [{ label: 'Copy paper A4' }, { label: 'Toner' }],
  })
  expect(queue[0]?.e_invoice_issues).toEqual([])
  expect(queue[2]?.e_invoice_issues).toEqual([
    {
      code: 'E_INVOICE_TOTALS_MISMATCH',
      message: 'BR-CO-14: the VAT total (BT-110) says 36.00, but what it is made of adds up to 35.94.',
    },
    {
      code: 'E_INVOICE_TOTALS_MISMATCH',
      message: 'BR-CO-15: the total with VAT (BT-112) says 215.64, but what it is made of adds up to 215.7.',
    },
  ])
  // A foreign XML is refused, and nothing is queued.
  const before = await snapshot()
  const foreign = await upload('order.xml', new TextEncoder().encode('<Order/>'), 'text/xml')
  expect(foreign.status).toBe(422)
  expect(((await json(foreign)).errors as Record<string, string[]>).file?.[0]).toContain(
    'is not an e-invoice Procura reads',
  )
  expect(await snapshot()).toBe(before)
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

test('an e-invoice finds its supplier by the IBAN it asks to be paid on', async () => {
  await t.client.execute({
    sql: 'UPDATE suppliers SET intra_community_vat = NULL, siret = NULL WHERE id = ?',
    args: [supplier],
  })
  const account = await payables.post(`/bwapi/suppliers/${supplier}/bank-accounts`, {
    account_number: SAMPLE.seller.iban,
    holder_name: 'OfficePro Supplies',
    holder_country_code: 'FR',
  })
  expect(account.status).toBe(201)
  const form = new FormData()
  form.set('file', new File([new TextEncoder().encode(ublXml())], 'invoice.xml', { type: 'text/xml' }))
  expect((await payables.request('/bwapi/pending-invoices', { method: 'POST', form })).status).toBe(201)
  const [pending] = (await json(await payables.get('/bwapi/pending-invoices'))).data as Json[]
  expect(pending).toMatchObject({ supplier_id: supplier, label: 'FA-2026-0815' })
})

test('an e-invoice lands on the order its references name (BT-13, BT-16, BT-10), whatever the syntax; another supplier’s order is refused, named', async () => {
  await t.client.execute({
    sql: "UPDATE suppliers SET intra_community_vat = 'FR83404833048' WHERE id = ?",
    args: [supplier],
  })
  const { id } = await receivedOrder()
  const code = String(((await orderOf(id)) as Json).code)
  const delivery = String(
    (await t.client.execute(`SELECT code FROM deliveries WHERE purchase_order_id = ${id}`)).rows[0]?.code,
  )
  const upload = async (name: string, bytes: Uint8Array) => {
    const form = new FormData()
    form.set('file', new File([bytes], name))
    expect((await payables.request('/bwapi/pending-invoices', { method: 'POST', form })).status).toBe(201)
  }
  const sample = (number: string, references: Json) => ({
    ...SAMPLE,
    number,
    references,
    // BT-132: the seller's line 2 bills the order's line 2 whatever its label.
    lines: [
      { ...SAMPLE.lines[0], label: 'Papier', order_line: '1' },
      { ...SAMPLE.lines[1], order_line: '2' },
    ] as typeof SAMPLE.lines,
  })
  await upload('a.pdf', await facturXPdf(sample('FX-1', { order: code })))
  await upload('b.xml', new TextEncoder().encode(ciiXml(sample('CII-1', { despatch: delivery }))))
  await upload('c.xml', new TextEncoder().encode(ublXml(sample('UBL-1', { buyer: code }))))
  // An order of SafeWork named by an OfficePro invoice.
  const other = (
    (
      await json(
        await buyer.post('/bwapi/purchase-orders', {
          supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'SAFEWORK'"),
          company_id: company,
          currency_code: 'EUR',
          lines: [{ label: 'Gloves', quantity: '1', unit_price_exctax: '5', vat_rate: '20' }],
        }),
      )
    ).data as { code: string }
  ).code
  await upload('d.xml', new TextEncoder().encode(ublXml(sample('UBL-2', { order: other }))))
  const queue = ((await json(await payables.get('/bwapi/pending-invoices'))).data as Json[]).sort(
    (a, b) => Number(a.id) - Number(b.id),
  )
  expect(queue.map((p) => p.e_invoice_match)).toEqual([
    { rule: 'BT-13', order_id: id, order_code: code },
    { rule: 'BT-16', order_id: id, order_code: code },
    { rule: 'BT-10', order_id: id, order_code: code },
    null,
  ])
  expect(queue[3]?.e_invoice_issues).toEqual([
    {
      code: 'E_INVOICE_ORDER_OTHER_SUPPLIER',
      message: `The e-invoice names the order ${other} (BT-13), which is SafeWork Équipements’s: an invoice never lands on another supplier’s order. Check the supplier, or ask the seller for a corrected invoice.`,
    },
  ])
})

test('an e-invoice’s lifecycle: taken over, suspended for a document, refused with its reason code, approved with a dispute open, payment sent', async () => {
  const order = await receivedOrder()
  const code = String(((await orderOf(order.id)) as Json).code)
  const form = new FormData()
  const sample = {
    ...SAMPLE,
    number: 'INV 2026-0042',
    references: { order: code },
    lines: [{ label: 'Paper', quantity: '6', price: '50', amount: '300.00', rate: '20', order_line: '1' }],
    vat: [{ rate: '20', base: '300.00', tax: '60.00' }],
    totals: { lines: '300.00', exctax: '300.00', tax: '60.00', inctax: '360.00' },
  }
  form.set('supplier_id', String(supplier))
  form.set('file', new File([new TextEncoder().encode(ciiXml(sample))], 'invoice.xml'))
  const pending = (
    (await json(await payables.request('/bwapi/pending-invoices', { method: 'POST', form }))).data as {
      id: number
    }
  ).id
  const { id } = (
    await json(
      await payables.post(
        '/bwapi/supplier-invoices',
        invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], {
          amount_exctax: '300.00',
          amount_inctax: '360.00',
          pending_invoice_id: pending,
        }),
      ),
    )
  ).data as { id: number }
  const lifecycle = async () =>
    (
      (await json(await payables.get(`/bwapi/supplier-invoices/${id}`))).data as { lifecycle: Json[] }
    ).lifecycle.map((s) => [s.code, s.reason_code])
  expect(await lifecycle()).toEqual([['204', null]])
  await payables.post(`/bwapi/supplier-invoices/${id}/dispute`, {
    action: 'open',
    body: 'Please send the signed delivery note.',
    reason_code: 'JUSTIF_ABS',
  })
  expect(await lifecycle()).toEqual([
    ['204', null],
    ['208', 'JUSTIF_ABS'],
  ])
  // Sent on despite the dispute: confirmed.
  await payables.post(`/bwapi/supplier-invoices/${id}/submit`, { confirm: true })
  const validator = await signIn(t.app, 'validator')
  // A refusal of an e-invoice needs its reason code: refused, nothing changes.
  const before = await snapshot()
  const bare = await validator.post(`/bwapi/supplier-invoices/${id}/refuse`, {
    reason: 'Quantities do not match',
  })
  expect(Object.keys((await json(bare)).errors as Json)).toEqual(['reason_code'])
  expect(await snapshot()).toBe(before)
  // Nor with a reason the reform keeps for a dispute (BR-FR-CDV-CL-09: a quantity is disputed, not refused).
  const disputeReason = await validator.post(`/bwapi/supplier-invoices/${id}/refuse`, {
    reason: 'Quantities do not match',
    reason_code: 'QTE_ERR',
  })
  expect((await json(disputeReason)).errors).toEqual({
    reason_code: ["Cette valeur n'est pas dans la liste."],
  })
  expect(await snapshot()).toBe(before)
  await validator.post(`/bwapi/supplier-invoices/${id}/refuse`, {
    reason: 'Billed twice',
    reason_code: 'DOUBLON',
  })
  await payables.post(`/bwapi/supplier-invoices/${id}/back_to_draft`, {})
  await payables.post(`/bwapi/supplier-invoices/${id}/submit`, { confirm: true })
  await validator.post(`/bwapi/supplier-invoices/${id}/validate`, { confirm: true })
  // Approved while the dispute is still open (confirmed): partly approved.
  expect((await lifecycle()).slice(2)).toEqual([
    ['210', 'DOUBLON'],
    ['206', null],
  ])
  // A paper invoice has no lifecycle.
  const paper = (
    (
      await json(
        await payables.post(
          '/bwapi/supplier-invoices',
          invoice([{ label: 'Freight', amount_exctax: '15.00', vat_rate: '20' }], {
            label: 'PAPER-1',
            amount_exctax: '15.00',
            amount_inctax: '18.00',
          }),
        ),
      )
    ).data as { id: number }
  ).id
  expect(
    ((await json(await payables.get(`/bwapi/supplier-invoices/${paper}`))).data as Json).lifecycle,
  ).toEqual([])
  // Paid: the payment sent (211), once.
  await payables.post(`/bwapi/supplier-invoices/${id}/dispute`, {
    action: 'close',
    body: 'Delivery note received.',
  })
  const admin = await signIn(t.app, 'admin')
  await bankDetails(t, payables, admin)
  const group = (
    (
      await json(
        await payables.post('/bwapi/payment-groups', {
          payment_date: '2026-12-01',
          lines: [{ supplier_invoice_id: id }],
        }),
      )
    ).data as { id: number }
  ).id
  await payables.post(`/bwapi/payment-groups/${group}/submit`)
  expect((await (await signIn(t.app, 'finance')).post(`/bwapi/payment-groups/${group}/pay`, {})).status).toBe(
    200,
  )
  expect((await lifecycle()).slice(4)).toEqual([['211', null]])
})

test('an e-invoice addressed to a routing code lands in that department’s queue; an unknown code is reported', async () => {
  const admin = await signIn(t.app, 'admin')
  const department = await idOf("SELECT id FROM departments WHERE code = 'PURCH'")
  // A SIREN is nine digits: refused otherwise, nothing changes.
  const fields = { code: 'ACME', label: 'Acme Industries', currency_code: 'EUR' }
  const put = (siren: string) =>
    admin.request(`/bwapi/companies/${company}`, { method: 'PUT', body: { ...fields, siren } })
  expect((await put('12345')).status).toBe(422)
  expect((await put('123456789')).status).toBe(200)
  await t.client.execute(`UPDATE departments SET routing_code = 'ACHATS' WHERE id = ${department}`)
  const upload = async (name: string, bytes: Uint8Array) => {
    const form = new FormData()
    form.set('file', new File([bytes], name))
    expect((await payables.request('/bwapi/pending-invoices', { method: 'POST', form })).status).toBe(201)
  }
  await upload(
    'a.xml',
    new TextEncoder().encode(
      ciiXml({ ...SAMPLE, number: 'R-1', addressee: { address: '123456789_ACHATS' } }),
    ),
  )
  await upload(
    'b.xml',
    new TextEncoder().encode(
      ublXml({ ...SAMPLE, number: 'R-2', addressee: { address: '123456789_ACHATS' } }),
    ),
  )
  await upload(
    'c.xml',
    new TextEncoder().encode(
      ciiXml({ ...SAMPLE, number: 'R-3', addressee: { address: '123456789_LOGISTIQUE' } }),
    ),
  )
  await upload(
    'd.xml',
    new TextEncoder().encode(ublXml({ ...SAMPLE, number: 'R-4', addressee: { siren: '123456789' } })),
  )
  const rows = await t.client.execute(
    'SELECT label, company_id, department_id FROM pending_invoices ORDER BY id',
  )
  expect(rows.rows.map((r) => [r.label, r.company_id, r.department_id])).toEqual([
    ['R-1', company, department],
    ['R-2', company, department],
    ['R-3', company, null],
    ['R-4', company, null],
  ])
  const queue = (await json(await payables.get(`/bwapi/pending-invoices?department_id=${department}`)))
    .data as Json[]
  // Queued in the same instant: read them by label.
  expect(queue.map((p) => [p.label, p.department]).sort()).toEqual([
    ['R-1', 'Purchasing'],
    ['R-2', 'Purchasing'],
  ])
  const all = (await json(await payables.get('/bwapi/pending-invoices'))).data as Json[]
  expect(all.find((p) => p.label === 'R-3')?.e_invoice_issues).toEqual([
    expect.objectContaining({
      code: 'E_INVOICE_ROUTING_UNKNOWN',
      message: expect.stringContaining('LOGISTIQUE'),
    }),
  ])
})
