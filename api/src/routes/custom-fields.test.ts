import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
let t: TestApp
let admin: Agent
let buyer: Agent
const json = async (response: Response) => (await response.json()) as Json
const idOf = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
const snapshot = async () => JSON.stringify(await tableCounts(t.client))

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  buyer = await signIn(t.app, 'buyer')
})
afterEach(() => t.close())

const field = async (code: string, type: string, extra: Json = {}) => {
  const response = await admin.post('/bwapi/custom-fields', {
    model: 'purchase_order',
    code,
    label: code.toUpperCase(),
    type,
    ...extra,
  })
  expect(response.status).toBe(201)
  return ((await json(response)).data as { id: number }).id
}

const orderInput = async (custom: Json = {}) => ({
  supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
  company_id: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
  currency_code: 'EUR',
  lines: [{ label: 'Paper', quantity: '2', unit_price_exctax: '10', vat_rate: '20' }],
  custom,
})
const order = async (custom: Json = {}) => {
  const response = await buyer.post('/bwapi/purchase-orders', await orderInput(custom))
  expect(response.status).toBe(201)
  return ((await json(response)).data as { id: number }).id
}

/** One value of each type of spec §3 but the file, and how the order's page reads it back. */
const EVERY_TYPE = [
  ['flag', 'boolean', {}, true, 'Yes'],
  ['lot', 'choice', { options: ['A', 'B'], required: true, in_list: true }, 'B', 'B'],
  ['due', 'date', {}, '2026-12-24', '2026-12-24'],
  ['contact', 'email', {}, 'site@acme.example', 'site@acme.example'],
  ['origin', 'iso_code', {}, 'de', 'DE'],
  ['margin', 'markup', {}, '12,5', '12.5 %'],
  ['weight', 'number', {}, '3.750', '3.75'],
  ['season', 'period', {}, '2026-01-01/2026-03-31', '2026-01-01 – 2026-03-31'],
  ['site', 'string', { in_list: true }, 'Dock B', 'Dock B'],
  ['parts', 'string_list', {}, ['P1', 'P2'], 'P1, P2'],
  ['note', 'text', {}, 'Fragile', 'Fragile'],
  ['spec', 'long_text', {}, 'Line one\nLine two', 'Line one\nLine two'],
] as const

test('every field type from the order form to the order: checked, kept, read back as text; a required one is asked for', async () => {
  for (const [code, type, extra] of EVERY_TYPE) await field(code, type, extra)
  const before = await snapshot()
  const missing = await buyer.post('/bwapi/purchase-orders', await orderInput({ site: 'Dock B' }))
  expect(missing.status).toBe(422)
  expect((await json(missing)).errors).toEqual({ 'custom.lot': ['This field is required'] })
  const wrong = await buyer.post(
    '/bwapi/purchase-orders',
    await orderInput({
      lot: 'Z',
      due: '2026-02-30',
      contact: 'site@',
      margin: '-1',
      season: '2026-04-01/2026-01-01',
      ghost: 'x',
    }),
  )
  expect(Object.keys((await json(wrong)).errors as Json).sort()).toEqual([
    'custom.contact',
    'custom.due',
    'custom.ghost',
    'custom.lot',
    'custom.margin',
    'custom.season',
  ])
  expect(await snapshot()).toBe(before)
  const form = (await json(await buyer.get('/bwapi/purchase-orders/create'))) as {
    custom_fields: { code: string }[]
  }
  expect(form.custom_fields.map((f) => f.code)).toEqual(
    EVERY_TYPE.map(([code]) => code.toUpperCase())
      .sort()
      .map((l) => l.toLowerCase()),
  )

  const id = await order(Object.fromEntries(EVERY_TYPE.map(([code, , , value]) => [code, value])))
  const page = (await json(await buyer.get(`/bwapi/purchase-orders/${id}`))).data as { custom: Json[] }
  expect(Object.fromEntries(page.custom.map((c) => [c.code, c.text]))).toEqual(
    Object.fromEntries(EVERY_TYPE.map(([code, , , , text]) => [code, text])),
  )
  // Edited, a value left out is cleared; the required one stays asked for.
  const edited = await buyer.request(`/bwapi/purchase-orders/${id}`, {
    method: 'PUT',
    body: await orderInput({ lot: 'A' }),
  })
  expect(edited.status).toBe(200)
  const after = (await json(await buyer.get(`/bwapi/purchase-orders/${id}`))).data as { custom: Json[] }
  expect(after.custom).toEqual([{ code: 'lot', label: 'LOT', type: 'choice', value: 'A', text: 'A' }])
})

test('fields shown in lists are columns and filters of the orders list', async () => {
  await field('lot', 'choice', { options: ['A', 'B'], in_list: true })
  await field('site', 'string', { in_list: true })
  await field('secret', 'string')
  const a = await order({ lot: 'A', site: 'Dock North' })
  const b = await order({ lot: 'B', site: 'Dock South' })
  const index = (await json(await buyer.get('/bwapi/purchase-orders/index'))) as {
    columns: { key: string; visible: boolean }[]
    filters: { key: string }[]
  }
  expect(index.columns.filter((c) => c.key.startsWith('cf_'))).toEqual([
    expect.objectContaining({ key: 'cf_lot', label: 'LOT', visible: false }),
    expect.objectContaining({ key: 'cf_site', label: 'SITE', visible: false }),
  ])
  expect(index.filters.map((f) => f.key)).toEqual(expect.arrayContaining(['cf_lot', 'cf_site']))
  const ids = async (query: string) =>
    ((await json(await buyer.get(`/bwapi/purchase-orders?${query}`))).data as { id: number }[]).map(
      (r) => r.id,
    )
  expect(await ids('cf_lot=B')).toEqual([b])
  expect(await ids('cf_site=north')).toEqual([a])
  expect(await ids('cf_lot=A&cf_site=south')).toEqual([])
  const rows = (await json(await buyer.get('/bwapi/purchase-orders?cf_lot=A'))).data as Json[]
  expect(rows[0]).toMatchObject({ cf_lot: 'A', cf_site: 'Dock North' })
  expect(rows[0]).not.toHaveProperty('cf_secret')
  expect((await buyer.get('/bwapi/purchase-orders?cf_secret=x')).status).toBe(422)
  const options = (await json(await buyer.get('/bwapi/purchase-orders/filter-list/cf_site?search=dock'))).data
  expect(options).toEqual([
    { value: 'Dock North', label: 'Dock North' },
    { value: 'Dock South', label: 'Dock South' },
  ])
})

test('a required file is attached once the order is saved, and asked for when it is submitted', async () => {
  await field('plan', 'file', { required: true })
  const id = await order()
  const before = await snapshot()
  const refused = await buyer.post(`/bwapi/purchase-orders/${id}/submit`)
  expect(refused.status).toBe(422)
  expect((await json(refused)).errors).toEqual({ 'custom.plan': ['This field is required'] })
  expect(await snapshot()).toBe(before)
  // Another document's attachment is not this order's.
  const form = new FormData()
  form.set('file', new File(['%PDF-1.4 plan'], 'plan.pdf'))
  const uploaded = await buyer.request(`/bwapi/purchase-orders/${id}/attachments`, { method: 'POST', form })
  expect(uploaded.status).toBe(201)
  const attachment = ((await json(uploaded)).data as { id: number }).id
  const other = await order()
  expect(
    (
      await buyer.request(`/bwapi/purchase-orders/${other}`, {
        method: 'PUT',
        body: await orderInput({ plan: attachment }),
      })
    ).status,
  ).toBe(422)
  expect(
    (
      await buyer.request(`/bwapi/purchase-orders/${id}`, {
        method: 'PUT',
        body: await orderInput({ plan: attachment }),
      })
    ).status,
  ).toBe(200)
  expect((await buyer.post(`/bwapi/purchase-orders/${id}/submit`)).status).toBe(200)
})

test('a field that holds values is disabled, not deleted: old orders keep showing it, new ones no longer offer it', async () => {
  const id = await field('site', 'string')
  const orderId = await order({ site: 'Dock B' })
  const before = await snapshot()
  expect((await admin.request(`/bwapi/custom-fields/${id}`, { method: 'DELETE' })).status).toBe(409)
  expect(await snapshot()).toBe(before)
  expect((await admin.post(`/bwapi/custom-fields/${id}/disable`)).status).toBe(200)
  const form = (await json(await buyer.get('/bwapi/purchase-orders/create'))) as { custom_fields: unknown[] }
  expect(form.custom_fields).toEqual([])
  const page = (await json(await buyer.get(`/bwapi/purchase-orders/${orderId}`))).data as { custom: Json[] }
  expect(page.custom).toEqual([expect.objectContaining({ code: 'site', text: 'Dock B' })])
  // A choice needs its choices; a code is unique per kind of document.
  expect(
    (
      await admin.post('/bwapi/custom-fields', {
        model: 'purchase_order',
        code: 'x',
        label: 'X',
        type: 'choice',
      })
    ).status,
  ).toBe(422)
  expect(
    (
      await admin.post('/bwapi/custom-fields', {
        model: 'purchase_order',
        code: 'site',
        label: 'Again',
        type: 'string',
      })
    ).status,
  ).toBe(422)
  expect(
    (await admin.post('/bwapi/custom-fields', { model: 'need', code: 'site', label: 'Site', type: 'string' }))
      .status,
  ).toBe(201)
})

test('requests carry their own custom fields: asked for when required, shown, columns and filters of their list', async () => {
  expect(
    (
      await admin.post('/bwapi/custom-fields', {
        model: 'need',
        code: 'cost_center',
        label: 'Cost centre',
        type: 'string',
        required: true,
        in_list: true,
      })
    ).status,
  ).toBe(201)
  const requester = await signIn(t.app, 'requester')
  const input = async (custom: Json) => ({
    title: 'Gloves',
    buyer_id: await idOf("SELECT id FROM users WHERE login = 'buyer'"),
    purchase_family: 'SAFETY',
    lines: [{ description: 'Gloves', quantity: '2', unit_price_exctax: '5' }],
    custom,
  })
  const before = await snapshot()
  const refused = await requester.post('/bwapi/needs', await input({}))
  expect(refused.status).toBe(422)
  expect((await json(refused)).errors).toEqual({ 'custom.cost_center': ['This field is required'] })
  expect(await snapshot()).toBe(before)
  // An order's fields are not a request's.
  expect((await requester.post('/bwapi/needs', await input({ cost_center: 'CC-7', lot: 'A' }))).status).toBe(
    422,
  )
  const made = await requester.post('/bwapi/needs', await input({ cost_center: 'CC-7' }))
  expect(made.status).toBe(201)
  const id = ((await json(made)).data as { id: number }).id
  const need = (await json(await requester.get(`/bwapi/needs/${id}`))).data as { custom: Json[] }
  expect(need.custom).toEqual([
    { code: 'cost_center', label: 'Cost centre', type: 'string', value: 'CC-7', text: 'CC-7' },
  ])
  const rows = (await json(await requester.get('/bwapi/needs?cf_cost_center=cc-7'))).data as Json[]
  expect(rows.map((r) => [r.id, r.cf_cost_center])).toEqual([[id, 'CC-7']])
  expect((await json(await requester.get('/bwapi/needs?cf_cost_center=CC-9'))).data).toEqual([])
  const index = (await json(await requester.get('/bwapi/needs/index'))) as { filters: { key: string }[] }
  expect(index.filters.map((f) => f.key)).toContain('cf_cost_center')
})

test('deliveries carry their own custom fields, set when received; a file field is not offered on them', async () => {
  expect(
    (
      await admin.post('/bwapi/custom-fields', {
        model: 'delivery',
        code: 'plan',
        label: 'Plan',
        type: 'file',
      })
    ).status,
  ).toBe(422)
  expect(
    (
      await admin.post('/bwapi/custom-fields', {
        model: 'delivery',
        code: 'carrier',
        label: 'Carrier',
        type: 'choice',
        options: ['DHL', 'Geodis'],
        required: true,
        in_list: true,
      })
    ).status,
  ).toBe(201)
  const orderId = await order()
  expect((await buyer.post(`/bwapi/purchase-orders/${orderId}/submit`)).status).toBe(200)
  expect(
    (await (await signIn(t.app, 'validator')).post(`/bwapi/purchase-orders/${orderId}/validate`)).status,
  ).toBe(200)
  expect((await buyer.post(`/bwapi/purchase-orders/${orderId}/consider_sent`)).status).toBe(200)
  const line = Number(
    (await t.client.execute(`SELECT id FROM purchase_order_lines WHERE purchase_order_id = ${orderId}`))
      .rows[0]?.id,
  )
  const receipt = (custom: Json) => ({
    purchase_order_id: orderId,
    delivery_date: '2026-11-21',
    lines: [{ purchase_order_line_id: line, quantity: '2' }],
    custom,
  })
  const before = await snapshot()
  const refused = await buyer.post('/bwapi/deliveries', receipt({}))
  expect(refused.status).toBe(422)
  expect((await json(refused)).errors).toEqual({ 'custom.carrier': ['This field is required'] })
  expect(await snapshot()).toBe(before)
  const made = await buyer.post('/bwapi/deliveries', receipt({ carrier: 'Geodis' }))
  expect(made.status).toBe(201)
  const id = ((await json(made)).data as { id: number }).id
  const page = (await json(await buyer.get(`/bwapi/deliveries/${id}`))).data as { custom: Json[] }
  expect(page.custom).toEqual([expect.objectContaining({ code: 'carrier', text: 'Geodis' })])
  const rows = (await json(await buyer.get('/bwapi/deliveries?cf_carrier=Geodis'))).data as Json[]
  expect(rows.map((r) => [r.id, r.cf_carrier])).toEqual([[id, 'Geodis']])
})
