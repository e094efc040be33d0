import { afterEach, beforeEach, expect, test } from 'vitest'
import { signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

type Json = Record<string, unknown> & { data?: unknown }
const json = async (response: Response) => (await response.json()) as Json
const idOf = async (login: string) =>
  Number((await t.client.execute({ sql: 'SELECT id FROM users WHERE login = ?', args: [login] })).rows[0]?.id)
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT * FROM users ORDER BY id')).rows,
  ])

test('the users list pages, sorts, searches and filters; rows carry their actions', async () => {
  const admin = await signIn(t.app, 'admin')
  const page = await json(await admin.get('/bwapi/users?per_page=2&sort=login&direction=desc'))
  expect(page.meta).toEqual({ total: 7, total_exact: true, page: 1, per_page: 2, totals: null })
  const rows = page.data as { login: string; actions: { action: string }[] }[]
  expect(rows.map((r) => r.login)).toEqual(['validator', 'supplier'])
  expect(rows[0]?.actions.map((a) => a.action)).toEqual([
    'profile',
    'preferences',
    'password',
    'permissions',
    'deactivate',
    'impersonate',
  ])
  const second = await json(await admin.get('/bwapi/users?per_page=2&page=4&sort=login&direction=desc'))
  expect((second.data as { login: string }[]).map((r) => r.login)).toEqual(['admin'])
  const own = (second.data as { actions: { action: string }[] }[])[0]?.actions.map((a) => a.action)
  expect(own).toEqual(['profile', 'preferences', 'password', 'permissions'])
  const search = await json(await admin.get('/bwapi/users?search=rita'))
  expect((search.data as { login: string }[]).map((r) => r.login)).toEqual(['requester'])
  const byRole = await json(await admin.get('/bwapi/users?role=buyer'))
  expect((byRole.data as { login: string }[]).map((r) => r.login)).toEqual(['buyer'])
  const bad = await admin.get('/bwapi/users?sort=password_hash')
  expect(bad.status).toBe(422)
  expect((await json(bad)).errors).toEqual({ sort: ['This value is not in the list.'] })
})

test('a search for "%" matches nothing instead of everything', async () => {
  const admin = await signIn(t.app, 'admin')
  expect((await json(await admin.get('/bwapi/users?search=%25'))).meta).toMatchObject({ total: 0 })
})

test('index, filter lists and the contextual menu are translated', async () => {
  const admin = await signIn(t.app, 'admin')
  await admin.post('/bwapi/language/change', { code: 'es' })
  const index = await json(await admin.get('/bwapi/users/index'))
  expect(index.title).toBe('Usuarios')
  expect(index.bulk_actions).toEqual([
    { action: 'activate', label: 'Activar' },
    { action: 'deactivate', label: 'Desactivar' },
  ])
  const roles = await json(await admin.get('/bwapi/users/filter-list/role?search=buy'))
  expect(roles.data).toEqual([
    { value: 'buyer', label: 'Comprador' },
    { value: 'family_buyer', label: 'Comprador de familia' },
    { value: 'regional_family_buyer', label: 'Comprador regional de familia' },
  ])
  expect((await admin.get('/bwapi/users/filter-list/password')).status).toBe(404)
  const rita = (await json(await admin.get('/bwapi/users?search=rita'))).data as { role_label: string }[]
  expect(rita[0]?.role_label).toBe('Solicitante')
  const roles2 = (await json(await admin.get('/bwapi/roles'))).data as { code: string; label: string }[]
  expect(roles2.find((r) => r.code === 'none')?.label).toBe('Sin rol')
  const menu = await json(await admin.get(`/bwapi/users/${await idOf('requester')}/contextual-menu`))
  expect(menu.actions).toContainEqual({ action: 'impersonate', label: 'Actuar como este usuario' })
})

test('bulk actions deactivate others, never oneself; a refusal changes nothing', async () => {
  const admin = await signIn(t.app, 'admin')
  const [buyer, requester, self] = [await idOf('buyer'), await idOf('requester'), await idOf('admin')]
  const before = await snapshot()
  const refused = await admin.post('/bwapi/users/do-bulk-action', {
    action: 'deactivate',
    ids: [buyer, self],
  })
  expect(refused.status).toBe(422)
  expect((await json(refused)).code).toBe('IMPOSSIBLE_ACTION')
  expect((await admin.post('/bwapi/users/do-bulk-action', { action: 'explode', ids: [buyer] })).status).toBe(
    422,
  )
  expect(
    (await admin.post('/bwapi/users/do-bulk-action', { action: 'deactivate', ids: [buyer, 9999] })).status,
  ).toBe(404)
  expect(await snapshot()).toBe(before)
  expect(
    await json(
      await admin.post('/bwapi/users/do-bulk-action', { action: 'deactivate', ids: [buyer, requester] }),
    ),
  ).toEqual({ updated: 2 })
  const active = await t.client.execute('SELECT login FROM users WHERE active = false ORDER BY login')
  expect(active.rows.map((r) => r.login)).toEqual(['buyer', 'requester'])
})

test('creating a user: duplicate login and weak password are refused together and nothing changes', async () => {
  const admin = await signIn(t.app, 'admin')
  const form = await json(await admin.get('/bwapi/users/create'))
  expect((form.roles as { value: string }[]).map((r) => r.value)).toContain('none')
  const before = await snapshot()
  const refused = await admin.post('/bwapi/users', {
    login: 'BUYER',
    label: 'Another',
    email: 'another@example.org',
    password: 'short',
    password_confirmation: 'shorter',
  })
  expect(refused.status).toBe(422)
  expect((await json(refused)).errors).toEqual({
    login: ['This value is already used.'],
    password: [
      'The password must have at least 8 characters.',
      'The password must contain an uppercase letter.',
      'The password must contain a digit.',
    ],
    password_confirmation: ['The password confirmation does not match.'],
  })
  expect(await snapshot()).toBe(before)
  const created = await admin.post('/bwapi/users', {
    login: 'dana',
    label: 'Dana Delegate',
    email: 'dana@example.org',
    role: 'delegate',
    password: 'Strong-Pass-1',
    password_confirmation: 'Strong-Pass-1',
  })
  expect(created.status).toBe(201)
  const id = ((await json(created)).data as { id: number }).id
  expect(id).toBe(await idOf('dana'))
  expect((await signIn(t.app, 'dana', 'Strong-Pass-1')).cookies.has('procura_session')).toBe(true)
})

test('profile and preferences: a user edits their own; others are forbidden', async () => {
  const requester = await signIn(t.app, 'requester')
  const me = await idOf('requester')
  expect((await json(await requester.get(`/bwapi/users/${me}/profile`))).data).toMatchObject({
    login: 'requester',
    label: 'Rita Requester',
  })
  expect(
    (await requester.post(`/bwapi/users/${me}/profile`, { label: 'Rita R.', email: 'rita@example.org' }))
      .status,
  ).toBe(200)
  const bad = await requester.post(`/bwapi/users/${me}/profile`, { label: '', email: 'nope' })
  expect((await json(bad)).errors).toEqual({
    label: ['This field is required'],
    email: ['This e-mail address is not valid.'],
  })
  expect((await json(await requester.get(`/bwapi/users/${me}/profile`))).data).toMatchObject({
    label: 'Rita R.',
    email: 'rita@example.org',
  })
  const prefs = {
    language: 'es',
    currency_code: 'USD',
    price_display_inctax: true,
    notifications: { actions_to_do: false },
  }
  expect((await requester.post(`/bwapi/users/${me}/preferences`, prefs)).status).toBe(200)
  expect((await json(await requester.get(`/bwapi/users/${me}/preferences`))).data).toEqual(prefs)
  const unknownCurrency = await requester.post(`/bwapi/users/${me}/preferences`, {
    ...prefs,
    currency_code: 'XYZ',
  })
  expect((await json(unknownCurrency)).errors).toEqual({ currency_code: ['Este valor no está en la lista.'] })
  expect((await requester.get('/bwapi/users/99999/profile')).status).toBe(403)
  expect((await (await signIn(t.app, 'admin')).get('/bwapi/users/99999/profile')).status).toBe(404)
  expect((await requester.get('/bwapi/users/abc/profile')).status).toBe(404)
})

test('permissions: role, flags, named permissions and authorizations are replaced together', async () => {
  const admin = await signIn(t.app, 'admin')
  const buyer = await idOf('buyer')
  const input = {
    role: 'family_buyer',
    active: true,
    buyer: true,
    can_view_other_po: false,
    permissions: ['view_budget_analyses', 'admin_menu'],
    authorizations: [
      { dimension: 'company', value_code: null, access: 'read' },
      { dimension: 'department', value_code: 'PURCH', access: 'write' },
    ],
  }
  expect((await admin.post(`/bwapi/users/${buyer}/permissions`, input)).status).toBe(200)
  const saved = (await json(await admin.get(`/bwapi/users/${buyer}/permissions`))).data as Record<
    string,
    unknown
  >
  expect(saved).toMatchObject({
    role: 'family_buyer',
    buyer: true,
    can_view_other_po: false,
    authorizations: input.authorizations,
  })
  expect(saved.permissions).toEqual(['admin_menu', 'view_budget_analyses'])
  const bad = await admin.post(`/bwapi/users/${buyer}/permissions`, {
    ...input,
    role: 'emperor',
    authorizations: [{ dimension: 'planet' }],
  })
  expect(Object.keys((await json(bad)).errors as object).sort()).toEqual(
    ['authorizations.0.access', 'authorizations.0.dimension', 'authorizations.0.value_code', 'role'].sort(),
  )
  const self = await admin.post(`/bwapi/users/${await idOf('admin')}/permissions`, {
    ...input,
    role: 'admin',
    active: false,
  })
  expect((await json(self)).code).toBe('IMPOSSIBLE_ACTION')
})

test('changing one’s own password needs the current one; the new one is then the only one', async () => {
  const requester = await signIn(t.app, 'requester')
  const me = await idOf('requester')
  const before = await snapshot()
  const noCurrent = await requester.post(`/bwapi/users/${me}/password`, {
    password: 'New-Pass-123',
    password_confirmation: 'New-Pass-123',
  })
  expect((await json(noCurrent)).errors).toEqual({ current_password: ['This field is required'] })
  const wrong = await requester.post(`/bwapi/users/${me}/password`, {
    current_password: 'guess',
    password: 'New-Pass-123',
    password_confirmation: 'New-Pass-123',
  })
  expect((await json(wrong)).errors).toEqual({ current_password: ['The current password is not correct.'] })
  const same = await requester.post(`/bwapi/users/${me}/password`, {
    current_password: 'Demo1234!',
    password: 'Demo1234!',
    password_confirmation: 'Demo1234!',
  })
  expect((await json(same)).errors).toEqual({
    password: ['The new password must differ from the current one.'],
  })
  expect(await snapshot()).toBe(before)
  const done = await requester.post(`/bwapi/users/${me}/password`, {
    current_password: 'Demo1234!',
    password: 'New-Pass-123',
    password_confirmation: 'New-Pass-123',
  })
  expect(done.status).toBe(200)
  await expect(signIn(t.app, 'requester')).rejects.toThrow('422')
  expect((await signIn(t.app, 'requester', 'New-Pass-123')).cookies.has('procura_session')).toBe(true)
})

test('a manager resets someone else’s password without knowing it', async () => {
  const admin = await signIn(t.app, 'admin')
  const response = await admin.post(`/bwapi/users/${await idOf('buyer')}/password`, {
    password: 'Reset-Pass-9',
    password_confirmation: 'Reset-Pass-9',
  })
  expect(response.status).toBe(200)
  expect((await signIn(t.app, 'buyer', 'Reset-Pass-9')).cookies.has('procura_session')).toBe(true)
})

test('impersonation: act as another user, see it in current, get back; both traced', async () => {
  const admin = await signIn(t.app, 'admin')
  const requester = await idOf('requester')
  expect((await admin.post(`/bwapi/users/${requester}/impersonate`)).status).toBe(200)
  const acting = await json(await admin.get('/bwapi/users/current'))
  expect(acting).toMatchObject({
    login: 'requester',
    real_user: { label: 'Alice Admin', get_back_url: '/bwapi/users/get-back' },
  })
  // Acting as the requester, the admin's rights are gone.
  expect((await admin.get('/bwapi/users')).status).toBe(403)
  expect((await admin.post(`/bwapi/users/${await idOf('buyer')}/impersonate`)).status).toBe(403)
  expect((await admin.post('/bwapi/users/get-back')).status).toBe(200)
  expect(await json(await admin.get('/bwapi/users/current'))).toMatchObject({
    login: 'admin',
    real_user: null,
  })
  expect((await admin.post('/bwapi/users/get-back')).status).toBe(403)
  const traces = await t.client.execute(
    "SELECT action, message FROM traces WHERE action LIKE 'impersonate%' ORDER BY id",
  )
  expect(traces.rows.map((r) => r.message)).toEqual([
    'admin acts as requester',
    'Alice Admin stops acting as requester',
  ])
})

test('impersonation refusals: inactive target, oneself, unknown user', async () => {
  const admin = await signIn(t.app, 'admin')
  await t.client.execute("UPDATE users SET active = false WHERE login = 'buyer'")
  expect((await json(await admin.post(`/bwapi/users/${await idOf('buyer')}/impersonate`))).code).toBe(
    'ITEM_DISABLED',
  )
  expect((await admin.post(`/bwapi/users/${await idOf('admin')}/impersonate`)).status).toBe(403)
  expect((await admin.post('/bwapi/users/9999/impersonate')).status).toBe(404)
  expect(await json(await admin.get('/bwapi/users/current'))).toMatchObject({
    login: 'admin',
    real_user: null,
  })
})

test('the organisation’s people find each other by name or login; a supplier contact may not', async () => {
  const requester = await signIn(t.app, 'requester')
  const found = (await json(await requester.get('/bwapi/users/search?search=rita'))).data as Json[]
  expect(found).toEqual([expect.objectContaining({ login: 'requester', label: 'Rita Requester' })])
  expect(Object.keys(found[0] ?? {}).sort()).toEqual(['id', 'label', 'login'])
  expect((await json(await requester.get('/bwapi/users/search?search=r'))).data).toEqual([])
  expect((await (await signIn(t.app, 'supplier')).get('/bwapi/users/search?search=rita')).status).toBe(403)
})
