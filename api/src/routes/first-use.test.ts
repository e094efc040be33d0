import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'

/**
 * What a new user met on the way through the demo (issue 24 §10), each fixed and kept so: the
 * supplier contact's order page, its to-do and its shipments; the buyer's to-do that opens the list
 * it counts.
 */
type Json = Record<string, unknown>
let t: TestApp
let buyer: Agent
const json = async (response: Response) => (await response.json()) as Json
const idOf = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)

beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
})
afterEach(() => t.close())

/** A sent order of OFFICEPRO (the demo supplier contact's company). */
const sentOrder = async () => {
  const created = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    lines: [{ label: 'Paper', quantity: '10', unit_price_exctax: '4.20', vat_rate: '20' }],
  })
  const id = ((await json(created)).data as { id: number }).id
  await buyer.post(`/bwapi/purchase-orders/${id}/submit`)
  await (await signIn(t.app, 'validator')).post(`/bwapi/purchase-orders/${id}/validate`)
  expect((await buyer.post(`/bwapi/purchase-orders/${id}/consider_sent`)).status).toBe(200)
  return id
}

test('the supplier contact reads its order with its delivery and billing statuses, and may declare a shipment', async () => {
  const id = await sentOrder()
  const contact = await signIn(t.app, 'supplier')
  const order = (await json(await contact.get(`/bwapi/purchase-orders/${id}`))).data as Json
  expect(order).toMatchObject({ delivery_status: 'no', billing_status: 'no', internal: false })
  // What remains to ship is the whole order, from core, as the buyer's page says.
  expect(order.lines).toEqual([
    expect.objectContaining({ remaining_to_receive: '10', delivered_quantity: '0' }),
  ])
  // The demo turns the supplier portal on: declaring a shipment is offered on the order's page.
  expect(order.delivery_actions).toContain('declare')
})

test('the supplier contact’s to-do counts the orders waiting for its acknowledgement', async () => {
  await sentOrder()
  const contact = await signIn(t.app, 'supplier')
  const todo = (await json(await contact.get('/bwapi/actions-to-do'))) as {
    count: number
    actions: { link: string; count: number }[]
  }
  expect(todo.actions).toContainEqual(
    expect.objectContaining({ link: '/purchase-orders?status=sent', count: 1 }),
  )
  expect(todo.count).toBe(1)
})

test('the buyer’s "requests to process" opens the list of exactly what it counts', async () => {
  const requester = await signIn(t.app, 'requester')
  const buyerId = await idOf("SELECT id FROM users WHERE login = 'buyer'")
  const adminId = await idOf("SELECT id FROM users WHERE login = 'admin'")
  await t.client.execute(`UPDATE users SET buyer = true WHERE id = ${adminId}`)
  for (const buyerOf of [buyerId, buyerId, adminId]) {
    const made = await requester.post('/bwapi/needs', {
      title: 'Chairs',
      buyer_id: buyerOf,
      purchase_family: 'FURNITURE',
      lines: [{ description: 'Chair', quantity: '1', unit_price_exctax: '100' }],
    })
    const needId = ((await json(made)).data as { id: number }).id
    await t.client.execute(
      `UPDATE needs SET status = 'validated', processing = 'awaiting' WHERE id = ${needId}`,
    )
  }
  const todo = (await json(await buyer.get('/bwapi/actions-to-do'))) as {
    actions: { link: string; count: number }[]
  }
  const toProcess = todo.actions.find((a) => a.link.startsWith('/needs?'))
  expect(toProcess?.count).toBe(2)
  const list = await json(await buyer.get(`/bwapi${toProcess?.link ?? ''}`))
  expect((list.meta as { total: number }).total).toBe(2)
})

test('the order form offers only the currencies the server accepts (the default one without the multi-currency module)', async () => {
  const form = (await json(await buyer.get('/bwapi/purchase-orders/create'))) as {
    currencies: { code: string }[]
  }
  expect(form.currencies.map((c) => c.code)).toEqual(['EUR'])
})
