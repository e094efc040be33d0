import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/libsql'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createMutex, serialiseWrites } from './serialise'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'procura-serialise-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const pause = () => new Promise((done) => setTimeout(done, 2))

test('concurrent read-modify-write transactions and single writes all succeed, none lost', async () => {
  const client = createClient({ url: `file:${join(dir, 'db.sqlite')}` })
  await client.execute('PRAGMA journal_mode = WAL')
  await client.execute('CREATE TABLE counter (n INTEGER NOT NULL)')
  await client.execute('CREATE TABLE log (id INTEGER PRIMARY KEY)')
  await client.execute('INSERT INTO counter VALUES (0)')
  const db = drizzle(serialiseWrites(client))
  const increment = () =>
    db.transaction(async (tx) => {
      const [row] = await tx.all<{ n: number }>(sql`SELECT n FROM counter`)
      await pause() // another request runs meanwhile
      await tx.run(sql`UPDATE counter SET n = ${(row?.n ?? 0) + 1}`)
    })
  await Promise.all([
    ...Array.from({ length: 20 }, increment),
    ...Array.from({ length: 20 }, () => db.run(sql`INSERT INTO log DEFAULT VALUES`)),
  ])
  expect((await client.execute('SELECT n FROM counter')).rows[0]?.n).toBe(20)
  expect((await client.execute('SELECT count(*) AS c FROM log')).rows[0]?.c).toBe(20)
  client.close()
})

test('a failed transaction releases the lock for the next one', async () => {
  const client = createClient({ url: `file:${join(dir, 'db.sqlite')}` })
  await client.execute('CREATE TABLE t (n INTEGER)')
  const db = drizzle(serialiseWrites(client))
  await expect(
    db.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO t VALUES (1)`)
      throw new Error('refused')
    }),
  ).rejects.toThrow('refused')
  await db.transaction(async (tx) => {
    await tx.run(sql`INSERT INTO t VALUES (2)`)
  })
  expect((await client.execute('SELECT n FROM t')).rows.map((r) => r.n)).toEqual([2])
  client.close()
})

test('the mutex hands the lock over in arrival order', async () => {
  const acquire = createMutex()
  const order: number[] = []
  await Promise.all(
    [1, 2, 3].map(async (n) => {
      const release = await acquire()
      order.push(n)
      await pause()
      release()
      release() // releasing twice is harmless
    }),
  )
  expect(order).toEqual([1, 2, 3])
})

test('every connection has the settings, the one opened while a transaction holds the first too', async () => {
  const { openDatabase } = await import('./index')
  const database = await openDatabase(`file:${join(dir, 'db.sqlite')}`)
  const setting = async (pragma: string) =>
    Object.values((await database.client.execute(`PRAGMA ${pragma}`)).rows[0] ?? {})[0]
  const settings = async () => [
    await setting('foreign_keys'),
    await setting('synchronous'),
    await setting('busy_timeout'),
  ]
  // While the transaction holds its connection, the client reads on another one it opens.
  const during = await database.db.transaction(async (tx) => {
    await tx.run(sql`SELECT 1`)
    return settings()
  })
  expect(during).toEqual([1, 1, 5000]) // foreign keys on, NORMAL sync, 5 s busy timeout
  expect(await settings()).toEqual([1, 1, 5000])
  database.close()
})
