import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { writeSetting } from '../services/settings'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let requester: Agent
let buyer: Agent
let needId: number
beforeEach(async () => {
  t = await createTestApp()
  requester = await signIn(t.app, 'requester')
  buyer = await signIn(t.app, 'buyer')
  const buyerId = Number((await t.client.execute("SELECT id FROM users WHERE login = 'buyer'")).rows[0]?.id)
  const created = await requester.post('/bwapi/needs', {
    title: 'Desks',
    buyer_id: buyerId,
    purchase_family: 'FURNITURE',
    lines: [{ description: 'Desk', quantity: '2', unit_price_exctax: '300' }],
  })
  needId = ((await created.json()) as { data: { id: number } }).data.id
})
afterEach(() => t.close())

type Json = { data: Record<string, unknown>[] }
const snapshot = async () => JSON.stringify(await tableCounts(t.client))
const upload = (agent: Agent, path: string, name: string, content: string, recipient?: string) => {
  const form = new FormData()
  form.set('file', new File([content], name))
  if (recipient !== undefined) form.set('recipient_id', recipient)
  return agent.request(path, { method: 'POST', form })
}
const storedFiles = async () =>
  (await readdir(join(t.dir, 'files', 'attachments', 'need', String(needId))).catch(() => [])).length

test('people who see a request discuss it in its comments, oldest first, with their names', async () => {
  expect(
    (await requester.post(`/bwapi/needs/${needId}/comments`, { body: 'Standing desks please' })).status,
  ).toBe(201)
  t.clock.set('2026-11-21T11:00:00Z')
  expect((await buyer.post(`/bwapi/needs/${needId}/comments`, { body: 'Noted' })).status).toBe(201)
  const list = (await (await requester.get(`/bwapi/needs/${needId}/comments`)).json()) as Json
  expect(list.data.map((c) => [c.author, c.body])).toEqual([
    ['Rita Requester', 'Standing desks please'],
    ['Bruno Buyer', 'Noted'],
  ])
  const traces = await t.client.execute("SELECT count(*) AS n FROM traces WHERE action = 'comment'")
  expect(Number(traces.rows[0]?.n)).toBe(2)
})

test('an empty comment, or one on a request the user cannot see, is refused and changes nothing', async () => {
  const validator = await signIn(t.app, 'validator')
  const before = await snapshot()
  const empty = await requester.post(`/bwapi/needs/${needId}/comments`, { body: '   ' })
  expect(empty.status).toBe(422)
  expect(await empty.json()).toMatchObject({ errors: { body: [expect.any(String)] } })
  expect((await validator.post(`/bwapi/needs/${needId}/comments`, { body: 'Hi' })).status).toBe(404)
  expect((await validator.get(`/bwapi/needs/${needId}/comments`)).status).toBe(404)
  expect(await snapshot()).toBe(before)
})

test('files attach to a request, download with their name, and split into all / as buyer / own', async () => {
  const buyerId = Number((await t.client.execute("SELECT id FROM users WHERE login = 'buyer'")).rows[0]?.id)
  const requesterId = Number(
    (await t.client.execute("SELECT id FROM users WHERE login = 'requester'")).rows[0]?.id,
  )
  const path = `/bwapi/needs/${needId}/attachments`
  expect((await upload(requester, path, 'specification.pdf', 'spec')).status).toBe(201)
  expect((await upload(buyer, path, 'quote.pdf', 'quote', String(requesterId))).status).toBe(201)
  expect((await upload(requester, path, 'for-buyer.pdf', 'note', String(buyerId))).status).toBe(201)
  const names = async (agent: Agent, view: string) =>
    ((await (await agent.get(`${path}?view=${view}`)).json()) as Json).data.map((f) => f.name)
  expect(await names(requester, 'all')).toEqual(['specification.pdf', 'quote.pdf', 'for-buyer.pdf'])
  expect(await names(requester, 'as_buyer')).toEqual(['quote.pdf', 'for-buyer.pdf'])
  expect(await names(requester, 'own')).toEqual(['specification.pdf', 'quote.pdf', 'for-buyer.pdf'])
  expect(await names(buyer, 'own')).toEqual(['quote.pdf', 'for-buyer.pdf'])
  expect((await requester.get(`${path}?view=mine`)).status).toBe(422)

  const files = ((await (await requester.get(path)).json()) as Json).data
  const quote = files.find((f) => f.name === 'quote.pdf')
  const downloaded = await requester.get(`${path}/${quote?.id}`)
  expect(downloaded.status).toBe(200)
  expect(downloaded.headers.get('content-disposition')).toContain('quote.pdf')
  expect(await downloaded.text()).toBe('quote')
  expect(await storedFiles()).toBe(3)
})

test('a file of a forbidden type or too large is refused with the allowed types or the maximum, nothing stored', async () => {
  await writeSetting(t.db, t.clock, 'settings', { files: { max_bytes: 10 } })
  const before = await snapshot()
  const path = `/bwapi/needs/${needId}/attachments`
  const wrongType = await upload(requester, path, 'tool.exe', 'MZ')
  expect(wrongType.status).toBe(422)
  expect(JSON.stringify(await wrongType.json())).toContain('pdf')
  const tooLarge = await upload(requester, path, 'big.pdf', 'x'.repeat(11))
  expect(tooLarge.status).toBe(422)
  expect(await tooLarge.json()).toMatchObject({
    errors: { file: ['The file is too large (maximum 10\u00a0B).'] },
  })
  expect((await requester.request(path, { method: 'POST', form: new FormData() })).status).toBe(422)
  expect(await snapshot()).toBe(before)
  expect(await storedFiles()).toBe(0)
})

test('only the one who added a file removes it; the file leaves the disk too', async () => {
  const path = `/bwapi/needs/${needId}/attachments`
  await upload(requester, path, 'draft.pdf', 'v1')
  const [file] = ((await (await requester.get(path)).json()) as Json).data
  const before = await snapshot()
  expect((await buyer.request(`${path}/${file?.id}`, { method: 'DELETE' })).status).toBe(403)
  expect(await snapshot()).toBe(before)
  expect((await requester.request(`${path}/${file?.id}`, { method: 'DELETE' })).status).toBe(200)
  expect(((await (await requester.get(path)).json()) as Json).data).toEqual([])
  expect(await storedFiles()).toBe(0)
})

test('orders carry comments and files the same way', async () => {
  const idOf = async (table: string, code: string) =>
    Number(
      (await t.client.execute({ sql: `SELECT id FROM ${table} WHERE code = ?`, args: [code] })).rows[0]?.id,
    )
  const created = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: await idOf('suppliers', 'OFFICEPRO'),
    company_id: await idOf('companies', 'ACME'),
    currency_code: 'EUR',
    lines: [{ label: 'Paper', quantity: '5', unit_price_exctax: '4.20', vat_rate: '20' }],
  })
  const orderId = ((await created.json()) as { data: { id: number } }).data.id
  expect(
    (await buyer.post(`/bwapi/purchase-orders/${orderId}/comments`, { body: 'Call before delivery' })).status,
  ).toBe(201)
  expect(
    (await upload(buyer, `/bwapi/purchase-orders/${orderId}/attachments`, 'plan.png', 'png')).status,
  ).toBe(201)
  const comments = (await (await buyer.get(`/bwapi/purchase-orders/${orderId}/comments`)).json()) as Json
  expect(comments.data.map((c) => c.body)).toEqual(['Call before delivery'])
  expect((await requester.get(`/bwapi/purchase-orders/${orderId}/comments`)).status).toBe(404)
})
