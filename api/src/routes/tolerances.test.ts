import { afterEach, beforeEach, expect, test } from 'vitest'
import { writeSetting } from '../services/settings'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
type Line = { id: number; over_delivered: boolean; remaining_to_receive: string }
let t: TestApp
let buyer: Agent
let payables: Agent

const json = async (response: Response) => (await response.json()) as Json
const idOf = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)

beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  payables = await signIn(t.app, 'payables')
})
afterEach(() => t.close())

const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT * FROM purchase_order_lines ORDER BY id')).rows,
    (await t.client.execute('SELECT id, lock_version FROM purchase_orders ORDER BY id')).rows,
  ])

/** A sent order of one line: 7 reams at 55.198571 (386.39 excluding tax). */
const sentOrder = async () => {
  const created = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    lines: [{ label: 'Paper', quantity: '7', unit_price_exctax: '55.198571', vat_rate: '20' }],
  })
  const id = ((await json(created)).data as { id: number }).id
  await buyer.post(`/bwapi/purchase-orders/${id}/submit`)
  await (await signIn(t.app, 'validator')).post(`/bwapi/purchase-orders/${id}/validate`)
  expect((await buyer.post(`/bwapi/purchase-orders/${id}/consider_sent`)).status).toBe(200)
  const read = (await json(await buyer.get(`/bwapi/purchase-orders/${id}`))).data as { lines: Line[] }
  return { id, line: (read.lines[0] as Line).id }
}

const receive = (orderId: number, line: number, quantity: string) =>
  buyer.post('/bwapi/deliveries', {
    purchase_order_id: orderId,
    delivery_date: '2026-11-21',
    lines: [{ purchase_order_line_id: line, quantity }],
  })

test('the tolerances protect by default: 0 % until an administrator allows more', async () => {
  await t.client.execute("DELETE FROM settings WHERE key = 'settings'")
  const order = await sentOrder()
  const before = await snapshot()
  const over = await receive(order.id, order.line, '7.5')
  expect(over.status).toBe(422)
  expect((await json(over)).code).toBe('DELIVERY_DEVIATION_EXCEEDED')
  expect(await snapshot()).toBe(before)
  expect((await receive(order.id, order.line, '7')).status).toBe(201)
})

test('the demo refuses a receipt of 700 on a line of 7, and a second bill of the whole order', async () => {
  const order = await sentOrder()
  const before = await snapshot()
  const huge = await receive(order.id, order.line, '700')
  expect(huge.status).toBe(422)
  expect(await json(huge)).toMatchObject({
    code: 'DELIVERY_DEVIATION_EXCEEDED',
    message: expect.stringContaining('5'),
  })
  expect(await snapshot()).toBe(before)
  // Within the demo's 5 % per line and 2 % per order: 7.1 of 7 passes, and is flagged as received over the order.
  expect((await receive(order.id, order.line, '7.1')).status).toBe(201)
  const read = (await json(await buyer.get(`/bwapi/purchase-orders/${order.id}`))).data as { lines: Line[] }
  expect(read.lines[0]).toMatchObject({ over_delivered: true, remaining_to_receive: '0' })

  const supplier = await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  const company = await idOf("SELECT id FROM companies WHERE code = 'ACME'")
  const invoice = (label: string) => ({
    label,
    supplier_id: supplier,
    company_id: company,
    currency_code: 'EUR',
    invoice_date: '2026-11-21',
    amount_exctax: '386.39',
    amount_inctax: '463.67',
    lines: [{ purchase_order_line_id: order.line, quantity: '7', vat_rate: '20' }],
  })
  expect((await payables.post('/bwapi/supplier-invoices', invoice('INV-1'))).status).toBe(201)
  const billed = await snapshot()
  const again = await payables.post('/bwapi/supplier-invoices', invoice('INV-2'))
  expect(again.status).toBe(422)
  expect((await json(again)).code).toBe('BILLING_LIMIT_EXCEEDED')
  expect(await snapshot()).toBe(billed)
})

test('an administrator may choose no limit: the over-receipt passes and is flagged', async () => {
  await writeSetting(t.db, t.clock, 'settings', {
    prices: { delivery_line_deviation_percent: -1, delivery_total_deviation_percent: -1 },
  })
  const order = await sentOrder()
  expect((await receive(order.id, order.line, '700')).status).toBe(201)
  const read = (await json(await buyer.get(`/bwapi/purchase-orders/${order.id}`))).data as { lines: Line[] }
  expect(read.lines[0]).toMatchObject({ over_delivered: true })
})

test('API clients may send numbers: {"quantity": 4} is read as "4", exactly; an inexact number says what is expected', async () => {
  const supplier = await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  const company = await idOf("SELECT id FROM companies WHERE code = 'ACME'")
  const order = (lines: unknown[]) =>
    buyer.post('/bwapi/purchase-orders', {
      supplier_id: supplier,
      company_id: company,
      currency_code: 'EUR',
      lines,
    })
  const created = await order([{ label: 'Paper', quantity: 4, unit_price_exctax: 0.3, vat_rate: 20 }])
  expect(created.status).toBe(201)
  const id = ((await json(created)).data as { id: number }).id
  const read = (await json(await buyer.get(`/bwapi/purchase-orders/${id}`))).data as {
    amount_exctax: string
    lines: { quantity: string; unit_price_exctax: string }[]
  }
  expect(read.lines[0]).toMatchObject({ quantity: '4', unit_price_exctax: '0.3' })
  expect(read.amount_exctax).toBe('1.20')
  const before = await snapshot()
  const refused = await order([{ label: 'Paper', quantity: 1e21, unit_price_exctax: '1', vat_rate: '20' }])
  expect(refused.status).toBe(422)
  expect((await json(refused)).errors).toEqual({
    'lines.0.quantity': [
      'Expected a decimal number: a string such as "1234.50", or a JSON number of at most 15 significant digits without exponent.',
    ],
  })
  expect(await snapshot()).toBe(before)
})
