/** An RFQ's status actions (close, cancel). */
import type { DomainError } from '@procura/core/errors'
import { guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { allowedRfqActions, type RfqAction, type RfqStatus, rfqTransition } from '@procura/core/sourcing'
import { and, eq } from 'drizzle-orm'
import { rfqs } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { writeTrace } from '../trace'
import type { Answer } from './agreements'
import { loadRfq, mayRead, type RfqDeps } from './rfqs'
/** Requests for quotation: written, sent, answered (sealed), closed, compared and awarded (docs/domain/sourcing.md). */

/**
 * POST /bwapi/rfqs/{id}/close and /cancel: the buyer ends the answers early, or drops the RFQ.
 * Decided by core's table on the row as read; one conditional update.
 */
export const applyRfqAction = async (
  deps: RfqDeps,
  actor: OrderActor,
  id: number,
  action: string,
): Answer<{ data: { id: number; status: RfqStatus } }> => {
  const row = await loadRfq(deps.db, id)
  if (row === undefined || !mayRead(actor)) return err({ code: 'ITEM_NOT_FOUND' })
  if (action !== 'close' && action !== 'cancel') return err({ code: 'NOT_FOUND' })
  const act = action as RfqAction
  const status = row.status as RfqStatus
  const allowed = guard(allowedRfqActions(actor, { buyer_id: row.buyer_id, status }), act)
  if (!allowed.ok) return allowed
  const next = rfqTransition(status, act)
  if (!next.ok) return next
  const now = deps.clock.now()
  return writeOrRefuse(deps.db, async (tx) => {
    const applied = await tx
      .update(rfqs)
      .set({ status: next.value, updated_at: now, ...(act === 'close' ? { closed_at: now } : {}) })
      .where(and(eq(rfqs.id, id), eq(rfqs.status, status)))
      .returning({ id: rfqs.id })
    if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    await writeTrace(tx, deps.clock, {
      action: act,
      message: `Request for quotation ${row.code}: ${act}`,
      model: 'rfq',
      model_id: id,
      user_id: actor.id,
    })
    return ok({ data: { id, status: next.value } })
  })
}
