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

/** Each list, a row to create, and a row of the demo some document or row uses. */
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

test.each(LISTS.map((l) => [l.base, l] as const))(
  '%s: a row in use is not deleted; nothing changes',
  async (base, list) => {
    const used = typeof list.used === 'string' ? await idOf(list.used) : await list.used()
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
