import { PERMISSION_CODES } from '@procura/core/user'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { writeSetting } from '../services/settings'
import { signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const json = async (response: Response) => (await response.json()) as Record<string, unknown>

test('the main menu is built from the user’s permissions', async () => {
  const admin = await json(await (await signIn(t.app, 'admin')).get('/bwapi/main-menu'))
  expect((admin.items as { link: string }[]).map((i) => i.link)).toEqual([
    '/',
    '/needs',
    '/purchase-orders',
    '/framework-agreements',
    '/rfqs',
    '/deliveries',
    '/supplier-invoices',
    '/external-charges',
    '/payments',
    '/accounting-exports',
    '/budgets',
    '/expenses',
    '/warehouses',
    '/suppliers',
    '/delegations',
    '/config',
  ])
  expect(admin.logo).toBeNull()
  const requester = await json(await (await signIn(t.app, 'requester')).get('/bwapi/main-menu'))
  expect((requester.items as { link: string }[]).map((i) => i.link)).toEqual([
    '/',
    '/needs',
    '/purchase-orders',
    '/deliveries',
    '/expenses',
    '/warehouses',
    '/suppliers',
    '/delegations',
  ])
})

test('header infos: the environment badge outside production, and server messages', async () => {
  const admin = await signIn(t.app, 'admin')
  expect(await json(await admin.get('/bwapi/header-infos'))).toEqual({ env: null, messages: [] })
  await writeSetting(t.db, t.clock, 'settings', { customer: { environment: 'test' } })
  await writeSetting(t.db, t.clock, 'header_messages', [{ type: 'warning', body: 'Inventory on Friday' }])
  expect(await json(await admin.get('/bwapi/header-infos'))).toEqual({
    env: { type: 'test', text: 'Test environment' },
    messages: [{ type: 'warning', body: 'Inventory on Friday', until: null }],
  })
})

test('actions to do name the user and count what waits for them', async () => {
  const body = await json(await (await signIn(t.app, 'buyer')).get('/bwapi/actions-to-do'))
  expect(body).toMatchObject({ user: { label: 'Bruno Buyer' }, count: 0, actions: [] })
})

test('changing the language changes the answers at once and is kept', async () => {
  const buyer = await signIn(t.app, 'buyer')
  const changed = await buyer.post('/bwapi/language/change', { code: 'fr' })
  expect(changed.status).toBe(200)
  expect(await json(await buyer.get('/bwapi/nothing'))).toEqual({ message: "Cette page n'existe pas." })
  expect((await json(await buyer.get('/bwapi/users/current'))).language).toBe('fr')
  const refused = await buyer.post('/bwapi/language/change', { code: 'de' })
  expect(refused.status).toBe(422)
  expect((await json(refused)).errors).toEqual({ code: ["Cette valeur n'est pas dans la liste."] })
})

test('currency and price display changes', async () => {
  const buyer = await signIn(t.app, 'buyer')
  expect((await buyer.post('/bwapi/currency/change', { code: 'GBP' })).status).toBe(200)
  expect((await buyer.post('/bwapi/change-price-display', { price_display_inctax: true })).status).toBe(200)
  expect(await json(await buyer.get('/bwapi/users/current'))).toMatchObject({
    currency: 'GBP',
    price_display_inctax: true,
  })
  const unknown = await buyer.post('/bwapi/currency/change', { code: 'XYZ' })
  expect(unknown.status).toBe(422)
  expect((await json(await buyer.get('/bwapi/users/current'))).currency).toBe('GBP')
  expect((await buyer.post('/bwapi/change-price-display', { price_display_inctax: 'yes' })).status).toBe(422)
})

test('the test socket pushes an event to the user; only oneself unless managing users', async () => {
  const buyer = await signIn(t.app, 'buyer')
  const me = Number((await json(await buyer.get('/bwapi/users/current'))).id)
  expect(await json(await buyer.get(`/bwapi/test-socket/${me}`))).toEqual({ sent: 1 })
  expect(t.pushed).toEqual([
    { userId: me, event: { type: 'test', payload: { at: '2026-11-21T10:00:00.000Z' } } },
  ])
  expect((await buyer.get(`/bwapi/test-socket/${me + 1}`)).status).toBe(403)
})

test('the configuration page needs the admin menu permission', async () => {
  const page = await json(await (await signIn(t.app, 'validator')).get('/bwapi/config'))
  expect(page).toEqual({ message: "Cette action n'est pas autorisée." })
  const admin = await json(await (await signIn(t.app, 'admin')).get('/bwapi/config'))
  expect(admin.title).toBe('Configuration')
})

test('roles with their permissions, for those who manage users', async () => {
  const admin = await signIn(t.app, 'admin')
  const roles = (await json(await admin.get('/bwapi/roles'))).data as {
    code: string
    permissions: { code: string }[]
  }[]
  expect(roles.map((r) => r.code)).toContain('none')
  expect(
    roles
      .find((r) => r.code === 'admin')
      ?.permissions.map((p) => p.code)
      .sort(),
  ).toEqual([...PERMISSION_CODES].sort())
  expect((await (await signIn(t.app, 'requester')).get('/bwapi/roles')).status).toBe(403)
})

test('the about page is an HTML modal answer in the user language', async () => {
  const about = await json(await (await signIn(t.app, 'validator')).get('/bwapi/about'))
  expect(about).toMatchObject({ title: 'À propos de Procura', size: 'small' })
  expect(about.body).toContain('<strong>Procura 0.1.0</strong>')
})

const rolePermissionsRows = async () =>
  JSON.stringify(
    (
      await t.client.execute(
        'SELECT role_id, permission_id FROM role_permissions ORDER BY role_id, permission_id',
      )
    ).rows,
  )
const traceCount = async () =>
  Number((await t.client.execute("SELECT count(*) AS n FROM traces WHERE model = 'role'")).rows[0]?.n)

test('a user manager edits what a role allows: it applies at once and is traced', async () => {
  const admin = await signIn(t.app, 'admin')
  const buyer = await signIn(t.app, 'buyer')
  expect((await json(await buyer.get('/bwapi/users/current'))).permissions).not.toContain('admin_menu')
  const saved = await admin.request('/bwapi/roles/buyer/permissions', {
    method: 'PUT',
    body: { permissions: ['admin_menu', 'view_budget_analyses'] },
  })
  expect(saved.status).toBe(200)
  expect((await json(await buyer.get('/bwapi/users/current'))).permissions).toContain('admin_menu')
  const trace = (await t.client.execute("SELECT message, user_id FROM traces WHERE model = 'role'")).rows[0]
  expect(trace?.message).toMatch(/^Role buyer: .*\+admin_menu/)
})

test('refused role changes say why and change nothing', async () => {
  const admin = await signIn(t.app, 'admin')
  const requester = await signIn(t.app, 'requester')
  const before = await rolePermissionsRows()
  const put = (agent: typeof admin, role: string, permissions: unknown) =>
    agent.request(`/bwapi/roles/${role}/permissions`, { method: 'PUT', body: { permissions } })

  expect((await put(requester, 'requester', ['manage_users'])).status).toBe(403)
  const unknown = await put(admin, 'buyer', ['root'])
  expect(unknown.status).toBe(422)
  expect(((await unknown.json()) as { errors: Record<string, string[]> }).errors.permissions?.[0]).toMatch(
    /not in the list/,
  )
  expect((await put(admin, 'nobody', [])).status).toBe(404)
  expect((await put(admin, 'buyer', 'admin_menu')).status).toBe(422)
  const last = await put(admin, 'admin', ['admin_menu'])
  expect(last.status).toBe(422)
  expect(((await last.json()) as { errors: Record<string, string[]> }).errors.permissions?.[0]).toMatch(
    /Nobody active could manage users/,
  )

  expect(await rolePermissionsRows()).toBe(before)
  expect(await traceCount()).toBe(0)
})

/** The call each screen of the menu makes first, where it is not `/bwapi` + the screen's link. */
const FIRST_CALL: Record<string, string> = {
  '/': '/bwapi/dashboard',
  '/circuits': '/bwapi/circuits/purchase_order',
  '/expense-settings': '/bwapi/expense-types',
  '/payments': '/bwapi/payment-groups',
  '/reference-lists': '/bwapi/allocations',
}

test.each(['admin', 'buyer', 'requester', 'validator', 'supplier', 'payables', 'finance'])(
  'every entry of %s’s menu opens a screen they may read (no 403)',
  async (login) => {
    await writeSetting(t.db, t.clock, 'settings', { customer: { supplier_access: true } })
    const agent = await signIn(t.app, login)
    type Item = { link: string; subtree?: Item[] }
    const items = (await json(await agent.get('/bwapi/main-menu'))).items as Item[]
    const links = items.flatMap((i) => [i.link, ...(i.subtree ?? []).map((s) => s.link)])
    const refused: string[] = []
    for (const link of new Set(links)) {
      const call = FIRST_CALL[link] ?? `/bwapi${link.split('?')[0]}`
      const status = (await agent.get(call)).status
      if (status !== 200) refused.push(`${link} → ${call}: ${status}`)
    }
    expect(refused).toEqual([])
  },
)
