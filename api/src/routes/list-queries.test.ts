import { afterAll, beforeAll, expect, test } from 'vitest'
import { ARTICLE_FILTERS } from '../services/catalogue/article-list'
import { NEED_FILTERS } from '../services/needs/need-list'
import { ORDER_QUERY_FILTERS } from '../services/purchase-orders/order-list'
import { SUPPLIER_FILTERS } from '../services/suppliers/supplier-list'
import { USER_FILTERS } from '../services/users/list'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let admin: Agent
let buyer: Agent
beforeAll(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  buyer = await signIn(t.app, 'buyer')
})
afterAll(() => t.close())

/** Every list of the API with every filter it declares (the lists' own constants). */
const LISTS = [
  { path: '/bwapi/users', filters: USER_FILTERS, as: () => admin },
  { path: '/bwapi/purchase-orders', filters: ORDER_QUERY_FILTERS, as: () => buyer },
  { path: '/bwapi/needs', filters: NEED_FILTERS, as: () => buyer },
  { path: '/bwapi/suppliers', filters: SUPPLIER_FILTERS, as: () => buyer },
  { path: '/bwapi/warehouses/1/articles', filters: ARTICLE_FILTERS, as: () => buyer },
] as const

/** Values no filter takes: text where a number is expected, SQL, an overflowing number. */
const BAD_VALUES = ['1 OR 1=1', '1e309', "x'--", '-1', '']

const cases = LISTS.flatMap((list) =>
  list.filters.flatMap((filter) =>
    BAD_VALUES.filter((v) => v !== '').map((value) => ({ ...list, filter, value })),
  ),
)

test.each(cases)('$path?$filter=$value is a 422 naming $filter', async ({ path, filter, value, as }) => {
  const before = await tableCounts(t.client)
  const response = await as().get(`${path}?${filter}=${encodeURIComponent(value)}`)
  expect(response.status).toBe(422)
  const body = (await response.json()) as { message: string; errors: Record<string, string[]> }
  expect(body.message).toBe('Action not possible: there are errors in the form.')
  expect(Object.keys(body.errors)).toEqual([filter])
  expect(await tableCounts(t.client)).toEqual(before)
})

test.each(LISTS.flatMap((list) => list.filters.map((filter) => ({ ...list, filter }))))(
  '$path?$filter=abc is a 422 unless the filter takes codes',
  async ({ path, filter, as }) => {
    const response = await as().get(`${path}?${filter}=abc`)
    const takesCodes = ['role', 'language', 'currency_code'].includes(filter)
    expect(response.status).toBe(takesCodes ? 200 : 422)
  },
)

test.each(LISTS)('$path with an empty filter is no filter', async ({ path, filters, as }) => {
  const all = (await (await as().get(path)).json()) as { meta: { total: number } }
  const query = filters.map((f) => `${f}=`).join('&')
  const response = await as().get(`${path}?${query}`)
  expect(response.status).toBe(200)
  expect(((await response.json()) as { meta: { total: number } }).meta.total).toBe(all.meta.total)
})

test('a good id filter filters: the catalogue of one supplier', async () => {
  const all = (await (await buyer.get('/bwapi/warehouses/1/articles')).json()) as { meta: { total: number } }
  const response = await buyer.get('/bwapi/warehouses/1/articles?supplier_id=1')
  expect(response.status).toBe(200)
  const some = (await response.json()) as { meta: { total: number } }
  expect(some.meta.total).toBeGreaterThan(0)
  expect(some.meta.total).toBeLessThan(all.meta.total)
})

test.each([
  [
    '/bwapi/warehouses/1/articles/get-product-families-searched?product_family_type=abc',
    'product_family_type',
  ],
  ['/bwapi/warehouses/1/articles/get-product-subfamilies-searched?product_family=1e309', 'product_family'],
  ['/bwapi/warehouses/1/articles/check-reference/NEW-REF?article=1%20OR%201%3D1', 'article'],
  ['/bwapi/warehouses/transfer?purchase_order=abc', 'purchase_order'],
])('%s is a 422 naming %s', async (path, field) => {
  const response = await buyer.get(path)
  expect(response.status).toBe(422)
  expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual([field])
})

type Page = { data: { id: number }[]; meta: { total: number; next_cursor?: string | null } }

/** Ten orders and ten requests, several with the same amount and status, so that ties are ordered by id. */
const makeDocuments = async () => {
  const idOf = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
  const supplier = await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  const company = await idOf("SELECT id FROM companies WHERE code = 'ACME'")
  for (const [i, price] of ['5', '5', '5', '12.5', '7', '7', '100', '3', '3', '1000'].entries()) {
    const created = await buyer.post('/bwapi/purchase-orders', {
      supplier_id: supplier,
      company_id: company,
      currency_code: 'EUR',
      lines: [{ label: 'Paper', quantity: '1', unit_price_exctax: price, vat_rate: '20' }],
    })
    expect(created.status).toBe(201)
    if (i % 3 === 0) {
      const id = ((await created.json()) as { data: { id: number } }).data.id
      expect((await buyer.post(`/bwapi/purchase-orders/${id}/submit`)).status).toBe(200)
    }
    const need = await buyer.post('/bwapi/needs', {
      title: `Paper ${i}`,
      buyer_id: await idOf("SELECT id FROM users WHERE login = 'buyer'"),
      purchase_family: 'FURNITURE',
      lines: [{ description: 'Paper', quantity: '1', unit_price_exctax: price }],
    })
    expect(need.status).toBe(201)
  }
}
let made: Promise<void> | undefined

test.each(
  ['/bwapi/purchase-orders', '/bwapi/needs'].flatMap((path) =>
    [
      ['created_at', 'desc'],
      ['created_at', 'asc'],
      ['code', 'asc'],
      ['status', 'desc'],
      ['amount_exctax', 'asc'],
      ['amount_exctax', 'desc'],
    ].map(([sort, direction]) => [path, sort, direction]),
  ),
)('%s paged by key (sort %s %s) are the same rows as paged by number', async (path, sort, direction) => {
  made ??= makeDocuments()
  await made
  const base = `${path}?sort=${sort}&direction=${direction}&per_page=4`
  const byNumber: number[] = []
  const first = (await (await buyer.get(base)).json()) as Page
  const pages = Math.ceil(first.meta.total / 4)
  expect(pages).toBeGreaterThan(2)
  for (let page = 1; page <= pages; page += 1) {
    const body = (await (await buyer.get(`${base}&page=${page}`)).json()) as Page
    byNumber.push(...body.data.map((o) => o.id))
  }
  const byKey: number[] = []
  let cursor: string | null | undefined = null
  let body = first
  for (;;) {
    byKey.push(...body.data.map((o) => o.id))
    cursor = body.meta.next_cursor
    if (cursor === null || cursor === undefined) break
    const next = await buyer.get(`${base}&after=${encodeURIComponent(cursor)}`)
    expect(next.status).toBe(200)
    body = (await next.json()) as Page
    // Every page by key still says how many rows the whole list has.
    expect(body.meta.total).toBe(first.meta.total)
  }
  expect(byKey).toEqual(byNumber)
  expect(new Set(byKey).size).toBe(first.meta.total)
})

test('amounts sort by their value, not as text', async () => {
  made ??= makeDocuments()
  await made
  for (const path of ['/bwapi/purchase-orders', '/bwapi/needs']) {
    const body = (await (
      await buyer.get(`${path}?sort=amount_exctax&direction=asc&per_page=100`)
    ).json()) as {
      data: { amount_exctax: string }[]
    }
    const amounts = body.data.map((row) => Number(row.amount_exctax))
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b))
  }
})

test.each([
  ['not-a-cursor', 'created_at'],
  ['sPO-1~3', 'created_at'],
  ['d2026-11-21T10:00:00.000Z~3', 'code'],
])('an `after` of %s on the sort %s is a 422 naming after', async (after, sort) => {
  const before = await tableCounts(t.client)
  const response = await buyer.get(`/bwapi/purchase-orders?sort=${sort}&after=${encodeURIComponent(after)}`)
  expect(response.status).toBe(422)
  expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual(['after'])
  expect(await tableCounts(t.client)).toEqual(before)
})
