import { and, eq } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { roles, users } from '../../db/schema'
import type { Logger } from '../../logger'
import type { Mailer } from '../../mail/mailer'
import { notify } from '../notifications/notifications'
import type { Overrun } from './ledger'

export type Deps = {
  db: Db
  clock: Clock
  notifyUser?: (userId: number, event: { type: string; payload?: unknown }) => number
  mailer?: Mailer
  linkBase?: string
  logger?: Logger
}

/**
 * A budget under "notify" was taken past what it had ("validate anyway"): its owner hears of it,
 * or, when it has none, the administrators. Told once the document's transaction committed.
 */
export const tellBudgetOwners = async (
  deps: Deps,
  overruns: readonly Overrun[],
  document: { model: string; id: number; code: string; by?: string },
) => {
  if (overruns.length === 0) return
  const admins = overruns.some((o) => o.owner_id === null)
    ? (
        await deps.db
          .select({ id: users.id })
          .from(users)
          .innerJoin(roles, eq(users.role_id, roles.id))
          .where(and(eq(roles.code, 'admin'), eq(users.active, true)))
      ).map((u) => u.id)
    : []
  for (const overrun of overruns)
    await notify(deps, {
      user_ids: overrun.owner_id === null ? admins : [overrun.owner_id],
      kind: 'budget_overrun',
      model: document.model,
      model_id: document.id,
      params: { budget: overrun.budget, amount: overrun.amount, code: document.code, by: document.by ?? '' },
    })
}
