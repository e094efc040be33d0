import { type DomainError, formError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'
import { PERMISSION_CODES, type PermissionCode } from '../user/user.schema'
import { SUPPLIER_CONTACT_ROLE } from './audience'
import { type Actor, can } from './permissions'

/** A role's new set of permissions: known codes, each once. */
export type RolePermissionsChange = { role: string; permissions: readonly string[] }

/** Who holds what, as the rule needs it: each active user's role, its permissions, and their own. */
export type PermissionHolders = readonly {
  role: string | null
  role_permissions: readonly PermissionCode[]
  own: readonly PermissionCode[]
}[]

/**
 * Changing what a role allows: user managers only; known permissions only; the supplier contacts'
 * role grants nothing (its access is the portal); and at least one active user must still be
 * able to manage users afterwards, else nobody could undo the change (LAST_USER_MANAGER).
 * Returns the permissions added and removed, which the change's trace names.
 */
export const checkRolePermissionsChange = (
  actor: Actor,
  change: RolePermissionsChange,
  current: readonly PermissionCode[],
  holders: PermissionHolders,
): Result<{ added: PermissionCode[]; removed: PermissionCode[] }, DomainError> => {
  if (!can(actor, 'manage_users')) return err({ code: 'FORBIDDEN' })
  const unknown = change.permissions.filter((p) => !(PERMISSION_CODES as readonly string[]).includes(p))
  if (unknown.length > 0)
    return err(formError({ permissions: [{ code: 'NOT_IN_LIST', params: { value: unknown.join(', ') } }] }))
  const next = [...new Set(change.permissions as readonly PermissionCode[])]
  if (change.role === SUPPLIER_CONTACT_ROLE && next.length > 0)
    return err(formError({ permissions: [{ code: 'NOT_IN_LIST', params: { value: next.join(', ') } }] }))
  const managersLeft = holders.some(
    (h) =>
      h.own.includes('manage_users') ||
      (h.role === change.role ? next : h.role_permissions).includes('manage_users'),
  )
  if (!managersLeft)
    return err(
      formError({ permissions: [{ code: 'LAST_USER_MANAGER', params: { permission: 'manage_users' } }] }),
    )
  return ok({
    added: next.filter((p) => !current.includes(p)),
    removed: current.filter((p) => !next.includes(p)),
  })
}
