import { expect, test } from 'vitest'
import { parseWith } from '../errors/parse'
import type { Modules } from '../settings/modules'
import { MODULES } from '../settings/settings.schema'
import { PERMISSION_CODES } from '../user/user.schema'
import { LoginInputSchema, safeRedirect, sessionExpiry, userNamedBy, wantsRemember } from './login'
import { mainMenu } from './menu'
import {
  type Actor,
  checkCanEditUser,
  checkCanImpersonate,
  checkCanListUsers,
  checkSelfDeactivation,
  checkUserBulkAction,
  requiresCurrentPassword,
  userRowActions,
} from './permissions'
import { afterFailure, lockedFor, throttleKey } from './throttle'

const ALL_MODULES = Object.fromEntries(MODULES.map((m) => [m, true])) as Modules

const admin: Actor = {
  id: 1,
  active: true,
  permissions: ['admin_menu', 'manage_users', 'impersonate'],
  real_user_id: null,
}
const requester: Actor = { id: 3, active: true, permissions: [], real_user_id: null }
const target = (id: number, extra: Partial<{ active: boolean; permissions: Actor['permissions'] }> = {}) => ({
  id,
  active: true,
  permissions: [],
  ...extra,
})

test('login needs a login and a password; remember and redirect are optional', () => {
  expect(parseWith(LoginInputSchema, { login: 'admin', password: 'x' }).ok).toBe(true)
  const missing = parseWith(LoginInputSchema, { login: ' ', remember: true })
  expect(missing.ok).toBe(false)
  if (!missing.ok) {
    expect(missing.error.fields).toEqual({
      login: [{ code: 'FIELD_REQUIRED' }],
      password: [{ code: 'FIELD_REQUIRED' }],
    })
  }
})

test.each([
  [true, true],
  ['1', true],
  ['on', true],
  [false, false],
  ['0', false],
  [undefined, false],
] as const)('remember %j → %s', (remember, expected) => {
  expect(wantsRemember({ login: 'a', password: 'b', remember })).toBe(expected)
})

test.each([
  ['/app/users/3', '/app/users/3'],
  [undefined, '/app/'],
  ['', '/app/'],
  ['https://evil.example/', '/app/'],
  ['//evil.example/x', '/app/'],
  ['/\\evil.example', '/app/'],
  ['javascript:alert(1)', '/app/'],
  ['/app/x\n', '/app/'],
])('safeRedirect(%j) → %s', (redirect, expected) => {
  expect(safeRedirect(redirect, '/app')).toBe(expected)
})

test('sessions last 12 hours, 30 days when remembered', () => {
  const now = new Date('2026-11-21T10:00:00Z')
  expect(sessionExpiry(now, false).toISOString()).toBe('2026-11-21T22:00:00.000Z')
  expect(sessionExpiry(now, true).toISOString()).toBe('2026-12-21T10:00:00.000Z')
})

test('throttling: the fifth failure locks until the window ends', () => {
  const policy = { max_attempts: 5, decay_seconds: 60 }
  let state = null as ReturnType<typeof afterFailure>
  const t0 = 1_000_000
  for (let i = 0; i < 4; i += 1) state = afterFailure(state, t0 + i * 1000, policy)
  expect(lockedFor(state, t0 + 4000, policy)).toBe(0)
  state = afterFailure(state, t0 + 4000, policy)
  expect(lockedFor(state, t0 + 4000, policy)).toBe(56)
  expect(lockedFor(state, t0 + 59_500, policy)).toBe(1)
  expect(lockedFor(state, t0 + 60_000, policy)).toBe(0)
  // After the window, counting starts again.
  expect(afterFailure(state, t0 + 61_000, policy)).toEqual({ count: 1, reset_at: t0 + 121_000 })
})

test('the throttle key ignores the case of the login', () => {
  expect(throttleKey(' Admin ', '127.0.0.1')).toBe(throttleKey('admin', '127.0.0.1'))
  expect(throttleKey('admin', '127.0.0.2')).not.toBe(throttleKey('admin', '127.0.0.1'))
})

test('listing users without the right is "cantIndex"', () => {
  expect(checkCanListUsers(admin).ok).toBe(true)
  expect(checkCanListUsers(requester)).toEqual({ ok: false, error: { code: 'CANT_INDEX' } })
})

test('a user edits their own profile; only managers edit others', () => {
  expect(checkCanEditUser(requester, 3).ok).toBe(true)
  expect(checkCanEditUser(requester, 1)).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
  expect(checkCanEditUser(admin, 3).ok).toBe(true)
})

test.each([
  ['an admin acts as an active requester', admin, target(3), null],
  ['not as themselves', admin, target(1), 'FORBIDDEN'],
  ['not as someone who may impersonate too', admin, target(4, { permissions: ['impersonate'] }), 'FORBIDDEN'],
  ['not as an inactive user', admin, target(3, { active: false }), 'ITEM_DISABLED'],
  ['not without the permission', requester, target(5), 'FORBIDDEN'],
  ['not while already acting as someone', { ...admin, real_user_id: 9 }, target(3), 'FORBIDDEN'],
] as const)('impersonation: %s', (_name, actor, who, code) => {
  const result = checkCanImpersonate(actor, who)
  expect(result.ok ? null : result.error.code).toBe(code)
})

test('row actions come from the rules', () => {
  expect(userRowActions(admin, target(3))).toEqual([
    'profile',
    'preferences',
    'password',
    'permissions',
    'deactivate',
    'impersonate',
  ])
  expect(userRowActions(admin, target(3, { active: false }))).toEqual([
    'profile',
    'preferences',
    'password',
    'permissions',
    'activate',
  ])
  expect(userRowActions(admin, target(1))).toEqual(['profile', 'preferences', 'password', 'permissions'])
  expect(userRowActions(requester, target(3))).toEqual(['profile', 'preferences', 'password'])
  expect(userRowActions(requester, target(1))).toEqual([])
})

test('bulk actions: managers only, something selected, never deactivating oneself', () => {
  expect(checkUserBulkAction(admin, 'deactivate', [3, 4]).ok).toBe(true)
  expect(checkUserBulkAction(admin, 'deactivate', [1, 3])).toEqual({
    ok: false,
    error: { code: 'IMPOSSIBLE_ACTION' },
  })
  expect(checkUserBulkAction(admin, 'activate', [])).toEqual({
    ok: false,
    error: { code: 'SELECT_AT_LEAST_ONE' },
  })
  expect(checkUserBulkAction(requester, 'activate', [3])).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
})

test('the main menu shows only what permissions open, in the user language', () => {
  expect(mainMenu(requester, 'en', ALL_MODULES).map((i) => i.link)).toEqual([
    '/',
    '/needs',
    '/purchase-orders',
    '/deliveries',
    '/expenses',
    '/warehouses',
    '/suppliers',
    '/delegations',
  ])
  // Invoices and payments show to who handles them (a finance duty), administrators, validators —
  // not to buyers as such: ordering and paying are separate duties.
  const links = (actor: Actor) => mainMenu(actor, 'en', ALL_MODULES).map((i) => i.link)
  expect(links({ ...requester, buyer: true })).not.toContain('/payments')
  expect(links({ ...requester, permissions: ['prepare_payments'] })).toContain('/payments')
  expect(links({ ...requester, permissions: ['handle_invoices'] })).toContain('/supplier-invoices')
  expect(links({ ...requester, role: 'validator' })).toContain('/supplier-invoices')
  expect(links({ ...requester, role: 'creator' })).not.toContain('/payments')
  // Accounting exports show to who runs them, not to every finance duty (a 403 otherwise).
  expect(links({ ...requester, permissions: ['prepare_payments'] })).not.toContain('/accounting-exports')
  expect(links({ ...requester, permissions: ['export_accounting'] })).toContain('/accounting-exports')
  // Framework agreements are the purchasing people's: buyers, validators, administrators.
  expect(links(requester)).not.toContain('/framework-agreements')
  expect(links({ ...requester, buyer: true })).toContain('/framework-agreements')
  expect(links({ ...requester, role: 'validator' })).toContain('/framework-agreements')
  // Requests for quotation: the purchasing people's, and the supplier contacts who answer them.
  expect(links(requester)).not.toContain('/rfqs')
  expect(links({ ...requester, buyer: true })).toContain('/rfqs')
  expect(links({ ...requester, role: 'supplier' })).toContain('/rfqs')
  const menu = mainMenu(admin, 'fr', ALL_MODULES)
  expect(menu.map((i) => i.text)).toEqual([
    'Tableau de bord',
    'Demandes',
    'Commandes',
    'Accords-cadres',
    'Demandes de prix',
    'Livraisons',
    'Factures fournisseurs',
    'Charges externes',
    'Paiements',
    'Dépenses',
    'Catalogue',
    'Fournisseurs',
    'Délégations',
    'Administration',
  ])
  expect(menu[13]?.subtree?.map((i) => i.link)).toEqual([
    '/users',
    '/roles',
    '/circuits',
    '/accounting-entries',
    '/accounting-vat-entries',
    '/supplier-settings',
    '/reference-lists',
    '/expense-settings',
    '/currencies',
    '/mail-templates',
    '/api-tokens',
    '/traces',
    '/config',
  ])
  const adminMenuOnly: Actor = { ...requester, permissions: ['admin_menu'] }
  expect(
    mainMenu(adminMenuOnly, 'en', ALL_MODULES)
      .find((i) => i.link === '/config')
      ?.subtree?.map((i) => i.link),
  ).toEqual([
    '/circuits',
    '/accounting-entries',
    '/accounting-vat-entries',
    '/supplier-settings',
    '/reference-lists',
    '/expense-settings',
    '/currencies',
    '/mail-templates',
    '/api-tokens',
    '/traces',
    '/config',
  ])
})

test('an entry of a module switched off is not in the menu', () => {
  const links = (modules: Partial<Modules>) =>
    mainMenu(admin, 'en', modules).flatMap((i) => [i.link, ...(i.subtree ?? []).map((s) => s.link)])
  expect(links(ALL_MODULES)).toEqual(expect.arrayContaining(['/supplier-groups', '/supplier-settings']))
  const without = links({ ...ALL_MODULES, advanced_suppliers: false })
  expect(without).not.toContain('/supplier-groups')
  expect(without).not.toContain('/supplier-settings')
  expect(without).toContain('/suppliers')
})

test('a supplier contact sees only the dashboard, the orders, the requests for quotation, the deliveries and its company’s documents, whatever permissions it holds', () => {
  const contact: Actor = { ...admin, role: 'supplier' }
  expect(mainMenu(contact, 'en', ALL_MODULES).map((i) => i.link)).toEqual([
    '/',
    '/purchase-orders',
    '/rfqs',
    '/deliveries',
  ])
  expect(
    mainMenu({ ...contact, supplier_ids: [7] }, 'fr', ALL_MODULES)
      .map((i) => [i.text, i.link])
      .at(-1),
  ).toEqual(['Nos documents', '/suppliers/7?tab=documents'])
})

test('a sign-in names the account by its login, else by the one account holding that e-mail address', () => {
  const paula = { id: 1, login: 'paula', email: 'orders@paperco.example' }
  const shop = { id: 2, login: 'Orders@Shop.example', email: 'orders@shop.example' }
  const twinA = { id: 3, login: 'twin-a', email: 'desk@acme.example' }
  const twinB = { id: 4, login: 'twin-b', email: 'desk@acme.example' }
  const thief = { id: 5, login: 'orders@paperco.example', email: 'thief@evil.example' }
  expect(userNamedBy([paula], 'PAULA ')?.id).toBe(1)
  expect(userNamedBy([paula], 'Orders@PaperCo.example')?.id).toBe(1)
  expect(userNamedBy([shop], 'orders@shop.example')?.id).toBe(2)
  // A login equal to another account's address wins: logins are unique, addresses are not.
  expect(userNamedBy([paula, thief], 'orders@paperco.example')?.id).toBe(5)
  // An address two accounts share names neither.
  expect(userNamedBy([twinA, twinB], 'desk@acme.example')).toBeUndefined()
  expect(userNamedBy([twinA, twinB], 'twin-b')?.id).toBe(4)
  expect(userNamedBy([], 'nobody')).toBeUndefined()
})

test.each(['en', 'es', 'fr'] as const)('no two entries of the %s menu read the same', (language) => {
  const flat = (items: ReturnType<typeof mainMenu>): string[] =>
    items.flatMap((i) => [i.text, ...flat(i.subtree ?? [])])
  const texts = flat(mainMenu({ ...admin, permissions: [...PERMISSION_CODES] }, language, ALL_MODULES))
  expect(texts.filter((text, i) => texts.indexOf(text) !== i)).toEqual([])
})

test('one’s own password change asks for the current one; nobody deactivates their own account', () => {
  const manager: Actor = {
    id: 1,
    active: true,
    real_user_id: null,
    permissions: ['manage_users'],
  }
  expect(requiresCurrentPassword(manager, 1)).toBe(true)
  expect(requiresCurrentPassword(manager, 2)).toBe(false)
  expect(checkSelfDeactivation(manager, 1, false)).toEqual({
    ok: false,
    error: { code: 'IMPOSSIBLE_ACTION' },
  })
  expect(checkSelfDeactivation(manager, 1, true).ok).toBe(true)
  expect(checkSelfDeactivation(manager, 2, false).ok).toBe(true)
})
