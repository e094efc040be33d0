import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest'
import { readSetting, writeSetting } from '../services/settings'
import { signIn } from '../testing/agent'
import { startOidcProvider, type TestProvider } from '../testing/oidc-provider'
import { createTestApp, type TestApp } from '../testing/test-app'

const APP = 'http://localhost'
let provider: TestProvider
let t: TestApp

beforeAll(async () => {
  provider = await startOidcProvider(
    [`${APP}/sso/callback`],
    [
      { login: 'anna.sso', email: 'BUYER@procura.example', name: 'Bruno via SSO' },
      { login: 'newcomer', email: 'newcomer@acme.example', name: 'Nina Newcomer' },
      { login: 'nomail' },
    ],
  )
})
afterAll(() => provider.close())
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

/** Turns the module on with the test provider, over the demo's settings. */
const configure = async (customer: Record<string, unknown> = {}) => {
  const current = ((await readSetting(t.db, 'settings')) ?? {}) as Record<string, Record<string, unknown>>
  await writeSetting(t.db, t.clock, 'settings', {
    ...current,
    modules: { ...current.modules, single_sign_on: true },
    customer: {
      ...current.customer,
      sso_issuer: provider.issuer,
      sso_client_id: provider.clientId,
      sso_client_secret: provider.clientSecret,
      ...customer,
    },
  })
}

/** A browser's cookies, per site. */
const jar = () => {
  const cookies = new Map<string, Map<string, string>>()
  return {
    header: (url: string) =>
      [...(cookies.get(new URL(url).host) ?? new Map())].map(([k, v]) => `${k}=${v}`).join('; '),
    keep: (url: string, response: Response) => {
      const site = cookies.get(new URL(url).host) ?? new Map<string, string>()
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';')
        const [name, ...value] = (pair ?? '').split('=')
        if (name !== undefined) site.set(name.trim(), value.join('='))
      }
      cookies.set(new URL(url).host, site)
    },
  }
}

/**
 * A person signing in as a browser would: the app sends them to the provider, they sign in there
 * with their login and consent, the provider sends them back to the app's callback. Answers the
 * app's last answer and the cookies.
 */
const signInThroughProvider = async (login: string) => {
  const cookies = jar()
  const call = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    const cookie = cookies.header(url)
    if (cookie !== '') headers.set('cookie', cookie)
    const response = url.startsWith(APP)
      ? await t.app.request(url, { ...init, headers })
      : await fetch(url, { ...init, headers, redirect: 'manual' })
    cookies.keep(url, response)
    return response
  }
  let response = await call(`${APP}/sso/login?redirect=${encodeURIComponent('/app/purchase-orders')}`)
  expect(response.status).toBe(302)
  let location = response.headers.get('location') ?? ''
  const authorize = new URL(location)
  expect(authorize.origin).toBe(provider.issuer)
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
  // On the provider: its sign-in, then its consent, each a form posted to the interaction.
  for (let step = 0; step < 10 && location.startsWith(provider.issuer); step += 1) {
    response = await call(location)
    if (response.status === 200) {
      const page = await response.text()
      const action = new URL(/action="([^"]+)"/.exec(page)?.[1] ?? '', provider.issuer).href
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? ''
      response = await call(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(
          prompt === 'login' ? { prompt, login, password: 'any' } : { prompt },
        ).toString(),
      })
    }
    location = new URL(response.headers.get('location') ?? '', provider.issuer).href
  }
  expect(location.startsWith(`${APP}/sso/callback?`)).toBe(true)
  response = await call(location)
  const current = await call(`${APP}/bwapi/users/current`)
  return { response, current, cookies }
}

test('a person signs in through the OpenID provider, found by e-mail; the session is theirs', async () => {
  await configure()
  const { response, current } = await signInThroughProvider('anna.sso')
  expect(response.status).toBe(302)
  expect(response.headers.get('location')).toBe(
    `/app/login?sso=done&redirect=${encodeURIComponent('/app/purchase-orders')}`,
  )
  expect(current.status).toBe(200)
  expect(((await current.json()) as { login: string }).login).toBe('buyer')
  const trace = (
    await t.client.execute("SELECT message FROM traces WHERE action = 'login' ORDER BY id DESC LIMIT 1")
  ).rows[0]
  expect(trace?.message).toBe('anna.sso signed in with single sign-on')
})

test('matched by login, an unknown person is refused unless users are created, then created with the default role', async () => {
  await configure({ sso_match: 'login' })
  const refused = await signInThroughProvider('newcomer')
  expect(decodeURIComponent(refused.response.headers.get('location') ?? '')).toContain(
    'sso_error=You are signed in with your organisation, but you have no Procura account.',
  )
  expect(refused.current.status).toBe(401)
  expect(
    (await t.client.execute("SELECT count(*) AS n FROM users WHERE login = 'newcomer'")).rows[0]?.n,
  ).toBe(0)
  await configure({ sso_match: 'login', sso_create_users: true, sso_default_role: 'requester' })
  const created = await signInThroughProvider('newcomer')
  expect(created.current.status).toBe(200)
  const user = (
    await t.client.execute(
      "SELECT u.label, u.email, r.code AS role FROM users u JOIN roles r ON r.id = u.role_id WHERE u.login = 'newcomer'",
    )
  ).rows[0]
  expect(user).toEqual({ label: 'Nina Newcomer', email: 'newcomer@acme.example', role: 'requester' })
})

test('an identity without the claim it is matched by is refused, named', async () => {
  await configure()
  const { response, current } = await signInThroughProvider('nomail')
  expect(decodeURIComponent(response.headers.get('location') ?? '')).toContain('(no email)')
  expect(current.status).toBe(401)
})

test('a callback without its attempt, or with another state, opens no session', async () => {
  await configure()
  const forged = await t.app.request(`${APP}/sso/callback?code=x&state=y`)
  expect(forged.status).toBe(302)
  expect(decodeURIComponent(forged.headers.get('location') ?? '')).toContain(
    'Single sign-on did not complete',
  )
  expect(forged.headers.getSetCookie().some((c) => c.startsWith('procura_session='))).toBe(false)
})

test('with classic login turned off, the password is refused and the sign-in page offers single sign-on only', async () => {
  await configure({ classic_login_with_sso: false })
  const infos = (await (await t.app.request('/bwapi/users/login-infos')).json()) as Record<string, unknown>
  expect(infos).toMatchObject({ classic_login: false, sso: { enabled: true, url: '/sso/login' } })
  await expect(signIn(t.app, 'buyer')).rejects.toThrow()
})

test('the module off, single sign-on is not offered', async () => {
  const answer = await t.app.request(`${APP}/sso/login`)
  expect(answer.status).toBe(302)
  expect(decodeURIComponent(answer.headers.get('location') ?? '')).toContain('/app/login?sso_error=')
})
