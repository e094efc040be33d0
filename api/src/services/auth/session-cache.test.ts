import { afterEach, beforeEach, expect, test } from 'vitest'
import { referenceScope } from '../../db/reference-cache'
import { statementsSent } from '../../db/statements'
import { SESSION_COOKIE } from '../../http/cookies'
import { signIn } from '../../testing/agent'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { loadSettings } from '../settings'
import { createSessionCache } from './session-cache'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const counted = async <T>(work: () => Promise<T>) => {
  const before = statementsSent()
  const value = await work()
  return { value, statements: statementsSent() - before }
}

test('once read, a session and the reference data cost one statement per call: the versions', async () => {
  const token = (await signIn(t.app, 'buyer')).cookies.get(SESSION_COOKIE)
  const cache = createSessionCache(t.db, t.clock)
  const call = () =>
    referenceScope(t.db, async () => {
      const identity = await cache.identityOf(token)
      await loadSettings(t.db)
      return identity.session?.user.login
    })
  await call()
  // The session, its user, role and permissions, the maintenance mode and the settings: all kept.
  expect(await counted(call)).toEqual({ value: 'buyer', statements: 1 })
})
