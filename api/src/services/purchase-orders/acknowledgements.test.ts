import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../../testing/agent'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { runCrons } from '../crons'

let t: TestApp
let buyer: Agent
beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
})
afterEach(() => t.close())

const idOf = async (table: string, code: string) =>
  Number(
    (await t.client.execute({ sql: `SELECT id FROM ${table} WHERE code = ?`, args: [code] })).rows[0]?.id,
  )
const statusOf = async (id: number) =>
  (await t.client.execute({ sql: 'SELECT status FROM purchase_orders WHERE id = ?', args: [id] })).rows[0]
    ?.status

/** An order validated and sent (considered sent) on the clock's day. */
const sentOrder = async () => {
  const created = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: await idOf('suppliers', 'OFFICEPRO'),
    company_id: await idOf('companies', 'ACME'),
    currency_code: 'EUR',
    lines: [{ label: 'Toner', quantity: '2', unit_price_exctax: '60', vat_rate: '20' }],
  })
  const id = ((await created.json()) as { data: { id: number } }).data.id
  await buyer.post(`/bwapi/purchase-orders/${id}/submit`)
  const validator = await signIn(t.app, 'validator')
  await validator.post(`/bwapi/purchase-orders/${id}/validate`)
  await buyer.post(`/bwapi/purchase-orders/${id}/consider_sent`)
  expect(await statusOf(id)).toBe('sent')
  return id
}

test('an order sent on a Friday is deemed acknowledged once the third business day (Wednesday) is over', async () => {
  t.clock.set('2026-11-20T09:00:00Z') // Friday
  const id = await sentOrder()
  t.clock.set('2026-11-25T18:00:00Z') // Wednesday: the supplier may still answer
  expect(await runCrons(t, ['acknowledgements'])).toEqual({ acknowledgements: 0 })
  expect(await statusOf(id)).toBe('sent')
  t.clock.set('2026-11-26T06:00:00Z') // Thursday
  expect(await runCrons(t, ['acknowledgements'])).toEqual({ acknowledgements: 1 })
  expect(await statusOf(id)).toBe('acknowledged_receipt')
  const trace = await t.client.execute({
    sql: "SELECT user_id, message FROM traces WHERE model = 'purchase_order' AND model_id = ? AND action = 'acknowledge'",
    args: [String(id)],
  })
  expect(trace.rows).toEqual([expect.objectContaining({ user_id: null })])
  expect(String(trace.rows[0]?.message)).toContain('deemed acknowledged')
  expect(await runCrons(t, ['acknowledgements'])).toEqual({ acknowledgements: 0 })
})

test('an order closed or back to draft before the deadline is left as it is', async () => {
  t.clock.set('2026-11-20T09:00:00Z')
  const id = await sentOrder()
  await buyer.post(`/bwapi/purchase-orders/${id}/close`)
  t.clock.set('2026-12-01T09:00:00Z')
  expect(await runCrons(t, ['acknowledgements'])).toEqual({ acknowledgements: 0 })
  expect(await statusOf(id)).toBe('closed')
})
