import { afterEach, beforeEach, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/test-database'
import { claimSlot } from './crons'

let t: TestDatabase
beforeEach(async () => {
  t = await createTestDatabase()
})
afterEach(() => t.close())

test('a schedule slot is claimed once: the first server runs the jobs, the others skip', async () => {
  const claims = await Promise.all([
    claimSlot(t.db, 490_000),
    claimSlot(t.db, 490_000),
    claimSlot(t.db, 490_000),
  ])
  expect(claims.filter(Boolean)).toHaveLength(1)
  expect(await claimSlot(t.db, 490_000)).toBe(false)
  expect(await claimSlot(t.db, 490_001)).toBe(true)
})
