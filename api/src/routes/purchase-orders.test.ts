import { afterEach, beforeEach, expect, test } from 'vitest'
import { delegations } from '../db/schema'
import { writeSetting } from '../services/settings'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let buyer: Agent
beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
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
    (await t.client.execute('SELECT status, circuit, sent_at FROM purchase_orders ORDER BY id')).rows,
  ])

const orderInput = async (unitPrice = '4.99', quantity = '10') => ({
  supplier_id: await id('suppliers', 'code', 'OFFICEPRO'),
  company_id: await id('companies', 'code', 'ACME'),
  currency_code: 'EUR',
  tags: ['IT'],
  lines: [
    { label: 'Safety gloves', quantity, unit_price_exctax: unitPrice, vat_rate: '20' },
    { label: 'Manual', quantity: '1', unit_price_exctax: '12.50', vat_rate: '5.5' },
  ],
})

const create = async (unitPrice?: string, quantity?: string) => {
  const response = await buyer.post('/bwapi/purchase-orders', await orderInput(unitPrice, quantity))
  expect(response.status).toBe(201)
  return ((await json(response)).data as { id: number; code: string }).id
}
const act = (agent: Agent, orderId: number, action: string, body: Json = {}) =>
  agent.post(`/bwapi/purchase-orders/${orderId}/${action}`, body)
const order = async (agent: Agent, orderId: number) =>
  (await json(await agent.get(`/bwapi/purchase-orders/${orderId}`))).data as Json

test('a buyer creates a draft: numbered, amounts computed per line, actions offered', async () => {
  const orderId = await create()
  const data = await order(buyer, orderId)
  expect(data).toMatchObject({
    code: 'PO-2026-00001',
    version: 1,
    status: 'draft',
    amount_exctax: '62.40',
    amount_tax: '10.67',
    amount_inctax: '73.07',
    delivery_status: 'no',
    billing_status: 'no',
    payment_status: 'no',
    actions: ['submit', 'cancel', 'edit'],
    refused_actions: [],
  })
  expect((data.lines as Json[]).map((l) => l.amount_inctax)).toEqual(['59.88', '13.19'])
  expect(data.vat_breakdown).toEqual([
    { rate: '5.5', base: '12.50', tax: '0.69' },
    { rate: '20', base: '49.90', tax: '9.98' },
  ])
  expect((await order(buyer, await create())).code).toBe('PO-2026-00002')
})

test('bad input is refused by field and nothing is created', async () => {
  const before = await snapshot()
  const noLines = await buyer.post('/bwapi/purchase-orders', { ...(await orderInput()), lines: [] })
  expect(noLines.status).toBe(422)
  expect((await json(noLines)).errors).toEqual({ lines: ['An order needs at least one line.'] })
  const badSupplier = await buyer.post('/bwapi/purchase-orders', {
    ...(await orderInput()),
    supplier_id: 9999,
  })
  expect((await json(badSupplier)).errors).toEqual({ supplier_id: ['This value is not in the list.'] })
  await t.client.execute("UPDATE suppliers SET status = 'inactive' WHERE code = 'OFFICEPRO'")
  const inactive = await buyer.post('/bwapi/purchase-orders', await orderInput())
  expect(await json(inactive)).toEqual({
    message: 'Supplier OfficePro Supplies is not active.',
    code: 'SUPPLIER_INACTIVE',
  })
  expect(await snapshot()).toBe(before)
})

test('non-buyers cannot create, and do not see others’ orders', async () => {
  const orderId = await create()
  const requester = await signIn(t.app, 'requester')
  expect((await requester.post('/bwapi/purchase-orders', await orderInput())).status).toBe(403)
  expect((await requester.get(`/bwapi/purchase-orders/${orderId}`)).status).toBe(404)
  expect((await json(await requester.get('/bwapi/purchase-orders'))).meta).toMatchObject({ total: 0 })
  expect((await act(requester, orderId, 'submit')).status).toBe(404)
})

test('the whole story: submit, the validator is told and validates, the order is sent', async () => {
  const orderId = await create()
  expect(await json(await act(buyer, orderId, 'submit'))).toMatchObject({ data: { status: 'awaiting' } })
  const validatorId = await id('users', 'login', 'validator')
  expect(t.pushed).toContainEqual({ userId: validatorId, event: { type: 'actions-to-do' } })
  expect((await order(buyer, orderId)).waiting_on).toEqual(['validator'])

  // The buyer is not a validator of the step; nothing changes.
  const before = await snapshot()
  const refused = await act(buyer, orderId, 'validate')
  expect(await json(refused)).toEqual({
    message: 'You are not a validator of the current step.',
    code: 'NOT_CURRENT_VALIDATOR',
  })
  expect(await snapshot()).toBe(before)

  const validator = await signIn(t.app, 'validator')
  expect((await order(validator, orderId)).actions).toEqual(['validate', 'refuse'])
  expect(await json(await act(validator, orderId, 'validate'))).toMatchObject({
    data: { status: 'validated' },
  })
  expect(await json(await act(buyer, orderId, 'consider_sent'))).toMatchObject({ data: { status: 'sent' } })
  const again = await act(buyer, orderId, 'consider_sent')
  expect(again.status).toBe(409)
  expect((await json(again)).code).toBe('PO_ALREADY_SENT')
  const traces = await t.client.execute({
    sql: "SELECT action FROM traces WHERE model = 'purchase_order' AND model_id = ? ORDER BY id",
    args: [String(orderId)],
  })
  expect(traces.rows.map((r) => r.action)).toEqual(['create', 'submit', 'validate', 'consider_sent'])
})

test('above 5,000 the circuit has two steps: validator, then admin', async () => {
  const orderId = await create('600', '10')
  await act(buyer, orderId, 'submit')
  const validator = await signIn(t.app, 'validator')
  expect(await json(await act(validator, orderId, 'validate'))).toMatchObject({
    data: { status: 'awaiting' },
  })
  expect((await order(buyer, orderId)).waiting_on).toEqual(['admin'])
  const admin = await signIn(t.app, 'admin')
  expect(await json(await act(admin, orderId, 'validate'))).toMatchObject({ data: { status: 'validated' } })
})

test('the supplier per-order ceiling refuses the submission and changes nothing', async () => {
  const orderId = await create('2100', '10')
  const before = await snapshot()
  const response = await act(buyer, orderId, 'submit')
  expect(await json(response)).toEqual({
    message: 'Supplier per-order limit exceeded (20000).',
    code: 'SUPPLIER_ORDER_LIMIT_EXCEEDED',
  })
  expect(await snapshot()).toBe(before)
})

test('the supplier per-year ceiling counts this year’s validated orders', async () => {
  await t.client.execute("UPDATE suppliers SET max_per_year = '100' WHERE code = 'OFFICEPRO'")
  const first = await create('4', '10')
  await act(buyer, first, 'submit')
  await act(await signIn(t.app, 'validator'), first, 'validate')
  const second = await create('4', '10')
  const response = await act(buyer, second, 'submit')
  expect((await json(response)).code).toBe('SUPPLIER_YEAR_LIMIT_EXCEEDED')
})

test('a refusal sends the order back to the buyer; resubmitting starts a fresh circuit', async () => {
  const orderId = await create()
  await act(buyer, orderId, 'submit')
  const validator = await signIn(t.app, 'validator')
  const before = await snapshot()
  const silent = await act(validator, orderId, 'refuse')
  expect(silent.status).toBe(422)
  expect((await json(silent)).errors).toEqual({
    reason: ['Dites pourquoi vous refusez (au moins 3 caractères) : l’auteur le lira.'], // the validator reads French
  })
  expect(await snapshot()).toBe(before)
  expect(
    await json(await act(validator, orderId, 'refuse', { reason: 'Ask OfficePro for a better price.' })),
  ).toMatchObject({ data: { status: 'refused' } })
  const refused = await order(buyer, orderId)
  expect(refused.refusal).toMatchObject({ by: 'validator', reason: 'Ask OfficePro for a better price.' })
  expect(
    (await buyer.request(`/bwapi/purchase-orders/${orderId}`, { method: 'PUT', body: await orderInput('5') }))
      .status,
  ).toBe(200)
  await act(buyer, orderId, 'submit')
  const circuit = (await order(buyer, orderId)).circuit as { steps: { status: string }[] }
  expect(circuit.steps.map((s) => s.status)).toEqual(['pending'])
})

test('editing: drafts and refused orders only; a closed order is locked', async () => {
  const orderId = await create()
  await act(buyer, orderId, 'submit')
  const awaiting = await buyer.request(`/bwapi/purchase-orders/${orderId}`, {
    method: 'PUT',
    body: await orderInput(),
  })
  expect(awaiting.status).toBe(409)
  await act(await signIn(t.app, 'validator'), orderId, 'validate')
  await act(buyer, orderId, 'consider_sent')
  await act(buyer, orderId, 'close')
  const closed = await buyer.request(`/bwapi/purchase-orders/${orderId}`, {
    method: 'PUT',
    body: await orderInput(),
  })
  expect(await json(closed)).toEqual({ message: 'The model is locked.', code: 'MODEL_LOCKED' })
  expect(await json(await act(buyer, orderId, 'unclose'))).toMatchObject({ data: { status: 'sent' } })
})

test('back to draft on a sent order needs the confirmation that cancels the sending', async () => {
  const orderId = await create()
  await act(buyer, orderId, 'submit')
  await act(await signIn(t.app, 'validator'), orderId, 'validate')
  await act(buyer, orderId, 'consider_sent')
  const before = await snapshot()
  const refused = await act(buyer, orderId, 'back_to_draft')
  expect(refused.status).toBe(409)
  expect((await json(refused)).code).toBe('PO_SENT_CONFIRMATION_REQUIRED')
  expect(await snapshot()).toBe(before)
  expect(await json(await act(buyer, orderId, 'back_to_draft', { confirm: true }))).toMatchObject({
    data: { status: 'draft' },
  })
  expect(await order(buyer, orderId)).toMatchObject({ sent_at: null, circuit: null, validated_at: null })
})

test('suspend and unsuspend return to where the order was', async () => {
  const orderId = await create()
  await act(buyer, orderId, 'submit')
  await act(await signIn(t.app, 'validator'), orderId, 'validate')
  expect(await json(await act(buyer, orderId, 'suspend'))).toMatchObject({ data: { status: 'suspended' } })
  expect(await json(await act(buyer, orderId, 'unsuspend'))).toMatchObject({ data: { status: 'validated' } })
})

test('a new version locks the current one and opens a draft copy with the next version', async () => {
  const orderId = await create()
  await act(buyer, orderId, 'submit')
  await act(await signIn(t.app, 'validator'), orderId, 'validate')
  await act(buyer, orderId, 'consider_sent')
  const response = await json(await act(buyer, orderId, 'new_version'))
  const newId = (response.data as { new_version_id: number }).new_version_id
  expect(response).toMatchObject({ data: { status: 'obsolete' } })
  expect(await order(buyer, newId)).toMatchObject({
    code: 'PO-2026-00001',
    version: 2,
    status: 'draft',
    replaces_id: orderId,
    circuit: null,
  })
  expect(((await order(buyer, newId)).lines as unknown[]).length).toBe(2)
  const list = await json(await buyer.get('/bwapi/purchase-orders'))
  expect((list.data as { id: number }[]).map((o) => o.id)).toEqual([newId])
  expect((await act(buyer, orderId, 'submit')).status).toBe(409)
})

test('a delegate validates within the delegation’s limits', async () => {
  const orderId = await create()
  await act(buyer, orderId, 'submit')
  const [validatorId, requesterId] = [
    await id('users', 'login', 'validator'),
    await id('users', 'login', 'requester'),
  ]
  await t.db.insert(delegations).values({
    delegator_id: validatorId,
    delegate_id: requesterId,
    starts_at: new Date('2026-11-01'),
    ends_at: new Date('2026-12-01'),
    default_limit: '1000',
    tag_limits: { IT: '50' },
  })
  const requester = await signIn(t.app, 'requester')
  expect((await order(requester, orderId)).actions).toEqual(['validate', 'refuse'])
  const refused = await act(requester, orderId, 'validate')
  expect(await json(refused)).toEqual({
    message: 'Delegation limit for tag IT exceeded (50).',
    code: 'DELEGATION_TAG_LIMIT_EXCEEDED',
  })
  await t.client.execute(`UPDATE delegations SET tag_limits = '{}'`)
  expect(await json(await act(requester, orderId, 'validate'))).toMatchObject({
    data: { status: 'validated' },
  })
  const step = ((await order(buyer, orderId)).circuit as { steps: Json[] }).steps[0]
  expect(step).toMatchObject({ by: 'requester', on_behalf_of: 'validator' })
})

test('the list pages and filters what the user may see', async () => {
  const first = await create()
  await create()
  await act(buyer, first, 'submit')
  const mine = await json(await buyer.get('/bwapi/purchase-orders?status=awaiting'))
  expect((mine.data as { id: number }[]).map((o) => o.id)).toEqual([first])
  const validator = await signIn(t.app, 'validator')
  const theirs = await json(await validator.get('/bwapi/purchase-orders'))
  expect((theirs.data as { id: number; actions: string[] }[]).map((o) => [o.id, o.actions])).toEqual([
    [first, ['validate', 'refuse']],
  ])
  expect((await buyer.get('/bwapi/purchase-orders?sort=secret')).status).toBe(422)
})

test('an unknown action is a 404', async () => {
  expect((await act(buyer, await create(), 'explode')).status).toBe(404)
})

test('the order number follows the settings template with its counters', async () => {
  await writeSetting(t.db, t.clock, 'settings', {
    formats: { purchase_order_number: '{companyCode}-{year}{month}-{numberInMonthByCompany:3}' },
  })
  const first = await create()
  const second = await create()
  expect((await order(buyer, first)).code).toBe('ACME-202611-001')
  expect((await order(buyer, second)).code).toBe('ACME-202611-002')
})

test('numbers come from one counter per series and period: parallel creations never share one', async () => {
  const created = await Promise.all(
    Array.from({ length: 12 }, async () => buyer.post('/bwapi/purchase-orders', await orderInput())),
  )
  expect(created.map((r) => r.status)).toEqual(Array(12).fill(201))
  const codes = (await t.client.execute('SELECT code FROM purchase_orders ORDER BY code')).rows.map(
    (r) => r.code,
  )
  expect(codes).toEqual(Array.from({ length: 12 }, (_, i) => `PO-2026-${String(i + 1).padStart(5, '0')}`))
  const counters = (
    await t.client.execute(
      "SELECT period, value FROM piece_counters WHERE series = 'purchase_order' ORDER BY period",
    )
  ).rows
  expect(counters.map((r) => [r.period, r.value])).toEqual([
    ['M:2026-11', 12],
    [`MC:2026-11:${await id('companies', 'code', 'ACME')}`, 12],
    ['Y:2026', 12],
  ])
})

test('an order refused after its number was drawn gives the number back', async () => {
  await writeSetting(t.db, t.clock, 'settings', { customer: { po_limit_per_year: 1 } })
  await create()
  const before = await snapshot()
  const refused = await buyer.post('/bwapi/purchase-orders', await orderInput())
  expect(refused.status).not.toBe(201)
  expect(await snapshot()).toBe(before)
  expect(
    (await t.client.execute("SELECT value FROM piece_counters WHERE period = 'Y:2026'")).rows[0]?.value,
  ).toBe(1)
})

test('the same number and version cannot be stored twice (the database holds it)', async () => {
  await create()
  await expect(
    t.client.execute(
      'INSERT INTO purchase_orders (code, version, status, supplier_id, company_id, buyer_id, currency_code, amount_exctax, amount_tax, amount_inctax, vat_breakdown, created_at, updated_at) SELECT code, version, status, supplier_id, company_id, buyer_id, currency_code, amount_exctax, amount_tax, amount_inctax, vat_breakdown, created_at, updated_at FROM purchase_orders',
    ),
  ).rejects.toThrow(/UNIQUE|unique/)
})

test('one validation wins when a validator clicks several times at once; the others are told to reload', async () => {
  const orderId = await create()
  await act(buyer, orderId, 'submit')
  const validator = await signIn(t.app, 'validator')
  const answers = await Promise.all(Array.from({ length: 8 }, () => act(validator, orderId, 'validate')))
  const statuses = answers.map((r) => r.status)
  expect(statuses.filter((s) => s === 200)).toHaveLength(1)
  expect(statuses.filter((s) => s !== 200).every((s) => s === 409 || s === 422 || s === 403)).toBe(true)
  const traces = await t.client.execute({
    sql: "SELECT count(*) AS n FROM traces WHERE model = 'purchase_order' AND model_id = ? AND action = 'validate'",
    args: [String(orderId)],
  })
  expect(Number(traces.rows[0]?.n)).toBe(1)
  const refused = answers.find((r) => r.status === 409)
  if (refused !== undefined) expect((await json(refused)).code).toBe('DOCUMENT_CHANGED')
})

test('skipping a validator: administrators only, when enabled; the last step skipped validates', async () => {
  const orderId = await create()
  await act(buyer, orderId, 'submit')
  const admin = await signIn(t.app, 'admin')
  const before = await snapshot()
  expect((await act(buyer, orderId, 'skip')).status).toBe(403)
  const disabled = await act(admin, orderId, 'skip')
  expect(await json(disabled)).toEqual({
    message: 'Skipping validators is not enabled.',
    code: 'SKIP_DISABLED',
  })
  expect(await snapshot()).toBe(before)
  await writeSetting(t.db, t.clock, 'settings', { misc: { validator_skip_enabled: true } })
  expect((await order(admin, orderId)).actions).toContain('skip')
  expect((await order(buyer, orderId)).actions).not.toContain('skip')
  expect(await json(await act(admin, orderId, 'skip'))).toMatchObject({ data: { status: 'validated' } })
  expect((await order(admin, orderId)).actions).not.toContain('skip')
  const step = ((await order(buyer, orderId)).circuit as { steps: Json[] }).steps[0]
  expect(step).toMatchObject({ status: 'skipped', by: 'admin' })
  expect((await act(admin, orderId, 'skip')).status).toBe(409)
})
