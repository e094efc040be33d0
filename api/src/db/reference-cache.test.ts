import { afterEach, beforeEach, expect, test } from 'vitest'
import { fixedClock } from '../clock'
import { mailTextOf } from '../mail/templates'
import { findWarehouse } from '../services/catalogue/warehouses'
import { loadSettings, writeSetting } from '../services/settings'
import { writeTrace } from '../services/trace'
import { createTestDatabase, type TestDatabase } from '../testing/test-database'
import { referenceScope } from './reference-cache'
import { warehouses } from './schema'
import { statementsSent } from './statements'

let t: TestDatabase
const clock = fixedClock('2026-11-21T10:00:00Z')
beforeEach(async () => {
  t = await createTestDatabase()
})
afterEach(() => t.close())

/** The statements a piece of work sends. */
const counted = async <T>(work: () => Promise<T>) => {
  const before = statementsSent()
  const value = await work()
  return { value, statements: statementsSent() - before }
}
const decimals = async () => (await loadSettings(t.db)).formats.decimals

test('within calls, reference data is read once while its version holds, and again once anything changes it', async () => {
  await writeSetting(t.db, clock, 'settings', { formats: { decimals: 3 } })
  // The first call reads the version and the settings; the next ones only the version.
  expect(await referenceScope(t.db, () => counted(decimals))).toEqual({ value: 3, statements: 2 })
  expect(await referenceScope(t.db, () => counted(decimals))).toEqual({ value: 3, statements: 1 })
  expect(await referenceScope(t.db, () => counted(async () => [await decimals(), await decimals()]))).toEqual(
    { value: [3, 3], statements: 1 },
  )
  // Changed by another connection, as another process would: the next call reads it again.
  await t.client.execute(
    'UPDATE settings SET value = \'{"formats":{"decimals":4}}\' WHERE key = \'settings\'',
  )
  expect(await referenceScope(t.db, () => counted(decimals))).toEqual({ value: 4, statements: 2 })
})

test('a call that writes reads through from then on: it sees its own change', async () => {
  await writeSetting(t.db, clock, 'settings', { formats: { decimals: 3 } })
  await referenceScope(t.db, decimals)
  const seen = await referenceScope(t.db, async () => {
    const before = await decimals()
    await writeSetting(t.db, clock, 'settings', { formats: { decimals: 5 } })
    return [before, await decimals()]
  })
  expect(seen).toEqual([3, 5])
  // And what it read after its write was not kept under the old version.
  expect(await referenceScope(t.db, decimals)).toBe(5)
})

test('a call that writes only other tables (a trace) keeps reading reference data from the cache', async () => {
  await writeSetting(t.db, clock, 'settings', { formats: { decimals: 3 } })
  await referenceScope(t.db, decimals)
  const { value, statements } = await referenceScope(t.db, () =>
    counted(async () => {
      await writeTrace(t.db, clock, { action: 'test', message: 'A trace', model: 'settings', model_id: null })
      return decimals()
    }),
  )
  // The version and the trace: the settings come from the cache.
  expect({ value, statements }).toEqual({ value: 3, statements: 2 })
})

test('outside a call nothing is kept: each read goes to the database', async () => {
  await writeSetting(t.db, clock, 'settings', { formats: { decimals: 3 } })
  expect(await counted(decimals)).toEqual({ value: 3, statements: 1 })
  expect(await counted(decimals)).toEqual({ value: 3, statements: 1 })
})

test('a warehouse is read once per version: another connection deactivating it is seen at the next call', async () => {
  const add = (id: number, code: string) =>
    t.db.insert(warehouses).values({
      id,
      code,
      label: 'A warehouse',
      active: true,
      created_at: new Date(0),
      updated_at: new Date(0),
    })
  const id = 7
  await add(id, 'MAIN')
  const active = async () => (await findWarehouse(t.db, id))?.active
  await referenceScope(t.db, active)
  expect(await referenceScope(t.db, () => counted(active))).toEqual({ value: true, statements: 1 })
  await t.client.execute({ sql: 'UPDATE warehouses SET active = false WHERE id = ?', args: [id] })
  expect(await referenceScope(t.db, () => counted(active))).toEqual({ value: false, statements: 2 })
  // One not found is kept too, until a warehouse is added.
  expect(await referenceScope(t.db, () => findWarehouse(t.db, id + 1000))).toBeUndefined()
  await add(id + 1000, 'NEW')
  expect((await referenceScope(t.db, () => findWarehouse(t.db, id + 1000)))?.code).toBe('NEW')
})

test('a mail template is read once per version: an administrator’s rewrite by another connection is used at the next call', async () => {
  const text = () => mailTextOf(t.db, 'notification', 'en')
  const product = await referenceScope(t.db, text)
  expect(await referenceScope(t.db, () => counted(text))).toEqual({ value: product, statements: 1 })
  await t.client.execute({
    sql: "INSERT INTO mail_templates (key, language, subject, content, updated_at) VALUES ('notification', 'en', 'Rewritten', 'Hello {name}', ?)",
    args: [new Date()],
  })
  expect((await referenceScope(t.db, text)).subject).toBe('Rewritten')
})
