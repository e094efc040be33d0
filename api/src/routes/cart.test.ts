import { afterEach, beforeEach, expect, test } from 'vitest'
import { supplierStatistics } from '../db/schema'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let buyer: Agent
let main: number
beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  main = Number((await t.client.execute("SELECT id FROM warehouses WHERE code = 'MAIN'")).rows[0]?.id)
})
afterEach(() => t.close())

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json
const base = () => `/bwapi/warehouses/${main}/articles`
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT * FROM cart_items ORDER BY id')).rows,
  ])
/** An article with a step of 10 sold by both suppliers, and one sold by a single supplier. */
const articles = async () => {
  const twoSuppliers = await t.client.execute(
    "SELECT a.id FROM articles a WHERE a.quantity_step = '10' AND (SELECT count(*) FROM supplier_articles s WHERE s.article_id = a.id) = 2 ORDER BY a.id LIMIT 1",
  )
  const safety = await t.client.execute(
    "SELECT a.id FROM articles a JOIN supplier_articles s ON s.article_id = a.id JOIN suppliers p ON p.id = s.supplier_id WHERE p.code = 'SAFEWORK' AND s.main = true AND a.quantity_step IS NULL ORDER BY a.id LIMIT 1",
  )
  return { boxed: Number(twoSuppliers.rows[0]?.id), safety: Number(safety.rows[0]?.id) }
}
const supplier = async (code: string) =>
  Number(
    (await t.client.execute({ sql: 'SELECT id FROM suppliers WHERE code = ?', args: [code] })).rows[0]?.id,
  )

test('a quantity off the step is refused with the step; a right one goes in, from the main supplier', async () => {
  const { boxed } = await articles()
  const before = await snapshot()
  const wrong = await buyer.post(`${base()}/${boxed}/add-to-cart`, { quantity: '15' })
  expect(wrong.status).toBe(422)
  expect((await json(wrong)).errors).toEqual({ quantity: ['The quantity must be a multiple of 10.'] })
  expect(await snapshot()).toBe(before)
  expect(await json(await buyer.post(`${base()}/${boxed}/add-to-cart`, { quantity: '20' }))).toEqual({
    data: { quantity: '20' },
  })
  expect(await json(await buyer.post(`${base()}/${boxed}/add-to-cart`, { quantity: '10' }))).toEqual({
    data: { quantity: '30' },
  })
  const cart = (await json(await buyer.get(`${base()}/get-cart`))).data as {
    items: Json[]
    suppliers: Json[]
  }
  expect(cart.items).toEqual([
    expect.objectContaining({
      article_id: boxed,
      warehouse_id: main,
      quantity: '30',
      supplier: 'OfficePro Supplies',
      suppliers: expect.any(Array),
    }),
  ])
  expect(cart.items[0]?.suppliers).toHaveLength(2)
})

test('change quantity (in steps), change supplier (one of the article’s), delete a line, empty the cart', async () => {
  const { boxed, safety } = await articles()
  await buyer.post(`${base()}/${boxed}/add-to-cart`, { quantity: '10' })
  await buyer.post(`${base()}/${safety}/add-to-cart`, { quantity: '3' })
  const before = await snapshot()
  expect((await buyer.post(`${base()}/${boxed}/change-quantity-cart`, { quantity: '12' })).status).toBe(422)
  expect((await buyer.post(`${base()}/${safety}/change-supplier-cart`, { supplier_id: 99999 })).status).toBe(
    422,
  )
  expect(await snapshot()).toBe(before)
  expect((await buyer.post(`${base()}/${boxed}/change-quantity-cart`, { quantity: '40' })).status).toBe(200)
  expect(
    (await buyer.post(`${base()}/${boxed}/change-supplier-cart`, { supplier_id: await supplier('SAFEWORK') }))
      .status,
  ).toBe(200)
  const cart = (await json(await buyer.get(`${base()}/get-cart`))).data as { items: Json[] }
  expect(cart.items.find((i) => i.article_id === boxed)).toMatchObject({
    quantity: '40',
    supplier: 'SafeWork Équipements',
  })
  expect((await buyer.post(`${base()}/${safety}/delete-cart-article`)).status).toBe(200)
  expect((await buyer.post(`${base()}/${safety}/delete-cart-article`)).status).toBe(404)
  expect(await json(await buyer.post(`${base()}/empty-cart`))).toEqual({ data: { removed: 1 } })
})

test('the cart becomes one order per supplier, priced per unit, delivered to the warehouse; submitted when asked', async () => {
  const { boxed, safety } = await articles()
  await buyer.post(`${base()}/${boxed}/add-to-cart`, { quantity: '20' })
  await buyer.post(`${base()}/${safety}/add-to-cart`, { quantity: '3' })
  const result = await buyer.post(`${base()}/create-purchase-order?mode=submit`)
  expect(result.status).toBe(201)
  const { orders, refused } = (await json(result)).data as { orders: Json[]; refused: Json[] }
  expect(refused).toEqual([])
  expect(orders).toHaveLength(2)
  expect(orders.every((o) => o.status === 'awaiting')).toBe(true)
  const lines = await t.client.execute(
    'SELECT purchase_order_id, article_id, quantity, quantity_step FROM purchase_order_lines ORDER BY id',
  )
  expect(lines.rows.map((l) => [l.article_id, l.quantity])).toEqual([
    [boxed, '20'],
    [safety, '3'],
  ])
  const order = await t.client.execute({
    sql: 'SELECT delivery_address FROM purchase_orders WHERE id = ?',
    args: [Number(orders[0]?.id)],
  })
  // JSON: text on SQLite, an object on PostgreSQL.
  expect(JSON.stringify(order.rows[0]?.delivery_address)).toContain('Main warehouse')
  expect((await json(await buyer.get(`${base()}/get-cart`))).data).toMatchObject({ items: [] })
})

test('creating orders: a mode is required, an empty cart or a requester is refused, nothing changes', async () => {
  const { boxed } = await articles()
  const before = await snapshot()
  expect((await buyer.post(`${base()}/create-purchase-order?mode=send`)).status).toBe(422)
  expect(await json(await buyer.post(`${base()}/create-purchase-order?mode=draft`))).toMatchObject({
    code: 'SELECT_AT_LEAST_ONE',
  })
  const requester = await signIn(t.app, 'requester')
  await requester.post(`${base()}/${boxed}/add-to-cart`, { quantity: '10' })
  const withCart = await snapshot()
  expect((await requester.post(`${base()}/create-purchase-order?mode=draft`)).status).toBe(403)
  expect(await snapshot()).toBe(withCart)
  expect(JSON.parse(withCart)[0].purchase_orders).toBe(JSON.parse(before)[0].purchase_orders)
})

test('a requester’s cart becomes one submitted request, at the price of one unit; the cart is then empty', async () => {
  const { boxed, safety } = await articles()
  const requester = await signIn(t.app, 'requester')
  await requester.post(`${base()}/${boxed}/add-to-cart`, { quantity: '20' })
  await requester.post(`${base()}/${safety}/add-to-cart`, { quantity: '3' })
  const cart = (await json(await requester.get(`${base()}/get-cart`))).data as { modes: string[] }
  expect(cart.modes).toEqual(['request'])
  expect(((await json(await buyer.get(`${base()}/get-cart`))).data as { modes: string[] }).modes).toEqual([
    'submit',
    'draft',
  ])
  const made = await requester.post(`${base()}/create-purchase-order?mode=request`)
  expect(made.status).toBe(201)
  const { requests, orders } = (await json(made)).data as {
    requests: { id: number; status: string }[]
    orders: []
  }
  expect(orders).toEqual([])
  expect(requests).toHaveLength(1)
  expect(requests[0]?.status).toBe('awaiting')
  const need = (await json(await requester.get(`/bwapi/needs/${requests[0]?.id}`))).data as {
    lines: { quantity: string; quantity_step: string | null; unit_price_exctax: string }[]
  }
  const [unit] = (
    await t.client.execute({
      sql: 'SELECT price_exctax FROM articles WHERE id = ?',
      args: [boxed],
    })
  ).rows
  expect(need.lines.map((l) => l.quantity)).toEqual(['20', '3'])
  expect(Number(need.lines[0]?.unit_price_exctax)).toBe(Number(unit?.price_exctax))
  expect(
    ((await json(await requester.get(`${base()}/get-cart`))).data as { items: unknown[] }).items,
  ).toEqual([])
  // A buyer is not offered the request mode.
  await buyer.post(`${base()}/${safety}/add-to-cart`, { quantity: '1' })
  const before = await snapshot()
  expect((await buyer.post(`${base()}/create-purchase-order?mode=request`)).status).toBe(403)
  expect(await snapshot()).toBe(before)
})

test('a request from the cart keeps its articles and suppliers to the orders; receiving them raises the stock', async () => {
  const { boxed, safety } = await articles()
  const requester = await signIn(t.app, 'requester')
  await requester.post(`${base()}/${boxed}/add-to-cart`, { quantity: '20' })
  await requester.post(`${base()}/${safety}/add-to-cart`, { quantity: '3' })
  const made = await requester.post(`${base()}/create-purchase-order?mode=request`, {
    title: 'Reams and helmets for the workshop',
    wanted_date: '2026-12-15',
    comment: 'Before the inventory, please.',
  })
  const [request] = ((await json(made)).data as { requests: { id: number }[] }).requests
  const needId = request?.id ?? 0
  const read = (await json(await requester.get(`/bwapi/needs/${needId}`))).data as {
    title: string
    comment: string
    lines: { wanted_date: string; article_id: number; supplier_id: number }[]
  }
  expect(read).toMatchObject({
    title: 'Reams and helmets for the workshop',
    comment: 'Before the inventory, please.',
  })
  expect(read.lines.map((l) => [l.article_id, l.wanted_date])).toEqual([
    [boxed, '2026-12-15'],
    [safety, '2026-12-15'],
  ])
  // Approved (the demo's request circuit), then turned into orders with no supplier chosen:
  // each line goes to the supplier it was picked with, one order each.
  await t.client.execute({
    sql: "UPDATE needs SET status = 'validated', processing = 'awaiting' WHERE id = ?",
    args: [needId],
  })
  const company = Number((await t.client.execute("SELECT id FROM companies WHERE code = 'ACME'")).rows[0]?.id)
  const transformed = await buyer.post('/bwapi/needs/transform', {
    need_ids: [needId],
    company_id: company,
    currency_code: 'EUR',
  })
  expect(transformed.status).toBe(201)
  const { orders } = (await json(transformed)).data as { orders: { id: number }[] }
  const suppliers = new Set(read.lines.map((l) => l.supplier_id))
  expect(orders).toHaveLength(suppliers.size)
  const stockOf = async (article: number) =>
    Number(
      (
        await t.client.execute({
          sql: 'SELECT actual FROM stocks WHERE article_id = ? AND warehouse_id = ?',
          args: [article, main],
        })
      ).rows[0]?.actual ?? 0,
    ) / 1000
  const before = await stockOf(boxed)
  const validator = await signIn(t.app, 'validator')
  for (const order of orders) {
    const lines = (await json(await buyer.get(`/bwapi/purchase-orders/${order.id}`))).data as {
      lines: { id: number; article_id: number | null; quantity: string }[]
      delivery_address: { address: string } | null
    }
    expect(lines.lines.every((l) => l.article_id !== null)).toBe(true)
    expect(lines.delivery_address?.address).toContain('Main')
    await buyer.post(`/bwapi/purchase-orders/${order.id}/submit`)
    await validator.post(`/bwapi/purchase-orders/${order.id}/validate`)
    await buyer.post(`/bwapi/purchase-orders/${order.id}/consider_sent`)
    expect(
      (
        await buyer.post(`/bwapi/purchase-orders/${order.id}/receive-all`, {
          delivery_date: '2026-11-21',
          warehouse_id: main,
        })
      ).status,
    ).toBe(201)
  }
  expect(await stockOf(boxed)).toBe(before + 20)
})

test('the same cart turned into orders twenty times at once makes each order once', async () => {
  const { boxed, safety } = await articles()
  await buyer.post(`${base()}/${boxed}/add-to-cart`, { quantity: '20' })
  await buyer.post(`${base()}/${safety}/add-to-cart`, { quantity: '3' })
  const suppliers = Number(
    (await t.client.execute('SELECT count(DISTINCT supplier_id) AS n FROM cart_items')).rows[0]?.n,
  )
  const ordersBefore = Number(
    (await t.client.execute('SELECT count(*) AS n FROM purchase_orders')).rows[0]?.n,
  )
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => buyer.post(`${base()}/create-purchase-order?mode=draft`)),
  )
  expect(answers.every((a) => a.status === 201 || a.status === 409 || a.status === 422)).toBe(true)
  const ordersAfter = Number((await t.client.execute('SELECT count(*) AS n FROM purchase_orders')).rows[0]?.n)
  expect(ordersAfter - ordersBefore).toBe(suppliers)
  expect(Number((await t.client.execute('SELECT count(*) AS n FROM cart_items')).rows[0]?.n)).toBe(0)
})

test('a supplier under its objectives is flagged in the cart; one forced inactive is no longer offered', async () => {
  const { boxed } = await articles()
  await buyer.post(`${base()}/${boxed}/add-to-cart`, { quantity: '10' })
  type Cart = {
    items: {
      supplier_id: number
      supplier_flagged: boolean
      suppliers: { supplier_id: number; flagged: boolean }[]
    }[]
    suppliers: { supplier_id: number; flagged: boolean }[]
  }
  const cart = async () => (await json(await buyer.get(`${base()}/get-cart`))).data as Cart
  const before = await cart()
  const [item] = before.items
  const chosen = item?.supplier_id ?? 0
  const other = item?.suppliers.find((s) => s.supplier_id !== chosen)?.supplier_id ?? 0
  expect(item?.suppliers.map((s) => s.flagged)).toEqual([false, false])
  // The statistics job kept the chosen supplier below an objective.
  await t.db
    .insert(supplierStatistics)
    .values({ supplier_id: chosen, ordered_amount: '0', flagged: true, computed_at: t.clock.now() })
  const flagged = await cart()
  expect(flagged.items[0]?.supplier_flagged).toBe(true)
  expect(flagged.suppliers).toEqual([expect.objectContaining({ supplier_id: chosen, flagged: true })])
  expect(
    Object.fromEntries((flagged.items[0]?.suppliers ?? []).map((s) => [s.supplier_id, s.flagged])),
  ).toEqual({ [chosen]: true, [other]: false })
  // Forced inactive until after today: not offered for the line any more.
  await t.client.execute({
    sql: "UPDATE suppliers SET forced_status = 'inactive', forced_status_date = '2099-01-01' WHERE id = ?",
    args: [other],
  })
  expect((await cart()).items[0]?.suppliers.map((s) => s.supplier_id)).toEqual([chosen])
})
