import { type NeedStatus, needTransition } from '@procura/core/need'
import type { NeedProcessingStatus } from '@procura/core/status'
import { count, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import { preparedStatement } from '../../db/prepared'
import { needLines, needs } from '../../db/schema'

const requestsOf = preparedStatement((db) =>
  db
    .select()
    .from(needs)
    .where(eq(needs.purchase_order_id, sql.placeholder('order_id'))),
)

/** The requests an order came from. */
export const requestsOfOrder = (db: DbOrTx, orderId: number) => requestsOf(db).execute({ order_id: orderId })

/** When an order is validated (or goes back to draft), the requests it came from follow (read unless given). */
export const followOrder = async (
  db: DbOrTx,
  orderId: number,
  action: 'po_validated' | 'back_to_processing',
  requests?: readonly (typeof needs.$inferSelect)[],
) => {
  const rows = requests ?? (await requestsOfOrder(db, orderId))
  for (const row of rows) {
    const lines =
      (
        await db
          .select({ n: count() })
          .from(needLines)
          .where(eq(needLines.need_id, row.id))
          .limit(1)
          .then(first)
      )?.n ?? 0
    const next = needTransition(
      { status: row.status as NeedStatus, processing: row.processing as NeedProcessingStatus, lines },
      action,
    )
    if (next.ok) await db.update(needs).set({ processing: next.value.processing }).where(eq(needs.id, row.id))
  }
}
