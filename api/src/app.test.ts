import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ConfigurationPage } from '@procura/core/configuration'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createApp } from './app'
import { fixedClock } from './clock'
import { seedDemo } from './demo/seed-demo'
import { memoryLogger } from './logger'
import { createMailer } from './mail/mailer'
import type { initInfos } from './services/init-infos'
import { setMaintenance } from './services/maintenance'
import { seedReference } from './services/seed'
import { signIn } from './testing/agent'
import { createTestDatabase, settingsSnapshot, type TestDatabase } from './testing/test-database'

let database: TestDatabase
let dist: string
const clock = fixedClock('2026-11-21T10:00:00Z')

beforeEach(async () => {
  database = await createTestDatabase()
  await seedReference(database.db)
  dist = mkdtempSync(join(tmpdir(), 'procura-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="./assets/app.js"></script></head><body></body></html>',
  )
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app")')
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
})

afterEach(() => {
  database.close()
  rmSync(dist, { recursive: true, force: true })
})

/** Gives the validator (French) the admin menu permission. */
const seedAdminPermission = () =>
  database.client.execute(
    "INSERT INTO user_permissions (user_id, permission_id) SELECT u.id, p.id FROM users u, permissions p WHERE u.login = 'validator' AND p.code = 'admin_menu'",
  )

const makeApp = (overrides: { basePath?: string; appDist?: string | null } = {}) => {
  const logger = memoryLogger()
  const app = createApp({
    db: database.db,
    clock,
    logger,
    basePath: overrides.basePath ?? '/app',
    appDist: overrides.appDist === undefined ? dist : overrides.appDist,
    wsPort: 6001,
    mailer: createMailer({ smtpUrl: undefined, outboxDir: join(dist, 'outbox') }),
    storageDir: join(dist, 'files'),
  })
  return { app, logger }
}

test('GET / redirects to the base path', async () => {
  const response = await makeApp().app.request('/')
  expect(response.status).toBe(302)
  expect(response.headers.get('location')).toBe('/app/')
})

test('an unknown API path answers the JSON 404 of the brief; a guest is asked to sign in, in their language', async () => {
  const { app } = makeApp()
  await seedDemo(database.db, clock)
  const browser = await signIn(app, 'admin')
  const english = await browser.get('/bwapi/nothing-here')
  expect(english.status).toBe(404)
  expect(await english.json()).toEqual({ message: 'This page does not exist.' })
  const guest = await app.request('/bwapi/nothing-here', { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } })
  expect(guest.status).toBe(401)
  expect(await guest.json()).toEqual({ message: 'Veuillez vous connecter pour continuer.' })
  const byCookie = await app.request('/bwapi/nothing-here', { headers: { cookie: 'procura_language=es' } })
  expect(await byCookie.json()).toEqual({ message: 'Inicie sesión para continuar.' })
})

test('a path outside the app and the API answers the JSON 404', async () => {
  const response = await makeApp().app.request('/elsewhere')
  expect(response.status).toBe(404)
  expect(await response.json()).toEqual({ message: 'This page does not exist.' })
})

test('an unexpected error answers the JSON 500, logs the stack and leaks nothing', async () => {
  const { app, logger } = makeApp()
  database.client.close()
  const response = await app.request('/bwapi/init-infos')
  expect(response.status).toBe(500)
  const body = (await response.json()) as { message: string; request_id: string }
  const id = response.headers.get('x-request-id')
  expect(id).toMatch(/\S{8,}/)
  expect(body).toEqual({ message: 'Server error.', request_id: id })
  const failure = logger.entries().find((e) => e.msg === 'GET /bwapi/init-infos failed')
  expect(failure).toMatchObject({ level: 'error', request_id: id })
  expect((failure?.error as { stack?: string } | undefined)?.stack).toMatch(/\n\s+at /)
})

test('GET /bwapi/init-infos gives currencies, languages with formats, colours, formats and modules', async () => {
  const response = await makeApp().app.request('/bwapi/init-infos', { headers: { 'accept-language': 'es' } })
  expect(response.status).toBe(200)
  const body = (await response.json()) as Awaited<ReturnType<typeof initInfos>>
  expect(body.language).toBe('es')
  expect(body.app).toMatchObject({
    title: 'Procura - Purchasing management',
    base_path: '/app',
    ws_port: 6001,
  })
  expect(body.currencies.map((c) => c.code)).toEqual(['EUR', 'GBP', 'USD'])
  expect(body.currencies[0]).toMatchObject({ symbol: '€', rate: '1', position: 'after', is_default: true })
  expect(body.languages.map((l) => l.code)).toEqual(['en', 'es', 'fr'])
  expect(body.languages[2]).toMatchObject({
    country_code: 'FR',
    date_format: 'DD/MM/YYYY',
    hour_format: 'HH[h]mm',
  })
  expect(body.colors).toMatchObject({ main_color: '#1f6feb', r: 31, g: 111, b: 235 })
  expect(body.formats).toEqual({ decimals: 2, decimal_delimiter: '.', time_zone: 'Europe/Paris' })
  expect(body.modules.multi_company).toBe(false)
})

test('GET /bwapi/config gives a page with title, icon, breadcrumbs and items', async () => {
  await seedDemo(database.db, clock)
  const browser = await signIn(makeApp().app, 'validator')
  await seedAdminPermission()
  const response = await browser.get('/bwapi/config')
  const body = (await response.json()) as ConfigurationPage
  expect(body.title).toBe('Configuration')
  expect(body.icon).toBe('settings')
  expect(body.breadcrumbs).toHaveLength(2)
  expect(body.items[0]).toEqual({ code: 'users', label: 'Utilisateurs', icon: 'users', link: '/users' })
})

test('maintenance mode answers 503 with Retry-After, the spec message and the extra message', async () => {
  const { app } = makeApp()
  await setMaintenance(database.db, clock, { enabled: true, retry_after: 120, message: 'Upgrading to 2.0' })
  const response = await app.request('/bwapi/init-infos')
  expect(response.status).toBe(503)
  expect(response.headers.get('retry-after')).toBe('120')
  expect(await response.json()).toEqual({
    message: 'The site is currently under maintenance.',
    retry_after: 120,
    extra_message: 'Upgrading to 2.0',
  })
  // The web app still loads, so it can show its 503 page.
  expect((await app.request('/app/')).status).toBe(200)
  await setMaintenance(database.db, clock, { enabled: false })
  expect((await app.request('/bwapi/init-infos')).status).toBe(200)
})

test('maintenance without a delay has no Retry-After header', async () => {
  const { app } = makeApp()
  await setMaintenance(database.db, clock, { enabled: true })
  const response = await app.request('/bwapi/config')
  expect(response.status).toBe(503)
  expect(response.headers.get('retry-after')).toBeNull()
  expect(((await response.json()) as { retry_after: unknown }).retry_after).toBeNull()
})

test('an invalid maintenance request is refused and changes nothing', async () => {
  const before = await settingsSnapshot(database.client)
  const result = await setMaintenance(database.db, clock, { enabled: true, retry_after: -5 })
  expect(result).toEqual({
    ok: false,
    error: { code: 'FORM_ERRORS', fields: { retry_after: [{ code: 'TOO_SMALL', params: { min: 0 } }] } },
  })
  expect(await settingsSnapshot(database.client)).toBe(before)
  expect((await makeApp().app.request('/bwapi/init-infos')).status).toBe(200)
})

test('the app is served under the base path with the base inserted, for any history URL', async () => {
  const { app } = makeApp()
  for (const path of ['/app', '/app/', '/app/suppliers/12', '/app/index.html']) {
    const response = await app.request(path)
    expect(response.status, path).toBe(200)
    const html = await response.text()
    expect(html, path).toContain('<base href="/app/" />')
    expect(html, path).toContain('<meta name="procura-base-path" content="/app" />')
    expect(response.headers.get('cache-control'), path).toBe('no-cache')
  }
})

test('the page language is the negotiated one, for the app to start in it', async () => {
  const { app } = makeApp()
  const french = await app.request('/app/', { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } })
  expect(await french.text()).toContain('<html lang="fr">')
  expect(french.headers.get('vary')).toContain('Accept-Language')
  const chosen = await app.request('/app/', {
    headers: { 'accept-language': 'fr', cookie: 'procura_language=es' },
  })
  expect(await chosen.text()).toContain('<html lang="es">')
})

test('assets are served as files, hashed ones cached for a year; a missing asset is a 404', async () => {
  const { app } = makeApp()
  const asset = await app.request('/app/assets/app.js')
  expect(asset.status).toBe(200)
  expect(await asset.text()).toBe('console.log("app")')
  expect(asset.headers.get('cache-control')).toContain('immutable')
  expect((await app.request('/app/favicon.svg')).status).toBe(200)
  const missing = await app.request('/app/assets/gone.js')
  expect(missing.status).toBe(404)
})

test('another base path moves the app', async () => {
  const { app } = makeApp({ basePath: '/buy' })
  expect((await app.request('/')).headers.get('location')).toBe('/buy/')
  expect(await (await app.request('/buy/orders')).text()).toContain('<base href="/buy/" />')
  expect((await app.request('/app/')).status).toBe(404)
})

test('without a built app, the app path says how to build it', async () => {
  const { app } = makeApp({ appDist: join(dist, 'nowhere') })
  const response = await app.request('/app/')
  expect(response.status).toBe(503)
  expect(await response.text()).toContain('npm run build')
})

test('the app is served with a strict Content-Security-Policy that lets the WebSocket port through', async () => {
  const { app } = makeApp()
  const response = await app.request('http://procura.example:8080/app/', {
    headers: { host: 'procura.example:8080' },
  })
  const policy = response.headers.get('content-security-policy') ?? ''
  expect(policy).toContain("script-src 'self'")
  expect(policy).toContain("style-src 'self'")
  expect(policy).toContain("object-src 'none'")
  expect(policy).toContain("connect-src 'self' ws://procura.example:6001 wss://procura.example:6001")
  expect(policy).not.toContain('unsafe-inline')
  expect(policy).not.toContain('unsafe-eval')
  // The page's own nonce lets its components' <style> in, and nothing else; a new one each time.
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
  expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/)
  expect(await response.text()).toContain(`<meta name="csp-nonce" nonce="${nonce}" />`)
  const again = await app.request('http://procura.example:8080/app/', {
    headers: { host: 'procura.example:8080' },
  })
  expect(again.headers.get('content-security-policy')).not.toContain(`nonce-${nonce}`)
  const api = await app.request('/bwapi/init-infos')
  expect(api.headers.get('content-security-policy')).not.toContain('nonce-')
})
