import { type CircuitState, refusalOf } from '@procura/core/circuit'
import { eq } from 'drizzle-orm'
import type { Db } from '../db'
import { users } from '../db/schema'

/** A document's refusal as its page shows it: core's refusalOf, with the decider's name. */
export const refusalView = async (db: Db, circuit: CircuitState | null) => {
  const refusal = refusalOf(circuit)
  if (refusal === null) return null
  const by =
    refusal.by === null
      ? undefined
      : await db.select({ label: users.label }).from(users).where(eq(users.login, refusal.by)).get()
  return {
    ...refusal,
    at: refusal.at === null ? null : new Date(refusal.at).toISOString(),
    by_label: by?.label ?? refusal.by,
  }
}
