import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let buyer: Agent
beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
})
afterEach(() => t.close())

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT * FROM suppliers ORDER BY id')).rows,
    (await t.client.execute('SELECT * FROM supplier_contacts ORDER BY id')).rows,
  ])
const paperCo = { code: 'PAPERCO', company_name: 'Paper & Co', currency_code: 'EUR', max_per_order: '5000' }

test('a buyer creates a supplier with a contact, edits it, and orders from it', async () => {
  const created = await buyer.post('/bwapi/suppliers', paperCo)
  expect(created.status).toBe(201)
  const id = ((await json(created)).data as { id: number }).id
  const contact = await buyer.post(`/bwapi/suppliers/${id}/contacts`, {
    name: 'Paula',
    email: 'orders@paperco.example',
    language: 'fr',
    main_order_contact: true,
  })
  expect(contact.status).toBe(201)
  const edited = await buyer.request(`/bwapi/suppliers/${id}`, {
    method: 'PUT',
    body: { ...paperCo, company_name: 'Paper and Co', max_per_year: '20000' },
  })
  expect(edited.status).toBe(200)
  expect((await json(await buyer.get(`/bwapi/suppliers/${id}`))).data).toMatchObject({
    company_name: 'Paper and Co',
    max_per_order: '5000',
    max_per_year: '20000',
    contacts: [{ name: 'Paula', language: 'fr', main_order_contact: true }],
  })
  expect((await json(await buyer.get(`/bwapi/suppliers/${id}/header`))).data).toMatchObject({
    code: 'PAPERCO',
    orders: 0,
  })
  const found = (await json(await buyer.get('/bwapi/suppliers/search?search=paper'))).data as Json[]
  expect(found.map((s) => s.code)).toEqual(['PAPERCO'])
  const list = await json(await buyer.get('/bwapi/suppliers?search=paper&sort=code'))
  expect((list.data as Json[]).map((s) => s.code)).toEqual(['PAPERCO'])
  const traces = await t.client.execute("SELECT action FROM traces WHERE model = 'supplier' ORDER BY id")
  expect(traces.rows.map((r) => r.action)).toEqual(['create', 'create_contact', 'update'])
})

test('a second main order contact takes over from the first', async () => {
  const id = ((await json(await buyer.post('/bwapi/suppliers', paperCo))).data as { id: number }).id
  await buyer.post(`/bwapi/suppliers/${id}/contacts`, {
    name: 'A',
    email: 'a@p.example',
    main_order_contact: true,
  })
  await buyer.post(`/bwapi/suppliers/${id}/contacts`, {
    name: 'B',
    email: 'b@p.example',
    main_order_contact: true,
  })
  const contacts = ((await json(await buyer.get(`/bwapi/suppliers/${id}`))).data as { contacts: Json[] })
    .contacts
  expect(contacts.map((c) => [c.name, c.main_order_contact])).toEqual([
    ['A', false],
    ['B', true],
  ])
})

test('refusals change nothing: a taken code, an unknown currency, bad ceilings, a requester', async () => {
  const before = await snapshot()
  const taken = await buyer.post('/bwapi/suppliers', { ...paperCo, code: 'OFFICEPRO', currency_code: 'XYZ' })
  expect(taken.status).toBe(422)
  expect((await json(taken)).errors).toEqual({
    code: ['This value is already used.'],
    currency_code: [expect.any(String)],
  })
  expect((await buyer.post('/bwapi/suppliers', { ...paperCo, max_per_order: '-5' })).status).toBe(422)
  const requester = await signIn(t.app, 'requester')
  const afterSignIn = await snapshot()
  expect((await requester.post('/bwapi/suppliers', paperCo)).status).toBe(403)
  const officepro = Number(
    (await t.client.execute("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")).rows[0]?.id,
  )
  expect(
    (await requester.post(`/bwapi/suppliers/${officepro}/contacts`, { name: 'X', email: 'x@x.example' }))
      .status,
  ).toBe(403)
  expect(await snapshot()).toBe(afterSignIn)
  expect(JSON.parse(afterSignIn)[1]).toEqual(JSON.parse(before)[1])
})

test('a contact named on an order cannot be removed; an unused one can', async () => {
  const safework = (
    await t.client.execute(
      "SELECT s.id AS supplier, c.id AS contact FROM suppliers s JOIN supplier_contacts c ON c.supplier_id = s.id WHERE s.code = 'SAFEWORK'",
    )
  ).rows[0]
  const company = Number((await t.client.execute("SELECT id FROM companies WHERE code = 'ACME'")).rows[0]?.id)
  await buyer.post('/bwapi/purchase-orders', {
    supplier_id: safework?.supplier,
    supplier_contact_id: safework?.contact,
    company_id: company,
    currency_code: 'EUR',
    lines: [{ label: 'Helmets', quantity: '1', unit_price_exctax: '30', vat_rate: '20' }],
  })
  const before = await snapshot()
  const refused = await buyer.request(
    `/bwapi/suppliers/${safework?.supplier}/contacts/${safework?.contact}`,
    {
      method: 'DELETE',
    },
  )
  expect(refused.status).toBe(409)
  expect((await json(refused)).code).toBe('SUPPLIER_CONTACT_IN_USE')
  expect(await snapshot()).toBe(before)
  const extra = (
    (
      await json(
        await buyer.post(`/bwapi/suppliers/${safework?.supplier}/contacts`, {
          name: 'Temp',
          email: 'temp@s.example',
        }),
      )
    ).data as { id: number }
  ).id
  expect(
    (await buyer.request(`/bwapi/suppliers/${safework?.supplier}/contacts/${extra}`, { method: 'DELETE' }))
      .status,
  ).toBe(200)
  expect((await buyer.request(`/bwapi/suppliers/999/contacts/${extra}`, { method: 'DELETE' })).status).toBe(
    404,
  )
})

test('a supplier’s address and intra-community VAT number are kept; a malformed VAT number is refused', async () => {
  const before = await snapshot()
  const refused = await buyer.post('/bwapi/suppliers', { ...paperCo, intra_community_vat: 'FR12' })
  expect(refused.status).toBe(422)
  expect(Object.keys((await json(refused)).errors as object)).toEqual(['intra_community_vat'])
  expect(await snapshot()).toBe(before)
  const created = await buyer.post('/bwapi/suppliers', {
    ...paperCo,
    address: '3 quai des Papetiers, 33000 Bordeaux',
    intra_community_vat: 'FR 40 303 265 045',
  })
  const id = ((await json(created)).data as { id: number }).id
  const read = (await json(await buyer.get(`/bwapi/suppliers/${id}`))).data as Json
  expect(read).toMatchObject({
    address: '3 quai des Papetiers, 33000 Bordeaux',
    intra_community_vat: 'FR 40 303 265 045',
  })
})

test('a supplier’s payment term is kept as given; a term that does not add up is refused and changes nothing', async () => {
  const term = { on_receipt: false, days: 45, month_end: true, fixed_day: 10, payment_deadline: 60 }
  const created = await buyer.post('/bwapi/suppliers', { ...paperCo, payment_term: term })
  const id = ((await json(created)).data as { id: number }).id
  expect((await json(await buyer.get(`/bwapi/suppliers/${id}`))).data).toMatchObject({
    payment_term: term,
    payment_type: 'transfer',
  })
  const before = await snapshot()
  for (const bad of [
    { ...term, fixed_day: 32 },
    { ...term, days: -1 },
    { ...term, weeks: 2 },
    'thirty days',
  ]) {
    const refused = await buyer.request(`/bwapi/suppliers/${id}`, {
      method: 'PUT',
      body: { ...paperCo, payment_term: bad },
    })
    expect(refused.status).toBe(422)
  }
  expect(await snapshot()).toBe(before)
})
