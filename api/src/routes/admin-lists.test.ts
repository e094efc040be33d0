import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
let t: TestApp
let admin: Agent
const json = async (response: Response) => (await response.json()) as Json
const rows = async (sql: string) => (await t.client.execute(sql)).rows
const idOf = async (sql: string) => Number((await rows(sql))[0]?.id)
const snapshot = async () => JSON.stringify(await tableCounts(t.client))

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
})
afterEach(() => t.close())

const codeId = (list: string, code: string) =>
  idOf(`SELECT id FROM reference_codes WHERE list = '${list}' AND code = '${code}'`)

/** A draft order of the buyer's, with these fields besides its one line's. */
const draftOrder = async (fields: Json = {}, line: Json = {}) => {
  const buyer = await signIn(t.app, 'buyer')
  const response = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    lines: [{ label: 'Paper', quantity: '1', unit_price_exctax: '10', vat_rate: '20', ...line }],
    ...fields,
  })
  expect(response.status).toBe(201)
  return { buyer, id: ((await json(response)).data as { id: number }).id }
}

/** Each list, a row to create, and a row of the demo some document or row uses (null: nothing can). */
const LISTS = [
  {
    base: '/bwapi/companies',
    row: async () => ({ code: 'ACME-DE', label: 'Acme Deutschland', currency_code: 'EUR' }),
    used: "SELECT id FROM companies WHERE code = 'ACME'",
  },
  {
    base: '/bwapi/departments',
    row: async () => ({
      code: 'R-AND-D',
      label: 'Research',
      company_id: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
    }),
    // A budget of the department names it.
    used: async () => {
      const finance = await signIn(t.app, 'finance')
      const period = await finance.post('/bwapi/fiscal-periods', {
        code: 'FY2026',
        label: 'FY 2026',
        starts_on: '2026-01-01',
        ends_on: '2026-12-31',
      })
      const department = await idOf("SELECT id FROM departments WHERE code = 'MAINT'")
      const budget = await finance.post('/bwapi/budgets', {
        fiscal_period_id: ((await json(period)).data as { id: number }).id,
        department_id: department,
        amount: '1000',
      })
      expect(budget.status).toBe(201)
      return department
    },
  },
  {
    base: '/bwapi/fiscal-periods',
    row: async () => ({ code: 'FY2030', label: 'FY 2030', starts_on: '2030-01-01', ends_on: '2030-12-31' }),
    // A budget of the period names it.
    used: async () => {
      const finance = await signIn(t.app, 'finance')
      const period = await finance.post('/bwapi/fiscal-periods', {
        code: 'FY2026',
        label: 'FY 2026',
        starts_on: '2026-01-01',
        ends_on: '2026-12-31',
      })
      const id = ((await json(period)).data as { id: number }).id
      expect(
        (await finance.post('/bwapi/budgets', { fiscal_period_id: id, allocation1: 'P-X', amount: '10' }))
          .status,
      ).toBe(201)
      return id
    },
  },
  {
    base: '/bwapi/allocations',
    row: async () => ({ level: 1, code: 'P-NEW', label: 'New project', parent_id: null }),
    // A code of the level below names it.
    used: async () => {
      const parent = (
        (
          await json(
            await admin.post('/bwapi/allocations', { level: 1, code: 'P-A', label: 'A', parent_id: null }),
          )
        ).data as { id: number }
      ).id
      expect(
        (await admin.post('/bwapi/allocations', { level: 2, code: 'S-A', label: 'Sub A', parent_id: parent }))
          .status,
      ).toBe(201)
      return parent
    },
  },
  {
    base: '/bwapi/product-family-types',
    row: async () => ({ code: 'SERV', label: 'Services' }),
    used: 'SELECT product_family_type_id AS id FROM product_families WHERE product_family_type_id IS NOT NULL LIMIT 1',
  },
  {
    base: '/bwapi/product-families',
    row: async () => ({ code: 'ENERGY', label: 'Energy' }),
    used: 'SELECT product_family_id AS id FROM articles WHERE product_family_id IS NOT NULL LIMIT 1',
  },
  {
    base: '/bwapi/product-subfamilies',
    row: async () => ({ code: 'FUEL', label: 'Fuel' }),
    used: 'SELECT product_subfamily_id AS id FROM articles WHERE product_subfamily_id IS NOT NULL LIMIT 1',
  },
  { base: '/bwapi/regions', row: async () => ({ code: 'NORTH', label: 'North' }), used: null },
  {
    base: '/bwapi/request-types',
    row: async () => ({ code: 'WORKS', label: 'Works' }),
    // A user's authorization names it.
    used: async () => {
      await t.client.execute(
        `INSERT INTO user_authorizations (user_id, dimension, value_code, access)
         SELECT id, 'request_type', 'SERVICES', 'read' FROM users WHERE login = 'buyer'`,
      )
      return codeId('request_type', 'SERVICES')
    },
  },
  {
    base: '/bwapi/countries',
    row: async () => ({ code: 'AT', label: 'Austria' }),
    // The French language's country.
    used: async () => codeId('country', 'FR'),
  },
  {
    base: '/bwapi/incoterms',
    row: async () => ({ code: 'DAT', label: 'Delivered at Terminal' }),
    used: null,
  },
  {
    base: '/bwapi/units',
    row: async () => ({ code: 'ream', label: 'ream', position: 3 }),
    used: async () => {
      await draftOrder({}, { unit: 'box' })
      return codeId('unit', 'box')
    },
  },
  {
    base: '/bwapi/purchase-types',
    row: async () => ({ code: 'LEASE', label: 'Leasing' }),
    used: async () => {
      await draftOrder({ purchase_type: 'DIRECT' })
      return codeId('purchase_type', 'DIRECT')
    },
  },
  {
    base: '/bwapi/tags',
    row: async () => ({ code: 'safety', label: 'Safety', level: 'highlighted', placement: 'pop-in right' }),
    used: async () => {
      await draftOrder({ tags: ['urgent'] })
      return codeId('tag', 'urgent')
    },
  },
] as const

test.each(LISTS.map((l) => [l.base, l] as const))(
  '%s: created, edited, disabled (no longer offered), enabled, deleted while unused; others may not',
  async (base, list) => {
    const made = await admin.post(base, await list.row())
    expect(made.status).toBe(201)
    const { id } = (await json(made)).data as { id: number }
    const labels = async (query = '') =>
      ((await json(await admin.get(`${base}${query}`))).data as { id: number; label: string }[])
        .filter((r) => r.id === id)
        .map((r) => r.label)
    expect(
      (
        await admin.request(`${base}/${id}`, {
          method: 'PUT',
          body: { ...(await list.row()), label: 'Renamed' },
        })
      ).status,
    ).toBe(200)
    expect(await labels()).toEqual(['Renamed'])
    expect((await admin.post(`${base}/${id}/disable`)).status).toBe(200)
    expect(await labels('?active=1')).toEqual([])
    expect(await labels()).toEqual(['Renamed'])
    expect((await admin.post(`${base}/${id}/enable`)).status).toBe(200)
    expect(await labels('?active=1')).toEqual(['Renamed'])
    const requester = await signIn(t.app, 'requester')
    const before = await snapshot()
    expect((await requester.post(`${base}/${id}/disable`)).status).toBe(403)
    expect((await requester.post(base, await list.row())).status).toBe(403)
    expect(await snapshot()).toBe(before)
    expect((await admin.request(`${base}/${id}`, { method: 'DELETE' })).status).toBe(200)
    expect(await labels()).toEqual([])
  },
)

test.each(LISTS.flatMap((l) => (l.used === null ? [] : [[l.base, l.used] as const])))(
  '%s: a row in use is not deleted; nothing changes',
  async (base, usedBy) => {
    const used = typeof usedBy === 'string' ? await idOf(usedBy) : await usedBy()
    expect(used).toBeGreaterThan(0)
    const before = await snapshot()
    const refused = await admin.request(`${base}/${used}`, { method: 'DELETE' })
    expect(refused.status).toBe(409)
    const body = await json(refused)
    expect(String(body.code)).toMatch(/_IN_USE$/)
    if (body.code === 'REFERENCE_IN_USE') expect(String(body.message)).toContain('disable it instead')
    expect(await snapshot()).toBe(before)
  },
)

test('a disabled department is no longer offered on a new order, and stays on the orders that name it', async () => {
  const department = await idOf("SELECT id FROM departments WHERE code = 'MAINT'")
  expect((await admin.post(`/bwapi/departments/${department}/disable`)).status).toBe(200)
  const buyer = await signIn(t.app, 'buyer')
  const form = (await json(await buyer.get('/bwapi/purchase-orders/create'))) as {
    departments: { id: number }[]
  }
  expect(form.departments.map((d) => d.id)).not.toContain(department)
  expect((await json(await admin.get('/bwapi/departments'))).data).toContainEqual(
    expect.objectContaining({ id: department, active: false }),
  )
})

test('one route serves every allocation level: ?level=N reads that level only', async () => {
  const parent = (
    (
      await json(
        await admin.post('/bwapi/allocations', { level: 1, code: 'P-A', label: 'A', parent_id: null }),
      )
    ).data as { id: number }
  ).id
  await admin.post('/bwapi/allocations', { level: 2, code: 'S-A', label: 'Sub A', parent_id: parent })
  const level = async (n: number) =>
    ((await json(await admin.get(`/bwapi/allocations?level=${n}`))).data as { code: string }[]).map(
      (r) => r.code,
    )
  expect(await level(1)).toEqual(['P-A'])
  expect(await level(2)).toEqual(['S-A'])
  expect(await level(3)).toEqual([])
})

test('a code list holds its own rows only: another list’s id is not found, and a code is unique in its list', async () => {
  const country = await codeId('country', 'FR')
  const before = await snapshot()
  expect((await admin.request(`/bwapi/regions/${country}`, { method: 'DELETE' })).status).toBe(404)
  expect((await admin.post(`/bwapi/incoterms/${country}/disable`)).status).toBe(404)
  const clash = await admin.post('/bwapi/countries', { code: 'FR', label: 'France again' })
  expect(clash.status).toBe(422)
  expect(Object.keys((await json(clash)).errors as Json)).toEqual(['code'])
  expect(await snapshot()).toBe(before)
  // The same code in another list is another row.
  expect((await admin.post('/bwapi/regions', { code: 'FR', label: 'France (region)' })).status).toBe(201)
  const regions = (await json(await admin.get('/bwapi/regions'))).data as { code: string }[]
  expect(regions.map((r) => r.code)).toContain('FR')
  expect(regions.every((r) => r.code !== 'DE')).toBe(true)
})

test('codes keep the shape their standard gives them: ISO country codes, three-letter Incoterms', async () => {
  const before = await snapshot()
  for (const [base, row] of [
    ['/bwapi/countries', { code: 'France', label: 'France' }],
    ['/bwapi/incoterms', { code: 'FOBS', label: 'Free on board ship' }],
    ['/bwapi/tags', { code: 'x', label: 'X', level: 'loud' }],
  ] as const) {
    const refused = await admin.post(base, row)
    expect(refused.status).toBe(422)
  }
  expect(await snapshot()).toBe(before)
})

test('forms offer the active purchase types in their order; a disabled one is refused on a new order and kept on the order that carries it', async () => {
  const { buyer, id } = await draftOrder({ purchase_type: 'DIRECT' })
  const offered = async () =>
    (
      (await json(await buyer.get('/bwapi/purchase-orders/create'))) as { purchase_types: { code: string }[] }
    ).purchase_types.map((p) => p.code)
  expect(await offered()).toEqual(['STOCK', 'DIRECT', 'SUBCONTRACT', 'transfer'])
  expect(
    (await admin.post(`/bwapi/purchase-types/${await codeId('purchase_type', 'DIRECT')}/disable`)).status,
  ).toBe(200)
  expect(await offered()).toEqual(['STOCK', 'SUBCONTRACT', 'transfer'])
  const before = await snapshot()
  const input = {
    supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    lines: [{ label: 'Paper', quantity: '2', unit_price_exctax: '10', vat_rate: '20' }],
  }
  for (const purchase_type of ['DIRECT', 'NO-SUCH-TYPE']) {
    const refused = await buyer.post('/bwapi/purchase-orders', { ...input, purchase_type })
    expect(refused.status).toBe(422)
    expect((await json(refused)).errors).toEqual({ purchase_type: ['This value is not in the list.'] })
  }
  expect(await snapshot()).toBe(before)
  // The order saved with it keeps it through an edit.
  expect(
    (
      await buyer.request(`/bwapi/purchase-orders/${id}`, {
        method: 'PUT',
        body: { ...input, purchase_type: 'DIRECT' },
      })
    ).status,
  ).toBe(200)
  expect((await rows(`SELECT purchase_type FROM purchase_orders WHERE id = ${id}`))[0]?.purchase_type).toBe(
    'DIRECT',
  )
})
