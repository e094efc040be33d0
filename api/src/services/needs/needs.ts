import type { CircuitState } from '@procura/core/circuit'
import { type DomainError, formError } from '@procura/core/errors'
import { dec, lineAmountExcTax, toAmountString } from '@procura/core/money'
import { canViewNeed, type NeedInput, type NeedState, type NeedStatus } from '@procura/core/need'
import { type OrderActor, seesAllDocuments } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import type { NeedProcessingStatus } from '@procura/core/status'
import { count, eq, or, type SQL } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import { jsonText, likeCi } from '../../db/portable-sql'
import { needLines, needs, users } from '../../db/schema'

export type NeedRow = typeof needs.$inferSelect
/** What the request's policy reads of its row (a list reads only these, with what it shows). */
export type NeedPolicyRow = Pick<NeedRow, 'requester_id' | 'buyer_id' | 'circuit' | 'status' | 'processing'>
export const circuitOf = (row: Pick<NeedRow, 'circuit'>) => (row.circuit as CircuitState | null) ?? null
const validatorsOf = (row: Pick<NeedRow, 'circuit'>) =>
  circuitOf(row)?.steps.flatMap((s) => s.validators) ?? []
export const accessOf = (row: Omit<NeedPolicyRow, 'status' | 'processing'>) => ({
  requester_id: row.requester_id,
  buyer_id: row.buyer_id,
  validators: validatorsOf(row),
})

export const linesFor = (input: NeedInput, decimals: number) =>
  input.lines.map((l, i) => ({
    ...l,
    position: i + 1,
    amount_exctax: lineAmountExcTax(l.quantity, l.unit_price_exctax, decimals),
  }))
export const totalOf = (lines: { amount_exctax: string }[], decimals: number) =>
  toAmountString(
    lines.reduce((sum, l) => sum.plus(l.amount_exctax), dec(0)),
    decimals,
  )

export const checkBuyer = async (db: DbOrTx, buyerId: number): Promise<Result<void, DomainError>> => {
  const buyer = await db.select().from(users).where(eq(users.id, buyerId)).limit(1).then(first)
  return buyer?.buyer && buyer.active
    ? ok(undefined)
    : err(formError({ buyer_id: [{ code: 'NOT_IN_LIST' }] }))
}

export const loadNeed = (db: DbOrTx, id: number) =>
  db.select().from(needs).where(eq(needs.id, id)).limit(1).then(first)

/** The request if this user may see it (requester, buyer, its validators). */
export const findVisibleNeed = async (db: Db, actor: OrderActor, id: number) => {
  const row = await loadNeed(db, id)
  return row !== undefined && canViewNeed(actor, accessOf(row)) ? row : undefined
}

export const stateOf = async (db: DbOrTx, row: NeedRow): Promise<NeedState> => ({
  status: row.status as NeedStatus,
  processing: row.processing as NeedProcessingStatus,
  lines:
    (
      await db
        .select({ n: count() })
        .from(needLines)
        .where(eq(needLines.need_id, row.id))
        .limit(1)
        .then(first)
    )?.n ?? 0,
})

/** The requests this actor may see, as SQL: all for who sees every document, else those it asked, buys or validates. */
export const visibleNeedsCondition = (actor: OrderActor): SQL | undefined =>
  seesAllDocuments(actor)
    ? undefined
    : or(
        eq(needs.requester_id, actor.id),
        eq(needs.buyer_id, actor.id),
        likeCi(jsonText(needs.circuit), `%"${actor.login}"%`),
      )
