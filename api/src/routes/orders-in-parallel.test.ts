import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'

/**
 * Orders created and submitted at once, as several people do: every call succeeds. On PostgreSQL
 * the sums the database keeps by triggers (per status, per family) are taken in one order by every
 * transaction, so none deadlocks (migration 0045).
 */
let t: TestApp
let buyer: Agent
beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
})
afterEach(() => t.close())

test('orders created and submitted at the same time all go through', async () => {
  const id = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
  await t.client.execute(
    "UPDATE suppliers SET max_per_year = NULL, max_per_order = NULL WHERE code = 'OFFICEPRO'",
  )
  const input = {
    supplier_id: await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await id("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    lines: [
      { label: 'Copy paper A4', quantity: '10', unit_price_exctax: '4.99', vat_rate: '20' },
      { label: 'Toner', quantity: '2', unit_price_exctax: '64.90', vat_rate: '20' },
    ],
  }
  const create = async () => {
    const made = await buyer.post('/bwapi/purchase-orders', input)
    expect(made.status).toBe(201)
    return ((await made.json()) as { data: { id: number } }).data.id
  }
  for (let round = 0; round < 3; round += 1) {
    const drafts = await Promise.all(Array.from({ length: 6 }, create))
    const statuses = await Promise.all([
      ...drafts.map((d) => buyer.post(`/bwapi/purchase-orders/${d}/submit`).then((r) => r.status)),
      ...Array.from({ length: 6 }, () => buyer.post('/bwapi/purchase-orders', input).then((r) => r.status)),
    ])
    expect(statuses).toEqual([...Array(6).fill(200), ...Array(6).fill(201)])
  }
}, 60_000)
