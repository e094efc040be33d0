import { afterEach, beforeEach, expect, test } from 'vitest'
import { traces } from '../db/schema'
import { runCrons } from '../services/crons'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let requester: Agent
let needId: number
beforeEach(async () => {
  t = await createTestApp()
  requester = await signIn(t.app, 'requester')
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

type Json = Record<string, unknown>
type Page = { data: Json[]; meta: Json }
const page = async (agent: Agent, query: string) => {
  const response = await agent.get(`/bwapi/traces${query}`)
  expect(response.status, query).toBe(200)
  return (await response.json()) as Page
}

test('the traces of a document, newest first, with who and the page of its document', async () => {
  await requester.post(`/bwapi/needs/${needId}/comments`, { body: 'Standing desks please' })
  const mine = await page(requester, `?model=need&model_id=${needId}`)
  expect(mine.data.map((r) => r.action)).toEqual(['comment', 'create'])
  expect(mine.data[0]).toMatchObject({
    model: 'need',
    model_id: String(needId),
    user: 'Rita Requester',
    severity: 'info',
    page: `/needs/${needId}`,
  })
  const detail = await requester.get(`/bwapi/traces/${mine.data[0]?.id}`)
  expect(((await detail.json()) as { data: Json }).data).toMatchObject({ action: 'comment' })
})

test('a step of its history reads in the reader’s language; the audit line keeps its codes', async () => {
  expect((await requester.post(`/bwapi/needs/${needId}/submit`, {})).status).toBe(200)
  expect((await requester.post('/bwapi/language/change', { code: 'fr' })).status).toBe(200)
  const [submitted] = (await page(requester, `?model=need&model_id=${needId}&action=submit`)).data
  expect(submitted?.message).toMatch(/: submit → awaiting\/none$/)
  expect(submitted?.summary).toBe('Soumettre → En attente de validation')
  const detail = await requester.get(`/bwapi/traces/${submitted?.id}`)
  expect(((await detail.json()) as { data: Json }).data).toMatchObject({ summary: submitted?.summary })
})

test('each reads only what concerns documents it may read; administrators read all', async () => {
  const admin = await signIn(t.app, 'admin')
  const payables = await signIn(t.app, 'payables')
  const about = `?model=need&model_id=${needId}`
  const all = await page(admin, about)
  expect(all.data.length).toBeGreaterThan(0)
  // Accounts payable neither asked, buys nor validates this request.
  expect((await page(payables, about)).data).toEqual([])
  expect((await payables.get(`/bwapi/traces/${all.data[0]?.id}`)).status).toBe(404)
  // A supplier's contact has no trace list at all.
  const contact = await signIn(t.app, 'supplier')
  expect((await contact.get('/bwapi/traces')).status).toBe(403)
  // Filters: severity, who, and a refused value named.
  expect((await page(admin, '?severity=danger')).data.every((r) => r.severity === 'danger')).toBe(true)
  const requesterId = String(all.data[0]?.user_id)
  expect((await page(admin, `?user_id=${requesterId}`)).data.every((r) => r.user === 'Rita Requester')).toBe(
    true,
  )
  const before = JSON.stringify(await tableCounts(t.client))
  const refused = await admin.get('/bwapi/traces?severity=loud')
  expect(refused.status).toBe(422)
  expect(JSON.stringify(await tableCounts(t.client))).toBe(before)
})

test('the traces job deletes what is older than the retention setting, nothing newer', async () => {
  const old = new Date(t.clock.now().getTime() - 731 * 24 * 3600 * 1000)
  const recent = new Date(t.clock.now().getTime() - 729 * 24 * 3600 * 1000)
  await t.db.insert(traces).values([
    {
      action: 'old',
      message: 'Two years and a day ago',
      model: 'settings',
      severity: 'info',
      created_at: old,
    },
    {
      action: 'kept',
      message: 'Just under two years',
      model: 'settings',
      severity: 'info',
      created_at: recent,
    },
  ])
  const count = async (action: string) =>
    Number(
      (await t.client.execute({ sql: 'SELECT count(*) AS n FROM traces WHERE action = ?', args: [action] }))
        .rows[0]?.n,
    )
  expect(await runCrons(t, ['traces'])).toEqual({ traces: 1 })
  expect([await count('old'), await count('kept')]).toEqual([0, 1])
})
