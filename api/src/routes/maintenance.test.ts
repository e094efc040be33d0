import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json
const dataOf = async <T = Json>(response: Response) => (await json(response)).data as T

describe('on the demo organisation', () => {
  let t: TestApp
  let admin: Agent
  const snapshot = async () =>
    JSON.stringify([
      await tableCounts(t.client),
      (await t.client.execute('SELECT * FROM settings ORDER BY key')).rows,
    ])
  const idOf = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)

  beforeEach(async () => {
    t = await createTestApp()
    admin = await signIn(t.app, 'admin')
  })
  afterEach(() => t.close())

  test('in maintenance mode administrators still work and turn it off; everyone else reads 503', async () => {
    const requester = await signIn(t.app, 'requester')
    const on = await admin.request('/bwapi/maintenance/mode', {
      method: 'PUT',
      body: { enabled: true, retry_after: 600, message: 'Upgrade to 3.0' },
    })
    expect(on.status).toBe(200)
    const refused = await requester.get('/bwapi/purchase-orders')
    expect(refused.status).toBe(503)
    expect(await json(refused)).toMatchObject({ extra_message: 'Upgrade to 3.0', retry_after: 600 })
    expect((await admin.get('/bwapi/purchase-orders')).status).toBe(200)
    expect(((await dataOf(await admin.get('/bwapi/maintenance'))) as { mode: Json }).mode).toMatchObject({
      enabled: true,
    })
    // The requester may not change it, even signed in before.
    expect(
      (await requester.request('/bwapi/maintenance/mode', { method: 'PUT', body: { enabled: false } }))
        .status,
    ).toBe(503)
    expect(
      (await admin.request('/bwapi/maintenance/mode', { method: 'PUT', body: { enabled: false } })).status,
    ).toBe(200)
    expect((await requester.get('/bwapi/purchase-orders')).status).toBe(200)
    const traces = (
      await t.client.execute("SELECT action FROM traces WHERE model_id = 'maintenance' ORDER BY id")
    ).rows
    expect(traces.map((r) => r.action)).toEqual(['maintenance_on', 'maintenance_off'])
  })

  test('server messages are shown above every page until taken down or past their end; only administrators set them', async () => {
    const requester = await signIn(t.app, 'requester')
    const shown = async () =>
      ((await json(await requester.get('/bwapi/header-infos'))) as { messages: Json[] }).messages
    expect(await shown()).toEqual([])
    const before = await snapshot()
    for (const body of [{ body: '' }, { body: 'Stop', type: 'panic' }, { body: 'Stop', until: 'tomorrow' }])
      expect((await admin.post('/bwapi/maintenance/server-messages', body)).status).toBe(422)
    expect((await requester.post('/bwapi/maintenance/server-messages', { body: 'Hi' })).status).toBe(403)
    expect((await admin.request('/bwapi/maintenance/server-messages/0', { method: 'DELETE' })).status).toBe(
      404,
    )
    expect(await snapshot()).toBe(before)
    const until = new Date(t.clock.now().getTime() + 3_600_000).toISOString()
    await admin.post('/bwapi/maintenance/server-messages', {
      body: 'Stop at 18:00 for the upgrade',
      type: 'warning',
      until,
    })
    await admin.post('/bwapi/maintenance/server-messages', { body: 'New catalogue online' })
    expect(await shown()).toEqual([
      { body: 'Stop at 18:00 for the upgrade', type: 'warning', until },
      { body: 'New catalogue online', type: 'info', until: null },
    ])
    // Past its end, a message is no longer shown.
    t.clock.set(new Date(t.clock.now().getTime() + 3_600_001).toISOString())
    expect(await shown()).toEqual([{ body: 'New catalogue online', type: 'info', until: null }])
    expect(
      (await requester.request('/bwapi/maintenance/server-messages/0', { method: 'DELETE' })).status,
    ).toBe(403)
    expect((await admin.request('/bwapi/maintenance/server-messages/0', { method: 'DELETE' })).status).toBe(
      200,
    )
    expect(await shown()).toEqual([])
    const traces = (
      await t.client.execute("SELECT action FROM traces WHERE model_id = 'header_messages' ORDER BY id")
    ).rows
    expect(traces.map((r) => r.action)).toEqual([
      'server_message_on',
      'server_message_on',
      'server_message_off',
    ])
  })

  test('each job shows its last and next run; run now becomes the last run; unknown jobs and other people are refused', async () => {
    type Job = { name: string; last_run: Json | null; next_run_at: string }
    const jobs = async () => ((await dataOf(await admin.get('/bwapi/maintenance'))) as { jobs: Job[] }).jobs
    const before = await jobs()
    expect(before.map((j) => j.name)).toContain('traces')
    expect(before.every((j) => j.last_run === null)).toBe(true)
    // The next run is the next hour's slot.
    const next = new Date(before[0]?.next_run_at ?? '')
    expect(next.getTime()).toBeGreaterThan(t.clock.now().getTime())
    expect(next.getTime() % 3_600_000).toBe(0)
    const ran = await dataOf(await admin.post('/bwapi/maintenance/jobs/traces/run'))
    expect(ran).toEqual({ name: 'traces', changed: 0, error: null })
    expect((await jobs()).find((j) => j.name === 'traces')?.last_run).toMatchObject({
      started_at: t.clock.now().toISOString(),
      changed: 0,
      error: null,
    })
    expect((await admin.post('/bwapi/maintenance/jobs/coffee/run')).status).toBe(404)
    const requester = await signIn(t.app, 'requester')
    expect((await requester.post('/bwapi/maintenance/jobs/traces/run')).status).toBe(403)
    expect((await requester.get('/bwapi/maintenance')).status).toBe(403)
  })

  test('an order is deleted for good only when typed again, in a deletable status and named by nothing; traced', async () => {
    const buyer = await signIn(t.app, 'buyer')
    const order = async () =>
      (
        (
          await json(
            await buyer.post('/bwapi/purchase-orders', {
              supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
              company_id: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
              currency_code: 'EUR',
              lines: [{ label: 'Paper', quantity: '2', unit_price_exctax: '10', vat_rate: '20' }],
            }),
          )
        ).data as { id: number }
      ).id
    const draft = await order()
    const code = String(
      (await t.client.execute(`SELECT code FROM purchase_orders WHERE id = ${draft}`)).rows[0]?.code,
    )
    expect(await dataOf(await admin.get(`/bwapi/maintenance/purchase-orders/${code}`))).toMatchObject({
      code,
      versions: 1,
      status: 'draft',
      amount_exctax: '20.00',
    })
    const before = await snapshot()
    const typo = await admin.request(`/bwapi/maintenance/purchase-orders/${code}`, {
      method: 'DELETE',
      body: { confirm: 'PO' },
    })
    expect(typo.status).toBe(422)
    expect((await json(typo)).errors).toEqual({ confirm: [`Type ${code} exactly to confirm.`] })
    // A submitted order is not deletable.
    const submitted = await order()
    await buyer.post(`/bwapi/purchase-orders/${submitted}/submit`)
    const other = String(
      (await t.client.execute(`SELECT code FROM purchase_orders WHERE id = ${submitted}`)).rows[0]?.code,
    )
    const beforeSubmitted = await snapshot()
    const notDeletable = await admin.request(`/bwapi/maintenance/purchase-orders/${other}`, {
      method: 'DELETE',
      body: { confirm: other },
    })
    expect(notDeletable.status).toBe(409)
    expect((await json(notDeletable)).code).toBe('ORDER_NOT_DELETABLE')
    expect(await snapshot()).toBe(beforeSubmitted)
    expect(before).not.toBe(beforeSubmitted)
    const requester = await signIn(t.app, 'requester')
    expect(
      (
        await requester.request(`/bwapi/maintenance/purchase-orders/${code}`, {
          method: 'DELETE',
          body: { confirm: code },
        })
      ).status,
    ).toBe(403)
    const deleted = await admin.request(`/bwapi/maintenance/purchase-orders/${code}`, {
      method: 'DELETE',
      body: { confirm: code },
    })
    expect(await dataOf(deleted)).toEqual({ code, versions: 1 })
    expect(
      (
        await t.client.execute(
          `SELECT count(*) AS n FROM purchase_order_lines WHERE purchase_order_id = ${draft}`,
        )
      ).rows[0]?.n,
    ).toBe(0)
    expect((await admin.get(`/bwapi/maintenance/purchase-orders/${code}`)).status).toBe(404)
    const trace = (
      await t.client.execute(
        "SELECT message, severity FROM traces WHERE action = 'delete' AND model = 'purchase_order'",
      )
    ).rows
    expect(trace).toEqual([
      { message: expect.stringContaining(`Order ${code} deleted`), severity: 'warning' },
    ])
  })

  test('an order a request names is not deleted; nothing changes', async () => {
    const requester = await signIn(t.app, 'requester')
    const created = await requester.post('/bwapi/needs', {
      title: 'Gloves',
      buyer_id: await idOf("SELECT id FROM users WHERE login = 'buyer'"),
      purchase_family: 'FURNITURE',
      lines: [{ description: 'Gloves', quantity: '2', unit_price_exctax: '5' }],
    })
    expect(created.status).toBe(201)
    const need = ((await json(created)).data as { id: number }).id
    const buyer = await signIn(t.app, 'buyer')
    const draft = (
      (
        await json(
          await buyer.post('/bwapi/purchase-orders', {
            supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
            company_id: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
            currency_code: 'EUR',
            lines: [{ label: 'Gloves', quantity: '2', unit_price_exctax: '5', vat_rate: '20' }],
          }),
        )
      ).data as { id: number }
    ).id
    // As when the request is turned into this order.
    await t.client.execute(`UPDATE needs SET purchase_order_id = ${draft} WHERE id = ${need}`)
    const code = String(
      (await t.client.execute(`SELECT code FROM purchase_orders WHERE id = ${draft}`)).rows[0]?.code,
    )
    const before = await snapshot()
    const refused = await admin.request(`/bwapi/maintenance/purchase-orders/${code}`, {
      method: 'DELETE',
      body: { confirm: code },
    })
    expect(refused.status).toBe(409)
    expect(await json(refused)).toMatchObject({
      code: 'ORDER_HAS_DOCUMENTS',
      message: `Order ${code} cannot be deleted: requests, receipts, invoice or payment lines or stock movements name it (1).`,
    })
    expect(await snapshot()).toBe(before)
  })
})

describe('the data accuracy check, on a year of history', () => {
  let t: TestApp
  let admin: Agent
  beforeAll(async () => {
    t = await createTestApp({ history: true })
    admin = await signIn(t.app, 'admin')
  }, 120_000)
  afterAll(() => t.close())

  type Check = {
    checked: { orders: number; budgets: number }
    problems: { check: string; subject: string; disagreements: Json[] }[]
  }

  test('the demo agrees everywhere; a figure made wrong is listed with both figures; nothing is changed', async () => {
    const clean = await dataOf<Check>(await admin.get('/bwapi/maintenance/data-check'))
    expect(clean.checked.orders).toBeGreaterThan(100)
    expect(clean.checked.budgets).toBeGreaterThan(0)
    expect(clean.problems).toEqual([])
    const order = (
      await t.client.execute(
        "SELECT id, code, version, amount_exctax FROM purchase_orders WHERE status = 'sent' LIMIT 1",
      )
    ).rows[0] as Json
    const budget = (
      await t.client.execute('SELECT id, key, committed FROM budgets WHERE committed > 0 LIMIT 1')
    ).rows[0] as Json
    await t.client.execute(
      `UPDATE purchase_orders SET billed_amount_exctax = '999999.99' WHERE id = ${order.id}`,
    )
    await t.client.execute(`UPDATE budgets SET committed = committed + 10000 WHERE id = ${budget.id}`)
    const before = JSON.stringify(await tableCounts(t.client))
    const found = await dataOf<Check>(await admin.get('/bwapi/maintenance/data-check'))
    expect(found.problems).toEqual([
      {
        check: 'order_totals',
        subject: `${order.code} v${order.version}`,
        link: `/purchase-orders/${order.id}`,
        disagreements: [{ field: 'billed_amount_exctax', kept: '999999.99', expected: expect.any(String) }],
      },
      {
        check: 'budget_balances',
        subject: budget.key,
        link: `/budgets/${budget.id}`,
        disagreements: [
          {
            field: 'committed',
            kept: String(Number(budget.committed) + 10000),
            expected: String(budget.committed),
          },
        ],
      },
    ])
    expect(JSON.stringify(await tableCounts(t.client))).toBe(before)
    const requester = await signIn(t.app, 'requester')
    expect((await requester.get('/bwapi/maintenance/data-check')).status).toBe(403)
  })
})
