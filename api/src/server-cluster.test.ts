import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'
import WebSocket from 'ws'
import { signInOverHttp } from './testing/http-session'
import { CLI, type ServeProcess, startServeProcess } from './testing/serve-process'
import { createTestDatabase, type TestDatabase } from './testing/test-database'

/**
 * Two real `procura serve` processes on one PostgreSQL database behave as one application:
 * sessions, real-time events, the scheduled jobs and maintenance mode are shared.
 */
const onPostgres = process.env.PROCURA_TEST_PG_SERVER !== undefined

let database: TestDatabase
let dir: string
const servers: ServeProcess[] = []

const env = () => ({
  ...process.env,
  PROCURA_DATABASE_URL: database.url,
  PROCURA_DEMO: 'base',
  PROCURA_STORAGE_DIR: join(dir, 'files'),
  PROCURA_OUTBOX_DIR: join(dir, 'outbox'),
  LOG_FORMAT: 'json',
})

beforeAll(async () => {
  if (!onPostgres) return
  dir = mkdtempSync(join(tmpdir(), 'procura-cluster-'))
  database = await createTestDatabase()
  servers.push(await startServeProcess(env()), await startServeProcess(env()))
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
