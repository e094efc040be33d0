import { referenceLabel } from '@procura/core/i18n'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { articles, orderFamilySums, orderSums, purchaseOrderLines, purchaseOrders } from '../db/schema'
import { loadSessionUser, orderActorOf } from '../services/auth/session'
import { comparison, distribution } from '../services/dashboard/dashboard-charts'
import { globalFigures, instanceFigures } from '../services/dashboard/dashboard-figures'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
let buyer: Agent
beforeEach(async () => {
  t = await createTestApp()
  counter = 0
  // Mid-January: the distribution's 3 months and the comparison cross the year.
  t.clock.set('2026-01-15T09:00:00Z')
  buyer = await signIn(t.app, 'buyer')
})
afterEach(() => t.close())

type Json = Record<string, unknown>
const data = async (agent: Agent, path: string) => {
  const response = await agent.get(`/bwapi/dashboard${path}`)
  expect(response.status, path).toBe(200)
  return ((await response.json()) as { data: Json }).data
}
const id = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
const cents = (value: unknown) => Math.round(Number(value) * 100)

let counter = 0
/** An order written as it stands after its lifecycle (the figures read rows, whatever made them). */
const order = async (o: {
  status: string
  amount: string
  currency?: string
  validated?: string
  department?: number | null
  deadline?: string
  lines?: { amount: string; article_id?: number | null }[]
}) => {
  counter += 1
  const supplier = await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  const [row] = await t.db
    .insert(purchaseOrders)
    .values({
      code: `DASH-${counter}`,
      status: o.status,
      supplier_id: supplier,
      company_id: await id('SELECT id FROM companies ORDER BY id LIMIT 1'),
      department_id: o.department ?? null,
      buyer_id: await id("SELECT id FROM users WHERE login = 'buyer'"),
      currency_code: o.currency ?? 'EUR',
      amount_exctax: o.amount,
      amount_tax: '0',
      amount_inctax: o.amount,
      vat_breakdown: [],
      delivery_address: o.deadline === undefined ? null : { deadline: o.deadline },
      validated_at: o.validated === undefined ? null : new Date(o.validated),
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .returning({ id: purchaseOrders.id })
  for (const [position, line] of (o.lines ?? [{ amount: o.amount }]).entries())
    await t.db.insert(purchaseOrderLines).values({
      purchase_order_id: row?.id ?? 0,
      position,
      article_id: line.article_id ?? null,
      label: `Line ${position}`,
      quantity: '1',
      unit_price_exctax: line.amount,
      vat_rate: '0',
      amount_exctax: line.amount,
      amount_tax: '0',
      amount_inctax: line.amount,
    })
}

test('every figure moves by exactly what the orders written add, across the year boundary and currencies', async () => {
  const before = {
    distribution: await data(buyer, '/distribution'),
    comparison: await data(buyer, '/comparison'),
    instance: await data(buyer, '/instance'),
    global: await data(buyer, '/global'),
  }
  const department = await id('SELECT id FROM departments ORDER BY id LIMIT 1')
  const article = await id('SELECT id FROM articles WHERE product_family_id IS NOT NULL ORDER BY id LIMIT 1')
  // 100.10 € in January 2026: 60.05 on a catalogue article, 40.05 on a free line.
  await order({
    status: 'sent',
    amount: '100.10',
    validated: '2026-01-10T10:00:00Z',
    department,
    lines: [{ amount: '60.05', article_id: article }, { amount: '40.05' }],
  })
  // 108 US dollars in December 2025: 100.00 € at the demo's rate of 1.08.
  await order({
    status: 'validated',
    amount: '108.00',
    currency: 'USD',
    validated: '2025-12-20T10:00:00Z',
    department,
  })
  // January 2025: year N-1 of January 2026.
  await order({ status: 'closed', amount: '50.00', validated: '2025-01-05T10:00:00Z' })
  // Waiting for its validation; and one sent whose deadline passed without a delivery.
  await order({ status: 'awaiting', amount: '30.00' })
  await order({ status: 'sent', amount: '12.00', validated: '2025-06-01T10:00:00Z', deadline: '2026-01-10' })

  const distribution = await data(buyer, '/distribution')
  expect([distribution.from, distribution.to]).toEqual(['2025-11-01', '2026-02-01'])
  expect(cents(distribution.total) - cents(before.distribution.total)).toBe(20010)
  const part = (d: Json, axis: string, label: string) =>
    cents(((d[axis] as Json[]).find((p) => p.label === label) ?? { amount: '0' }).amount)
  expect(
    part(distribution, 'supplier', 'OfficePro Supplies') -
      part(before.distribution, 'supplier', 'OfficePro Supplies'),
  ).toBe(20010)
  // The free line and the dollar order's line have no family.
  expect(part(distribution, 'family', '') - part(before.distribution, 'family', '')).toBe(4005 + 10000)
  // Each part links to the orders list filtered on it: the family's and the department's hold the order.
  const linkOf = (axis: string, key: string) =>
    String((distribution[axis] as Json[]).find((p) => p.key === key)?.link)
  const family = await id(`SELECT product_family_id AS id FROM articles WHERE id = ${article}`)
  for (const [axis, key, filter] of [
    ['family', String(family), `product_family_id=${family}&`],
    ['department', String(department), `department_id=${department}&`],
  ] as const) {
    const link = linkOf(axis, key)
    expect(link).toBe(`/purchase-orders?${filter}created_from=2025-11-01&created_to=2026-01-31`)
    const listed = await buyer.get(`/bwapi${link}&per_page=100`)
    expect(listed.status).toBe(200)
    const codes = ((await listed.json()) as { data: { code: string }[] }).data.map((o) => o.code)
    expect(codes, axis).toContain('DASH-1')
    // The orders of no family (DASH-4: a free line), or of no department (DASH-3), are not listed.
    expect(codes, axis).not.toContain(axis === 'family' ? 'DASH-4' : 'DASH-3')
  }

  // The shipped families read in the reader's language, as the catalogue names them.
  const familyRow = (await t.client.execute(`SELECT code, label FROM product_families WHERE id = ${family}`))
    .rows[0]
  const labelOf = (d: Json) => (d.family as Json[]).find((p) => p.key === String(family))?.label
  expect(labelOf(distribution)).toBe(familyRow?.label)
  expect((await buyer.post('/bwapi/language/change', { code: 'fr' })).status).toBe(200)
  const french = labelOf(await data(buyer, '/distribution'))
  expect(french).toBe(referenceLabel('family', String(familyRow?.code), String(familyRow?.label), 'fr'))
  expect(french).not.toBe(familyRow?.label)
  expect((await buyer.post('/bwapi/language/change', { code: 'en' })).status).toBe(200)

  const comparison = await data(buyer, '/comparison')
  const month = (d: Json, m: string) => (d.months as Json[]).find((r) => r.month === m) ?? {}
  expect(
    cents(month(comparison, '2026-01').current) - cents(month(before.comparison, '2026-01').current),
  ).toBe(10010)
  expect(
    cents(month(comparison, '2026-01').previous) - cents(month(before.comparison, '2026-01').previous),
  ).toBe(5000)
  expect(
    cents(month(comparison, '2025-12').current) - cents(month(before.comparison, '2025-12').current),
  ).toBe(10000)
  expect(month(comparison, '2026-01')).toMatchObject({ previous_month: '2025-01' })
  expect((comparison.months as Json[]).length).toBe(12)

  const instance = await data(buyer, '/instance')
  const awaiting = (d: Json) => (d.awaiting as Json[]).find((f) => f.key === 'orders') as Json
  expect(Number(awaiting(instance).count) - Number(awaiting(before.instance).count)).toBe(1)
  expect(cents(awaiting(instance).amount) - cents(awaiting(before.instance).amount)).toBe(3000)
  expect(awaiting(instance).link).toBe('/purchase-orders?status=awaiting')
  const late = (d: Json) => Number((d.late_deliveries as Json).count)
  expect(late(instance) - late(before.instance)).toBe(1)

  const global = await data(buyer, '/global')
  expect(global.year).toBe(2026)
  expect(cents(global.ordered) - cents(before.global.ordered)).toBe(10010)
  // Not yet invoiced: the four validated ones (100.10 + 100.00 + 12.00; the closed one is done).
  expect(cents(global.committed) - cents(before.global.committed)).toBe(21210)
})

test('a requester’s figures hold only what it may read; a supplier’s contact gets its orders only', async () => {
  const requester = await signIn(t.app, 'requester')
  const before = await data(requester, '/global')
  await order({ status: 'sent', amount: '999.00', validated: '2026-01-05T10:00:00Z' })
  expect((await data(requester, '/global')).ordered).toBe(before.ordered)
  expect(cents((await data(buyer, '/global')).ordered)).toBeGreaterThanOrEqual(99900)
  // Titled as what they are: the requester's own purchasing, the buyer's whole organisation;
  // invoiced and paid only to who reads every invoice (a partial sum would read as nothing paid).
  expect(before).toMatchObject({ whole_organisation: false, invoiced: null, paid: null })
  expect(await data(buyer, '/global')).toMatchObject({ whole_organisation: true, invoiced: null, paid: null })
  const payables = await data(await signIn(t.app, 'payables'), '/global')
  expect(payables.whole_organisation).toBe(true)
  expect(payables.invoiced).toMatch(/^\d+\.\d{2}$/)
  expect(payables.paid).toMatch(/^\d+\.\d{2}$/)

  // The to-validate tiles go to who may act on them: none to the requester, both to the validator
  // (named in the charts), the orders' to the buyer, the invoices' to accounts payable.
  const tiles = async (login: string) =>
    ((await data(await signIn(t.app, login), '/instance')).awaiting as Json[]).map((f) => f.key)
  expect(await tiles('requester')).toEqual([])
  expect(await tiles('validator')).toEqual(['orders', 'invoices'])
  expect(await tiles('buyer')).toContain('orders')
  expect(await tiles('payables')).toContain('invoices')

  const contact = await signIn(t.app, 'supplier')
  expect(await data(contact, '')).toMatchObject({ sections: ['instance'] })
  // Its figures are its company's orders; nothing waits on it for a validation.
  const figures = await data(contact, '/instance')
  expect(figures.awaiting).toEqual([])
  for (const path of ['/distribution', '/comparison', '/global'])
    expect((await contact.get(`/bwapi/dashboard${path}`)).status, path).toBe(403)
  expect(await data(buyer, '')).toMatchObject({
    currency_code: 'EUR',
    today: '2026-01-15',
    sections: ['instance', 'distribution', 'comparison', 'global'],
  })
})

test('the orders’ sums the dashboard reads are kept exact by the database, whatever writes the orders', async () => {
  const [article, other] = (
    await t.client.execute('SELECT id FROM articles WHERE product_family_id IS NOT NULL ORDER BY id LIMIT 2')
  ).rows.map((r) => Number(r.id))
  const family = await id(
    `SELECT id FROM product_families WHERE id NOT IN (SELECT product_family_id FROM articles WHERE id = ${article}) ORDER BY id LIMIT 1`,
  )
  // Writes of every kind: inserted with their lines, edited by SQL, deleted with or without their lines.
  await order({
    status: 'sent',
    amount: '100.10',
    validated: '2026-01-10T10:00:00Z',
    lines: [{ amount: '60.05', article_id: article }, { amount: '40.05' }],
  })
  await order({ status: 'validated', amount: '108.00', currency: 'USD', validated: '2025-12-20T10:00:00Z' })
  await order({ status: 'awaiting', amount: '30.00', lines: [{ amount: '30.00', article_id: other }] })
  await order({ status: 'closed', amount: '12.34', validated: '2025-11-02T10:00:00Z' })
  await order({
    status: 'validated',
    amount: '7.00',
    validated: '2025-12-01T10:00:00Z',
    lines: [{ amount: '7.00', article_id: article }],
  })
  await t.client.execute(
    "UPDATE purchase_orders SET status = 'closed', billed_amount_exctax = '100.10', billing_status = 'complete' WHERE code = 'DASH-1'",
  )
  await t.client.execute("UPDATE purchase_orders SET amount_exctax = '31.50' WHERE status = 'awaiting'")
  await t.db
    .update(purchaseOrders)
    .set({ status: 'validated', validated_at: new Date('2026-01-01T00:00:00Z') })
    .where(eq(purchaseOrders.code, 'DASH-3'))
  await t.client.execute(
    "UPDATE purchase_order_lines SET amount_exctax = '31.50' WHERE label = 'Line 0' AND amount_exctax = '30.00'",
  )
  await t.client.execute(
    `UPDATE purchase_order_lines SET article_id = ${other} WHERE amount_exctax = '40.05'`,
  )
  await t.client.execute(`UPDATE articles SET product_family_id = ${family} WHERE id = ${article}`)
  await t.client.execute(
    "DELETE FROM purchase_order_lines WHERE purchase_order_id IN (SELECT id FROM purchase_orders WHERE code = 'DASH-2')",
  )
  await t.client.execute("DELETE FROM purchase_orders WHERE code = 'DASH-2'")
  // Deleted with its lines still there: the cascade removes them.
  await t.client.execute("DELETE FROM purchase_orders WHERE code = 'DASH-5'")

  const orders = await t.db.select().from(purchaseOrders)
  const expected = new Map<string, [number, bigint, bigint, bigint]>()
  const tenThousandths = (v: string) => BigInt(Math.round(Number(v) * 10_000))
  const monthOf = (o: (typeof orders)[number]) =>
    o.validated_at === null ? '' : o.validated_at.toISOString().slice(0, 7)
  for (const o of orders) {
    const key = [
      monthOf(o),
      o.status,
      o.billing_status,
      o.supplier_id,
      o.department_id ?? 0,
      o.currency_code,
    ].join('|')
    const [n, a, d, b] = expected.get(key) ?? [0, 0n, 0n, 0n]
    expected.set(key, [
      n + 1,
      a + tenThousandths(o.amount_exctax),
      d + tenThousandths(o.delivered_amount_exctax),
      b + tenThousandths(o.billed_amount_exctax),
    ])
  }
  const kept = new Map(
    (await t.db.select().from(orderSums))
      .filter((r) => Number(r.orders) !== 0)
      .map((r) => [
        [r.month, r.status, r.billing_status, r.supplier_id, r.department_id, r.currency_code].join('|'),
        [Number(r.orders), BigInt(r.amount), BigInt(r.delivered), BigInt(r.billed)],
      ]),
  )
  expect(kept).toEqual(expected)

  // The lines by their article's family now.
  const families = new Map(
    (await t.db.select({ id: articles.id, family: articles.product_family_id }).from(articles)).map((a) => [
      a.id,
      a.family ?? 0,
    ]),
  )
  const byOrder = new Map(orders.map((o) => [o.id, o]))
  const expectedFamilies = new Map<string, bigint>()
  for (const line of await t.db.select().from(purchaseOrderLines)) {
    const o = byOrder.get(line.purchase_order_id)
    if (o === undefined) throw new Error('a line without its order')
    const key = [
      monthOf(o),
      o.status,
      line.article_id === null ? 0 : (families.get(line.article_id) ?? 0),
      o.currency_code,
    ].join('|')
    expectedFamilies.set(key, (expectedFamilies.get(key) ?? 0n) + tenThousandths(line.amount_exctax))
  }
  const keptFamilies = new Map(
    (await t.db.select().from(orderFamilySums))
      .filter((r) => BigInt(r.amount) !== 0n)
      .map((r) => [[r.month, r.status, r.family_id, r.currency_code].join('|'), BigInt(r.amount)]),
  )
  expect(keptFamilies).toEqual(new Map([...expectedFamilies].filter(([, v]) => v !== 0n)))
  expect(keptFamilies.size).toBeGreaterThanOrEqual(3)
})

test('for who sees every order, the kept sums answer exactly what summing the orders answers', async () => {
  await order({ status: 'sent', amount: '100.10', validated: '2026-01-10T10:00:00Z' })
  await order({ status: 'validated', amount: '108.00', currency: 'USD', validated: '2025-12-20T10:00:00Z' })
  await order({ status: 'closed', amount: '50.00', validated: '2025-01-05T10:00:00Z' })
  await t.client.execute(
    "UPDATE purchase_orders SET billed_amount_exctax = '40', billing_status = 'partial' WHERE code = 'DASH-1'",
  )
  const user = await loadSessionUser(t.db, await id("SELECT id FROM users WHERE login = 'admin'"))
  if (user === null) throw new Error('no admin')
  const admin = orderActorOf({ user, real_user: null } as Parameters<typeof orderActorOf>[0])
  for (const read of [distribution, comparison, instanceFigures, globalFigures]) {
    const kept = await read({ db: t.db, clock: t.clock }, admin)
    const summed = await read({ db: t.db, clock: t.clock, sums: false }, admin)
    expect(kept, read.name).toEqual(summed)
  }
})
