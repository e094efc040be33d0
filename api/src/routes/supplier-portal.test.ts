import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let buyer: Agent
let supplier: Agent
beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  supplier = await signIn(t.app, 'supplier')
})
afterEach(() => t.close())

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json
const idOf = async (table: string, value: string) =>
  Number(
    (await t.client.execute({ sql: `SELECT id FROM ${table} WHERE code = ?`, args: [value] })).rows[0]?.id,
  )

/** An order of the buyer to a supplier, taken to "sent" (considered sent). */
const sentOrder = async (supplierCode: string) => {
  const created = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: await idOf('suppliers', supplierCode),
    company_id: await idOf('companies', 'ACME'),
    currency_code: 'EUR',
    lines: [{ label: 'Paper', quantity: '2', unit_price_exctax: '10', vat_rate: '20' }],
  })
  const id = ((await json(created)).data as { id: number }).id
  await buyer.post(`/bwapi/purchase-orders/${id}/submit`)
  const validator = await signIn(t.app, 'validator')
  await validator.post(`/bwapi/purchase-orders/${id}/validate`)
  await buyer.post(`/bwapi/purchase-orders/${id}/consider_sent`)
  return id
}

test('the contact finds the order sent to its company, reads its PDF and acknowledges it; that is all it may do', async () => {
  const id = await sentOrder('OFFICEPRO')
  const list = (await json(await supplier.get('/bwapi/purchase-orders'))) as {
    data: { id: number; actions: string[] }[]
  }
  expect(list.data.map((o) => o.id)).toEqual([id])
  expect(list.data[0]?.actions).toEqual(['acknowledge'])
  const index = (await json(await supplier.get('/bwapi/purchase-orders/index'))) as {
    bulk_actions: unknown[]
  }
  expect(index.bulk_actions).toEqual([])
  const page = (await json(await supplier.get(`/bwapi/purchase-orders/${id}`))).data as Json
  expect(page.actions).toEqual(['acknowledge'])
  expect(page.internal).toBe(false)
  const pdf = await supplier.get(`/bwapi/purchase-orders/${id}/pdf`)
  expect(pdf.headers.get('content-type')).toBe('application/pdf')

  const before = await tableCounts(t.client)
  for (const action of ['close', 'suspend', 'back_to_draft', 'cancel', 'new_version'])
    expect((await supplier.post(`/bwapi/purchase-orders/${id}/${action}`)).status, action).toBe(403)
  expect(await tableCounts(t.client)).toEqual(before)

  const acknowledged = await supplier.post(`/bwapi/purchase-orders/${id}/acknowledge`)
  expect(acknowledged.status).toBe(200)
  expect(((await json(acknowledged)).data as Json).status).toBe('acknowledged_receipt')
  const trace = await t.client.execute({
    sql: "SELECT u.login FROM traces t JOIN users u ON u.id = t.user_id WHERE t.model = 'purchase_order' AND t.model_id = ? AND t.action = 'acknowledge'",
    args: [String(id)],
  })
  expect(trace.rows.map((r) => r.login)).toEqual(['supplier'])
})

test('an order to another supplier, or not yet sent, stays out of the contact’s reach', async () => {
  const other = await sentOrder('SAFEWORK')
  const created = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: await idOf('suppliers', 'OFFICEPRO'),
    company_id: await idOf('companies', 'ACME'),
    currency_code: 'EUR',
    lines: [{ label: 'Paper', quantity: '1', unit_price_exctax: '10', vat_rate: '20' }],
  })
  const draft = ((await json(created)).data as { id: number }).id
  const before = await tableCounts(t.client)
  for (const id of [other, draft]) {
    expect((await supplier.get(`/bwapi/purchase-orders/${id}`)).status).toBe(404)
    expect((await supplier.get(`/bwapi/purchase-orders/${id}/pdf`)).status).toBe(404)
    expect((await supplier.post(`/bwapi/purchase-orders/${id}/acknowledge`)).status).toBe(404)
  }
  expect(await tableCounts(t.client)).toEqual(before)
  expect(((await json(await supplier.get('/bwapi/purchase-orders'))) as { data: unknown[] }).data).toEqual([])
})

test('the contact reads its own company’s record without the ceilings, and no other supplier’s', async () => {
  const own = await idOf('suppliers', 'OFFICEPRO')
  const record = (await json(await supplier.get(`/bwapi/suppliers/${own}`))).data as Json
  expect(record.company_name).toBe('OfficePro Supplies')
  expect(record).not.toHaveProperty('max_per_order')
  expect(record).not.toHaveProperty('max_per_year')
  expect((await supplier.get(`/bwapi/suppliers/${own}/header`)).status).toBe(200)
  const buyerView = (await json(await buyer.get(`/bwapi/suppliers/${own}`))).data as Json
  expect(buyerView.max_per_order).toBe('20000')

  const other = await idOf('suppliers', 'SAFEWORK')
  const before = await tableCounts(t.client)
  expect((await supplier.get(`/bwapi/suppliers/${other}`)).status).toBe(404)
  expect((await supplier.get(`/bwapi/suppliers/${other}/header`)).status).toBe(404)
  expect((await supplier.get('/bwapi/suppliers')).status).toBe(403)
  expect(
    (await supplier.request(`/bwapi/suppliers/${own}`, { method: 'PUT', body: { code: 'X' } })).status,
  ).toBe(403)
  expect((await supplier.post(`/bwapi/suppliers/${own}/contacts`, { name: 'Me' })).status).toBe(403)
  expect(await tableCounts(t.client)).toEqual(before)
})
