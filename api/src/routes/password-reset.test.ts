import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { agent, signIn } from '../testing/agent'
import { decodedText, startTestSmtp, type TestSmtp } from '../testing/smtp'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let smtp: TestSmtp
beforeEach(async () => {
  smtp = await startTestSmtp()
  t = await createTestApp({ smtpUrl: smtp.url })
})
afterEach(async () => {
  t.close()
  await smtp.close()
})

const json = async (response: Response) => (await response.json()) as Record<string, unknown>
const guest = async () => {
  const browser = agent(t.app)
  await browser.get('/sanctum/csrf-cookie')
  return browser
}
const linkIn = (raw: string) =>
  /http:\/\/localhost\/app\/password-reset\/([A-Za-z0-9_-]+)/.exec(decodedText(raw))?.[1] ?? ''

test('a reset link arrives by e-mail, in the user’s language, and sets a new password once', async () => {
  const browser = await guest()
  const asked = await browser.post('/forgot-password', { login: 'validator@procura.example' })
  expect(asked.status).toBe(200)
  const [mail] = await smtp.waitFor(1)
  expect(mail?.to).toEqual(['validator@procura.example'])
  expect(mail?.raw).toMatch(/Subject: =\?UTF-8\?Q\?Procura_=3A_r=C3=A9initialisez/)
  expect(decodedText(mail?.raw ?? '')).toContain('Bonjour Victor Validator')
  const token = linkIn(mail?.raw ?? '')
  expect(token).toHaveLength(43)
  const session = await signIn(t.app, 'validator')
  const reset = await browser.post('/reset-password', {
    token,
    password: 'nouveau1',
    password_confirmation: 'nouveau1',
  })
  expect(reset.status).toBe(200)
  // Every session of the user is closed; the old password no longer works; the link served once.
  expect((await session.get('/bwapi/users/current')).status).toBe(401)
  await expect(signIn(t.app, 'validator')).rejects.toThrow('422')
  expect((await signIn(t.app, 'validator', 'nouveau1')).cookies.has('procura_session')).toBe(true)
  const again = await browser.post('/reset-password', {
    token,
    password: 'another1',
    password_confirmation: 'another1',
  })
  expect((await json(again)).code).toBe('RESET_TOKEN_INVALID')
})

test('an unknown user is refused and nothing is sent or stored', async () => {
  const browser = await guest()
  const before = await tableCounts(t.client)
  const response = await browser.post('/forgot-password', { login: 'nobody' })
  expect(response.status).toBe(422)
  expect((await json(response)).errors).toEqual({ login: ['No user matches this login or e-mail address.'] })
  expect(await tableCounts(t.client)).toEqual(before)
  expect(smtp.received).toHaveLength(0)
})

test('an invalid token is refused; an expired link answers 498; nothing changes', async () => {
  const browser = await guest()
  await browser.post('/forgot-password', { login: 'buyer' })
  const token = linkIn((await smtp.waitFor(1))[0]?.raw ?? '')
  const before = JSON.stringify((await t.client.execute('SELECT password_hash FROM users ORDER BY id')).rows)
  const invalid = await browser.post('/reset-password', {
    token: 'forged',
    password: 'abcdef',
    password_confirmation: 'abcdef',
  })
  expect(invalid.status).toBe(422)
  expect(await json(invalid)).toEqual({
    message: 'This password reset link is invalid.',
    code: 'RESET_TOKEN_INVALID',
  })
  t.clock.set('2026-11-21T11:00:01Z')
  const expired = await browser.post('/reset-password', {
    token,
    password: 'abcdef',
    password_confirmation: 'abcdef',
  })
  expect(expired.status).toBe(498)
  expect(await json(expired)).toEqual({ message: 'your link has expired', code: 'LINK_EXPIRED' })
  expect(JSON.stringify((await t.client.execute('SELECT password_hash FROM users ORDER BY id')).rows)).toBe(
    before,
  )
})

test('a reset asks six characters and a matching confirmation', async () => {
  const browser = await guest()
  await browser.post('/forgot-password', { login: 'buyer' })
  const token = linkIn((await smtp.waitFor(1))[0]?.raw ?? '')
  const response = await browser.post('/reset-password', {
    token,
    password: 'abc',
    password_confirmation: 'abd',
  })
  expect((await json(response)).errors).toEqual({
    password: ['The password must have at least 6 characters.'],
    password_confirmation: ['The password confirmation does not match.'],
  })
})

test('without SMTP_URL, mails are written as .eml files to the outbox', async () => {
  const offline = await createTestApp()
  try {
    const browser = agent(offline.app)
    await browser.get('/sanctum/csrf-cookie')
    expect((await browser.post('/forgot-password', { login: 'buyer' })).status).toBe(200)
    const outbox = join(offline.dir, 'outbox')
    const files = readdirSync(outbox)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/buyer@procura\.example\.eml$/)
    expect(decodedText(readFileSync(join(outbox, files[0] ?? ''), 'utf8'))).toContain('/app/password-reset/')
  } finally {
    offline.close()
  }
})
