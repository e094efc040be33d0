import { afterEach, beforeEach, expect, test } from 'vitest'
import { writeSetting } from '../services/settings'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let requester: Agent
beforeEach(async () => {
  t = await createTestApp()
  requester = await signIn(t.app, 'requester')
})
afterEach(() => t.close())

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json
const id = async (table: string, column: string, value: string) =>
  Number(
    (await t.client.execute({ sql: `SELECT id FROM ${table} WHERE ${column} = ?`, args: [value] })).rows[0]
      ?.id,
  )
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT status, processing, circuit FROM needs ORDER BY id')).rows,
  ])

const needInput = async () => ({
  title: 'Office chairs',
  buyer_id: await id('users', 'login', 'buyer'),
  purchase_family: 'FURNITURE',
  lines: [{ description: 'Ergonomic chair', quantity: '4', unit_price_exctax: '249.90' }],
})
const create = async () =>
  ((await json(await requester.post('/bwapi/needs', await needInput()))).data as { id: number }).id
const act = (agent: Agent, needId: number, action: string, body: Json = {}) =>
  agent.post(`/bwapi/needs/${needId}/${action}`, body)
const need = async (agent: Agent, needId: number) =>
  (await json(await agent.get(`/bwapi/needs/${needId}`))).data as Json

test('a requester asks; the validator approves; the buyer turns it into an order; the order’s validation follows', async () => {
  const needId = await create()
  expect(await need(requester, needId)).toMatchObject({
    code: 'REQ-2026-00001',
    status: 'draft',
    amount_exctax: '999.60',
    actions: ['submit', 'cancel', 'edit'],
    refused_actions: [],
  })
  expect(await json(await act(requester, needId, 'submit'))).toMatchObject({
    data: { status: 'awaiting', processing: 'none' },
  })
  const validator = await signIn(t.app, 'validator')
  expect((await need(validator, needId)).actions).toEqual(['approve', 'refuse'])
  expect(await json(await act(validator, needId, 'approve'))).toMatchObject({
    data: { status: 'validated', processing: 'awaiting' },
  })

  const buyer = await signIn(t.app, 'buyer')
  expect((await need(buyer, needId)).actions).toEqual(['take_charge', 'transform'])
  expect(await json(await act(buyer, needId, 'take_charge'))).toMatchObject({
    data: { processing: 'processing' },
  })
  const transformed = await buyer.post('/bwapi/needs/transform', {
    need_ids: [needId],
    supplier_id: await id('suppliers', 'code', 'OFFICEPRO'),
    company_id: await id('companies', 'code', 'ACME'),
    currency_code: 'EUR',
  })
  expect(transformed.status).toBe(201)
  const orderId = ((await json(transformed)).data as { purchase_order_id: number }).purchase_order_id
  expect(await need(buyer, needId)).toMatchObject({ processing: 'po_submitted', purchase_order_id: orderId })
  const order = (await json(await buyer.get(`/bwapi/purchase-orders/${orderId}`))).data as Json
  expect(order).toMatchObject({ amount_exctax: '999.60', status: 'draft' })
  expect((order.lines as Json[])[0]).toMatchObject({ label: 'Ergonomic chair', quantity: '4' })

  await buyer.post(`/bwapi/purchase-orders/${orderId}/submit`)
  await validator.post(`/bwapi/purchase-orders/${orderId}/validate`)
  expect(await need(requester, needId)).toMatchObject({ status: 'validated', processing: 'po_validated' })
})

test('the rules of a request: buyer and family required, at least one line; nothing is created', async () => {
  const before = await snapshot()
  const response = await requester.post('/bwapi/needs', { title: 'x', lines: [] })
  expect((await json(response)).errors).toEqual({
    buyer_id: ['A buyer is required.'],
    purchase_family: ['A purchase family is required.'],
    lines: ['A request needs at least one line.'],
  })
  const notBuyer = await requester.post('/bwapi/needs', {
    ...(await needInput()),
    buyer_id: await id('users', 'login', 'requester'),
  })
  expect((await json(notBuyer)).errors).toEqual({ buyer_id: ['This value is not in the list.'] })
  expect(await snapshot()).toBe(before)
})

test('who does what: only the requester submits, only validators approve, only the buyer transforms', async () => {
  const needId = await create()
  const buyer = await signIn(t.app, 'buyer')
  const before = await snapshot()
  expect((await act(buyer, needId, 'submit')).status).toBe(403)
  expect(await snapshot()).toBe(before)
  await act(requester, needId, 'submit')
  expect((await json(await act(requester, needId, 'approve'))).code).toBe('NOT_CURRENT_VALIDATOR')
  const stranger = await signIn(t.app, 'supplier') // a supplier's contact: requests are internal
  expect((await stranger.get(`/bwapi/needs/${needId}`)).status).toBe(403)
  const transform = await requester.post('/bwapi/needs/transform', {
    need_ids: [needId],
    supplier_id: await id('suppliers', 'code', 'OFFICEPRO'),
    company_id: await id('companies', 'code', 'ACME'),
    currency_code: 'EUR',
  })
  expect(transform.status).toBe(403)
})

test('a request not approved cannot be transformed, and nothing is created', async () => {
  const needId = await create()
  const buyer = await signIn(t.app, 'buyer')
  const before = await snapshot()
  const response = await buyer.post('/bwapi/needs/transform', {
    need_ids: [needId],
    supplier_id: await id('suppliers', 'code', 'OFFICEPRO'),
    company_id: await id('companies', 'code', 'ACME'),
    currency_code: 'EUR',
  })
  expect(response.status).toBe(409)
  expect((await json(response)).code).toBe('TRANSITION_NOT_ALLOWED')
  expect(await snapshot()).toBe(before)
})

test('a refused request is edited and submitted again; approved ones are no longer editable', async () => {
  const needId = await create()
  await act(requester, needId, 'submit')
  const validator = await signIn(t.app, 'validator')
  expect((await act(validator, needId, 'refuse')).status).toBe(422)
  expect(
    await json(await act(validator, needId, 'refuse', { reason: 'One chair is enough for now.' })),
  ).toMatchObject({ data: { status: 'refused' } })
  expect((await need(requester, needId)).refusal).toMatchObject({ reason: 'One chair is enough for now.' })
  const edited = await requester.request(`/bwapi/needs/${needId}`, {
    method: 'PUT',
    body: { ...(await needInput()), title: 'Two chairs' },
  })
  expect(edited.status).toBe(200)
  await act(requester, needId, 'submit')
  await act(validator, needId, 'approve')
  const locked = await requester.request(`/bwapi/needs/${needId}`, { method: 'PUT', body: await needInput() })
  expect(locked.status).toBe(409)
})

test('duplicate makes a new draft; the list shows what each one may see', async () => {
  const needId = await create()
  const copy = await requester.post(`/bwapi/needs/${needId}/duplicate`)
  expect(copy.status).toBe(201)
  const list = await json(await requester.get('/bwapi/needs'))
  expect(list.meta).toMatchObject({ total: 2 })
  const validator = await signIn(t.app, 'validator')
  expect((await json(await validator.get('/bwapi/needs'))).meta).toMatchObject({ total: 0 })
  await act(requester, needId, 'submit')
  expect((await json(await validator.get('/bwapi/needs'))).meta).toMatchObject({ total: 1 })
})

test('the buyers a request can be addressed to', async () => {
  const buyers = (await json(await requester.get('/bwapi/buyers'))).data as { label: string }[]
  expect(buyers.map((b) => b.label)).toEqual(['Bruno Buyer'])
})

test('actions to do count what waits for each person, with links', async () => {
  const needId = await create()
  await act(requester, needId, 'submit')
  const validator = await signIn(t.app, 'validator')
  expect(await json(await validator.get('/bwapi/actions-to-do'))).toMatchObject({
    count: 1,
    actions: [{ label: 'Demandes à approuver', link: '/needs?status=awaiting', count: 1 }],
  })
  await act(validator, needId, 'approve')
  const buyer = await signIn(t.app, 'buyer')
  expect(await json(await buyer.get('/bwapi/actions-to-do'))).toMatchObject({
    count: 1,
    actions: [{ label: 'Requests to process', count: 1 }],
  })
  expect((await json(await validator.get('/bwapi/actions-to-do'))).count).toBe(0)
  // Each change told the next person over the real-time channel, and the approval its author.
  const [validatorId, buyerId, requesterId] = [
    await id('users', 'login', 'validator'),
    await id('users', 'login', 'buyer'),
    await id('users', 'login', 'requester'),
  ]
  expect(t.pushed.map((p) => [p.userId, p.event.type])).toEqual([
    [validatorId, 'notification'],
    [validatorId, 'actions-to-do'],
    [buyerId, 'actions-to-do'],
    [requesterId, 'decision'],
    [requesterId, 'actions-to-do'],
    [requesterId, 'notification'],
  ])
})

test('merging drafts: lines gathered in the first, the others canceled; refusals change nothing', async () => {
  const first = await create()
  const second = await create()
  const third = await create()
  await act(requester, third, 'submit')
  const buyer = await signIn(t.app, 'buyer')
  const before = await snapshot()
  expect((await json(await requester.post('/bwapi/needs/merge', { need_ids: [first, third] }))).code).toBe(
    'TRANSITION_NOT_ALLOWED',
  )
  expect((await buyer.post('/bwapi/needs/merge', { need_ids: [first, second] })).status).toBe(403)
  expect((await json(await requester.post('/bwapi/needs/merge', { need_ids: [first] }))).errors).toEqual({
    need_ids: ['Select at least one item.'],
  })
  expect(await snapshot()).toBe(before)
  expect((await requester.post('/bwapi/needs/merge', { need_ids: [first, second] })).status).toBe(200)
  expect(await need(requester, first)).toMatchObject({ amount_exctax: '1999.20' })
  expect(((await need(requester, first)).lines as unknown[]).length).toBe(2)
  expect((await need(requester, second)).status).toBe('canceled')
})

test('skipping the approver of a request: administrators only, when enabled; it then counts as approved', async () => {
  const needId = await create()
  await act(requester, needId, 'submit')
  const admin = await signIn(t.app, 'admin')
  const before = await snapshot()
  expect((await act(requester, needId, 'skip')).status).toBe(403)
  expect(await json(await act(admin, needId, 'skip'))).toMatchObject({ code: 'SKIP_DISABLED' })
  expect((await need(admin, needId)).actions).not.toContain('skip')
  expect(await snapshot()).toBe(before)
  await writeSetting(t.db, t.clock, 'settings', { misc: { validator_skip_enabled: true } })
  expect((await need(admin, needId)).actions).toContain('skip')
  expect(await json(await act(admin, needId, 'skip'))).toMatchObject({
    data: { status: 'validated', processing: 'awaiting' },
  })
  const step = ((await need(requester, needId)).circuit as { steps: Json[] }).steps[0]
  expect(step).toMatchObject({ status: 'skipped', by: 'admin' })
  const trace = await t.client.execute("SELECT severity FROM traces WHERE action = 'skip' AND model = 'need'")
  expect(trace.rows.map((r) => r.severity)).toEqual(['warning'])
  expect((await act(admin, needId, 'skip')).status).toBe(409)
})

test('twenty buyers’ conversions of the same requests at once make exactly one order', async () => {
  const needIds = [await create(), await create()]
  await t.client.execute(
    `UPDATE needs SET status = 'validated', processing = 'awaiting' WHERE id IN (${needIds.join(', ')})`,
  )
  const buyer = await signIn(t.app, 'buyer')
  const body = {
    need_ids: needIds,
    supplier_id: await id('suppliers', 'code', 'OFFICEPRO'),
    company_id: await id('companies', 'code', 'ACME'),
    currency_code: 'EUR',
  }
  const ordersBefore = (await tableCounts(t.client)).purchase_orders ?? 0
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => buyer.post('/bwapi/needs/transform', body)),
  )
  expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
  expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409)).toBe(true)
  expect(((await tableCounts(t.client)).purchase_orders ?? 0) - ordersBefore).toBe(1)
  const rows = (
    await t.client.execute(`SELECT DISTINCT purchase_order_id FROM needs WHERE id IN (${needIds.join(', ')})`)
  ).rows
  expect(rows).toHaveLength(1)
})

test('a refused conversion (an inactive supplier) leaves the requests and orders as they were', async () => {
  const needId = await create()
  await t.client.execute(
    `UPDATE needs SET status = 'validated', processing = 'awaiting' WHERE id = ${needId}`,
  )
  const supplierId = await id('suppliers', 'code', 'OFFICEPRO')
  await t.client.execute(`UPDATE suppliers SET status = 'inactive' WHERE id = ${supplierId}`)
  const buyer = await signIn(t.app, 'buyer')
  const before = await snapshot()
  const response = await buyer.post('/bwapi/needs/transform', {
    need_ids: [needId],
    supplier_id: supplierId,
    company_id: await id('companies', 'code', 'ACME'),
    currency_code: 'EUR',
  })
  expect((await json(response)).code).toBe('SUPPLIER_INACTIVE')
  expect(await snapshot()).toBe(before)
})

test('the requests’ delivery address goes to the order', async () => {
  const input = await needInput()
  const created = await requester.post('/bwapi/needs', {
    ...input,
    lines: input.lines.map((l) => ({ ...l, delivery_address: 'Building B, 12 rue de la Gare, Lyon' })),
  })
  const needId = ((await json(created)).data as { id: number }).id
  await t.client.execute(
    `UPDATE needs SET status = 'validated', processing = 'awaiting' WHERE id = ${needId}`,
  )
  const buyer = await signIn(t.app, 'buyer')
  const made = await buyer.post('/bwapi/needs/transform', {
    need_ids: [needId],
    supplier_id: await id('suppliers', 'code', 'OFFICEPRO'),
    company_id: await id('companies', 'code', 'ACME'),
    currency_code: 'EUR',
  })
  const orderId = ((await json(made)).data as { purchase_order_id: number }).purchase_order_id
  const order = (await json(await buyer.get(`/bwapi/purchase-orders/${orderId}`))).data as Json
  expect(order.delivery_address).toMatchObject({ address: 'Building B, 12 rue de la Gare, Lyon' })
})

test('a request line’s amount follows core’s rule: 0.3 × 0.016665 is 0.01 (6-decimal step, then rounded)', async () => {
  const input = await needInput()
  const created = await requester.post('/bwapi/needs', {
    ...input,
    lines: [{ description: 'Fine wire', quantity: '0.3', unit_price_exctax: '0.016665' }],
  })
  const needId = ((await json(created)).data as { id: number }).id
  const read = await need(requester, needId)
  expect(read.amount_exctax).toBe('0.01')
  expect((read.lines as Json[])[0]).toMatchObject({ amount_exctax: '0.01' })
})
