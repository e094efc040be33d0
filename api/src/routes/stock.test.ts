import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let buyer: Agent
let main: number
let north: number
beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  main = await idOf('warehouses', 'MAIN')
  north = await idOf('warehouses', 'NORTH')
})
afterEach(() => t.close())

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json
async function idOf(table: string, code: string, column = 'code') {
  return Number(
    (await t.client.execute({ sql: `SELECT id FROM ${table} WHERE ${column} = ?`, args: [code] })).rows[0]
      ?.id,
  )
}
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT * FROM stocks ORDER BY id')).rows,
  ])
const stockOf = async (articleId: number, warehouseId: number) =>
  (
    await t.client.execute({
      sql: 'SELECT actual, reserved, minimum FROM stocks WHERE article_id = ? AND warehouse_id = ?',
      args: [articleId, warehouseId],
    })
  ).rows[0]
/** An internal article (its step removed), given `units` in MAIN and nothing elsewhere. */
const internalWith = async (units: number, skip = 0) => {
  const found = await t.client.execute({
    sql: 'SELECT id FROM articles WHERE internal = true ORDER BY id LIMIT 1 OFFSET ?',
    args: [skip],
  })
  const id = Number(found.rows[0]?.id)
  await t.client.execute({ sql: 'UPDATE articles SET quantity_step = NULL WHERE id = ?', args: [id] })
  await t.client.execute({ sql: 'DELETE FROM stocks WHERE article_id = ?', args: [id] })
  await t.client.execute({
    sql: 'INSERT INTO stocks (article_id, warehouse_id, actual, reserved, minimum, created_at, updated_at) VALUES (?, ?, ?, 0, 0, ?, ?)',
    args: [id, main, units * 1000, t.clock.now(), t.clock.now()],
  })
  return id
}
const articles = (w = main) => `/bwapi/warehouses/${w}/articles`

test('stock entry: units in from a supplier, traced as a movement, the history tells it', async () => {
  const article = await idOf('articles', 'ART-000002', 'reference')
  const supplier = await idOf('suppliers', 'OFFICEPRO')
  const entry = await buyer.post(`/bwapi/warehouses/${main}/stock-in`, {
    article_id: article,
    quantity: '12.5',
    supplier_id: supplier,
    comment: 'Delivery 42',
  })
  expect(entry.status).toBe(201)
  expect(await json(entry)).toEqual({ data: { actual: '12.5' } })
  const data = await json(await buyer.get(`/bwapi/warehouses/${main}/stock-in`))
  expect((data.recent as Json[])[0]).toMatchObject({
    reference: 'ART-000002',
    quantity: '12.5',
    supplier: 'OfficePro Supplies',
  })
  expect(
    (await json(await buyer.get(`/bwapi/warehouses/${main}/stock-in/${article}/get-suppliers`))).data,
  ).toHaveLength(1)
  const history = (await json(await buyer.get(`${articles()}/${article}/get-article-history`))).data as Json[]
  expect(history[0]).toMatchObject({
    kind: 'movement',
    action: 'in',
    message: 'Main warehouse: +12.5 → 12.5 (Delivery 42)',
  })
})

test('refused stock moves change nothing: inactive article in, non-internal out, too much out, same warehouses', async () => {
  const inactive = await idOf('articles', 'ART-000002', 'reference')
  await t.client.execute({ sql: 'UPDATE articles SET active = false WHERE id = ?', args: [inactive] })
  const notInternal = await idOf('articles', 'ART-000002', 'reference')
  const internal = await internalWith(5)
  const before = await snapshot()
  const entry = await buyer.post(`/bwapi/warehouses/${main}/stock-in`, {
    article_id: inactive,
    quantity: '3',
  })
  expect(await json(entry)).toMatchObject({ code: 'ARTICLE_NOT_ACTIVE' })
  expect(
    (await buyer.post(`/bwapi/warehouses/${main}/stock-in`, { article_id: internal, quantity: '-3' })).status,
  ).toBe(422)
  expect(
    await json(await buyer.post(`${articles()}/${notInternal}/stock-out`, { quantity: '1' })),
  ).toMatchObject({ code: 'ARTICLE_NOT_INTERNAL' })
  const tooMuch = await json(await buyer.post(`${articles()}/${internal}/stock-out`, { quantity: '7' }))
  expect(tooMuch).toEqual({ message: 'Stock exceeded by 2 unit(s)', code: 'STOCK_EXCEEDED' })
  const same = await buyer.post('/bwapi/warehouses/transfer', {
    from_warehouse_id: main,
    to_warehouse_id: main,
    lines: [{ article_id: internal, quantity: '1' }],
  })
  expect((await json(same)).code).toBe('STOCK_MOVE_SAME_STOCK')
  expect((await buyer.post(`${articles()}/${internal}/adjust-stock`, { quantity: '-1' })).status).toBe(422)
  const requester = await signIn(t.app, 'requester')
  const afterSignIn = await snapshot()
  expect((await requester.post(`${articles()}/${internal}/stock-out`, { quantity: '1' })).status).toBe(403)
  expect(await snapshot()).toBe(afterSignIn)
  expect(JSON.parse(afterSignIn)[1]).toEqual(JSON.parse(before)[1])
})

test('stock never goes negative, even with many concurrent requests', async () => {
  const internal = await internalWith(10)
  const outs = await Promise.all(
    Array.from({ length: 25 }, () => buyer.post(`${articles()}/${internal}/stock-out`, { quantity: '1' })),
  )
  const statuses = outs.map((r) => r.status)
  expect(statuses.filter((s) => s === 200)).toHaveLength(10)
  expect(statuses.filter((s) => s === 422)).toHaveLength(15)
  expect((await stockOf(internal, main))?.actual).toBe(0)
  const movements = await t.client.execute({
    sql: "SELECT cast(sum(quantity) AS integer) AS total, count(*) AS n FROM stock_movements WHERE type = 'out'",
    args: [],
  })
  expect(movements.rows[0]).toMatchObject({ total: -10000, n: 10 })
})

test('a transfer moves every line or none; an order-tied transfer can be edited', async () => {
  const internal = await internalWith(10)
  const other = await internalWith(3, 1)
  const before = await snapshot()
  const refused = await buyer.post('/bwapi/warehouses/transfer', {
    from_warehouse_id: main,
    to_warehouse_id: north,
    lines: [
      { article_id: internal, quantity: '4' },
      { article_id: other, quantity: '100000' },
    ],
  })
  expect((await json(refused)).code).toBe('STOCK_EXCEEDED')
  expect(await snapshot()).toBe(before)

  const done = await buyer.post('/bwapi/warehouses/transfer', {
    from_warehouse_id: main,
    to_warehouse_id: north,
    lines: [{ article_id: internal, quantity: '4' }],
  })
  expect(done.status).toBe(201)
  expect((await stockOf(internal, main))?.actual).toBe(6000)
  expect((await stockOf(internal, north))?.actual).toBe(4000)

  const order = await t.client.execute({
    sql: `INSERT INTO purchase_orders (code, status, supplier_id, company_id, buyer_id, currency_code, amount_exctax, amount_tax, amount_inctax, vat_breakdown, created_at, updated_at)
          VALUES ('PO-T', 'draft', (SELECT min(id) FROM suppliers), (SELECT min(id) FROM companies), (SELECT id FROM users WHERE login = 'buyer'), 'EUR', '0', '0', '0', '[]', ?, ?) RETURNING id`,
    args: [t.clock.now(), t.clock.now()],
  })
  const orderId = Number(order.rows[0]?.id)
  const tie = (quantity: string) =>
    buyer.request(`/bwapi/warehouses/transfer/${orderId}`, {
      method: 'PUT',
      body: { from_warehouse_id: main, to_warehouse_id: north, lines: [{ article_id: internal, quantity }] },
    })
  expect((await tie('2')).status).toBe(200)
  expect((await stockOf(internal, main))?.actual).toBe(4000)
  expect((await tie('5')).status).toBe(200) // the first 2 come back, then 5 go
  expect((await stockOf(internal, main))?.actual).toBe(1000)
  expect((await stockOf(internal, north))?.actual).toBe(9000)
  const data = await json(await buyer.get(`/bwapi/warehouses/transfer?purchase_order=${orderId}`))
  expect(data).toMatchObject({
    purchase_order: { code: 'PO-T' },
    lines: [{ article_id: internal, from_warehouse_id: main, quantity: '5' }],
  })
  expect(((await json(await buyer.get('/bwapi/warehouses/transfer'))).warehouses as Json[]).length).toBe(2)
})

test('add in warehouse, stock info, adjustment to a count', async () => {
  const article = Number(
    (
      await t.client.execute({
        sql: 'SELECT id FROM articles WHERE active = true AND id NOT IN (SELECT article_id FROM stocks WHERE warehouse_id = ?) ORDER BY id LIMIT 1',
        args: [north],
      })
    ).rows[0]?.id,
  )
  expect((await buyer.post(`${articles(north)}/${article}/add-in-warehouse`)).status).toBe(201)
  expect((await buyer.post(`${articles(north)}/${article}/add-in-warehouse`)).status).toBe(409)
  await buyer.post(`/bwapi/warehouses/${north}/stock-in`, { article_id: article, quantity: '30' })
  const info = await buyer.post(`${articles(north)}/${article}/update-stock-info`, {
    minimum: '10',
    reserved: '5',
    location: 'A-3',
  })
  expect(info.status).toBe(200)
  expect(
    (await buyer.post(`${articles(north)}/${article}/update-stock-info`, { minimum: '1', reserved: '99' }))
      .status,
  ).toBe(422)
  const shown = (await json(await buyer.get(`${articles(north)}/${article}/show`))).data as Json
  expect(shown.stock).toEqual({
    actual: '30',
    available: '25',
    minimum: '10',
    below_minimum: false,
    location: 'A-3',
  })
  expect(
    await json(
      await buyer.post(`${articles(north)}/${article}/adjust-stock`, { quantity: '3', comment: 'inventory' }),
    ),
  ).toEqual({ data: { actual: '3' } })
  expect(await stockOf(article, north)).toMatchObject({ actual: 3000, reserved: 3000 })
})
