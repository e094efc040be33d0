import { inArray } from 'drizzle-orm'
import type { DbOrTx } from '../db'
import { users } from '../db/schema'

type Push = ((userId: number, event: { type: string; payload?: unknown }) => number) | undefined

/** Tells these users (by id or login) that their actions to do changed, over the real-time channel. */
export const notifyActionsToDo = async (
  db: DbOrTx,
  push: Push,
  who: { ids?: readonly number[]; logins?: readonly string[] },
) => {
  if (push === undefined) return
  const ids = new Set(who.ids ?? [])
  if (who.logins !== undefined && who.logins.length > 0) {
    for (const row of await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.login, [...who.logins])))
      ids.add(row.id)
  }
  for (const id of ids) push(id, { type: 'actions-to-do' })
}
