import { type CircuitState, refusalOf } from '@procura/core/circuit'
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../db'
import { first } from '../db/first'
import { users } from '../db/schema'

/** A document's refusal as its page shows it: core's refusalOf, with the decider's name. */
export const refusalView = async (db: Db, circuit: CircuitState | null) => {
  const refusal = refusalOf(circuit)
  if (refusal === null) return null
  const by =
    refusal.by === null
      ? undefined
      : await db
          .select({ label: users.label })
          .from(users)
          .where(eq(users.login, refusal.by))
          .limit(1)
          .then(first)
  return {
    ...refusal,
    at: refusal.at === null ? null : new Date(refusal.at).toISOString(),
    by_label: by?.label ?? refusal.by,
  }
}

/**
 * The names of everyone a circuit mentions (validators, who decided, for whom), by login: pages
 * show people by name, never by login.
 */
export const circuitNames = async (db: Db, circuit: CircuitState | null): Promise<Record<string, string>> => {
  const logins = new Set<string>()
  for (const step of circuit?.steps ?? []) {
    for (const login of step.validators) logins.add(login)
    if (step.by !== null) logins.add(step.by)
    if (step.on_behalf_of !== null) logins.add(step.on_behalf_of)
  }
  if (logins.size === 0) return {}
  const rows = await db
    .select({ login: users.login, label: users.label })
    .from(users)
    .where(inArray(users.login, [...logins]))
  return Object.fromEntries(rows.map((r) => [r.login, r.label]))
}
