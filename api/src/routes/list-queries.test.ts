import { afterAll, beforeAll, expect, test } from 'vitest'
import { ARTICLE_FILTERS } from '../services/catalogue/article-read'
import { NEED_FILTERS } from '../services/needs/needs'
import { ORDER_FILTERS } from '../services/purchase-orders/orders'
import { SUPPLIER_FILTERS } from '../services/suppliers/suppliers'
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
  { path: '/bwapi/purchase-orders', filters: ORDER_FILTERS, as: () => buyer },
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
