import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'
import WebSocket from 'ws'
import { systemClock } from './clock'
import { filesUnder } from './services/operations/file-moves'
import { readSetting, writeSetting } from './services/settings'
import { signInOverHttp } from './testing/http-session'
import { CLI, type ServeProcess, startServeProcess } from './testing/serve-process'
import { createTestDatabase, type TestDatabase } from './testing/test-database'

/**
 * Two real `procura serve` processes on one PostgreSQL database behave as one application:
 * sessions, real-time events, the scheduled jobs, maintenance mode and — kept in the database —
 * uploaded files are shared.
 */
const onPostgres = process.env.PROCURA_TEST_PG_SERVER !== undefined

let database: TestDatabase
let dir: string
const servers: ServeProcess[] = []

/** Each server keeps its own storage folder, as two machines would. */
const env = (storage = 'files') => ({
  ...process.env,
  PROCURA_DATABASE_URL: database.url,
  PROCURA_DEMO: 'base',
  PROCURA_STORAGE_DIR: join(dir, storage),
  PROCURA_OUTBOX_DIR: join(dir, 'outbox'),
  LOG_FORMAT: 'json',
})

beforeAll(async () => {
  if (!onPostgres) return
  dir = mkdtempSync(join(tmpdir(), 'procura-cluster-'))
  database = await createTestDatabase()
  servers.push(await startServeProcess(env('files-a')), await startServeProcess(env('files-b')))
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await database?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

test.runIf(onPostgres)('a session made on one server is valid on the other', async () => {
  const [a, b] = servers as [ServeProcess, ServeProcess]
  const { cookie } = await signInOverHttp(a.url, 'buyer')
  const me = await fetch(`${b.url}/bwapi/users/current`, { headers: { cookie } })
  expect(me.status).toBe(200)
  expect(((await me.json()) as { login: string }).login).toBe('buyer')
})

test.runIf(onPostgres)('an event raised on one server reaches a browser connected to the other', async () => {
  const [a, b] = servers as [ServeProcess, ServeProcess]
  const { cookie, userId } = await signInOverHttp(a.url, 'validator')
  const socket = new WebSocket(`ws://127.0.0.1:${b.wsPort}`, { headers: { cookie } })
  const messages: { type: string }[] = []
  socket.on('message', (data) => messages.push(JSON.parse(String(data))))
  await expect.poll(() => messages.map((m) => m.type)).toContain('connected')
  const push = await fetch(`${a.url}/bwapi/test-socket/${userId}`, { headers: { cookie } })
  expect(push.status).toBe(200)
  await expect.poll(() => messages.map((m) => m.type), { timeout: 5000 }).toContain('test')
  socket.close()
})

test.runIf(onPostgres)('the scheduled jobs of a slot run on one server only', async () => {
  const ran = servers.map((s) => s.output.join('').includes('Crons ran for slot'))
  expect(ran.filter(Boolean)).toHaveLength(1)
})

test.runIf(onPostgres)('maintenance mode set once is seen by both servers', async () => {
  await promisify(execFile)(process.execPath, [CLI, 'maintenance', 'on', '--message', 'Upgrade'], {
    env: env(),
  })
  for (const server of servers) expect((await fetch(`${server.url}/bwapi/init-infos`)).status).toBe(503)
  await promisify(execFile)(process.execPath, [CLI, 'maintenance', 'off'], { env: env() })
  for (const server of servers) expect((await fetch(`${server.url}/bwapi/init-infos`)).status).toBe(200)
})

test.runIf(onPostgres)(
  'with files kept in the database, a file uploaded through one server is served by the other',
  async () => {
    const [a, b] = servers as [ServeProcess, ServeProcess]
    const stored = ((await readSetting(database.db, 'settings')) ?? {}) as Record<
      string,
      Record<string, unknown>
    >
    await writeSetting(database.db, systemClock, 'settings', {
      ...stored,
      instance: { ...stored.instance, file_storage: 'database' },
    })
    const { cookie, xsrf } = await signInOverHttp(a.url, 'requester')
    const headers = { cookie, 'x-xsrf-token': xsrf }
    const buyer = await database.client.execute("SELECT id FROM users WHERE login = 'buyer'")
    const created = await fetch(`${a.url}/bwapi/needs`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Shared drawings',
        buyer_id: Number(buyer.rows[0]?.id),
        purchase_family: 'FURNITURE',
        lines: [{ description: 'Desk', quantity: '1', unit_price_exctax: '100' }],
      }),
    })
    expect(created.status).toBe(201)
    const needId = ((await created.json()) as { data: { id: number } }).data.id
    const form = new FormData()
    form.set('file', new File(['drawing made on server A'], 'drawing.pdf'))
    const uploaded = await fetch(`${a.url}/bwapi/needs/${needId}/attachments`, {
      method: 'POST',
      headers,
      body: form,
    })
    expect(uploaded.status).toBe(201)
    const fileId = ((await uploaded.json()) as { data: { id: number } }).data.id
    const served = await fetch(`${b.url}/bwapi/needs/${needId}/attachments/${fileId}`, {
      headers: { cookie },
    })
    expect(served.status).toBe(200)
    expect(await served.text()).toBe('drawing made on server A')
    // Neither server's folder holds it.
    expect(filesUnder(join(dir, 'files-a', 'attachments'))).toEqual([])
    expect(filesUnder(join(dir, 'files-b', 'attachments'))).toEqual([])
  },
)
