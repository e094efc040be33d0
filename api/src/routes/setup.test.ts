import { afterEach, expect, test } from 'vitest'
import { agent, signIn } from '../testing/agent'
import { decodedText, startTestSmtp, type TestSmtp } from '../testing/smtp'
import { createTestApp, type TestApp } from '../testing/test-app'
import { settingsSnapshot, tableCounts } from '../testing/test-database'

/** The browser's first-run setup (issue 49 §1): from a database without a user to a signed-in administrator. */
type Json = Record<string, unknown>
let t: TestApp
let smtp: TestSmtp | null = null
afterEach(async () => {
  await t.close()
  await smtp?.close()
  smtp = null
})

const FIRST_RUN = {
  login: 'ada',
  label: 'Ada Admin',
  email: 'ada@example.org',
  language: 'fr',
  password: 'Setup-2026!',
  password_confirmation: 'Setup-2026!',
  company_code: 'NORD',
  company_label: 'Nord Fournitures',
  currency_code: 'EUR',
  country_code: 'FR',
  public_url: 'https://achats.example.org/',
  smtp_url: null,
  mail_from: null,
  file_storage: 'folder',
}

const guest = async () => {
  const browser = agent(t.app)
  await browser.get('/sanctum/csrf-cookie')
  return browser
}
const unchanged = async () => JSON.stringify([await tableCounts(t.client), await settingsSnapshot(t.client)])

test('an empty database offers the setup; it makes the administrator, the company and the settings, signed in', async () => {
  t = await createTestApp({ empty: true })
  const browser = await guest()
  expect(((await (await browser.get('/bwapi/users/login-infos')).json()) as Json).setup_needed).toBe(true)
  const choices = (await (await browser.get('/bwapi/setup')).json()) as {
    open: boolean
    currencies: { value: string; label: string }[]
    countries: { value: string }[]
  }
  expect(choices.open).toBe(true)
  expect(choices.currencies.map((c) => c.value)).toContain('EUR')
  expect(choices.countries.map((c) => c.value)).toContain('FR')

  const done = await browser.post('/bwapi/setup', FIRST_RUN)
  expect(done.status).toBe(200)
  const answer = (await done.json()) as { invited: boolean; user: { login: string; role: string } }
  expect(answer.invited).toBe(false)
  expect(answer.user.login).toBe('ada')
  const company = (
    await t.client.execute("SELECT label, currency_code, country_code FROM companies WHERE code = 'NORD'")
  ).rows[0]
  expect(company).toMatchObject({ label: 'Nord Fournitures', currency_code: 'EUR', country_code: 'FR' })
  const groups = (
    (await (await browser.get('/bwapi/settings')).json()) as {
      data: { groups: { group: string; values: Record<string, unknown> }[] }
    }
  ).data.groups
  const settings = Object.fromEntries(groups.map((g) => [g.group, g.values])) as Record<string, Json>
  expect(settings.instance?.public_url).toBe('https://achats.example.org/')
  expect(settings.customer?.name).toBe('Nord Fournitures')
  // Never afterwards: the page no longer offers it, and a second setup changes nothing.
  expect(((await (await browser.get('/bwapi/users/login-infos')).json()) as Json).setup_needed).toBe(false)
  expect(((await (await browser.get('/bwapi/setup')).json()) as Json).open).toBe(false)
  const before = await unchanged()
  const again = await (await guest()).post('/bwapi/setup', { ...FIRST_RUN, login: 'mallory' })
  expect(again.status).toBe(409)
  expect(((await again.json()) as Json).code).toBe('SETUP_DONE')
  expect(await unchanged()).toBe(before)
  // The password chosen signs in.
  await signIn(t.app, 'ada', 'Setup-2026!')
})

test('a database with users never offers the setup', async () => {
  t = await createTestApp()
  const browser = await guest()
  expect(((await (await browser.get('/bwapi/users/login-infos')).json()) as Json).setup_needed).toBe(false)
  const before = await unchanged()
  const refused = await browser.post('/bwapi/setup', FIRST_RUN)
  expect(refused.status).toBe(409)
  expect(await unchanged()).toBe(before)
})

test('bad answers are refused field by field and change nothing', async () => {
  t = await createTestApp({ empty: true })
  const browser = await guest()
  const before = await unchanged()
  const errorsOf = async (response: Response) => {
    expect(response.status).toBe(422)
    return ((await response.json()) as { errors: Record<string, string[]> }).errors
  }
  const weak = await errorsOf(
    await browser.post('/bwapi/setup', { ...FIRST_RUN, password: 'short', password_confirmation: 'other' }),
  )
  expect(weak.password?.join(' ')).toMatch(/at least 8 characters/)
  expect(weak.password_confirmation).toEqual(['The password confirmation does not match.'])
  const unknown = await errorsOf(
    await browser.post('/bwapi/setup', { ...FIRST_RUN, currency_code: 'XTS', country_code: 'ZZ' }),
  )
  expect(Object.keys(unknown).sort()).toEqual(['country_code', 'currency_code'])
  const inviteWithoutMail = await errorsOf(await browser.post('/bwapi/setup', { ...FIRST_RUN, invite: true }))
  expect(inviteWithoutMail.smtp_url?.[0]).toMatch(/needs a mail server/)
  // A mail server that does not answer is named, and nothing is made.
  const unreachable = await errorsOf(
    await browser.post('/bwapi/setup', { ...FIRST_RUN, smtp_url: 'smtp://127.0.0.1:9' }),
  )
  expect(unreachable.smtp_url?.[0]).toMatch(/^The test mail could not be sent through this server \(.+\)/)
  expect(await unchanged()).toBe(before)
  expect(((await (await browser.get('/bwapi/setup')).json()) as Json).open).toBe(true)
})

test('an invited administrator gets the test mail and the link to choose a password, through the server given', async () => {
  t = await createTestApp({ empty: true })
  smtp = await startTestSmtp()
  const browser = await guest()
  const done = await browser.post('/bwapi/setup', {
    ...FIRST_RUN,
    invite: true,
    password: '',
    password_confirmation: '',
    smtp_url: smtp.url,
    mail_from: 'Achats <achats@example.org>',
  })
  expect(done.status).toBe(200)
  expect(((await done.json()) as Json).invited).toBe(true)
  const mails = await smtp.waitFor(2)
  expect(mails.map((m) => m.to)).toEqual([['ada@example.org'], ['ada@example.org']])
  expect(mails[0]?.from).toBe('achats@example.org')
  // The link starts with the public address given (without its slash), then the base path.
  const link = decodedText(mails[1]?.raw ?? '').match(
    /https:\/\/achats\.example\.org\/app\/password-reset\/\S+/,
  )
  expect(link).not.toBeNull()
  // Not signed in: the administrator has no password until the link is used.
  expect((await browser.get('/bwapi/settings')).status).toBe(401)
})

test('two setups at once: one administrator, the other refused', async () => {
  t = await createTestApp({ empty: true })
  const [a, b] = await Promise.all([guest(), guest()])
  const answers = await Promise.all([
    a.post('/bwapi/setup', FIRST_RUN),
    b.post('/bwapi/setup', { ...FIRST_RUN, login: 'bob', company_code: 'SUD' }),
  ])
  expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
  expect(Number((await t.client.execute('SELECT count(*) AS n FROM users')).rows[0]?.n)).toBe(1)
  expect(Number((await t.client.execute('SELECT count(*) AS n FROM companies')).rows[0]?.n)).toBe(1)
})
