import { afterEach, beforeEach, expect, test } from 'vitest'
import { createMailer } from '../mail/mailer'
import { runCrons } from '../services/crons'
import { type Agent, signIn } from '../testing/agent'
import { decodedText, startTestSmtp, type TestSmtp } from '../testing/smtp'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
let smtp: TestSmtp
let requester: Agent
beforeEach(async () => {
  smtp = await startTestSmtp()
  t = await createTestApp()
  // Monday 23 November 2026, the default notification weekday.
  t.clock.set('2026-11-23T07:00:00Z')
  requester = await signIn(t.app, 'requester')
})
afterEach(async () => {
  t.close()
  await smtp.close()
})

const userId = async (login: string) =>
  Number((await t.client.execute({ sql: 'SELECT id FROM users WHERE login = ?', args: [login] })).rows[0]?.id)
const digest = () =>
  runCrons({ db: t.db, clock: t.clock, mailer: createMailer({ smtpUrl: smtp.url, outboxDir: t.dir }) }, [
    'actions_to_do',
  ])
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address))

test('the digest goes on the notification weekday to who has actions waiting, in their language, not again within the delay', async () => {
  const created = await requester.post('/bwapi/needs', {
    title: 'Chairs',
    buyer_id: await userId('buyer'),
    purchase_family: 'FURNITURE',
    lines: [{ description: 'Office chair', quantity: '2', unit_price_exctax: '150' }],
  })
  const id = ((await created.json()) as { data: { id: number } }).data.id
  await requester.post(`/bwapi/needs/${id}/submit`)

  const sent = (await digest()).actions_to_do ?? 0
  expect(sent).toBeGreaterThan(0)
  await smtp.waitFor(sent)
  const [mail] = mailsTo('validator@procura.example')
  // Victor reads French: the request to approve, counted, with its list's link.
  const text = decodedText(mail?.raw ?? '')
  expect(text).toContain('- Demandes à approuver: 1')
  expect(text).toContain('/needs?status=awaiting')
  // Who has nothing waiting gets nothing.
  expect(mailsTo('requester@procura.example')).toEqual([])

  // The same day, and within the mail alert delay: nothing again.
  smtp.received.length = 0
  expect(await digest()).toEqual({ actions_to_do: 0 })
  // Thursday is not a notification weekday.
  t.clock.set('2026-11-26T07:00:00Z')
  expect(await digest()).toEqual({ actions_to_do: 0 })
  // A week later the validator hears again, unless it turned the digest off.
  const validator = await signIn(t.app, 'validator')
  const me = await userId('validator')
  const preferences = (
    (await (await validator.get(`/bwapi/users/${me}/preferences`)).json()) as {
      data: Record<string, unknown>
    }
  ).data
  await validator.post(`/bwapi/users/${me}/preferences`, {
    ...preferences,
    notifications: { actions_to_do: false },
  })
  t.clock.set('2026-11-30T07:00:00Z')
  const later = (await digest()).actions_to_do ?? 0
  await smtp.waitFor(later)
  expect(mailsTo('validator@procura.example')).toEqual([])
})
