import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, expect, test } from 'vitest'
import { signInOverHttp } from './testing/http-session'
import { CLI, type ServeProcess, startServeProcess } from './testing/serve-process'
import { createTestDatabase, type TestDatabase } from './testing/test-database'

/**
 * Backup while serving, with real processes (issue 49 §2–3): a `procura serve` process takes 8
 * clients' orders while `procura db backup` runs beside it; `procura db restore` puts the archive
 * into an empty database and storage folder, `procura db verify` finds nothing wrong, and a second
 * server on the restored database serves the answered orders and the purchase story. On SQLite
 * here and on PostgreSQL under `npm run test:pg`.
 */
const run = promisify(execFile)
const pgServer = process.env.PROCURA_TEST_PG_SERVER
const cleanups: (() => Promise<unknown> | unknown)[] = []
afterAll(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean()
})

const emptyDatabase = async (dir: string) => {
  if (pgServer === undefined) return `file:${join(dir, 'restored.db')}`
  const name = `procura_p_${Math.random().toString(36).slice(2, 12)}`
  const admin = new pg.Client({ connectionString: pgServer })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  })
  const url = new URL(pgServer)
  url.pathname = `/${name}`
  return url.toString()
}

const envOf = (url: string, dir: string, files: string) => ({
  ...process.env,
  PROCURA_DATABASE_URL: url,
  PROCURA_DEMO: 'base',
  PROCURA_STORAGE_DIR: join(dir, files),
  PROCURA_OUTBOX_DIR: join(dir, 'outbox'),
  LOG_FORMAT: 'json',
  LOG_LEVEL: 'warn',
})

const post = async (url: string, who: { cookie: string; xsrf: string }, path: string, body: unknown = {}) => {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { cookie: who.cookie, 'x-xsrf-token': who.xsrf, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as { data?: { id: number } } }
}

test('a backup taken by the command while a server takes 8 clients’ orders restores, verifies and serves', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'procura-backup-run-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  const database: TestDatabase = await createTestDatabase('demo')
  cleanups.push(() => database.close())
  const env = envOf(database.url, dir, 'files')
  const server: ServeProcess = await startServeProcess(env)
  cleanups.push(() => server.stop())
  const id = async (sql: string) => Number((await database.client.execute(sql)).rows[0]?.id)
  const order = {
    supplier_id: await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await id("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    lines: [{ label: 'Copy paper A4', quantity: '10', unit_price_exctax: '4.99', vat_rate: '20' }],
  }
  const buyers = await Promise.all(Array.from({ length: 8 }, () => signInOverHttp(server.url, 'buyer')))
  const answeredBefore: number[] = []
  let backupStarted = false
  let backupDone = false
  const client = async (buyer: { cookie: string; xsrf: string }) => {
    while (!backupDone) {
      const made = await post(server.url, buyer, '/bwapi/purchase-orders', order)
      expect(made.status).toBe(201)
      if (!backupStarted) answeredBefore.push(made.body.data?.id ?? 0)
    }
  }
  const clients = buyers.map(client)
  // Let the clients get going, then back up beside them.
  while (answeredBefore.length < 16) await new Promise((r) => setTimeout(r, 20))
  const archive = join(dir, 'procura.tar.gz')
  backupStarted = true
  const backup = await run(process.execPath, [CLI, 'db', 'backup', '-o', archive], { env })
  backupDone = true
  await Promise.all(clients)
  expect(backup.stdout).toMatch(/Backup written/)

  const verified = await run(process.execPath, [CLI, 'db', 'verify', archive], { env })
  expect(verified.stdout).toContain('nothing wrong found')
  const to = await emptyDatabase(dir)
  const restoredEnv = envOf(to, dir, 'restored-files')
  await run(process.execPath, [CLI, 'db', 'restore', archive, '--to', to], { env: restoredEnv })
  await run(process.execPath, [CLI, 'db', 'verify', to], { env: restoredEnv })

  // A server on the restored copy: the orders answered before the backup began, and the story goes on.
  const restored = await startServeProcess(restoredEnv)
  cleanups.push(() => restored.stop())
  const buyer = await signInOverHttp(restored.url, 'buyer')
  for (const orderId of answeredBefore) {
    const read = await fetch(`${restored.url}/bwapi/purchase-orders/${orderId}`, {
      headers: { cookie: buyer.cookie },
    })
    expect(read.status, `order ${orderId}`).toBe(200)
  }
  const made = await post(restored.url, buyer, '/bwapi/purchase-orders', order)
  expect(made.status).toBe(201)
  const madeId = made.body.data?.id
  expect((await post(restored.url, buyer, `/bwapi/purchase-orders/${madeId}/submit`)).status).toBe(200)
  const validator = await signInOverHttp(restored.url, 'validator')
  expect((await post(restored.url, validator, `/bwapi/purchase-orders/${madeId}/validate`)).status).toBe(200)
}, 240_000)
