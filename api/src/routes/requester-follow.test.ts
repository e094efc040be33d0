import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let requester: Agent
let buyer: Agent
beforeEach(async () => {
  t = await createTestApp()
  requester = await signIn(t.app, 'requester')
  buyer = await signIn(t.app, 'buyer')
})
afterEach(() => t.close())

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json
const idOf = async (table: string, column: string, value: string) =>
  Number(
    (await t.client.execute({ sql: `SELECT id FROM ${table} WHERE ${column} = ?`, args: [value] })).rows[0]
      ?.id,
  )

/** The requester asks, the validator approves, the buyer makes the order: its id. */
const orderedRequest = async () => {
  const created = await requester.post('/bwapi/needs', {
    title: 'Chairs',
    buyer_id: await idOf('users', 'login', 'buyer'),
    purchase_family: 'FURNITURE',
    lines: [{ description: 'Office chair', quantity: '2', unit_price_exctax: '150' }],
  })
  const needId = ((await json(created)).data as { id: number }).id
  await requester.post(`/bwapi/needs/${needId}/submit`)
  await (await signIn(t.app, 'validator')).post(`/bwapi/needs/${needId}/approve`)
  const transformed = await buyer.post('/bwapi/needs/transform', {
    need_ids: [needId],
    supplier_id: await idOf('suppliers', 'code', 'OFFICEPRO'),
    company_id: await idOf('companies', 'code', 'ACME'),
    currency_code: 'EUR',
  })
  return {
    needId,
    orderId: ((await json(transformed)).data as { purchase_order_id: number }).purchase_order_id,
  }
}

test('the requester follows its request to the order: reads it, finds it in its list, acts on nothing', async () => {
  const { needId, orderId } = await orderedRequest()
  const need = (await json(await requester.get(`/bwapi/needs/${needId}`))).data as { order: Json }
  expect(need.order).toMatchObject({
    id: orderId,
    status: 'draft',
    delivery_status: 'no',
    billing_status: 'no',
  })

  const order = await requester.get(`/bwapi/purchase-orders/${orderId}`)
  expect(order.status).toBe(200)
  expect(((await json(order)).data as Json).actions).toEqual([])
  const list = (await json(await requester.get('/bwapi/purchase-orders'))) as { data: { id: number }[] }
  expect(list.data.map((o) => o.id)).toEqual([orderId])

  const before = await tableCounts(t.client)
  for (const action of ['submit', 'cancel'])
    expect((await requester.post(`/bwapi/purchase-orders/${orderId}/${action}`)).status).toBe(403)
  expect(await tableCounts(t.client)).toEqual(before)
})

test('another requester does not see that order', async () => {
  const { orderId } = await orderedRequest()
  await t.client.execute(
    "UPDATE needs SET requester_id = (SELECT id FROM users WHERE login = 'validator') WHERE purchase_order_id = " +
      String(orderId),
  )
  expect((await requester.get(`/bwapi/purchase-orders/${orderId}`)).status).toBe(404)
  expect(((await json(await requester.get('/bwapi/purchase-orders'))) as { data: unknown[] }).data).toEqual(
    [],
  )
})
