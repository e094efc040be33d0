import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let buyer: Agent
let requester: Agent
beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  requester = await signIn(t.app, 'requester')
})
afterEach(() => t.close())

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json
const idOf = async (table: string, column: string, value: string) =>
  Number(
    (await t.client.execute({ sql: `SELECT id FROM ${table} WHERE ${column} = ?`, args: [value] })).rows[0]
      ?.id,
  )
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT status FROM purchase_orders ORDER BY id')).rows,
    (await t.client.execute('SELECT status FROM needs ORDER BY id')).rows,
  ])
const createOrder = async (price = '10') => {
  const response = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: await idOf('suppliers', 'code', 'OFFICEPRO'),
    company_id: await idOf('companies', 'code', 'ACME'),
    currency_code: 'EUR',
    lines: [{ label: 'Paper', quantity: '1', unit_price_exctax: price, vat_rate: '20' }],
  })
  return ((await json(response)).data as { id: number }).id
}
const createNeed = async (title: string) => {
  const response = await requester.post('/bwapi/needs', {
    title,
    buyer_id: await idOf('users', 'login', 'buyer'),
    purchase_family: 'FURNITURE',
    lines: [{ description: title, quantity: '1', unit_price_exctax: '50' }],
  })
  return ((await json(response)).data as { id: number }).id
}

test('the orders index describes columns, filters and bulk actions in the reader’s language', async () => {
  const validator = await signIn(t.app, 'validator') // who reads in French
  const index = await json(await validator.get('/bwapi/purchase-orders/index'))
  expect(index).toMatchObject({
    title: 'Bons de commande',
    default_sort: { sort: 'created_at', direction: 'desc' },
  })
  // A validator who is no buyer is offered what it may do in bulk: validate.
  expect((index.bulk_actions as Json[]).map((a) => a.action)).toEqual(['validate'])
  const ofBuyer = await json(await buyer.get('/bwapi/purchase-orders/index'))
  expect((ofBuyer.bulk_actions as Json[]).map((a) => a.action)).toEqual([
    'submit',
    'validate',
    'consider_sent',
    'close',
    'cancel',
  ])
  expect((index.columns as Json[]).find((c) => c.key === 'amount_exctax')?.label).toBe('Montant HT')
  // The product families the filter offers read in French too, as the catalogue shows them.
  const families = (await json(await validator.get('/bwapi/purchase-orders/filter-list/product_family_id')))
    .data as Json[]
  expect(families.map((f) => f.label)).toContain('Fournitures de bureau')
  expect(families.map((f) => f.label)).not.toContain('Office supplies')
})

test('order filter lists: statuses with labels, suppliers by search; an unknown field is 404', async () => {
  const statuses = (await json(await buyer.get('/bwapi/purchase-orders/filter-list/status?search=refus')))
    .data as Json[]
  expect(statuses.map((s) => s.value)).toEqual(['refused'])
  const found = (await json(await buyer.get('/bwapi/purchase-orders/filter-list/supplier_id?search=safe')))
    .data as Json[]
  expect(found).toEqual([
    {
      value: String(await idOf('suppliers', 'code', 'SAFEWORK')),
      label: expect.stringContaining('SAFEWORK'),
    },
  ])
  expect((await buyer.get('/bwapi/purchase-orders/filter-list/buyer_secret')).status).toBe(404)
})

test('the contextual menu of an order lists what this user may do on it now, with labels', async () => {
  const orderId = await createOrder()
  expect(await json(await buyer.get(`/bwapi/purchase-orders/${orderId}/contextual-menu`))).toEqual({
    actions: [
      { action: 'submit', label: 'Submit for validation' },
      { action: 'cancel', label: 'Cancel the order' },
      { action: 'edit', label: 'Edit' },
    ],
  })
  expect((await requester.get(`/bwapi/purchase-orders/${orderId}/contextual-menu`)).status).toBe(404)
})

test('a bulk submit does each order it may and reports the ones refused, which stay unchanged', async () => {
  const first = await createOrder()
  const second = await createOrder()
  await buyer.post(`/bwapi/purchase-orders/${second}/cancel`)
  const result = await json(
    await buyer.post('/bwapi/purchase-orders/do-bulk-action', { action: 'submit', ids: [first, second] }),
  )
  expect(result).toEqual({
    data: {
      done: [first],
      failed: [{ id: second, code: 'TRANSITION_NOT_ALLOWED', message: expect.stringContaining('submit') }],
    },
  })
  const statuses = await t.client.execute('SELECT id, status FROM purchase_orders ORDER BY id')
  expect(statuses.rows.map((r) => [r.id, r.status])).toEqual([
    [first, 'awaiting'],
    [second, 'canceled'],
  ])
})

test('a bulk call with an unknown action, no ids, or by someone without the right changes nothing', async () => {
  const orderId = await createOrder()
  const before = await snapshot()
  const unknown = await buyer.post('/bwapi/purchase-orders/do-bulk-action', {
    action: 'send',
    ids: [orderId],
  })
  expect(unknown.status).toBe(422)
  const none = await buyer.post('/bwapi/purchase-orders/do-bulk-action', { action: 'submit', ids: [] })
  expect(none.status).toBe(422)
  const stranger = await json(
    await requester.post('/bwapi/purchase-orders/do-bulk-action', { action: 'submit', ids: [orderId] }),
  )
  expect(stranger).toMatchObject({ data: { done: [], failed: [{ id: orderId, code: 'ITEM_NOT_FOUND' }] } })
  expect(await snapshot()).toBe(before)
})

test('requests: index, filter lists, contextual menu with duplicate, bulk submit and bulk merge', async () => {
  const index = await json(await requester.get('/bwapi/needs/index'))
  expect((index.bulk_actions as Json[]).map((a) => a.action)).toContain('merge')
  const processing = (await json(await requester.get('/bwapi/needs/filter-list/processing'))).data as Json[]
  expect(processing.map((p) => p.value)).toEqual([
    'awaiting',
    'processing',
    'po_submitted',
    'po_validated',
    'none',
  ])

  const a = await createNeed('Chairs')
  const b = await createNeed('Lamps')
  const c = await createNeed('Desks')
  expect(await json(await requester.get(`/bwapi/needs/${a}/contextual-menu`))).toEqual({
    actions: [
      { action: 'submit', label: 'Submit' },
      { action: 'cancel', label: 'Cancel the request' },
      { action: 'edit', label: 'Edit' },
      { action: 'duplicate', label: 'Duplicate' },
    ],
  })
  const merged = await json(
    await requester.post('/bwapi/needs/do-bulk-action', { action: 'merge', ids: [a, b] }),
  )
  expect(merged).toEqual({ data: { done: [a, b], failed: [] } })
  const submitted = await json(
    await requester.post('/bwapi/needs/do-bulk-action', { action: 'submit', ids: [a, b, c] }),
  )
  expect(submitted).toMatchObject({
    data: { done: [a, c], failed: [{ id: b, code: 'TRANSITION_NOT_ALLOWED' }] },
  })
})

test('a bulk merge that is refused merges nothing', async () => {
  const a = await createNeed('Chairs')
  const b = await createNeed('Lamps')
  await requester.post(`/bwapi/needs/${b}/submit`)
  const before = await snapshot()
  const refused = await requester.post('/bwapi/needs/do-bulk-action', { action: 'merge', ids: [a, b] })
  expect(refused.status).toBeGreaterThanOrEqual(400)
  expect(await snapshot()).toBe(before)
})
