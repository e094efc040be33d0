import { afterEach, beforeEach, expect, test } from 'vitest'
import { createMailer } from '../mail/mailer'
import { notify } from '../services/notifications/notifications'
import { type Agent, signIn } from '../testing/agent'
import { decodedText, startTestSmtp, type TestSmtp } from '../testing/smtp'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let smtp: TestSmtp
let requester: Agent
let validator: Agent
beforeEach(async () => {
  smtp = await startTestSmtp()
  t = await createTestApp({ smtpUrl: smtp.url })
  requester = await signIn(t.app, 'requester')
  validator = await signIn(t.app, 'validator')
})
afterEach(async () => {
  t.close()
  await smtp.close()
})

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json
const userId = async (login: string) =>
  Number((await t.client.execute({ sql: 'SELECT id FROM users WHERE login = ?', args: [login] })).rows[0]?.id)
const submit = async () => {
  const created = await requester.post('/bwapi/needs', {
    title: 'Chairs',
    buyer_id: await userId('buyer'),
    purchase_family: 'FURNITURE',
    lines: [{ description: 'Office chair', quantity: '2', unit_price_exctax: '150' }],
  })
  const id = ((await json(created)).data as { id: number }).id
  expect((await requester.post(`/bwapi/needs/${id}/submit`)).status).toBe(200)
  return id
}
const unread = async (agent: Agent) =>
  ((await json(await agent.get('/bwapi/notifications/count'))).data as Json).unread

test('a request waiting for a validation notifies its validator: listed, counted, pushed, read one by one or all at once', async () => {
  const id = await submit()
  const me = await userId('validator')
  expect(t.pushed.filter((p) => p.userId === me).map((p) => p.event.type)).toContain('notification')
  const page = (await json(await validator.get('/bwapi/notifications'))) as { data: Json[]; meta: Json }
  // Written in the reader's language (Victor reads French).
  expect(page.data[0]).toMatchObject({ kind: 'to_validate', read: false, link: `/needs/${id}` })
  expect(String(page.data[0]?.text)).toMatch(/^REQ-\S+ attend votre validation\.$/)
  expect(await unread(validator)).toBe(1)
  // Nobody reads or marks another's.
  const noteId = page.data[0]?.id
  expect((await requester.post(`/bwapi/notifications/${noteId}/read`)).status).toBe(404)
  expect(await unread(validator)).toBe(1)
  expect((await validator.post(`/bwapi/notifications/${noteId}/read`)).status).toBe(200)
  expect(await unread(validator)).toBe(0)
  await submit()
  await submit()
  expect(await unread(validator)).toBe(2)
  expect(((await json(await validator.post('/bwapi/notifications/read-all'))).data as Json).count).toBe(2)
  expect(await unread(validator)).toBe(0)
  expect(((await json(await validator.get('/bwapi/notifications?unread=1'))).data as Json[]).length).toBe(0)
})

test('each user chooses per kind: none keeps both the notification and the e-mail away; e-mail only writes none in the app', async () => {
  const me = await userId('validator')
  expect(((await json(await validator.get(`/bwapi/users/${me}/notifications`))).data as Json[])[0]).toEqual({
    kind: 'to_validate',
    channel: 'both',
    default: 'both',
  })
  // A wrong channel is refused and changes nothing; another user's choices are not its to change.
  const before = JSON.stringify(await tableCounts(t.client))
  expect(
    (
      await validator.request(`/bwapi/users/${me}/notifications`, {
        method: 'PUT',
        body: { to_validate: 'pigeon' },
      })
    ).status,
  ).toBe(422)
  expect(
    (
      await requester.request(`/bwapi/users/${me}/notifications`, {
        method: 'PUT',
        body: { to_validate: 'none' },
      })
    ).status,
  ).toBe(403)
  expect(JSON.stringify(await tableCounts(t.client))).toBe(before)

  expect(
    (
      await validator.request(`/bwapi/users/${me}/notifications`, {
        method: 'PUT',
        body: { to_validate: 'none' },
      })
    ).status,
  ).toBe(200)
  await submit()
  expect(await unread(validator)).toBe(0)
  expect(
    (
      await validator.request(`/bwapi/users/${me}/notifications`, {
        method: 'PUT',
        body: { to_validate: 'email' },
      })
    ).status,
  ).toBe(200)
  await submit()
  await smtp.waitFor(1)
  expect(smtp.received).toHaveLength(1)
  expect(await unread(validator)).toBe(0)
})

test('a kind without a mail of its own is e-mailed in the reader’s language when chosen, never twice for one with its own', async () => {
  const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: t.dir })
  const deps = { db: t.db, clock: t.clock, mailer, linkBase: 'https://procura.example/app' }
  const me = await userId('validator')
  const event = {
    model: 'purchase_order',
    model_id: 7,
    params: { code: 'PO-2026-00007', delivery: 'DL-2026-00003' },
  }
  // Delivery received reaches the app only by default: no mail.
  await notify(deps, { ...event, user_ids: [me], kind: 'delivery_received' })
  expect(smtp.received).toHaveLength(0)
  await validator.request(`/bwapi/users/${me}/notifications`, {
    method: 'PUT',
    body: { delivery_received: 'both' },
  })
  await notify(deps, { ...event, user_ids: [me], kind: 'delivery_received' })
  const [mail] = await smtp.waitFor(1)
  const text = decodedText(mail?.raw ?? '')
  expect(text).toContain('PO-2026-00007 : une livraison a été reçue (DL-2026-00003).')
  expect(text).toContain('https://procura.example/app/purchase-orders/7')
  // A validation request has its own mail (sent by its event): notify sends no second one.
  smtp.received.length = 0
  await notify(deps, { ...event, user_ids: [me], kind: 'to_validate', params: { code: 'PO-2026-00007' } })
  expect(smtp.received).toHaveLength(0)
  expect(await unread(validator)).toBe(3)
})
