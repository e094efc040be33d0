/** The RFQs' daily job, and what waits on a person. */
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { rfqSuppliers, rfqs } from '../../db/schema'
import { notify } from '../notifications/notifications'
import { writeTrace } from '../trace'
import { todayOf } from './agreements'
import type { RfqDeps } from './rfqs'
/** Requests for quotation: written, sent, answered (sealed), closed, compared and awarded (docs/domain/sourcing.md). */

/**
 * The RFQs job: a sent RFQ past its reply day closes (answers end), its buyer told to compare it.
 * Answers how many it closed.
 */
export const runRfqsJob = async (deps: RfqDeps): Promise<number> => {
  const today = await todayOf(deps)
  const now = deps.clock.now()
  const closed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(rfqs)
      .set({ status: 'closed', closed_at: now, updated_at: now })
      .where(and(eq(rfqs.status, 'sent'), lt(rfqs.reply_by, today)))
      .returning({ id: rfqs.id, code: rfqs.code, buyer_id: rfqs.buyer_id })
    for (const row of rows)
      await writeTrace(tx, deps.clock, {
        action: 'close',
        message: `Request for quotation ${row.code} closed at its reply deadline`,
        model: 'rfq',
        model_id: row.id,
      })
    return rows
  })
  for (const row of closed) {
    const answers = await deps.db
      .select({ answered: rfqSuppliers.answered_at })
      .from(rfqSuppliers)
      .where(eq(rfqSuppliers.rfq_id, row.id))
    await notify(deps, {
      user_ids: [row.buyer_id],
      kind: 'rfq_closed',
      model: 'rfq',
      model_id: row.id,
      params: {
        code: row.code,
        answered: answers.filter((a) => a.answered !== null).length,
        invited: answers.length,
      },
    })
  }
  return closed.length
}

/** For actions to do: the closed RFQs a buyer has to award, and the open ones a supplier's contact has to answer. */
export const rfqsWaitingOn = async (db: Db, user: { id: number; supplier_ids?: readonly number[] }) => {
  const [toAward, toAnswer] = await Promise.all([
    db
      .select({ id: rfqs.id })
      .from(rfqs)
      .where(and(eq(rfqs.status, 'closed'), eq(rfqs.buyer_id, user.id))),
    (user.supplier_ids ?? []).length === 0
      ? Promise.resolve([])
      : db
          .select({ id: rfqSuppliers.id })
          .from(rfqSuppliers)
          .innerJoin(rfqs, eq(rfqSuppliers.rfq_id, rfqs.id))
          .where(
            and(
              eq(rfqs.status, 'sent'),
              inArray(rfqSuppliers.supplier_id, [...(user.supplier_ids ?? [])]),
              sql`${rfqSuppliers.answered_at} IS NULL`,
            ),
          ),
  ])
  return { toAward: toAward.length, toAnswer: toAnswer.length }
}
