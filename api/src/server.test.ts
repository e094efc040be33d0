import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import WebSocket from 'ws'
import { loadConfig } from './config'
import { memoryLogger } from './logger'
import { startServer } from './server'
import { copySqliteFixture } from './testing/fixture-copy'
import { signInOverHttp } from './testing/http-session'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'procura-server-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const config = (extra: Record<string, string> = {}) =>
  loadConfig({
    PORT: '0',
    WS_PORT: '0',
    PROCURA_DATABASE_URL: `file:${join(dir, 'data', 'procura.db')}`,
    ...extra,
  })

const usersCount = async (url: string) => {
  const { openDatabase } = await import('./db')
  const database = await openDatabase(url)
  const result = await database.client.execute('SELECT count(*) AS n FROM users')
  database.close()
  return Number(result.rows[0]?.n)
}

test('a first start creates, migrates and seeds the database; a second start keeps the data', async () => {
  const logger = memoryLogger()
  const first = await startServer(config(), { logger, host: '127.0.0.1' })
  const response = await fetch(`${first.url}/bwapi/init-infos`)
  expect(response.status).toBe(200)
  expect(logger.entries().map((e) => e.msg)).toContain(
    'Demo dataset seeded (22 users, 70 requests, 96 orders).',
  )
  await first.close()

  const url = config().databaseUrl
  expect(await usersCount(url)).toBe(22)
  const second = await startServer(config(), { logger: memoryLogger(), host: '127.0.0.1' })
  await second.close()
  expect(await usersCount(url)).toBe(22)
  // A first start seeds the demo's year: the longest test of the file, given room on a busy machine.
}, 90_000)

test('PROCURA_DEMO=0 leaves the database without demo data', async () => {
  const server = await startServer(config({ PROCURA_DEMO: '0' }), {
    logger: memoryLogger(),
    host: '127.0.0.1',
  })
  // Idle connections outlive a balancer's 60 s, so a client never reuses a socket the server closed.
  const response = await fetch(`${server.url}/bwapi/init-infos`)
  expect(response.headers.get('keep-alive')).toBe('timeout=65')
  await response.arrayBuffer()
  await server.close()
  expect(await usersCount(config().databaseUrl)).toBe(0)
})

const nextMessage = (socket: WebSocket) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    socket.once('message', (data) => resolve(JSON.parse(String(data))))
    socket.once('error', reject)
  })

/** A server over a copy of the run's demo (the organisation, without its year). */
const startDemoServer = () => {
  copySqliteFixture('demo', join(dir, 'data'))
  return startServer(config(), { logger: memoryLogger(), host: '127.0.0.1' })
}

test('the WebSocket channel, on its own port, accepts a signed-in browser and delivers its events', async () => {
  const server = await startDemoServer()
  try {
    expect(server.wsPort).not.toBe(server.port)
    const { cookie, userId } = await signInOverHttp(server.url, 'buyer')
    const socket = new WebSocket(`ws://127.0.0.1:${server.wsPort}`, { headers: { cookie } })
    expect(await nextMessage(socket)).toEqual({ type: 'connected', payload: { user_id: userId } })
    const event = nextMessage(socket)
    const push = await fetch(`${server.url}/bwapi/test-socket/${userId}`, { headers: { cookie } })
    expect(await push.json()).toEqual({ sent: 1 })
    expect((await event).type).toBe('test')
    socket.close()
  } finally {
    await server.close()
  }
})

test('a WebSocket without a session is closed with 4401', async () => {
  const server = await startDemoServer()
  try {
    const socket = new WebSocket(`ws://127.0.0.1:${server.wsPort}`)
    const code = await new Promise<number>((resolve) =>
      socket.once('close', (closeCode) => resolve(closeCode)),
    )
    expect(code).toBe(4401)
  } finally {
    await server.close()
  }
})

test('a port already in use is reported, and nothing is left open', async () => {
  const server = await startServer(config({ PROCURA_DEMO: 'base' }), {
    logger: memoryLogger(),
    host: '127.0.0.1',
  })
  try {
    await expect(
      startServer(config({ PORT: String(server.port) }), { logger: memoryLogger(), host: '127.0.0.1' }),
    ).rejects.toThrow(/EADDRINUSE/)
  } finally {
    await server.close()
  }
})
