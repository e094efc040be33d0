import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInOverHttp } from './testing/http-session'
import { type ServeProcess, startServeProcess } from './testing/serve-process'
import { createTestDatabase, type TestDatabase } from './testing/test-database'

/**
 * Two real `procura serve` processes on one database (SQLite file, or PostgreSQL under
 * `npm run test:pg`), each caching sessions, roles, permissions and the maintenance mode, and the
 * reference data (settings, suppliers, circuits...): a change made through one, or by a third
 * process, applies to the other's very next call.
 */
let database: TestDatabase
let dir: string
const servers: ServeProcess[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'procura-cache-'))
  database = await createTestDatabase()
  const env = {
    ...process.env,
    PROCURA_DATABASE_URL: database.url,
    PROCURA_DEMO: 'base',
    PROCURA_STORAGE_DIR: join(dir, 'files'),
    PROCURA_OUTBOX_DIR: join(dir, 'outbox'),
    LOG_FORMAT: 'json',
  }
  // One after the other: the first seeds the empty database, the second finds it seeded.
  servers.push(await startServeProcess(env))
  servers.push(await startServeProcess(env))
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await database?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** A call with a signed-in person's cookie and XSRF header, on one server: its answer. */
const answer = (
  server: ServeProcess | undefined,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
) =>
  fetch(`${server?.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? ''),
      cookie,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
/** The same call: its status. */
const call = (...args: Parameters<typeof answer>) => answer(...args).then((r) => r.status)

test('a permission taken, a user disabled, a sign-out or maintenance mode on one server applies at the other’s next call', async () => {
  const [a, b] = servers
  const admin = (await signInOverHttp(b?.url ?? '', 'admin')).cookie
  const buyer = (await signInOverHttp(a?.url ?? '', 'buyer')).cookie
  // Served twice on A: the second from its cache.
  expect(await call(a, buyer, 'GET', '/bwapi/budgets')).toBe(200)
  expect(await call(a, buyer, 'GET', '/bwapi/budgets')).toBe(200)
  // B takes "view budget analyses" from the buyers: A refuses the next call.
  expect(
    await call(b, admin, 'PUT', '/bwapi/roles/buyer/permissions', { permissions: ['receive_goods'] }),
  ).toBe(200)
  expect(await call(a, buyer, 'GET', '/bwapi/budgets')).toBe(403)
  // Given back, A serves it again.
  expect(
    await call(b, admin, 'PUT', '/bwapi/roles/buyer/permissions', {
      permissions: ['receive_goods', 'view_budget_analyses'],
    }),
  ).toBe(200)
  expect(await call(a, buyer, 'GET', '/bwapi/budgets')).toBe(200)
  // Maintenance mode set on B: A answers 503 to the buyer (not to an administrator).
  const adminOnA = (await signInOverHttp(a?.url ?? '', 'admin')).cookie
  expect(await call(b, admin, 'PUT', '/bwapi/maintenance/mode', { enabled: true })).toBe(200)
  expect(await call(a, buyer, 'GET', '/bwapi/budgets')).toBe(503)
  expect(await call(a, adminOnA, 'GET', '/bwapi/budgets')).toBe(200)
  expect(await call(b, admin, 'PUT', '/bwapi/maintenance/mode', { enabled: false })).toBe(200)
  expect(await call(a, buyer, 'GET', '/bwapi/budgets')).toBe(200)
  // The buyer signs out on B: the same cookie is refused by A.
  expect(await call(b, buyer, 'POST', '/logout', {})).toBeLessThan(300)
  expect(await call(a, buyer, 'GET', '/bwapi/budgets')).toBe(401)
  // A user disabled on B: their session on A is refused.
  const validator = (await signInOverHttp(a?.url ?? '', 'validator')).cookie
  expect(await call(a, validator, 'GET', '/bwapi/purchase-orders')).toBe(200)
  const id = Number(
    (await database.client.execute("SELECT id FROM users WHERE login = 'validator'")).rows[0]?.id,
  )
  expect(
    await call(b, admin, 'POST', '/bwapi/users/do-bulk-action', { action: 'deactivate', ids: [id] }),
  ).toBe(200)
  expect(await call(a, validator, 'GET', '/bwapi/purchase-orders')).toBe(401)
}, 120_000)

test('reference data changed through one server, or by another process, applies at the other’s next call', async () => {
  const [a, b] = servers
  const buyer = (await signInOverHttp(a?.url ?? '', 'buyer')).cookie
  const admin = (await signInOverHttp(b?.url ?? '', 'admin')).cookie
  const idOf = async (table: string, code: string) =>
    Number((await database.client.execute(`SELECT id FROM ${table} WHERE code = '${code}'`)).rows[0]?.id)
  const input = {
    supplier_id: await idOf('suppliers', 'OFFICEPRO'),
    company_id: await idOf('companies', 'ACME'),
    currency_code: 'EUR',
    lines: [{ label: 'Copy paper', quantity: '10', unit_price_exctax: '4.99', vat_rate: '20' }],
  }
  const create = async () => {
    const created = await answer(a, buyer, 'POST', '/bwapi/purchase-orders', input)
    const body = (await created.json()) as { data?: { code: string }; code?: string }
    return { status: created.status, code: body.data?.code ?? body.code }
  }
  // Twice on A: the settings, the supplier and the company's code come from its cache the second time.
  expect((await create()).code).toMatch(/^PO-2026-\d{5}$/)
  expect((await create()).code).toMatch(/^PO-2026-\d{5}$/)
  // B changes the number template: A's next order follows it.
  const settings = (await (await answer(b, admin, 'GET', '/bwapi/settings')).json()) as {
    data: { groups: { group: string; values: Record<string, unknown> }[] }
  }
  const formats = settings.data.groups.find((g) => g.group === 'formats')?.values
  expect(
    await call(b, admin, 'PUT', '/bwapi/settings/formats', {
      ...formats,
      purchase_order_number: '{companyCode}-{year}-{numberInYear:4}',
    }),
  ).toBe(200)
  expect((await create()).code).toMatch(/^ACME-2026-\d{4}$/)
  // This test's process (neither server) stops the supplier: A refuses the next order.
  await database.client.execute("UPDATE suppliers SET status = 'inactive' WHERE code = 'OFFICEPRO'")
  expect(await create()).toEqual({ status: 422, code: 'SUPPLIER_INACTIVE' })
  await database.client.execute("UPDATE suppliers SET status = 'active' WHERE code = 'OFFICEPRO'")
  expect((await create()).status).toBe(201)
}, 120_000)
