import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '@procura/api/db'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { main } from './main'
import { scriptedIo } from './testing'

/** `procura db migrate` and `db seed` into a new SQLite file: the whole demo year, seeded once. */
let dir: string
let url: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'procura-seed-'))
  url = `file:${join(dir, 'procura.db')}`
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const run = (args: string[], io = scriptedIo()) => main(['node', 'procura', ...args], io.io)

const count = async (table: string) => {
  const database = await openDatabase(url)
  const result = await database.client.execute(`SELECT count(*) AS n FROM ${table}`)
  database.close()
  return Number(result.rows[0]?.n)
}

test('db migrate creates the database; db seed seeds it once', async () => {
  const io = scriptedIo()
  expect(await run(['db', 'migrate', '--database', url], io)).toBe(0)
  expect(existsSync(join(dir, 'procura.db'))).toBe(true)
  expect(await count('users')).toBe(0)

  const seeded = scriptedIo({ env: { PROCURA_STORAGE_DIR: join(dir, 'files') } })
  expect(await run(['db', 'seed', '--database', url], seeded)).toBe(0)
  expect(seeded.out.join()).toContain('Demo dataset seeded: 2 companies, 22 users, 70 requests, 96 orders')
  const again = scriptedIo()
  expect(await run(['db', 'seed', '--database', url], again)).toBe(0)
  expect(again.out.join()).toContain('nothing was seeded')
  expect(await count('users')).toBe(22)
  expect(await count('purchase_orders')).toBeGreaterThan(96)
})
