import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { projectBudget } from '../testing/budgets'
import { createTestApp, type TestApp } from '../testing/test-app'

type Json = Record<string, unknown>
let t: TestApp
let admin: Agent
const json = async (response: Response) => (await response.json()) as Json
const stored = async () =>
  JSON.stringify((await t.client.execute("SELECT value FROM settings WHERE key = 'settings'")).rows)
const put = (who: Agent, group: string, body: unknown) =>
  who.request(`/bwapi/settings/${group}`, { method: 'PUT', body })

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
})
afterEach(() => t.close())

test('the settings come by group with their fields, bounds and choices', async () => {
  const answer = (await json(await admin.get('/bwapi/settings'))).data as {
    groups: { group: string; fields: Json[]; values: Json }[]
  }
  expect(answer.groups.map((g) => g.group)).toEqual([
    'allocations',
    'api',
    'contract',
    'customer',
    'files',
    'formats',
    'misc',
    'prices',
    'backups',
    'instance',
    'modules',
  ])
  const formats = answer.groups.find((g) => g.group === 'formats')
  expect(formats?.fields).toContainEqual({
    key: 'decimals',
    kind: 'number',
    nullable: false,
    integer: true,
    min: 0,
    max: 6,
  })
  expect(formats?.values.decimals).toBe(2)
  expect((await (await signIn(t.app, 'buyer')).get('/bwapi/settings')).status).toBe(403)
})

test('a value out of its bounds is refused by field and changes nothing; a good one applies at once', async () => {
  const current = (
    (await json(await admin.get('/bwapi/settings'))).data as { groups: { group: string; values: Json }[] }
  ).groups
  const formats = current.find((g) => g.group === 'formats')?.values as Json
  const before = await stored()
  const refused = await put(admin, 'formats', { ...formats, decimals: 7 })
  expect(refused.status).toBe(422)
  expect(Object.keys((await json(refused)).errors as Json)).toEqual(['decimals'])
  expect((await put(await signIn(t.app, 'buyer'), 'formats', { ...formats, decimals: 3 })).status).toBe(403)
  expect((await put(admin, 'accounting', {})).status).toBe(404)
  expect(await stored()).toBe(before)
  // Three decimals: the instance's formats and every amount computed from then on.
  expect((await put(admin, 'formats', { ...formats, decimals: 3 })).status).toBe(200)
  expect((await json(await admin.get('/bwapi/init-infos'))).formats).toMatchObject({ decimals: 3 })
  const finance = await signIn(t.app, 'finance')
  const company = Number((await t.client.execute("SELECT id FROM companies WHERE code = 'ACME'")).rows[0]?.id)
  const budget = await projectBudget(finance, company, 'P-SITE', '1000')
  expect(((await json(await finance.get(`/bwapi/budgets/${budget}`))).data as Json).amount).toBe('1000.000')
})

test('the roles offered as validators follow the setting: all of them until it names some', async () => {
  const offered = async () =>
    ((await json(await admin.get('/bwapi/roles?validators=1'))).data as { code: string }[]).map((r) => r.code)
  const all = ((await json(await admin.get('/bwapi/roles'))).data as { code: string }[]).map((r) => r.code)
  expect(await offered()).toEqual(all)
  const misc = (
    (await json(await admin.get('/bwapi/settings'))).data as { groups: { group: string; values: Json }[] }
  ).groups.find((g) => g.group === 'misc')?.values as Json
  expect((await put(admin, 'misc', { ...misc, validator_roles: ['validator', 'admin'] })).status).toBe(200)
  expect((await offered()).sort()).toEqual(['admin', 'validator'])
  expect((await json(await admin.get('/bwapi/roles'))).data).toHaveLength(all.length)
})

test('order fields made required in the settings are asked for on the next order; nothing written without them', async () => {
  expect(
    (await put(admin, 'misc', { required_order_fields: ['department_id', 'purchase_type'] })).status,
  ).toBe(200)
  const buyer = await signIn(t.app, 'buyer')
  const id = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
  const input = {
    supplier_id: await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await id("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    lines: [{ label: 'Paper', quantity: '1', unit_price_exctax: '10', vat_rate: '20' }],
  }
  const orders = async () => (await t.client.execute('SELECT count(*) AS n FROM purchase_orders')).rows[0]?.n
  const before = await orders()
  const refused = await buyer.post('/bwapi/purchase-orders', input)
  expect(refused.status).toBe(422)
  expect((await json(refused)).errors).toEqual({
    department_id: ['This field is required'],
    purchase_type: ['This field is required'],
  })
  expect(await orders()).toBe(before)
  const made = await buyer.post('/bwapi/purchase-orders', {
    ...input,
    department_id: await id("SELECT id FROM departments WHERE code = 'MAINT'"),
    purchase_type: 'STOCK',
  })
  expect(made.status).toBe(201)
  // An unknown field name is refused by the settings' bounds.
  expect((await put(admin, 'misc', { required_order_fields: ['colour'] })).status).toBe(422)
})

test('modules: multi-company stays on while two companies are active; off, a second company is refused', async () => {
  const groups = async () =>
    ((await json(await admin.get('/bwapi/settings'))).data as { groups: { group: string; values: Json }[] })
      .groups
  const modules = (await groups()).find((g) => g.group === 'modules')?.values as Json
  expect(modules).toMatchObject({ multi_company: true, advanced_suppliers: true })
  const before = await stored()
  const refused = await put(admin, 'modules', { ...modules, multi_company: false })
  expect(refused.status).toBe(409)
  expect((await json(refused)).code).toBe('MODULE_IN_USE')
  expect(await stored()).toBe(before)
  // One company left active: the module may go off; a second one is then refused, created or enabled.
  const companies = (await json(await admin.get('/bwapi/companies'))).data as { id: number; code: string }[]
  const other = companies.find((c) => c.code !== 'ACME')
  await admin.post(`/bwapi/companies/${other?.id}/disable`)
  expect((await put(admin, 'modules', { ...modules, multi_company: false })).status).toBe(200)
  const count = async () => (await t.client.execute('SELECT count(*) AS n FROM companies')).rows[0]?.n
  const companiesBefore = await count()
  const created = await admin.post('/bwapi/companies', {
    code: 'NEWCO',
    label: 'New Co',
    currency_code: 'EUR',
  })
  expect((await json(created)).code).toBe('MODULE_REQUIRED')
  expect((await json(await admin.post(`/bwapi/companies/${other?.id}/enable`))).code).toBe('MODULE_REQUIRED')
  expect(await count()).toBe(companiesBefore)
  // A disabled company may still be written; the menu follows the modules.
  expect(
    (
      await admin.post('/bwapi/companies', {
        code: 'OLDCO',
        label: 'Old Co',
        currency_code: 'EUR',
        active: false,
      })
    ).status,
  ).toBe(201)
  const links = async () =>
    (
      (await json(await admin.get('/bwapi/main-menu'))).items as {
        link: string
        subtree?: { link: string }[]
      }[]
    ).flatMap((i) => [i.link, ...(i.subtree ?? []).map((s) => s.link)])
  expect(await links()).toContain('/supplier-settings')
  await put(admin, 'modules', { ...modules, multi_company: false, advanced_suppliers: false })
  expect(await links()).not.toContain('/supplier-settings')
})

test('request and delivery fields made required are asked for; nothing is written without them', async () => {
  expect(
    (
      await put(admin, 'misc', {
        required_need_fields: ['comment', 'lines.wanted_date'],
        required_delivery_fields: ['delivery_note_number'],
      })
    ).status,
  ).toBe(200)
  const id = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
  const count = async (table: string) =>
    (await t.client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n
  const requester = await signIn(t.app, 'requester')
  const need = {
    title: 'Chairs',
    buyer_id: await id("SELECT id FROM users WHERE login = 'buyer'"),
    purchase_family: 'FURNITURE',
    lines: [
      { description: 'Chair', quantity: '2', unit_price_exctax: '100', wanted_date: '2026-12-15' },
      { description: 'Desk', quantity: '1', unit_price_exctax: '300' },
    ],
  }
  const needs = await count('needs')
  const refused = await requester.post('/bwapi/needs', need)
  expect((await json(refused)).errors).toEqual({
    comment: ['This field is required'],
    'lines.1.wanted_date': ['This field is required'],
  })
  expect(await count('needs')).toBe(needs)
  const lines = need.lines.map((l) => ({ ...l, wanted_date: '2026-12-15' }))
  expect(
    (await requester.post('/bwapi/needs', { ...need, lines, comment: 'For the new office' })).status,
  ).toBe(201)

  const buyer = await signIn(t.app, 'buyer')
  const validator = await signIn(t.app, 'validator')
  const order = (
    (
      await json(
        await buyer.post('/bwapi/purchase-orders', {
          supplier_id: await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
          company_id: await id("SELECT id FROM companies WHERE code = 'ACME'"),
          currency_code: 'EUR',
          lines: [{ label: 'Paper', quantity: '10', unit_price_exctax: '5', vat_rate: '20' }],
        }),
      )
    ).data as { id: number }
  ).id
  await buyer.post(`/bwapi/purchase-orders/${order}/submit`)
  await validator.post(`/bwapi/purchase-orders/${order}/validate`)
  await buyer.post(`/bwapi/purchase-orders/${order}/consider_sent`)
  const deliveries = await count('deliveries')
  const missing = await buyer.post(`/bwapi/purchase-orders/${order}/receive-all`, {
    delivery_date: '2026-11-20',
  })
  expect((await json(missing)).errors).toEqual({ delivery_note_number: ['This field is required'] })
  expect(await count('deliveries')).toBe(deliveries)
  expect(
    (
      await buyer.post(`/bwapi/purchase-orders/${order}/receive-all`, {
        delivery_date: '2026-11-20',
        delivery_note_number: 'BL-778',
      })
    ).status,
  ).toBe(201)
})
