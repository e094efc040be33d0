import { type DemoCode, type ReferenceData, referenceData } from '@procura/fixtures/demo'
import { count } from 'drizzle-orm'
import { type Clock, systemClock } from '../clock'
import type { Db, DbOrTx, Tx } from '../db'
import { first } from '../db/first'
import {
  type companies,
  currencies,
  languages,
  permissions,
  referenceCodes,
  rolePermissions,
  roles,
  users,
} from '../db/schema'

type CodedTable = typeof roles | typeof permissions | typeof companies

/** Each row's id by its code. */
export const idsByCode = async (tx: Tx, table: CodedTable): Promise<Map<string, number>> => {
  const rows = await tx.select({ id: table.id, code: table.code }).from(table)
  return new Map(rows.map((r) => [r.code, r.id]))
}

/** A code the seeded data refers to must exist: a missing one is a bug in the dataset. */
export const need = (ids: Map<string, number>, code: string): number => {
  const id = ids.get(code)
  if (id === undefined) throw new Error(`Seed data refers to an unknown code "${code}".`)
  return id
}

/**
 * Inserts what every instance needs (currencies, languages, roles, permissions). Idempotent:
 * existing rows are kept as they are, so an admin's changes survive a restart.
 */
export const seedReference = async (
  db: Db,
  data: ReferenceData = referenceData(),
  clock: Clock = systemClock,
): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.insert(currencies).values(data.currencies).onConflictDoNothing()
    await tx.insert(languages).values(data.languages).onConflictDoNothing()
    await tx.insert(permissions).values(data.permissions).onConflictDoNothing()
    await tx
      .insert(roles)
      .values(data.roles.map(({ code, label }) => ({ code, label })))
      .onConflictDoNothing()
    const roleIds = await idsByCode(tx, roles)
    const permissionIds = await idsByCode(tx, permissions)
    const links = data.roles.flatMap((role) =>
      role.permissions.map((p) => ({
        role_id: need(roleIds, role.code),
        permission_id: need(permissionIds, p),
      })),
    )
    if (links.length > 0) await tx.insert(rolePermissions).values(links).onConflictDoNothing()
    // The code lists are the administrators' once they exist: seeded into an empty table only, so
    // that a code deleted on purpose does not come back at the next start.
    if (Number((await tx.select({ n: count() }).from(referenceCodes).then(first))?.n ?? 0) === 0)
      await insertCodes(tx, clock, data.codes)
  })
}

/** Rows of the code lists (an instance's first ones, or the demo's own). */
export const insertCodes = async (tx: DbOrTx, clock: Clock, codes: readonly DemoCode[]) => {
  if (codes.length === 0) return
  const now = clock.now()
  await tx
    .insert(referenceCodes)
    .values(codes.map((c) => ({ ...c, created_at: now, updated_at: now })))
    .onConflictDoNothing()
}

export const isDatabaseEmpty = async (db: Db): Promise<boolean> => {
  const row = await db.select({ n: count() }).from(users).limit(1).then(first)
  return (row?.n ?? 0) === 0
}
