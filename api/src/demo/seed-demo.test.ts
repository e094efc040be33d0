import { verify } from '@node-rs/argon2'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { fixedClock } from '../clock'
import { isDatabaseEmpty, seedReference } from '../services/seed'
import { createTestDatabase, type TestDatabase, tableCounts } from '../testing/test-database'
import { seedDemo } from './seed-demo'

let database: TestDatabase
const clock = fixedClock('2026-11-21T10:00:00Z')

beforeEach(async () => {
  database = await createTestDatabase()
})
afterEach(() => database.close())

test('reference data is idempotent', async () => {
  await seedReference(database.db)
  const once = await tableCounts(database.client)
  await seedReference(database.db)
  expect(await tableCounts(database.client)).toEqual(once)
  expect(once).toMatchObject({ currencies: 3, languages: 3, roles: 13, permissions: 12 })
  expect(once.role_permissions).toBeGreaterThan(0)
})

test('the demo dataset goes into an empty database once, traced', async () => {
  expect(await isDatabaseEmpty(database.db)).toBe(true)
  expect(await seedDemo(database.db, clock)).toEqual({
    seeded: true,
    users: 7,
    companies: 2,
    needs: 0,
    orders: 0,
  })
  const counts = await tableCounts(database.client)
  expect(counts).toMatchObject({ users: 7, companies: 2, departments: 3, traces: 1 })
  expect(await seedDemo(database.db, clock)).toEqual({
    seeded: false,
    users: 0,
    companies: 0,
    needs: 0,
    orders: 0,
  })
  expect(await tableCounts(database.client)).toEqual(counts)
})

test('demo users have argon2id hashes of the demo password and their role', async () => {
  await seedDemo(database.db, clock)
  const rows = await database.client.execute(
    'SELECT u.login, u.password_hash, r.code AS role FROM users u JOIN roles r ON r.id = u.role_id ORDER BY u.login',
  )
  expect(rows.rows.map((r: Record<string, unknown>) => [r.login, r.role])).toEqual([
    ['admin', 'admin'],
    ['buyer', 'buyer'],
    ['finance', 'finance'],
    ['payables', 'accounts_payable'],
    ['requester', 'requester'],
    ['supplier', 'supplier'],
    ['validator', 'validator'],
  ])
  const hash = String(rows.rows[0]?.password_hash)
  expect(hash).toMatch(/^\$argon2id\$/)
  expect(await verify(hash, 'Demo1234!')).toBe(true)
  expect(await verify(hash, 'demo1234!')).toBe(false)
})
