import { PERMISSION_CODES } from '@procura/core/user'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { writeSetting } from '../services/settings'
import { agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const count = async (table: string) => (await tableCounts(t.client))[table]
const json = async (response: Response) => (await response.json()) as Record<string, unknown>

test('the CSRF cookie is readable by the app; a sign-in without the header is refused (419) and changes nothing', async () => {
  const browser = agent(t.app)
  const cookie = await browser.get('/sanctum/csrf-cookie')
  expect(cookie.status).toBe(204)
  expect(browser.setCookies.get('XSRF-TOKEN')).not.toMatch(/HttpOnly/i)
  const before = await tableCounts(t.client)
  const refused = await browser.post(
    '/login',
    { login: 'admin', password: 'Demo1234!' },
    { 'x-xsrf-token': 'forged' },
  )
  expect(refused.status).toBe(419)
  expect((await json(refused)).code).toBe('CSRF_MISMATCH')
  expect(await tableCounts(t.client)).toEqual(before)
})

test('signing in opens an HttpOnly, SameSite session with a new CSRF token and returns the user', async () => {
  const browser = agent(t.app)
  await browser.get('/sanctum/csrf-cookie')
  const guestToken = browser.cookies.get('XSRF-TOKEN')
  const response = await browser.post('/login', {
    login: 'ADMIN',
    password: 'Demo1234!',
    redirect: '/app/users?page=2',
  })
  expect(response.status).toBe(200)
  const body = await json(response)
  expect(body.redirect).toBe('/app/users?page=2')
  expect(body.user).toMatchObject({
    login: 'admin',
    label: 'Alice Admin',
    logout_url: '/logout',
    real_user: null,
  })
  expect(browser.setCookies.get('procura_session')).toMatch(/HttpOnly/i)
  expect(browser.setCookies.get('procura_session')).toMatch(/SameSite=Lax/i)
  expect(browser.setCookies.get('procura_session')).not.toMatch(/Expires/i)
  expect(browser.cookies.get('XSRF-TOKEN')).not.toBe(guestToken)
  expect(await count('sessions')).toBe(1)
  const current = await browser.get('/bwapi/users/current')
  expect(current.status).toBe(200)
  // An administrator holds every permission.
  expect(((await json(current)).permissions as string[]).sort()).toEqual([...PERMISSION_CODES].sort())
})

test('"remember me" keeps the session cookie for 30 days', async () => {
  const browser = agent(t.app)
  await browser.get('/sanctum/csrf-cookie')
  await browser.post('/login', { login: 'buyer', password: 'Demo1234!', remember: true })
  expect(browser.setCookies.get('procura_session')).toMatch(/Expires=Mon, 21 Dec 2026/)
})

test('an outside redirect is replaced by the base path', async () => {
  const browser = agent(t.app)
  await browser.get('/sanctum/csrf-cookie')
  const response = await browser.post('/login', {
    login: 'admin',
    password: 'Demo1234!',
    redirect: 'https://evil.example/',
  })
  expect((await json(response)).redirect).toBe('/app/')
})

test.each([
  ['a wrong password', 'admin', 'wrong'],
  ['an unknown login', 'nobody', 'Demo1234!'],
])('%s gets the same refusal, creates no session and is traced', async (_case, login, password) => {
  const browser = agent(t.app)
  await browser.get('/sanctum/csrf-cookie')
  const traces = await count('traces')
  const response = await browser.post('/login', { login, password })
  expect(response.status).toBe(422)
  expect(await json(response)).toEqual({
    message: 'Invalid username and/or password',
    code: 'INVALID_CREDENTIALS',
  })
  expect(await count('sessions')).toBe(0)
  expect(await count('traces')).toBe((traces ?? 0) + 1)
})

test('missing fields are form errors in the asked language', async () => {
  const browser = agent(t.app)
  await browser.get('/sanctum/csrf-cookie')
  const response = await browser.post('/login', { login: '' }, { 'accept-language': 'fr' })
  expect(response.status).toBe(422)
  expect(await json(response)).toEqual({
    message: 'Action impossible : le formulaire contient des erreurs.',
    errors: { login: ['Ce champ est obligatoire'], password: ['Ce champ est obligatoire'] },
  })
})

test('repeated failures are throttled with Retry-After, even for the right password, then released', async () => {
  const browser = agent(t.app)
  await browser.get('/sanctum/csrf-cookie')
  for (let i = 0; i < 4; i += 1)
    expect((await browser.post('/login', { login: 'admin', password: 'nope' })).status).toBe(422)
  const fifth = await browser.post('/login', { login: 'admin', password: 'nope' })
  expect(fifth.status).toBe(429)
  expect(fifth.headers.get('retry-after')).toBe('60')
  expect(await json(fifth)).toEqual({
    message: 'Too many attempts, retry in 60 seconds',
    code: 'TOO_MANY_ATTEMPTS',
  })
  const right = await browser.post('/login', { login: 'admin', password: 'Demo1234!' })
  expect(right.status).toBe(429)
  expect(await count('sessions')).toBe(0)
  // Another login is not affected.
  expect((await browser.post('/login', { login: 'buyer', password: 'Demo1234!' })).status).toBe(200)
  t.clock.set('2026-11-21T10:01:01Z')
  expect((await agent(t.app).get('/sanctum/csrf-cookie')).status).toBe(204)
  const later = agent(t.app)
  await later.get('/sanctum/csrf-cookie')
  expect((await later.post('/login', { login: 'admin', password: 'Demo1234!' })).status).toBe(200)
})

test('an inactive account is refused after a right password, with no session', async () => {
  await t.client.execute("UPDATE users SET active = false WHERE login = 'requester'")
  const browser = agent(t.app)
  await browser.get('/sanctum/csrf-cookie')
  const response = await browser.post('/login', { login: 'requester', password: 'Demo1234!' })
  expect(response.status).toBe(403)
  expect(await json(response)).toEqual({ message: 'User account not active', code: 'ACCOUNT_INACTIVE' })
  expect(await count('sessions')).toBe(0)
})

test('a deactivated user loses their open session', async () => {
  const browser = await signIn(t.app, 'requester')
  await t.client.execute("UPDATE users SET active = false WHERE login = 'requester'")
  expect((await browser.get('/bwapi/users/current')).status).toBe(401)
})

test('classic sign-in can be turned off under single sign-on', async () => {
  await writeSetting(t.db, t.clock, 'settings', {
    modules: { single_sign_on: true },
    customer: { classic_login_with_sso: false },
  })
  const browser = agent(t.app)
  await browser.get('/sanctum/csrf-cookie')
  const response = await browser.post('/login', { login: 'admin', password: 'Demo1234!' })
  expect(response.status).toBe(403)
  expect((await json(response)).code).toBe('CLASSIC_LOGIN_DISABLED')
  const infos = await json(await browser.get('/bwapi/users/login-infos'))
  expect(infos.classic_login).toBe(false)
})

test('signing in again replaces the previous session (a new id every time)', async () => {
  const browser = await signIn(t.app, 'admin')
  const first = browser.cookies.get('procura_session')
  await browser.post('/login', { login: 'admin', password: 'Demo1234!' })
  expect(browser.cookies.get('procura_session')).not.toBe(first)
  expect(await count('sessions')).toBe(1)
})

test('a session expires after 12 hours', async () => {
  const browser = await signIn(t.app, 'admin')
  t.clock.set('2026-11-21T21:59:00Z')
  expect((await browser.get('/bwapi/users/current')).status).toBe(200)
  t.clock.set('2026-11-21T22:00:01Z')
  const expired = await browser.get('/bwapi/users/current')
  expect(expired.status).toBe(401)
  expect(await count('sessions')).toBe(0)
})

test('signing out ends the session, is traced, and sends to the login page', async () => {
  const browser = await signIn(t.app, 'admin')
  const response = await browser.post('/logout')
  expect(await json(response)).toEqual({ redirect: '/app/login' })
  expect(await count('sessions')).toBe(0)
  expect((await browser.get('/bwapi/users/current')).status).toBe(401)
  const trace = await t.client.execute("SELECT message FROM traces WHERE action = 'logout'")
  expect(trace.rows[0]?.message).toBe('admin signed out')
})

test('a signed-in call with a stale CSRF token is refused and changes nothing', async () => {
  const browser = await signIn(t.app, 'admin')
  const before = await tableCounts(t.client)
  const response = await browser.post('/bwapi/language/change', { code: 'fr' }, { 'x-xsrf-token': 'stale' })
  expect(response.status).toBe(419)
  expect(await tableCounts(t.client)).toEqual(before)
  const language = await t.client.execute("SELECT language FROM users WHERE login = 'admin'")
  expect(language.rows[0]?.language).toBe('en')
})

test('a signed-in user gets answers in their own language', async () => {
  const browser = await signIn(t.app, 'validator')
  const response = await browser.get('/bwapi/nothing')
  expect(await json(response)).toEqual({ message: "Cette page n'existe pas." })
})
