import { afterEach, beforeEach, expect, test } from 'vitest'
import { writeOrRefuse } from '../db/transaction'
import { moveBudgets } from '../services/budgets/ledger'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
let t: TestApp
let admin: Agent
let buyer: Agent
let validator: Agent
beforeEach(async () => {
  t = await createTestApp({ history: false })
  admin = await signIn(t.app, 'admin')
  buyer = await signIn(t.app, 'buyer')
  validator = await signIn(t.app, 'validator')
  // One validation step, the validator's: its validation commits the order.
  const chart = await admin.request('/bwapi/circuits/purchase_order', {
    method: 'PUT',
    body: { rows: [{ weight: 1, criteria: { default: '1' }, validator_login: 'validator' }] },
  })
  expect(chart.status, JSON.stringify(await chart.clone().json())).toBe(200)
})
afterEach(() => t.close())

const json = async (response: Response) => (await response.json()) as Json
const id = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
const created = async (response: Response) => {
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201)
  return ((await json(response)).data as { id: number }).id
}

/** FY 2026, the project P1, and a budget on it. */
const setUp = async (amount = '1000', overrun_action = 'block', extra: Json = {}) => {
  const period = await created(
    await admin.post('/bwapi/fiscal-periods', {
      code: 'FY2026',
      label: 'FY 2026',
      starts_on: '2026-01-01',
      ends_on: '2026-12-31',
    }),
  )
  await created(await admin.post('/bwapi/allocations', { level: 1, code: 'P1', label: 'Project 1' }))
  const budget = await created(
    await admin.post('/bwapi/budgets', {
      fiscal_period_id: period,
      allocation1: 'P1',
      label: 'P1 2026',
      amount,
      overrun_action,
      ...extra,
    }),
  )
  return { period, budget }
}

const budget = async (budgetId: number, agent: Agent = admin) =>
  (await json(await agent.get(`/bwapi/budgets/${budgetId}`))).data as Json

/** A draft order of one line on project P1, submitted: it waits for the validator. */
const awaitingOrder = async (amount: string, allocation1: string | null = 'P1') => {
  const orderId = await created(
    await buyer.post('/bwapi/purchase-orders', {
      supplier_id: await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
      company_id: await id("SELECT id FROM companies WHERE code = 'ACME'"),
      currency_code: 'EUR',
      lines: [{ label: 'Work', quantity: '1', unit_price_exctax: amount, vat_rate: '20', allocation1 }],
    }),
  )
  expect((await buyer.post(`/bwapi/purchase-orders/${orderId}/submit`)).status).toBe(200)
  return orderId
}
const validate = (orderId: number, body: Json = {}) =>
  validator.post(`/bwapi/purchase-orders/${orderId}/validate`, body)

test('under "block", an order that would take more than the budget holds is refused, changing nothing; raised, it passes', async () => {
  const { budget: budgetId } = await setUp('1000')
  const first = await awaitingOrder('800')
  expect((await validate(first)).status).toBe(200)
  expect(await budget(budgetId)).toMatchObject({
    amount: '1000.00',
    committed: '800.00',
    available: '200.00',
  })

  const second = await awaitingOrder('300')
  const before = JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT status, circuit, validated_at FROM purchase_orders ORDER BY id')).rows,
    (await t.client.execute('SELECT amount, reserved, committed, actual FROM budgets')).rows,
  ])
  const refused = await validate(second)
  expect(refused.status).toBe(409)
  // In the validator's language.
  expect(await json(refused)).toEqual({
    message: 'Le budget P1 2026 est dépassé de 100,00 : cette action est bloquée.',
    code: 'BUDGET_OVERRUN_BLOCKED',
  })
  // "Validate anyway" does not pass a blocking budget.
  expect((await validate(second, { confirm: true })).status).toBe(409)
  const after = JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT status, circuit, validated_at FROM purchase_orders ORDER BY id')).rows,
    (await t.client.execute('SELECT amount, reserved, committed, actual FROM budgets')).rows,
  ])
  expect(after).toBe(before)

  const period = await id('SELECT id FROM fiscal_periods')
  const raised = await admin.request(`/bwapi/budgets/${budgetId}`, {
    method: 'PUT',
    body: {
      fiscal_period_id: period,
      allocation1: 'P1',
      label: 'P1 2026',
      amount: '1200',
      overrun_action: 'block',
    },
  })
  expect(raised.status).toBe(200)
  expect((await validate(second)).status).toBe(200)
  const held = await budget(budgetId)
  expect(held).toMatchObject({ committed: '1100.00', available: '100.00' })
  expect((held.documents as Json[]).map((d) => [d.kind, d.amount, d.page])).toEqual([
    ['commitment', '800.00', `/purchase-orders/${first}`],
    ['commitment', '300.00', `/purchase-orders/${second}`],
  ])
})

test('cancelling a validated order and closing a sent one release their commitment', async () => {
  const { budget: budgetId } = await setUp('1000')
  const cancelled = await awaitingOrder('400')
  const closed = await awaitingOrder('250')
  await validate(cancelled)
  await validate(closed)
  expect(await budget(budgetId)).toMatchObject({ committed: '650.00' })
  expect((await buyer.post(`/bwapi/purchase-orders/${cancelled}/cancel`, { confirm: true })).status).toBe(200)
  expect(await budget(budgetId)).toMatchObject({ committed: '250.00', available: '750.00' })
  // Nothing billed: closed, it will not be, and releases all it committed.
  expect((await buyer.post(`/bwapi/purchase-orders/${closed}/consider_sent`)).status).toBe(200)
  const close = await buyer.post(`/bwapi/purchase-orders/${closed}/close`)
  expect(close.status, JSON.stringify(await close.clone().json())).toBe(200)
  expect(await budget(budgetId)).toMatchObject({ committed: '0.00', available: '1000.00' })
})

test('under "notify", the validator is asked first; validated anyway, the budget’s owner is told', async () => {
  const owner = await id("SELECT id FROM users WHERE login = 'buyer'")
  const { budget: budgetId } = await setUp('100', 'notify', { owner_id: owner })
  const orderId = await awaitingOrder('150')
  const asked = await validate(orderId)
  expect(asked.status).toBe(409)
  expect(await json(asked)).toEqual({
    message: 'Le budget P1 2026 est dépassé de 50,00. Envoyer ou valider quand même ?',
    code: 'BUDGET_OVERRUN_WARNING',
  })
  expect((await validate(orderId, { confirm: true })).status).toBe(200)
  expect(await budget(budgetId)).toMatchObject({ committed: '150.00', available: '-50.00', overrun: true })
  const notes = ((await json(await buyer.get('/bwapi/notifications'))).data as Json[]).filter(
    (n) => n.kind === 'budget_overrun',
  )
  expect(notes).toHaveLength(1)
  expect(String(notes[0]?.text)).toBe('Budget P1 2026 is overrun by 50.00 (PO-2026-00001, by validator).')
})

test('an approved request reserves its amount; its order validated turns it into a commitment', async () => {
  const { budget: budgetId } = await setUp('1000')
  await admin.request('/bwapi/circuits/need', {
    method: 'PUT',
    body: { rows: [{ weight: 1, criteria: { default: '1' }, validator_login: 'validator' }] },
  })
  const requester = await signIn(t.app, 'requester')
  const needId = await created(
    await requester.post('/bwapi/needs', {
      title: 'Survey',
      buyer_id: await id("SELECT id FROM users WHERE login = 'buyer'"),
      purchase_family: 'OFFICE',
      lines: [{ description: 'Survey', quantity: '1', unit_price_exctax: '300', allocation1: 'P1' }],
    }),
  )
  expect((await requester.post(`/bwapi/needs/${needId}/submit`)).status).toBe(200)
  expect((await validator.post(`/bwapi/needs/${needId}/approve`)).status).toBe(200)
  expect(await budget(budgetId)).toMatchObject({ reserved: '300.00', committed: '0.00', available: '700.00' })

  const made = await buyer.post('/bwapi/needs/transform', {
    need_ids: [needId],
    supplier_id: await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await id("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
  })
  expect(made.status, JSON.stringify(await made.clone().json())).toBe(201)
  const orderId = ((await json(made)).data as { purchase_order_id: number }).purchase_order_id
  // The request's key travelled to the order's line.
  const line = await t.client.execute({
    sql: 'SELECT allocation1 FROM purchase_order_lines WHERE purchase_order_id = ?',
    args: [orderId],
  })
  expect(line.rows[0]?.allocation1).toBe('P1')
  expect(await budget(budgetId)).toMatchObject({ reserved: '300.00' })
  await buyer.post(`/bwapi/purchase-orders/${orderId}/submit`)
  expect((await validate(orderId)).status).toBe(200)
  const held = await budget(budgetId)
  expect(held).toMatchObject({ reserved: '0.00', committed: '300.00', available: '700.00' })
  // What holds it now: the order; the request's reservation, released, holds nothing.
  expect((held.documents as Json[]).map((d) => [d.model, d.kind, d.amount])).toEqual([
    ['purchase_order', 'commitment', '300.00'],
  ])
})

test('200 validations at once against one budget never commit more than it holds', {
  timeout: 180_000,
}, async () => {
  const { budget: budgetId } = await setUp('1000')
  // Each order takes 600 of the 1,000: validated all at once, exactly one fits.
  const orders: number[] = []
  for (let i = 0; i < 200; i += 1) orders.push(await awaitingOrder('600'))
  const answers = await Promise.all(orders.map((orderId) => validate(orderId)))
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
  expect(answers.filter((a) => a.status === 409)).toHaveLength(199)
  const validated = await t.client.execute(
    "SELECT count(*) AS n FROM purchase_orders WHERE status = 'validated'",
  )
  expect(Number(validated.rows[0]?.n)).toBe(1)
  expect(await budget(budgetId)).toMatchObject({ committed: '600.00', available: '400.00' })
  const ledger = await t.client.execute(
    `SELECT sum(units) AS s FROM budget_moves WHERE budget_id = ${budgetId}`,
  )
  expect(Number(ledger.rows[0]?.s)).toBe(6_000_000)
})

test('the budget itself holds the line: 200 transactions taking from it at once, exactly what fits passes', async () => {
  // Without the orders (whose kept sums already queue their validations), the ledger alone.
  const { budget: budgetId } = await setUp('1000')
  const takes = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      writeOrRefuse(t.db, (tx) =>
        moveBudgets(
          tx,
          {
            type: 'order_validated',
            order_id: 100_000 + i,
            need_ids: [],
            taken: new Map([[budgetId, 6_000_000]]),
          },
          { now: t.clock.now(), user_id: null, control: true, confirmed: false },
        ),
      ),
    ),
  )
  expect(takes.filter((r) => r.ok)).toHaveLength(1)
  expect(takes.filter((r) => !r.ok).map((r) => (r.ok ? null : r.error.code))).toEqual(
    Array.from({ length: 199 }, () => 'BUDGET_OVERRUN_BLOCKED'),
  )
  expect(await budget(budgetId)).toMatchObject({ committed: '600.00', available: '400.00' })
})

test('a budget key is checked: unknown codes, nothing named, the same key twice; nothing is written', async () => {
  const { period } = await setUp('1000')
  const counts = JSON.stringify(await tableCounts(t.client))
  const twice = await admin.post('/bwapi/budgets', {
    fiscal_period_id: period,
    allocation1: 'P1',
    amount: '5',
  })
  expect(await json(twice)).toMatchObject({
    errors: { allocation1: ['A budget already exists for this combination of allocations.'] },
  })
  const empty = await admin.post('/bwapi/budgets', { fiscal_period_id: period, amount: '5' })
  expect(await json(empty)).toMatchObject({ errors: { allocation1: ['This budget key is not valid.'] } })
  const unknown = await admin.post('/bwapi/budgets', {
    fiscal_period_id: period,
    allocation1: 'NOPE',
    amount: '5',
  })
  expect(unknown.status).toBe(422)
  expect(Object.keys((await json(unknown)).errors as Json)).toEqual(['allocation1'])
  // An order line naming a code that does not exist is refused when saved.
  const order = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await id("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    lines: [{ label: 'Work', quantity: '1', unit_price_exctax: '5', vat_rate: '20', allocation1: 'NOPE' }],
  })
  expect(order.status).toBe(422)
  expect(Object.keys((await json(order)).errors as Json)).toEqual(['lines.0.allocation1'])
  expect(JSON.stringify(await tableCounts(t.client))).toBe(counts)
  // Who neither manages nor views budgets reads none; a buyer may not create one.
  const requester = await signIn(t.app, 'requester')
  expect((await requester.get('/bwapi/budgets')).status).toBe(403)
  expect(
    (await buyer.post('/bwapi/budgets', { fiscal_period_id: period, allocation1: 'P1', amount: '5' })).status,
  ).toBe(403)
  // A level whose list holds no code is free text: the organisation does not administer it.
  const free = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await id("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    lines: [
      { label: 'Work', quantity: '1', unit_price_exctax: '5', vat_rate: '20', allocation2: 'ANY-TEXT' },
    ],
  })
  expect(free.status).toBe(201)
})

test('an overrun budget is hidden from who only views analyses, not from who manages budgets or owns it', async () => {
  const { budget: budgetId } = await setUp('100', 'none')
  const orderId = await awaitingOrder('150')
  expect((await validate(orderId)).status).toBe(200)
  const listed = async (agent: Agent) =>
    ((await json(await agent.get('/bwapi/budgets'))).data as Json[]).map((b) => b.id)
  expect(await listed(admin)).toEqual([budgetId])
  expect(await listed(buyer)).toEqual([])
  expect((await buyer.get(`/bwapi/budgets/${budgetId}`)).status).toBe(404)
})

test('the analysis sets each budget against what holds it, with the totals; a period that does not exist is refused', async () => {
  const { period, budget: budgetId } = await setUp('1000')
  const second = await created(
    await admin.post('/bwapi/budgets', {
      fiscal_period_id: period,
      department_id: await id('SELECT id FROM departments ORDER BY id LIMIT 1'),
      amount: '250.50',
    }),
  )
  await validate(await awaitingOrder('800'))
  const analysis = (await json(await admin.get(`/bwapi/budgets/analysis?fiscal_period_id=${period}`)))
    .data as Json
  expect(analysis.fiscal_period).toMatchObject({ id: period, label: 'FY 2026' })
  const rows = analysis.rows as Json[]
  expect(rows.map((r) => r.id).sort()).toEqual([budgetId, second].sort())
  expect(rows.find((r) => r.id === budgetId)).toMatchObject({
    amount: '1000.00',
    committed: '800.00',
    actual: '0.00',
    paid: '0.00',
    available: '200.00',
    consumed_percent: 80,
    link: `/budgets/${budgetId}`,
  })
  expect(analysis.totals).toEqual({
    amount: '1250.50',
    reserved: '0.00',
    committed: '800.00',
    actual: '0.00',
    paid: '0.00',
    available: '450.50',
  })
  // Including tax: every figure at the budget VAT rate (20 % by default).
  const withTax = (
    await json(await admin.get(`/bwapi/budgets/analysis?fiscal_period_id=${period}&with_tax=1`))
  ).data as Json
  expect((withTax.rows as Json[]).find((r) => r.id === budgetId)).toMatchObject({
    amount: '1200.00',
    committed: '960.00',
    available: '240.00',
  })
  expect(withTax.totals).toMatchObject({ amount: '1500.60', available: '540.60' })
  expect((await admin.get('/bwapi/budgets/analysis?fiscal_period_id=999')).status).toBe(422)
  const requester = await signIn(t.app, 'requester')
  expect((await requester.get('/bwapi/budgets/analysis')).status).toBe(403)
})

test('the budget panel tells the approver what the budget has left and what the document would leave', async () => {
  await setUp('1000')
  await validate(await awaitingOrder('800'))
  const waiting = await awaitingOrder('300')
  const panel = async (agent: Agent, path: string) => (await json(await agent.get(path))).data as Json[]
  expect(await panel(validator, `/bwapi/purchase-orders/${waiting}/budgets`)).toMatchObject([
    { budget: 'P1 2026', available: '200.00', takes: '300.00', holds: '0.00', after: '-100.00' },
  ])
  // An order on no budgeted key has no panel; who may not read the order gets none.
  expect(await panel(validator, `/bwapi/purchase-orders/${await awaitingOrder('5', null)}/budgets`)).toEqual(
    [],
  )
  const requester = await signIn(t.app, 'requester')
  expect((await requester.get(`/bwapi/purchase-orders/${waiting}/budgets`)).status).toBe(404)
})

test('next period’s budgets generated from what this one held, +10 %; keys already there are skipped; a duplication', async () => {
  const { period, budget: budgetId } = await setUp('1000')
  await validate(await awaitingOrder('800'))
  const next = await created(
    await admin.post('/bwapi/fiscal-periods', {
      code: 'FY2027',
      label: 'FY 2027',
      starts_on: '2027-01-01',
      ends_on: '2027-12-31',
    }),
  )
  const overlapping = await admin.post('/bwapi/fiscal-periods', {
    code: 'X',
    label: 'Overlapping',
    starts_on: '2026-12-01',
    ends_on: '2027-02-01',
  })
  expect(await json(overlapping)).toMatchObject({ errors: { starts_on: ['This period overlaps FY 2026.'] } })
  const generate = (body: Json) => admin.post('/bwapi/budgets/generate', body)
  const made = await generate({ from_period_id: period, to_period_id: next, basis: 'held', percent: '10' })
  expect(await json(made)).toEqual({ data: { created: 1, skipped: [] } })
  const generated = (await json(await admin.get(`/bwapi/budgets?fiscal_period_id=${next}`))).data as Json[]
  expect(generated).toMatchObject([
    {
      label: 'P1 2027',
      amount: '880.00',
      copied_forecast_amount: '800.00',
      committed: '0.00',
      overrun_action: 'block',
    },
  ])
  // Again: the key is budgeted there already.
  expect(
    await json(await generate({ from_period_id: period, to_period_id: next, budget_ids: [budgetId] })),
  ).toEqual({
    data: { created: 0, skipped: ['P1 2026'] },
  })
  expect((await generate({ from_period_id: period, to_period_id: period })).status).toBe(422)
})

test('a project code on a line needs the author’s right to use it (spec §6)', async () => {
  await setUp('1000')
  const buyerId = await id("SELECT id FROM users WHERE login = 'buyer'")
  await t.client.execute({
    sql: "INSERT INTO user_authorizations (user_id, dimension, value_code, access) VALUES (?, 'project', 'P2', 'write')",
    args: [buyerId],
  })
  const input = async () => ({
    supplier_id: await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await id("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    lines: [{ label: 'Work', quantity: '1', unit_price_exctax: '5', vat_rate: '20', allocation1: 'P1' }],
  })
  const before = await t.client.execute('SELECT count(*) AS n FROM purchase_orders')
  const refused = await buyer.post('/bwapi/purchase-orders', await input())
  expect(refused.status).toBe(422)
  expect(await json(refused)).toMatchObject({
    errors: { 'lines.0.allocation1': ['You may not use the allocation code P1.'] },
  })
  expect((await t.client.execute('SELECT count(*) AS n FROM purchase_orders')).rows).toEqual(before.rows)
  await t.client.execute({
    sql: "UPDATE user_authorizations SET value_code = NULL WHERE user_id = ? AND dimension = 'project'",
    args: [buyerId],
  })
  expect((await buyer.post('/bwapi/purchase-orders', await input())).status).toBe(201)
})
