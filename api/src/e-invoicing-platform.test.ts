import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ciiXml, SAMPLE, ublXml } from './testing/e-invoice-samples'
import { signInOverHttp } from './testing/http-session'
import { type ServeProcess, startServeProcess } from './testing/serve-process'
import { createTestDatabase, type TestDatabase } from './testing/test-database'

/**
 * A test platform — a real HTTP server — that hands e-invoices to a real `procura serve` with its
 * token and collects their lifecycle statuses, keeping each by its idempotency key. Procura is
 * restarted between a read and its acknowledgement (the platform "crashed"): every status still
 * arrives, and exactly once. On both engines (`npm run test:pg` runs it on PostgreSQL).
 */
let database: TestDatabase
let dir: string
let env: Record<string, string | undefined>
let procura: ServeProcess | undefined
let platform: Server
let platformUrl = ''
/** What the platform kept: the statuses by idempotency key, in the order it first saw them. */
const kept = new Map<string, { number: string; code: string; reason: string | null }>()
let token = ''
let acknowledge = true

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'procura-platform-'))
  database = await createTestDatabase()
  env = {
    ...process.env,
    PROCURA_DATABASE_URL: database.url,
    PROCURA_DEMO: 'base',
    PROCURA_STORAGE_DIR: join(dir, 'files'),
    PROCURA_OUTBOX_DIR: join(dir, 'outbox'),
    LOG_FORMAT: 'json',
    PROCURA_STATUS_PUSH_MS: '200',
  }
  procura = await startServeProcess(env)
  // The platform: POST /deliver?name= hands a file to Procura; POST /sync collects the statuses.
  platform = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://platform')
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const base = procura?.url ?? ''
    const auth = { authorization: `Bearer ${token}` }
    if (url.pathname === '/receive') {
      // Push mode: Procura posts each status here with its key and the secret set in Configuration.
      if (request.headers.authorization !== 'Bearer platform-secret')
        return void response.writeHead(401).end()
      const s = JSON.parse(Buffer.concat(chunks).toString()) as {
        invoice: { number: string }
        status: { code: string; reason_code: string | null }
      }
      const key = String(request.headers['idempotency-key'])
      if (!kept.has(key))
        kept.set(key, { number: s.invoice.number, code: s.status.code, reason: s.status.reason_code })
      response.writeHead(202).end()
      return
    }
    if (url.pathname === '/deliver') {
      const sent = await fetch(`${base}/platform/e-invoices?name=${url.searchParams.get('name')}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/octet-stream' },
        body: Buffer.concat(chunks),
      })
      response.writeHead(sent.status).end(await sent.text())
      return
    }
    const read = (await (await fetch(`${base}/platform/statuses`, { headers: auth })).json()) as {
      data: {
        id: number
        idempotency_key: string
        invoice: { number: string }
        status: { code: string; reason_code: string | null }
      }[]
    }
    for (const s of read.data)
      if (!kept.has(s.idempotency_key))
        kept.set(s.idempotency_key, {
          number: s.invoice.number,
          code: s.status.code,
          reason: s.status.reason_code,
        })
    if (acknowledge && read.data.length > 0)
      await fetch(`${base}/platform/statuses/ack`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: read.data.map((s) => s.id) }),
      })
    response.writeHead(200).end(JSON.stringify({ read: read.data.length }))
  })
  await new Promise<void>((done) => platform.listen(0, '127.0.0.1', done))
  platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`
}, 120_000)

afterAll(async () => {
  await procura?.stop()
  await new Promise((done) => platform?.close(done))
  await database?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** A call of the app over HTTP with a signed-in person's cookie and XSRF header. */
const call = async (cookie: string, path: string, body: unknown) => {
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '')
  const response = await fetch(`${procura?.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': xsrf,
      cookie,
    },
    body: JSON.stringify(body),
  })
  return (await response.json()) as { data: Record<string, unknown> }
}
const sync = async () =>
  (await (await fetch(`${platformUrl}/sync`, { method: 'POST' })).json()) as { read: number }

test('a platform hands e-invoices in and collects their statuses, in order and once each, across a restart of Procura', async () => {
  const admin = await signInOverHttp(procura?.url ?? '', 'admin')
  // The API for machine clients is off by default: the administrator turns it on.
  const settings = await fetch(`${procura?.url}/bwapi/settings/api`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(admin.cookie)?.[1] ?? ''),
      cookie: admin.cookie,
    },
    body: JSON.stringify({ enabled: true, rate_limit_per_minute: 120 }),
  })
  expect(settings.status).toBe(200)
  token = String(
    (
      await call(admin.cookie, '/bwapi/api-tokens', {
        label: 'Test platform',
        scopes: ['e_invoices:write', 'statuses:read'],
      })
    ).data.token,
  )
  for (const [name, xml] of [
    ['cii.xml', ciiXml({ ...SAMPLE, number: 'P-1' })],
    ['ubl.xml', ublXml({ ...SAMPLE, number: 'P-2' })],
  ] as const)
    expect((await fetch(`${platformUrl}/deliver?name=${name}`, { method: 'POST', body: xml })).status).toBe(
      201,
    )
  const pending = await database.client.execute(
    'SELECT id, label, supplier_id FROM pending_invoices ORDER BY id',
  )
  expect(pending.rows.map((r) => r.label)).toEqual(['P-1', 'P-2'])
  const payables = await signInOverHttp(procura?.url ?? '', 'payables')
  const company = Number(
    (await database.client.execute("SELECT id FROM companies WHERE code = 'ACME'")).rows[0]?.id,
  )
  const invoices: number[] = []
  for (const row of pending.rows)
    invoices.push(
      Number(
        (
          await call(payables.cookie, '/bwapi/supplier-invoices', {
            label: row.label,
            supplier_id: Number(row.supplier_id),
            company_id: company,
            currency_code: 'EUR',
            invoice_date: '2026-11-18',
            amount_exctax: '179.70',
            amount_inctax: '215.64',
            pending_invoice_id: Number(row.id),
            lines: [
              { label: 'Copy paper A4', amount_exctax: '49.90', vat_rate: '20' },
              { label: 'Toner', amount_exctax: '129.80', vat_rate: '20' },
            ],
          })
        ).data.id,
      ),
    )
  // The platform reads the two 204s, then "crashes" before acknowledging; Procura restarts.
  acknowledge = false
  expect(await sync()).toEqual({ read: 2 })
  await procura?.stop()
  procura = await startServeProcess(env)
  acknowledge = true
  // The same two come again (same keys: kept once) and are acknowledged now.
  expect(await sync()).toEqual({ read: 2 })
  const again = await signInOverHttp(procura.url, 'payables')
  await call(again.cookie, `/bwapi/supplier-invoices/${invoices[0]}/dispute`, {
    action: 'open',
    body: 'The toner price is not the agreed one.',
    reason_code: 'PU_ERR',
  })
  expect(await sync()).toEqual({ read: 1 })
  expect(await sync()).toEqual({ read: 0 })
  expect([...kept.values()]).toEqual([
    { number: 'P-1', code: '204', reason: null },
    { number: 'P-2', code: '204', reason: null },
    { number: 'P-1', code: '207', reason: 'PU_ERR' },
  ])
  // Push mode: the administrator gives the platform's URL; the next status is posted there.
  const adminAgain = await signInOverHttp(procura.url, 'admin')
  const push = await fetch(`${procura.url}/bwapi/settings/api`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(adminAgain.cookie)?.[1] ?? ''),
      cookie: adminAgain.cookie,
    },
    body: JSON.stringify({
      enabled: true,
      rate_limit_per_minute: 120,
      status_push_url: `${platformUrl}/receive`,
      status_push_token: 'platform-secret',
    }),
  })
  expect(push.status).toBe(200)
  await call(again.cookie, `/bwapi/supplier-invoices/${invoices[1]}/dispute`, {
    action: 'open',
    body: 'Two boxes missing.',
    reason_code: 'QTE_ERR',
  })
  const deadline = Date.now() + 20_000
  while (kept.size < 4 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100))
  expect([...kept.values()].at(-1)).toEqual({ number: 'P-2', code: '207', reason: 'QTE_ERR' })
  expect(await sync()).toEqual({ read: 0 })
  // Revoked, the platform's token is refused.
  await call(admin.cookie, '/bwapi/api-tokens/1/revoke', {})
  const refused = await fetch(`${procura.url}/platform/statuses`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(refused.status).toBe(401)
}, 120_000)
