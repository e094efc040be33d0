import { dec } from '@procura/core/money'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { cappedTotals } from '../db/capped-count'
import { purchaseOrders } from '../db/schema'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
let buyer: Agent
let payables: Agent
beforeAll(async () => {
  t = await createTestApp({ history: true })
  buyer = await signIn(t.app, 'buyer')
  payables = await signIn(t.app, 'payables')
}, 120_000)
afterAll(() => t.close())

type Page = { data: { id: number; code: string }[]; meta: { total: number; totals?: Totals | null } }
type Totals = ({ currency_code: string | null } & Record<string, string>)[]
const page = async (agent: Agent, path: string) => (await (await agent.get(path)).json()) as Page
const codes = async (agent: Agent, path: string) => (await page(agent, path)).data.map((r) => r.code)
const one = async (sql: string) => (await t.client.execute(sql)).rows[0] as Record<string, unknown>

test('the orders search finds a line’s label, an article’s reference, a supplier’s name and a buyer’s name', async () => {
  const line = await one(
    `SELECT l.label, a.reference, o.code FROM purchase_order_lines l JOIN articles a ON a.id = l.article_id
     JOIN purchase_orders o ON o.id = l.purchase_order_id WHERE o.status <> 'obsolete' ORDER BY l.id LIMIT 1`,
  )
  const word =
    String(line.label)
      .split(' ')
      .find((w) => w.length > 3) ?? String(line.label)
  expect(
    await codes(
      buyer,
      `/bwapi/purchase-orders?per_page=200&search=${encodeURIComponent(word.toLowerCase())}`,
    ),
  ).toContain(line.code)
  expect(
    await codes(
      buyer,
      `/bwapi/purchase-orders?per_page=200&search=${encodeURIComponent(String(line.reference))}`,
    ),
  ).toContain(line.code)
  const supplier = await one(
    `SELECT s.id, s.company_name FROM suppliers s JOIN purchase_orders o ON o.supplier_id = s.id
     WHERE o.status <> 'obsolete' GROUP BY s.id, s.company_name ORDER BY count(*) DESC LIMIT 1`,
  )
  const byName = await page(
    buyer,
    `/bwapi/purchase-orders?search=${encodeURIComponent(String(supplier.company_name))}`,
  )
  const byFilter = await page(buyer, `/bwapi/purchase-orders?supplier_id=${supplier.id}`)
  expect(byName.meta.total).toBeGreaterThanOrEqual(byFilter.meta.total)
  expect(byFilter.meta.total).toBeGreaterThan(0)
  const buyerName = await one("SELECT label FROM users WHERE login = 'buyer'")
  expect(
    (await page(buyer, `/bwapi/purchase-orders?search=${encodeURIComponent(String(buyerName.label))}`)).meta
      .total,
  ).toBeGreaterThan(0)
  // A search that matches nothing finds nothing, and the count agrees with the rows.
  const none = await page(buyer, '/bwapi/purchase-orders?search=zzzz-no-such-thing')
  expect(none).toMatchObject({ data: [], meta: { total: 0 } })
})

test('a search of several words finds what holds every word, in any order and any field', async () => {
  const main = Number((await one("SELECT id FROM warehouses WHERE code = 'MAIN'")).id)
  type Article = { label: string }
  const articles = async (search: string) =>
    (
      (await (
        await buyer.get(
          `/bwapi/warehouses/${main}/articles?per_page=100&search=${encodeURIComponent(search)}`,
        )
      ).json()) as { data: Article[]; meta: { total: number } }
    ).data
  const both = await articles('a4 CLAIREFONTAINE')
  expect(both.length).toBeGreaterThan(0)
  for (const a of both) expect(a.label.toLowerCase()).toMatch(/(?=.*a4)(?=.*clairefontaine)/)
  // The same words in the other order find the same; one word alone finds more.
  expect(await articles('Clairefontaine A4')).toEqual(both)
  expect((await articles('Clairefontaine')).length).toBeGreaterThan(both.length)
  expect(await articles('Clairefontaine zzzz-no-such-word')).toEqual([])

  // An order: one word in its supplier's name, the other in a line.
  const order = await one(
    `SELECT o.code, s.company_name, l.label FROM purchase_orders o JOIN suppliers s ON s.id = o.supplier_id
     JOIN purchase_order_lines l ON l.purchase_order_id = o.id WHERE o.status <> 'obsolete' ORDER BY o.id LIMIT 1`,
  )
  const supplierWord = String(order.company_name).split(' ')[0] as string
  const lineWord = String(order.label)
    .split(' ')
    .find((w) => w.length > 3) as string
  const orders = (search: string) =>
    codes(buyer, `/bwapi/purchase-orders?per_page=200&search=${encodeURIComponent(search)}`)
  expect(await orders(`${lineWord} ${supplierWord}`)).toContain(order.code)
  expect(await orders(`${supplierWord} zzzz-no-such-word`)).toEqual([])

  // A request: one word in its subject, the other in a line's description.
  const request = await one(
    `SELECT n.code, n.title, l.description FROM needs n JOIN need_lines l ON l.need_id = n.id ORDER BY n.id LIMIT 1`,
  )
  const titleWord = String(request.title).split(' ')[0] as string
  const descriptionWord = String(request.description)
    .split(' ')
    .find((w) => w.length > 3) as string
  const requests = (search: string) =>
    codes(buyer, `/bwapi/needs?per_page=200&search=${encodeURIComponent(search)}`)
  expect(await requests(`${descriptionWord.toUpperCase()} ${titleWord}`)).toContain(request.code)
  expect(await requests(`${titleWord} zzzz-no-such-word`)).toEqual([])
})

test('invoices and deliveries are found by their supplier’s name', async () => {
  const invoice = await one(
    'SELECT i.code, s.company_name FROM supplier_invoices i JOIN suppliers s ON s.id = i.supplier_id ORDER BY i.id LIMIT 1',
  )
  expect(
    await codes(
      payables,
      `/bwapi/supplier-invoices?per_page=200&search=${encodeURIComponent(String(invoice.company_name))}`,
    ),
  ).toContain(invoice.code)
  const delivery = await one(
    `SELECT d.code, s.company_name FROM deliveries d JOIN purchase_orders o ON o.id = d.purchase_order_id
     JOIN suppliers s ON s.id = o.supplier_id ORDER BY d.id LIMIT 1`,
  )
  expect(
    await codes(
      buyer,
      `/bwapi/deliveries?per_page=200&search=${encodeURIComponent(String(delivery.company_name))}`,
    ),
  ).toContain(delivery.code)
})

test('the totals row sums the filtered rows’ amounts per currency, exactly, whatever page is shown', async () => {
  const first = await page(buyer, '/bwapi/purchase-orders?status=sent&per_page=10')
  const rows = (
    await t.client.execute(
      "SELECT currency_code, amount_exctax, amount_inctax FROM purchase_orders WHERE status = 'sent'",
    )
  ).rows as unknown as { currency_code: string; amount_exctax: string; amount_inctax: string }[]
  expect(first.meta.total).toBe(rows.length)
  const expected = new Map<string, { ex: ReturnType<typeof dec>; inc: ReturnType<typeof dec> }>()
  for (const r of rows) {
    const own = expected.get(r.currency_code) ?? { ex: dec(0), inc: dec(0) }
    expected.set(r.currency_code, { ex: own.ex.plus(r.amount_exctax), inc: own.inc.plus(r.amount_inctax) })
  }
  const totals = first.meta.totals ?? []
  expect(totals.map((x) => x.currency_code).sort()).toEqual([...expected.keys()].sort())
  for (const total of totals) {
    const own = expected.get(String(total.currency_code))
    expect(dec(total.amount_exctax ?? '').eq(own?.ex ?? -1)).toBe(true)
    expect(dec(total.amount_inctax ?? '').eq(own?.inc ?? -1)).toBe(true)
  }
  const second = await page(buyer, '/bwapi/purchase-orders?status=sent&per_page=10&page=2')
  expect(second.meta.totals).toEqual(first.meta.totals)
})

test('past the count’s cap there is no total (the screen asks to narrow the filters), and nothing is read', async () => {
  const orders = Number(
    (
      (await t.client.execute('SELECT count(*) AS n FROM purchase_orders')).rows[0] as unknown as {
        n: number
      }
    ).n,
  )
  const totals = (counted: number, cap: number) =>
    cappedTotals(
      t.db,
      purchaseOrders,
      undefined,
      counted,
      purchaseOrders.currency_code,
      {
        amount_exctax: purchaseOrders.amount_exctax,
      },
      cap,
    )
  expect(await totals(orders, orders - 1)).toBeNull()
  expect(await totals(orders, orders)).not.toBeNull()
  expect(await totals(0, orders)).toEqual([])
})

test('sums are exact to the cent where floating point is not (0.1 + 0.2, ten thousand cents)', async () => {
  await t.client.execute(
    "UPDATE purchase_orders SET amount_exctax = '0.10' WHERE id = (SELECT min(id) FROM purchase_orders)",
  )
  await t.client.execute(
    "UPDATE purchase_orders SET amount_exctax = '0.20' WHERE id = (SELECT max(id) FROM purchase_orders)",
  )
  const two = await cappedTotals(
    t.db,
    purchaseOrders,
    sql`${purchaseOrders.id} in (select min(id) from purchase_orders union select max(id) from purchase_orders)`,
    2,
    null,
    { amount_exctax: purchaseOrders.amount_exctax },
  )
  expect(two).toEqual([{ currency_code: null, amount_exctax: '0.3' }])
})
test('a name with an accented capital is found as it is written, on both engines', async () => {
  const found = await page(buyer, `/bwapi/suppliers?search=${encodeURIComponent('SafeWork Équipements')}`)
  expect(found.data.map((r) => r.code)).toEqual(['SAFEWORK'])
})

test('a filter over many rows is chosen by typing, and its chosen option is found again by value', async () => {
  const index = (await (await buyer.get('/bwapi/purchase-orders/index')).json()) as {
    filters: { key: string; searchable?: boolean }[]
  }
  expect(index.filters.find((f) => f.key === 'supplier_id')?.searchable).toBe(true)
  expect(index.filters.find((f) => f.key === 'status')?.searchable).toBeUndefined()
  const typed = (await (
    await buyer.get('/bwapi/purchase-orders/filter-list/supplier_id?search=safe')
  ).json()) as {
    data: { value: string; label: string }[]
  }
  const safework = typed.data.find((o) => o.label.includes('SAFEWORK'))
  expect(safework).toBeDefined()
  for (const path of ['purchase-orders', 'supplier-invoices', 'deliveries']) {
    const again = await (
      await payables.get(`/bwapi/${path}/filter-list/supplier_id?value=${safework?.value}`)
    ).json()
    expect(again, path).toEqual({ data: [safework] })
  }
})

/** Every row of a list, page after page, as the API answers it. */
const allRows = async (path: string) => {
  const rows: Record<string, string>[] = []
  for (let n = 1; ; n += 1) {
    const answer = (await (
      await buyer.get(`${path}${path.includes('?') ? '&' : '?'}per_page=200&page=${n}`)
    ).json()) as {
      data: Record<string, string>[]
    }
    rows.push(...answer.data)
    if (answer.data.length < 200) return rows
  }
}

test('orders and invoices are filtered by date and amount ranges, both bounds included, either open', async () => {
  const total = async (path: string) => (await page(buyer, path)).meta.total
  const orders = await allRows('/bwapi/purchase-orders')
  const inJune = orders.filter(
    (o) => (o.created_at ?? '') >= '2026-06-01' && (o.created_at ?? '') < '2026-07-01',
  )
  expect(inJune.length).toBeGreaterThan(0)
  expect(await total('/bwapi/purchase-orders?created_from=2026-06-01&created_to=2026-06-30')).toBe(
    inJune.length,
  )
  const between = orders.filter(
    (o) => dec(o.amount_exctax ?? 0).gte(1000) && dec(o.amount_exctax ?? 0).lte(5000),
  )
  expect(between.length).toBeGreaterThan(0)
  expect(await total('/bwapi/purchase-orders?amount_min=1000&amount_max=5000')).toBe(between.length)
  expect(await total('/bwapi/purchase-orders?amount_min=1000')).toBe(
    orders.filter((o) => dec(o.amount_exctax ?? 0).gte(1000)).length,
  )
  const invoices = (await allRows('/bwapi/supplier-invoices')).filter(
    (i) => (i.invoice_date ?? '') >= '2026-06-01' && (i.invoice_date ?? '') <= '2026-06-30',
  )
  expect(
    await total('/bwapi/supplier-invoices?invoice_date_from=2026-06-01&invoice_date_to=2026-06-30'),
  ).toBe(invoices.length)
  const index = (await (await buyer.get('/bwapi/purchase-orders/index')).json()) as {
    ranges: { key: string; kind: string; from: string; to: string }[]
  }
  expect(index.ranges.map((r) => [r.key, r.kind, r.from, r.to])).toEqual([
    ['created_at', 'datetime', 'created_from', 'created_to'],
    ['amount_exctax', 'amount', 'amount_min', 'amount_max'],
  ])
})

test.each([
  ['created_from=2026-02-30', 'created_from'],
  ['created_to=24/11/2026', 'created_to'],
  ['amount_min=1e5', 'amount_min'],
  ['amount_max=12,5', 'amount_max'],
])('a range bound %s is refused on its field', async (query, field) => {
  const response = await buyer.get(`/bwapi/purchase-orders?${query}`)
  expect(response.status).toBe(422)
  expect(Object.keys(((await response.json()) as { errors: Record<string, string[]> }).errors)).toEqual([
    field,
  ])
})
