import { isAcknowledgementDeemedAccepted } from '@procura/core/calendar'
import { transition } from '@procura/core/purchase-order'
import { and, eq, isNotNull } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { purchaseOrders } from '../../db/schema'
import { writeTrace } from '../trace'
import { stateOf } from './orders'

const isoDate = (date: Date) => date.toISOString().slice(0, 10)

/**
 * The acknowledgement cron: a sent order whose supplier has not answered within 3 business days
 * is deemed acknowledged (spec §9). Each order moves in its own transaction with a system trace.
 * Answers the ids it moved; running it twice moves nothing the second time.
 */
export const applyDeemedAcknowledgements = async (deps: { db: Db; clock: Clock }): Promise<number[]> => {
  const now = deps.clock.now()
  const sent = await deps.db
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.status, 'sent'), isNotNull(purchaseOrders.sent_at)))
  const moved: number[] = []
  for (const row of sent) {
    if (row.sent_at === null || !isAcknowledgementDeemedAccepted(isoDate(row.sent_at), isoDate(now))) continue
    const next = transition(stateOf(row), 'acknowledge', { now })
    if (!next.ok) continue
    await deps.db.transaction(async (tx) => {
      // The status condition keeps a concurrent change (closed, back to draft) from being overwritten.
      const updated = await tx
        .update(purchaseOrders)
        .set({ status: next.value.status, previous_status: next.value.previous_status, updated_at: now })
        .where(and(eq(purchaseOrders.id, row.id), eq(purchaseOrders.status, 'sent')))
        .returning({ id: purchaseOrders.id })
      if (updated.length === 0) return
      await writeTrace(tx, deps.clock, {
        action: 'acknowledge',
        message: `Order ${row.code}: no acknowledgement within 3 business days, deemed acknowledged`,
        model: 'purchase_order',
        model_id: row.id,
        user_id: null,
      })
      moved.push(row.id)
    })
  }
  return moved
}
