import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import WebSocket from 'ws'
import { loadConfig } from './config'
import { memoryLogger } from './logger'
import { startServer } from './server'

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
  expect(logger.lines).toContain('Demo dataset seeded (5 users).')
  await first.close()

  const url = config().databaseUrl
  expect(await usersCount(url)).toBe(5)
  const second = await startServer(config(), { logger: memoryLogger(), host: '127.0.0.1' })
  await second.close()
  expect(await usersCount(url)).toBe(5)
})

test('PROCURA_DEMO=0 leaves the database without demo data', async () => {
  const server = await startServer(config({ PROCURA_DEMO: '0' }), {
    logger: memoryLogger(),
    host: '127.0.0.1',
  })
  await server.close()
  expect(await usersCount(config().databaseUrl)).toBe(0)
})

test('the WebSocket channel greets a client on its own port', async () => {
  const server = await startServer(config(), { logger: memoryLogger(), host: '127.0.0.1' })
  try {
    expect(server.wsPort).not.toBe(server.port)
    const socket = new WebSocket(`ws://127.0.0.1:${server.wsPort}`)
    const first = await new Promise<string>((resolve, reject) => {
      socket.once('message', (data) => resolve(String(data)))
      socket.once('error', reject)
    })
    expect(JSON.parse(first)).toEqual({ type: 'connected' })
    socket.close()
  } finally {
    await server.close()
  }
})

test('a port already in use is reported, and nothing is left open', async () => {
  const server = await startServer(config(), { logger: memoryLogger(), host: '127.0.0.1' })
  try {
    await expect(
      startServer(config({ PORT: String(server.port) }), { logger: memoryLogger(), host: '127.0.0.1' }),
    ).rejects.toThrow(/EADDRINUSE/)
  } finally {
    await server.close()
  }
})
