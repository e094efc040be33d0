import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { verifyDatabase } from './services/operations/backup'
import { signInOverHttp } from './testing/http-session'
import { type ServeProcess, startServeProcess } from './testing/serve-process'
import { createTestDatabase, type TestDatabase } from './testing/test-database'

/**
 * Crash safety, measured (issue 49 §6): a real `procura serve` process is killed (SIGKILL, nothing
 * flushed, nothing closed) while 8 clients write — orders created, submitted and validated, an
 * article import, the SEPA export of a payment group — then started again on the same database.
 * After each crash the database verifies and every write that was answered 2xx is there; a write
 * cut short is there whole or not at all. Three crashes, at three points of the flow; on SQLite
 * here and on PostgreSQL under `npm run test:pg`.
 */
let database: TestDatabase
let dir: string
let server: ServeProcess

const env = () => ({
  ...process.env,
  PROCURA_DATABASE_URL: database.url,
  PROCURA_DEMO: 'base',
  PROCURA_STORAGE_DIR: join(dir, 'files'),
  PROCURA_OUTBOX_DIR: join(dir, 'outbox'),
  LOG_FORMAT: 'json',
  LOG_LEVEL: 'warn',
})

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'procura-crash-'))
  database = await createTestDatabase('demo-year')
  server = await startServeProcess(env())
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await database?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

type Session = { cookie: string; xsrf: string }
const session = async (login: string): Promise<Session> => signInOverHttp(server.url, login)

/** One write over HTTP: its status, or null when the connection died with the server. */
const write = async (who: Session, path: string, body?: unknown, form?: FormData) => {
  try {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        cookie: who.cookie,
        'x-xsrf-token': who.xsrf,
        ...(form === undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: form ?? JSON.stringify(body ?? {}),
    })
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as Record<string, unknown> | null,
    }
  } catch {
    return null
  }
}

const idOf = async (sql: string) => Number((await database.client.execute(sql)).rows[0]?.id)
const STAGES = ['draft', 'awaiting', 'validated'] as const
type Answered = { id: number; stage: (typeof STAGES)[number] }

/** An article import of `n` new articles, references prefixed by `prefix`. */
const importForm = (prefix: string, n: number) => {
  const rows = Array.from({ length: n }, (_, i) => `;"${prefix}-${i}";"Crash article ${i}";"1.50";;;0;`)
  const form = new FormData()
  const csv = [
    'id;reference;label;unit_price_exctax;quantity_step;conditioning;internal;product_family',
    ...rows,
  ]
  form.set('file', new File([csv.join('\r\n')], 'articles.csv', { type: 'text/csv' }))
  return form
}

test('killed with SIGKILL during 8 clients’ writes, three times: the database verifies and every answered write is there', async () => {
  const supplier = await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  const company = await idOf("SELECT id FROM companies WHERE code = 'ACME'")
  const warehouse = await idOf("SELECT id FROM warehouses WHERE code = 'MAIN'")
  const group = await idOf("SELECT id FROM payment_groups WHERE code = 'PAY-2026-00005'")
  const answered: Answered[] = []
  const imports: { prefix: string; answered: boolean }[] = []
  let sepaAnswered = false

  for (const [round, killAfter] of [8, 24, 48].entries()) {
    const buyers = await Promise.all(Array.from({ length: 8 }, () => session('buyer')))
    const validator = await session('validator')
    const finance = await session('finance')
    let killed = false
    let writes = 0
    const answer = (a: Answered) => {
      answered.push(a)
      writes += 1
      if (writes >= killAfter && !killed) {
        killed = true
        server.process.kill('SIGKILL')
      }
    }
    // Eight clients, each carrying orders through create, submit and validate until the crash.
    const client = async (buyer: Session, n: number) => {
      for (let k = 0; !killed; k += 1) {
        const created = await write(buyer, '/bwapi/purchase-orders', {
          supplier_id: supplier,
          company_id: company,
          currency_code: 'EUR',
          lines: [
            { label: `Crash ${round}.${n}.${k}`, quantity: '2', unit_price_exctax: '3.10', vat_rate: '20' },
          ],
        })
        if (created?.status !== 201) return
        const id = Number((created.body?.data as { id?: number } | undefined)?.id)
        answer({ id, stage: 'draft' })
        if ((await write(buyer, `/bwapi/purchase-orders/${id}/submit`))?.status !== 200) return
        answer({ id, stage: 'awaiting' })
        if ((await write(validator, `/bwapi/purchase-orders/${id}/validate`))?.status !== 200) return
        answer({ id, stage: 'validated' })
      }
    }
    const prefix = `CRASH${round}`
    const importing = write(
      buyers[0] as Session,
      `/bwapi/warehouses/${warehouse}/articles/import`,
      undefined,
      importForm(prefix, 1500),
    ).then((r) => imports.push({ prefix, answered: r?.status === 200 }))
    const exporting =
      round === 1
        ? write(finance, `/bwapi/payment-groups/${group}/sepa`, {}).then((r) => {
            sepaAnswered = r?.status === 201
          })
        : Promise.resolve()
    await Promise.all([...buyers.map((b, n) => client(b, n)), importing, exporting])
    expect(killed).toBe(true)
    await new Promise<void>((done) =>
      server.process.exitCode !== null || server.process.signalCode !== null
        ? done()
        : server.process.once('exit', () => done()),
    )
    expect(server.process.signalCode).toBe('SIGKILL')

    // Started again on the same database: it verifies, and holds what was answered.
    server = await startServeProcess(env())
    expect((await verifyDatabase(database.url)).problems).toEqual([])
    const statuses = new Map(
      (await database.client.execute('SELECT id, status FROM purchase_orders')).rows.map((r) => [
        Number(r.id),
        String(r.status),
      ]),
    )
    for (const a of answered) {
      const status = statuses.get(a.id)
      expect(status, `order ${a.id} answered ${a.stage}`).toBeDefined()
      expect(
        STAGES.indexOf(status as (typeof STAGES)[number]),
        `order ${a.id}: ${status}`,
      ).toBeGreaterThanOrEqual(STAGES.indexOf(a.stage))
    }
    // An import is all or nothing: answered, every row; cut short, every row or none.
    for (const i of imports) {
      const n = Number(
        (
          await database.client.execute({
            sql: 'SELECT count(*) AS n FROM articles WHERE reference LIKE ?',
            args: [`${i.prefix}-%`],
          })
        ).rows[0]?.n,
      )
      expect([i.answered ? 1500 : 0, 1500]).toContain(n)
    }
    // The SEPA export is its file and its planified lines together, or neither.
    const exported = Number(
      (
        await database.client.execute({
          sql: 'SELECT count(*) AS n FROM payment_exports WHERE payment_group_id = ?',
          args: [group],
        })
      ).rows[0]?.n,
    )
    const planified = Number(
      (
        await database.client.execute({
          sql: "SELECT count(*) AS n FROM payment_lines WHERE payment_group_id = ? AND status = 'planified' AND payment_export_id IS NOT NULL",
          args: [group],
        })
      ).rows[0]?.n,
    )
    expect(exported > 0).toBe(planified > 0)
    if (sepaAnswered) expect(exported).toBe(1)
  }
  expect(answered.length).toBeGreaterThanOrEqual(8 + 24 + 48)
}, 240_000)
