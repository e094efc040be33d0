import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, agent, signIn } from '../testing/agent'
import { decodedText, startTestSmtp, type TestSmtp } from '../testing/smtp'
import { createTestApp, type TestApp } from '../testing/test-app'

type Json = Record<string, unknown>
type Template = {
  key: string
  label: string
  variables: { name: string; description: string }[]
  languages: { language: string; subject: string; content: string; rewritten: boolean }[]
}
let t: TestApp
let smtp: TestSmtp
let admin: Agent
const json = async (response: Response) => (await response.json()) as Json
const stored = async () => JSON.stringify((await t.client.execute('SELECT * FROM mail_templates')).rows)
const templates = async () => (await json(await admin.get('/bwapi/mail-templates'))).data as Template[]
const put = (path: string, body: unknown, who = admin) => who.request(path, { method: 'PUT', body })

beforeEach(async () => {
  smtp = await startTestSmtp()
  t = await createTestApp({ smtpUrl: smtp.url })
  admin = await signIn(t.app, 'admin')
})
afterEach(async () => {
  await t.close()
  await smtp.close()
})

test('every mail is listed with its variables and its text in each language', async () => {
  const list = await templates()
  expect(list.map((m) => m.key)).toContain('password_reset')
  const reset = list.find((m) => m.key === 'password_reset')
  expect(reset?.variables.map((v) => v.name)).toEqual(['name', 'link', 'minutes'])
  expect(reset?.languages.map((l) => [l.language, l.rewritten])).toEqual([
    ['en', false],
    ['es', false],
    ['fr', false],
  ])
  expect(reset?.languages[2]?.subject).toBe('Procura : réinitialisez votre mot de passe')
  expect((await (await signIn(t.app, 'buyer')).get('/bwapi/mail-templates')).status).toBe(403)
})

test('a rewritten template writes the mails at once; back to the product’s text when reset', async () => {
  const path = '/bwapi/mail-templates/password_reset/fr'
  expect(
    (
      await put(path, {
        subject: 'Nouveau mot de passe pour {name}',
        content: 'Salut {name},\n\nLe lien ({minutes} min) : {link}\n',
      })
    ).status,
  ).toBe(200)
  expect((await templates()).find((m) => m.key === 'password_reset')?.languages[2]?.rewritten).toBe(true)
  const guest = agent(t.app)
  await guest.get('/sanctum/csrf-cookie')
  await guest.post('/forgot-password', { login: 'validator@procura.example' })
  const [mail] = await smtp.waitFor(1)
  const text = decodedText(mail?.raw ?? '')
  expect(text).toContain('Salut Victor Validator,')
  expect(text).toMatch(/Le lien \(60 min\) : http:\/\/localhost\/app\/password-reset\/\S+/)
  expect(mail?.raw).toContain('Subject: Nouveau mot de passe pour Victor Validator')
  // Back to the product's text.
  expect((await admin.request(path, { method: 'DELETE' })).status).toBe(200)
  await guest.post('/forgot-password', { login: 'validator@procura.example' })
  const [, again] = await smtp.waitFor(2)
  expect(decodedText(again?.raw ?? '')).toContain('Bonjour Victor Validator')
})

test('an unknown variable, an empty subject, an unknown mail or language are refused; nothing changes', async () => {
  const before = await stored()
  const refused = await put('/bwapi/mail-templates/password_reset/en', {
    subject: 'Reset for {name}',
    content: 'Hello {name}, your code is {code}.',
  })
  expect(refused.status).toBe(422)
  expect((await json(refused)).errors).toEqual({
    content: ['Unknown variable {code}: this mail offers {name}, {link}, {minutes}.'],
  })
  expect(
    Object.keys(
      (await json(await put('/bwapi/mail-templates/password_reset/en', { subject: ' ', content: 'x' })))
        .errors as Json,
    ),
  ).toEqual(['subject'])
  for (const path of ['/bwapi/mail-templates/nothing/en', '/bwapi/mail-templates/password_reset/de'])
    expect((await put(path, { subject: 'a', content: 'b' })).status).toBe(404)
  const buyer = await signIn(t.app, 'buyer')
  expect(
    (await put('/bwapi/mail-templates/password_reset/en', { subject: 'a', content: 'b' }, buyer)).status,
  ).toBe(403)
  expect(await stored()).toBe(before)
})

test('a preview writes the mail with an example of each variable and keeps nothing', async () => {
  const before = await stored()
  const answer = await admin.post('/bwapi/mail-templates/validation_request/fr/preview', {
    subject: '{document} à valider',
    content: 'Bonjour {name},\n{onBehalf}{document} ({amount}) : {link}',
  })
  expect((await json(answer)).data).toEqual({
    subject: 'La commande PO-2026-0042 à valider',
    text: 'Bonjour Camille Martin,\nVous le recevez en tant que délégué de Dominique Petit.\nLa commande PO-2026-0042 (1,234.50 EUR) : https://procura.example/app/purchase-orders/42',
  })
  expect(
    (
      await admin.post('/bwapi/mail-templates/validation_request/fr/preview', {
        subject: '{x}',
        content: 'y',
      })
    ).status,
  ).toBe(422)
  expect(await stored()).toBe(before)
})

test('the order’s send dialog is prefilled from the order mail’s template in the contact’s language', async () => {
  await put('/bwapi/mail-templates/order_sending/en', {
    subject: 'Order {code} from Acme',
    content: 'Please deliver order {code}.\n{buyer}',
  })
  await put('/bwapi/mail-templates/order_sending/fr', {
    subject: 'Commande {code} d’Acme',
    content: 'Merci de livrer la commande {code}.\n{buyer}',
  })
  const buyer = await signIn(t.app, 'buyer')
  const id = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
  const made = (
    await json(
      await buyer.post('/bwapi/purchase-orders', {
        supplier_id: await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
        company_id: await id("SELECT id FROM companies WHERE code = 'ACME'"),
        currency_code: 'EUR',
        lines: [{ label: 'Paper', quantity: '10', unit_price_exctax: '5', vat_rate: '20' }],
      }),
    )
  ).data as { id: number; code: string }
  const order = { id: made.id, code: made.code }
  const page = (await json(await buyer.get(`/bwapi/purchase-orders/${order.id}`))).data as {
    send_defaults: { subject: string; content: string }
  }
  expect(page.send_defaults.subject).toMatch(
    new RegExp(`^(Order ${String(order?.code)} from Acme|Commande ${String(order?.code)} d’Acme)$`),
  )
  expect(page.send_defaults.content).toContain(String(order?.code))
})
