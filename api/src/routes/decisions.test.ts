import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { decodedText, startTestSmtp, type TestSmtp } from '../testing/smtp'
import { createTestApp, type TestApp } from '../testing/test-app'

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

const submittedRequest = async (language: 'en' | 'es' | 'fr' = 'en') => {
  await t.client.execute({ sql: "UPDATE users SET language = ? WHERE login = 'requester'", args: [language] })
  const created = await requester.post('/bwapi/needs', {
    title: 'Chairs',
    buyer_id: await userId('buyer'),
    purchase_family: 'FURNITURE',
    lines: [{ description: 'Office chair', quantity: '2', unit_price_exctax: '150' }],
  })
  const id = ((await json(created)).data as { id: number }).id
  await requester.post(`/bwapi/needs/${id}/submit`)
  await smtp.waitFor(1) // the validator was asked
  smtp.received.length = 0
  t.pushed.length = 0
  return id
}

test('a refusal reaches its author at once, in the app and by e-mail in their language, with the reason', async () => {
  const id = await submittedRequest('es')
  const refused = await validator.post(`/bwapi/needs/${id}/refuse`, {
    reason: 'Un solo sillón basta por ahora.',
  })
  expect(refused.status).toBe(200)
  const [mail] = await smtp.waitFor(1)
  expect(mail?.to).toEqual(['requester@procura.example'])
  const text = decodedText(mail?.raw ?? '')
  expect(text).toMatch(/La solicitud REQ-\S+: rechazo de Victor Validator:/)
  expect(text).toContain('Un solo sillón basta por ahora.')
  const me = await userId('requester')
  expect(t.pushed.filter((p) => p.userId === me).map((p) => p.event.type)).toEqual([
    'decision',
    'actions-to-do',
    'notification',
  ])
  // Kept as a notification too, written in the reader's language, unread until read.
  const notes = (await json(await requester.get('/bwapi/notifications'))) as { data: Json[]; meta: Json }
  expect(notes.data[0]).toMatchObject({ kind: 'refused', read: false })
  expect(String(notes.data[0]?.text)).toMatch(
    /^Victor Validator rechazó REQ-\S+: Un solo sillón basta por ahora\.$/,
  )
  expect(notes.meta.unread).toBe(1)
  expect(t.pushed.find((p) => p.event.type === 'decision')?.event.payload).toMatchObject({
    decision: 'refused',
    reason: 'Un solo sillón basta por ahora.',
  })
  const todo = (await json(await requester.get('/bwapi/actions-to-do'))) as { count: number; actions: Json[] }
  expect(todo.actions).toEqual([expect.objectContaining({ link: '/needs?status=refused', count: 1 })])
})

test('an approval reaches its author too; a refusal without a reason reaches nobody and changes nothing', async () => {
  const id = await submittedRequest('fr')
  expect((await validator.post(`/bwapi/needs/${id}/refuse`, { reason: ' ' })).status).toBe(422)
  expect(t.pushed).toEqual([])
  expect(((await json(await requester.get(`/bwapi/needs/${id}`))).data as Json).status).toBe('awaiting')
  await validator.post(`/bwapi/needs/${id}/approve`)
  const [mail] = await smtp.waitFor(1)
  expect(decodedText(mail?.raw ?? '')).toContain(': approbation de Victor Validator.')
})

test('a document names the people its circuit mentions', async () => {
  const id = await submittedRequest()
  const need = (await json(await requester.get(`/bwapi/needs/${id}`))).data as {
    waiting_on: string[]
    names: Record<string, string>
  }
  expect(need.waiting_on).toEqual(['validator'])
  expect(need.names).toEqual({ validator: 'Victor Validator' })
})
