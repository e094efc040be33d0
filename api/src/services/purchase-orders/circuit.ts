import type { ChartRow, Delegation, DocumentType } from '@procura/core/circuit'
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import { cachedReference } from '../../db/reference-cache'
import { circuitRows, delegations, roles, users } from '../../db/schema'

/** The chart of one document type, as core's ChartRow. */
export const loadChart = async (db: DbOrTx, documentType: DocumentType): Promise<ChartRow[]> => {
  const rows = await cachedReference(db, `chart:${documentType}`, () =>
    db.select().from(circuitRows).where(eq(circuitRows.document_type, documentType)),
  )
  return rows.map((r) => ({
    min_amount: r.min_amount,
    max_amount: r.max_amount,
    weight: r.weight,
    criteria: r.criteria,
    validator: r.validator_login !== null ? { login: r.validator_login } : { role: r.validator_role ?? '' },
  }))
}

/** Active users of each role, for validators given by role. */
export const loadUsersByRole = async (db: DbOrTx): Promise<(role: string) => string[]> => {
  const rows = await cachedReference(db, 'users-by-role', () =>
    db
      .select({ login: users.login, role: roles.code })
      .from(users)
      .innerJoin(roles, eq(users.role_id, roles.id))
      .where(eq(users.active, true)),
  )
  return (role) => rows.filter((r) => r.role === role).map((r) => r.login)
}

/** The delegations given to a user, as core's Delegation (their login read unless given). */
export const delegationsTo = async (db: DbOrTx, userId: number, login?: string): Promise<Delegation[]> => {
  const rows = await db
    .select({ d: delegations, delegator: users.login })
    .from(delegations)
    .innerJoin(users, eq(delegations.delegator_id, users.id))
    .where(and(eq(delegations.delegate_id, userId)))
  if (rows.length === 0) return []
  const self =
    login ??
    (await db.select({ login: users.login }).from(users).where(eq(users.id, userId)).limit(1).then(first))
      ?.login
  return rows.map(({ d, delegator }) => ({
    delegator,
    delegate: self ?? '',
    from: d.starts_at,
    to: d.ends_at,
    default_limit: d.default_limit,
    tag_limits: d.tag_limits,
  }))
}
