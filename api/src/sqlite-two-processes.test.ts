import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInOverHttp } from './testing/http-session'
import { type ServeProcess, startServeProcess } from './testing/serve-process'
import { createTestDatabase, type TestDatabase } from './testing/test-database'

/**
 * Two real `procura serve` processes on one SQLite file: write transactions start as immediate
 * write transactions, so the second process waits for the first (busy timeout) instead of failing
 * with SQLITE_BUSY halfway through a read-then-write (numbering, conditional updates).
 */
const onPostgres = process.env.PROCURA_TEST_PG_SERVER !== undefined

let database: TestDatabase
let dir: string
const servers: ServeProcess[] = []

beforeAll(async () => {
  if (onPostgres) return
  dir = mkdtempSync(join(tmpdir(), 'procura-two-'))
  database = await createTestDatabase()
  const env = {
    ...process.env,
    PROCURA_DATABASE_URL: database.url,
    PROCURA_DEMO: 'base',
    PROCURA_STORAGE_DIR: join(dir, 'files'),
    PROCURA_OUTBOX_DIR: join(dir, 'outbox'),
    LOG_FORMAT: 'json',
  }
  // One after the other: the first seeds the empty file, the second finds it seeded.
  servers.push(await startServeProcess(env))
  servers.push(await startServeProcess(env))
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await database?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const idOf = async (sql: string) => Number((await database.client.execute(sql)).rows[0]?.id)

test.skipIf(onPostgres)(
  'two servers on one SQLite file write at once: every write waits its turn, none fails',
  async () => {
    const supplier = await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
    const company = await idOf("SELECT id FROM companies WHERE code = 'ACME'")
    const sessions = await Promise.all(servers.map((s) => signInOverHttp(s.url, 'buyer')))
    const create = (server: ServeProcess, cookie: string, n: number) => {
      const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '')
      return fetch(`${server.url}/bwapi/purchase-orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'x-xsrf-token': token,
          cookie,
        },
        body: JSON.stringify({
          supplier_id: supplier,
          company_id: company,
          currency_code: 'EUR',
          lines: [{ label: `Paper ${n}`, quantity: '1', unit_price_exctax: '10', vat_rate: '20' }],
        }),
      })
    }
    const before = Number(
      (await database.client.execute('SELECT count(*) AS n FROM purchase_orders')).rows[0]?.n,
    )
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => {
        const i = n % 2
        return create(servers[i] as ServeProcess, sessions[i]?.cookie ?? '', n)
      }),
    )
    const statuses = answers.map((a) => a.status)
    expect(
      statuses.filter((s) => s !== 201),
      servers
        .map((s) => s.output.join(''))
        .join('\n')
        .slice(-2000),
    ).toEqual([])
    const codes = await database.client.execute('SELECT code FROM purchase_orders ORDER BY id')
    expect(codes.rows.length - before).toBe(30)
    expect(new Set(codes.rows.map((r) => r.code)).size).toBe(codes.rows.length)
  },
  60_000,
)
