import { expect, test } from 'vitest'
import type { Actor } from './permissions'
import { checkRolePermissionsChange, type PermissionHolders } from './role-permissions'

const admin: Actor = { id: 1, active: true, permissions: ['manage_users', 'admin_menu'], real_user_id: null }
const requester: Actor = { id: 3, active: true, permissions: [], real_user_id: null }
const holders: PermissionHolders = [
  { role: 'admin', role_permissions: ['admin_menu', 'manage_users'], own: [] },
  { role: 'buyer', role_permissions: ['view_budget_analyses'], own: [] },
]

test('a user manager changes a role and learns what was added and removed', () => {
  const result = checkRolePermissionsChange(
    admin,
    { role: 'buyer', permissions: ['admin_menu', 'admin_menu'] },
    ['view_budget_analyses'],
    holders,
  )
  expect(result).toEqual({ ok: true, value: { added: ['admin_menu'], removed: ['view_budget_analyses'] } })
})

test('only user managers change roles', () => {
  expect(checkRolePermissionsChange(requester, { role: 'buyer', permissions: [] }, [], holders)).toEqual({
    ok: false,
    error: { code: 'FORBIDDEN' },
  })
})

test('unknown permissions and permissions on the supplier contacts’ role are refused', () => {
  const unknown = checkRolePermissionsChange(admin, { role: 'buyer', permissions: ['root'] }, [], holders)
  expect(unknown.ok ? null : unknown.error.fields?.permissions?.[0]?.code).toBe('NOT_IN_LIST')
  const supplier = checkRolePermissionsChange(
    admin,
    { role: 'supplier', permissions: ['admin_menu'] },
    [],
    holders,
  )
  expect(supplier.ok).toBe(false)
})

test('the last way to manage users cannot be removed; it can when someone else keeps it', () => {
  const change = { role: 'admin', permissions: ['admin_menu'] }
  const last = checkRolePermissionsChange(admin, change, ['admin_menu', 'manage_users'], holders)
  expect(last.ok ? null : last.error.fields?.permissions?.[0]?.code).toBe('LAST_USER_MANAGER')
  const withOwn = [...holders, { role: 'buyer', role_permissions: [], own: ['manage_users'] as const }]
  expect(checkRolePermissionsChange(admin, change, ['admin_menu', 'manage_users'], withOwn).ok).toBe(true)
})
