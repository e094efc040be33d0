import { afterAll, beforeAll, expect, test } from 'vitest'
import { agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

/**
 * The users area's guards: a guest and a reader without the right are refused every call, and
 * nothing changes. One database for the file: every test checks it left the database as it found
 * it (the users' own writes are users.test.ts's, each on a database of its own).
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Json = Record<string, unknown> & { data?: unknown }
const json = async (response: Response) => (await response.json()) as Json
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT * FROM users ORDER BY id')).rows,
  ])

/** Every /bwapi call with its method, for the guard tests. */
const CALLS: [string, string][] = [
  ['GET', '/bwapi/users/current'],
  ['GET', '/bwapi/users/index'],
  ['GET', '/bwapi/users'],
  ['GET', '/bwapi/users/filter-list/role'],
  ['POST', '/bwapi/users/do-bulk-action'],
  ['GET', '/bwapi/users/1/contextual-menu'],
  ['GET', '/bwapi/users/create'],
  ['POST', '/bwapi/users'],
  ['GET', '/bwapi/users/1/profile'],
  ['POST', '/bwapi/users/1/profile'],
  ['GET', '/bwapi/users/1/preferences'],
  ['POST', '/bwapi/users/1/preferences'],
  ['GET', '/bwapi/users/1/permissions'],
  ['POST', '/bwapi/users/1/permissions'],
  ['GET', '/bwapi/users/1/password'],
  ['POST', '/bwapi/users/1/password'],
  ['POST', '/bwapi/users/1/impersonate'],
  ['POST', '/bwapi/users/get-back'],
  ['GET', '/bwapi/actions-to-do'],
  ['GET', '/bwapi/header-infos'],
  ['GET', '/bwapi/main-menu'],
  ['GET', '/bwapi/config'],
  ['POST', '/bwapi/currency/change'],
  ['POST', '/bwapi/language/change'],
  ['POST', '/bwapi/change-price-display'],
  ['GET', '/bwapi/test-socket/1'],
  ['GET', '/bwapi/roles'],
  ['PUT', '/bwapi/roles/buyer/permissions'],
  ['GET', '/bwapi/about'],
  ['POST', '/bwapi/users/1/profile-signature'],
  ['GET', '/bwapi/users/1/profile-signature'],
  ['GET', '/bwapi/purchase-orders'],
  ['POST', '/bwapi/purchase-orders'],
  ['GET', '/bwapi/purchase-orders/1'],
  ['POST', '/bwapi/purchase-orders/1/submit'],
  ['GET', '/bwapi/purchase-orders/1/pdf'],
  ['POST', '/bwapi/purchase-orders/1/send'],
  ['GET', '/bwapi/circuits/purchase_order'],
  ['POST', '/bwapi/circuits/purchase_order/test'],
  ['GET', '/bwapi/delegations'],
  ['POST', '/bwapi/delegations'],
  ['GET', '/bwapi/needs'],
  ['POST', '/bwapi/needs'],
  ['POST', '/bwapi/needs/transform'],
  ['GET', '/bwapi/needs/1'],
  ['POST', '/bwapi/needs/1/submit'],
]

test.each(CALLS)('a guest gets 401 on %s %s, and nothing changes', async (method, path) => {
  const browser = agent(t.app)
  await browser.get('/sanctum/csrf-cookie')
  const before = await snapshot()
  const response = await browser.request(path, method === 'POST' ? { method, body: {} } : {})
  expect(response.status).toBe(401)
  expect(await json(response)).toEqual({ message: 'Please sign in to continue.' })
  expect(await snapshot()).toBe(before)
})

test('the public calls answer guests', async () => {
  const browser = agent(t.app)
  expect((await browser.get('/bwapi/users/login-infos')).status).toBe(200)
  expect((await browser.get('/bwapi/init-infos')).status).toBe(200)
})

const MANAGER_ONLY: [string, string, unknown?][] = [
  ['GET', '/bwapi/users/index'],
  ['GET', '/bwapi/users'],
  ['GET', '/bwapi/users/filter-list/role'],
  ['POST', '/bwapi/users/do-bulk-action', { action: 'deactivate', ids: [1] }],
  ['GET', '/bwapi/users/create'],
  [
    'POST',
    '/bwapi/users',
    {
      login: 'x',
      label: 'X',
      email: 'x@example.org',
      password: 'Abcdefg1!',
      password_confirmation: 'Abcdefg1!',
    },
  ],
  ['GET', '/bwapi/users/1/contextual-menu'],
  ['GET', '/bwapi/users/1/profile'],
  ['POST', '/bwapi/users/1/profile', { label: 'Hacked', email: 'h@example.org' }],
  ['GET', '/bwapi/users/1/permissions'],
  ['GET', '/bwapi/users/1/password'],
  [
    'POST',
    '/bwapi/users/3/permissions',
    { role: 'admin', active: true, buyer: true, can_view_other_po: true },
  ],
  ['POST', '/bwapi/users/1/password', { password: 'Abcdefg1!', password_confirmation: 'Abcdefg1!' }],
  ['POST', '/bwapi/users/1/impersonate'],
  ['GET', '/bwapi/config'],
  ['GET', '/bwapi/test-socket/1'],
  ['GET', '/bwapi/roles'],
  ['POST', '/bwapi/users/1/profile-signature'],
  ['GET', '/bwapi/users/1/profile-signature'],
]

test.each(MANAGER_ONLY)('a requester gets 403 on %s %s, and nothing changes', async (method, path, body) => {
  const browser = await signIn(t.app, 'requester')
  const before = await snapshot()
  const response = await browser.request(path, method === 'POST' ? { method, body: body ?? {} } : {})
  expect(response.status).toBe(403)
  expect(await snapshot()).toBe(before)
})

test('a list without the right says "You do not have the necessary permissions"', async () => {
  const browser = await signIn(t.app, 'requester')
  expect(await json(await browser.get('/bwapi/users'))).toEqual({
    message: 'You do not have the necessary permissions',
    code: 'CANT_INDEX',
  })
})
