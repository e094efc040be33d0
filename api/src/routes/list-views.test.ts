import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let buyer: Agent
let requester: Agent
beforeAll(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  requester = await signIn(t.app, 'requester')
})
afterAll(() => t.close())

type View = { id: number; name: string; query: string; columns: string[]; is_default: boolean }
const viewsOf = async (agent: Agent, list = 'purchase-orders') =>
  (
    (await (await agent.get(`/bwapi/list-views/${list}`)).json()) as {
      data: { views: View[]; columns: string[] | null }
    }
  ).data
const save = (agent: Agent, body: unknown, list = 'purchase-orders') =>
  agent.post(`/bwapi/list-views/${list}`, body)
const send = (agent: Agent, method: string, path: string, body?: unknown) =>
  agent.request(path, { method, ...(body === undefined ? {} : { body }) })

test('a view keeps the filters, sort and columns, not the page; it is the reader’s own', async () => {
  const response = await save(buyer, {
    name: 'Sent, largest first',
    query: '?status=sent&sort=amount_exctax&direction=desc&page=3&after=x~1&search=',
    columns: ['code', 'supplier', 'amount_exctax'],
  })
  expect(response.status).toBe(201)
  const { data } = (await response.json()) as { data: View }
  expect(data).toMatchObject({
    name: 'Sent, largest first',
    query: 'status=sent&sort=amount_exctax&direction=desc',
    columns: ['code', 'supplier', 'amount_exctax'],
    is_default: false,
  })
  expect((await viewsOf(buyer)).views.map((v) => v.name)).toContain('Sent, largest first')
  expect((await viewsOf(requester)).views).toEqual([])
  // Another person cannot change or delete it.
  expect((await send(requester, 'DELETE', `/bwapi/list-views/purchase-orders/${data.id}`)).status).toBe(404)
  expect(
    (await send(requester, 'PATCH', `/bwapi/list-views/purchase-orders/${data.id}`, { name: 'x' })).status,
  ).toBe(404)
})

test('one default view per list: making one the default unmakes the other', async () => {
  const a = ((await (await save(buyer, { name: 'A', is_default: true })).json()) as { data: View }).data
  const b = ((await (await save(buyer, { name: 'B', is_default: true })).json()) as { data: View }).data
  let views = (await viewsOf(buyer)).views
  expect(views.filter((v) => v.is_default).map((v) => v.name)).toEqual(['B'])
  expect(
    (await send(buyer, 'PATCH', `/bwapi/list-views/purchase-orders/${a.id}`, { is_default: true })).status,
  ).toBe(200)
  views = (await viewsOf(buyer)).views
  expect(views.filter((v) => v.is_default).map((v) => v.name)).toEqual(['A'])
  // What a change does not name stays as it was.
  const sent = views.find((v) => v.name === 'Sent, largest first')
  expect(
    (await send(buyer, 'PATCH', `/bwapi/list-views/purchase-orders/${sent?.id}`, { is_default: true }))
      .status,
  ).toBe(200)
  expect((await viewsOf(buyer)).views.find((v) => v.id === sent?.id)).toMatchObject({
    query: 'status=sent&sort=amount_exctax&direction=desc',
    columns: ['code', 'supplier', 'amount_exctax'],
    is_default: true,
  })
  await send(buyer, 'PATCH', `/bwapi/list-views/purchase-orders/${a.id}`, { is_default: true })
  expect((await send(buyer, 'DELETE', `/bwapi/list-views/purchase-orders/${b.id}`)).status).toBe(200)
  expect((await viewsOf(buyer)).views.map((v) => v.name)).not.toContain('B')
})

test.each([
  ['an empty name', { name: '  ' }, 'name'],
  ['a name used already', { name: 'Sent, largest first' }, 'name'],
  ['a column the list does not have', { name: 'C', columns: ['code', 'password_hash'] }, 'columns'],
  ['a column twice', { name: 'D', columns: ['code', 'code'] }, 'columns'],
])('a view with %s is refused on its field and nothing is saved', async (_, body, field) => {
  const before = await tableCounts(t.client)
  const response = await save(buyer, body)
  expect(response.status).toBe(422)
  const answer = (await response.json()) as { errors: Record<string, string[]> }
  expect(Object.keys(answer.errors)).toEqual([field])
  expect(await tableCounts(t.client)).toEqual(before)
})

test('renaming onto another view’s name is refused and changes nothing', async () => {
  const view = ((await (await save(buyer, { name: 'E' })).json()) as { data: View }).data
  const before = await tableCounts(t.client)
  const response = await send(buyer, 'PATCH', `/bwapi/list-views/purchase-orders/${view.id}`, { name: 'A' })
  expect(response.status).toBe(422)
  expect(await tableCounts(t.client)).toEqual(before)
  expect((await viewsOf(buyer)).views.find((v) => v.id === view.id)?.name).toBe('E')
})

test('an unknown list has no views', async () => {
  expect((await buyer.get('/bwapi/list-views/passwords')).status).toBe(404)
  expect((await save(buyer, { name: 'x' }, 'passwords')).status).toBe(404)
})

test('the columns a person chooses are kept for the next visit; [] goes back to the default', async () => {
  expect((await viewsOf(buyer, 'supplier-invoices')).columns).toBeNull()
  const put = (columns: string[]) =>
    send(buyer, 'PUT', '/bwapi/list-views/supplier-invoices/columns', { columns })
  expect((await put(['supplier', 'code', 'amount_inctax'])).status).toBe(200)
  expect((await viewsOf(buyer, 'supplier-invoices')).columns).toEqual(['supplier', 'code', 'amount_inctax'])
  expect((await viewsOf(requester, 'supplier-invoices')).columns).toBeNull()
  const before = await tableCounts(t.client)
  expect((await put(['supplier', 'nope'])).status).toBe(422)
  expect(await tableCounts(t.client)).toEqual(before)
  expect((await put([])).status).toBe(200)
  expect((await viewsOf(buyer, 'supplier-invoices')).columns).toBeNull()
})
