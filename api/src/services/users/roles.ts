import type { Language } from '@procura/core/i18n'
import { roleLabel } from '@procura/core/user'
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db'
import { permissions, rolePermissions, roles } from '../../db/schema'

/** GET /bwapi/roles: every role with its permissions ("No role" included). */
export const rolesWithPermissions = async (db: Db, language: Language) => {
  const [roleRows, links] = await Promise.all([
    db.select().from(roles).orderBy(asc(roles.label)),
    db
      .select({ role_id: rolePermissions.role_id, code: permissions.code, label: permissions.label })
      .from(rolePermissions)
      .innerJoin(permissions, eq(rolePermissions.permission_id, permissions.id)),
  ])
  return roleRows.map((r) => ({
    code: r.code,
    label: roleLabel(r.code, language, r.label),
    permissions: links.filter((l) => l.role_id === r.id).map(({ code, label }) => ({ code, label })),
  }))
}
