import { type Actor, can, checkRolePermissionsChange } from '@procura/core/auth'
import { type DomainError, parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { err, ok, type Result } from '@procura/core/result'
import { type PermissionCode, RolePermissionsSchema, roleLabel } from '@procura/core/user'
import { asc, eq } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { permissions, rolePermissions, roles, userPermissions, users } from '../../db/schema'
import { writeTrace } from '../trace'

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
    id: r.id,
    code: r.code,
    label: roleLabel(r.code, language, r.label),
    permissions: links.filter((l) => l.role_id === r.id).map(({ code, label }) => ({ code, label })),
  }))
}

/**
 * PUT /bwapi/roles/{code}/permissions: sets what a role allows (core's checkRolePermissionsChange),
 * in one transaction with its trace naming what was added and removed. Sessions read permissions on
 * every request, so the change applies at once.
 */
export const updateRolePermissions = async (
  { db, clock }: { db: Db; clock: Clock },
  actor: Actor,
  code: string,
  input: unknown,
): Promise<Result<{ data: { code: string; permissions: string[] } }, DomainError>> => {
  // Who manages users, before what was sent is read (core checkRolePermissionsChange decides again in full).
  if (!can(actor, 'manage_users')) return err({ code: 'FORBIDDEN' })
  const parsed = parseWith(RolePermissionsSchema, input)
  if (!parsed.ok) return parsed
  return db.transaction(async (tx) => {
    const role = await tx.select().from(roles).where(eq(roles.code, code)).limit(1).then(first)
    if (role === undefined) return err({ code: 'ITEM_NOT_FOUND' })
    const [catalogue, links, holders] = await Promise.all([
      tx.select().from(permissions),
      tx
        .select({ role_id: rolePermissions.role_id, code: permissions.code })
        .from(rolePermissions)
        .innerJoin(permissions, eq(rolePermissions.permission_id, permissions.id)),
      tx
        .select({ id: users.id, role: roles.code, role_id: users.role_id })
        .from(users)
        .leftJoin(roles, eq(users.role_id, roles.id))
        .where(eq(users.active, true)),
    ])
    const own = await tx
      .select({ user_id: userPermissions.user_id, code: permissions.code })
      .from(userPermissions)
      .innerJoin(permissions, eq(userPermissions.permission_id, permissions.id))
    const codesOf = (rows: { code: string }[]) => rows.map((r) => r.code as PermissionCode)
    const checked = checkRolePermissionsChange(
      actor,
      { role: code, permissions: parsed.value.permissions },
      codesOf(links.filter((l) => l.role_id === role.id)),
      holders.map((h) => ({
        role: h.role,
        role_permissions: codesOf(links.filter((l) => l.role_id === h.role_id)),
        own: codesOf(own.filter((o) => o.user_id === h.id)),
      })),
    )
    if (!checked.ok) return checked
    const { added, removed } = checked.value
    const next = [...new Set(parsed.value.permissions)].sort()
    if (added.length + removed.length > 0) {
      const idOf = new Map(catalogue.map((p) => [p.code, p.id]))
      await tx.delete(rolePermissions).where(eq(rolePermissions.role_id, role.id))
      if (next.length > 0)
        await tx
          .insert(rolePermissions)
          .values(next.map((p) => ({ role_id: role.id, permission_id: idOf.get(p) ?? 0 })))
      await writeTrace(tx, clock, {
        action: 'permissions',
        message: `Role ${code}: ${[...added.map((p) => `+${p}`), ...removed.map((p) => `-${p}`)].join(' ')}`,
        model: 'role',
        model_id: role.id,
        user_id: actor.id,
      })
    }
    return ok({ data: { code, permissions: next } })
  })
}
