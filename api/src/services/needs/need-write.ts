/** Writing requests: creating, editing, duplicating and merging them. */
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import {
  canViewNeed,
  checkMerge,
  MergeNeedsSchema,
  type NeedInput,
  NeedInputSchema,
  type NeedStatus,
} from '@procura/core/need'
import { guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { requiredFieldIssues } from '@procura/core/validation'
import { asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db'
import { needLines, needs } from '../../db/schema'
import { allocationIssues } from '../budgets/ledger'
import { type CheckedCustomValues, checkedCustomValues, saveCustomValues } from '../custom-fields'
import { nextNumbers, periodsOf } from '../numbering'
import type { OrderDeps } from '../purchase-orders/orders'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { needDecisions } from './need-policy'
import { accessOf, checkBuyer, linesFor, loadNeed, type NeedRow, totalOf } from './needs'

/** Writes a new draft request in the caller's transaction: its number, lines and trace. */
export const insertNeed = async (
  tx: Tx,
  deps: Pick<OrderDeps, 'clock'>,
  actor: OrderActor,
  input: NeedInput,
  decimals: number,
  /** The custom values checked by the caller (a person's form); none for a copy or a merge. */
  custom?: CheckedCustomValues,
): Promise<number> => {
  const lines = linesFor(input, decimals)
  const now = deps.clock.now()
  const { lines: _l, custom: _c, ...fields } = input
  const [n = 1] = await nextNumbers(tx, 'need', [periodsOf(now).year])
  const code = `REQ-${now.toISOString().slice(0, 4)}-${String(n).padStart(5, '0')}`
  const inserted = await tx
    .insert(needs)
    .values({
      ...fields,
      code,
      status: 'draft',
      processing: 'none',
      requester_id: actor.id,
      amount_exctax: totalOf(lines, decimals),
      created_at: now,
      updated_at: now,
    })
    .returning({ id: needs.id })
  const needId = inserted[0]?.id
  if (needId === undefined) throw new Error('Insert returned no id')
  await tx.insert(needLines).values(lines.map((l) => ({ ...l, need_id: needId })))
  if (custom !== undefined) await saveCustomValues(tx, 'need', needId, custom)
  await writeTrace(tx, deps.clock, {
    action: 'create',
    message: `Request ${code} created`,
    model: 'need',
    model_id: needId,
    user_id: actor.id,
  })
  return needId
}

/**
 * Checks a request as written (its schema, its buyer, its lines' allocation codes and the author's
 * right to use them), before it is written.
 */
export const checkNeedInput = async (
  db: DbOrTx,
  input: unknown,
  author?: { id: number },
): Promise<Result<NeedInput, DomainError>> => {
  const parsed = parseWith(NeedInputSchema, input)
  if (!parsed.ok) return parsed
  const required = requiredFieldIssues(parsed.value, (await loadSettings(db)).misc.required_need_fields)
  if (Object.keys(required).length > 0) return err(formError(required))
  const buyer = await checkBuyer(db, parsed.value.buyer_id)
  if (!buyer.ok) return buyer
  const codes = await allocationIssues(db, parsed.value.lines, author)
  return codes === null ? parsed : err(formError(codes))
}

/** POST /bwapi/needs: anyone signed in asks for something, for a buyer and a purchase family. */
export const createNeed = async (deps: OrderDeps, actor: OrderActor, input: unknown) => {
  const checked = await checkNeedInput(deps.db, input, actor)
  if (!checked.ok) return checked
  const custom = await checkedCustomValues(deps.db, 'need', checked.value.custom, null)
  if (!custom.ok) return custom
  const { decimals } = (await loadSettings(deps.db)).formats
  const id = await deps.db.transaction((tx) =>
    insertNeed(tx, deps, actor, checked.value, decimals, custom.value),
  )
  return ok({ data: { id } })
}

/** PUT /bwapi/needs/{id}: the requester edits a draft or refused request. */
export const updateNeed = async (deps: OrderDeps, actor: OrderActor, id: number, input: unknown) => {
  const row = await loadNeed(deps.db, id)
  if (row === undefined || !canViewNeed(actor, accessOf(row)))
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const editable = guard(await needDecisions(deps.db, actor, row), 'edit')
  if (!editable.ok) return editable
  const parsed = await checkNeedInput(deps.db, input, actor)
  if (!parsed.ok) return parsed
  const custom = await checkedCustomValues(deps.db, 'need', parsed.value.custom, id)
  if (!custom.ok) return custom
  const { decimals } = (await loadSettings(deps.db)).formats
  const lines = linesFor(parsed.value, decimals)
  const { lines: _l, custom: _c, ...fields } = parsed.value
  await deps.db.transaction(async (tx) => {
    await tx
      .update(needs)
      .set({
        ...fields,
        amount_exctax: totalOf(lines, decimals),
        circuit: null,
        updated_at: deps.clock.now(),
      })
      .where(eq(needs.id, id))
    await tx.delete(needLines).where(eq(needLines.need_id, id))
    await tx.insert(needLines).values(lines.map((l) => ({ ...l, need_id: id })))
    await saveCustomValues(tx, 'need', id, custom.value)
    await writeTrace(tx, deps.clock, {
      action: 'update',
      message: `Request ${row.code} updated`,
      model: 'need',
      model_id: id,
      user_id: actor.id,
    })
  })
  return ok({ data: { id } })
}

/** POST /bwapi/needs/{id}/duplicate: a new draft with the same content, for the one who duplicates. */
export const duplicateNeed = async (deps: OrderDeps, actor: OrderActor, id: number) => {
  const row = await loadNeed(deps.db, id)
  if (row === undefined || !canViewNeed(actor, accessOf(row)))
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const lines = await deps.db
    .select()
    .from(needLines)
    .where(eq(needLines.need_id, id))
    .orderBy(asc(needLines.position))
  return createNeed(deps, actor, {
    title: row.title,
    buyer_id: row.buyer_id,
    purchase_family: row.purchase_family,
    comment: row.comment,
    lines: lines.map(
      ({ id: _id, need_id: _need, position: _position, amount_exctax: _amount, ...line }) => line,
    ),
  })
}

/** POST /bwapi/needs/merge: the requester's drafts become the first one; the others are canceled. */
export const mergeNeeds = async (deps: OrderDeps, actor: OrderActor, input: unknown) => {
  const parsed = parseWith(MergeNeedsSchema, input)
  if (!parsed.ok) return parsed
  const ids = [...new Set(parsed.value.need_ids)]
  const rows = await deps.db.select().from(needs).where(inArray(needs.id, ids))
  if (rows.length !== ids.length) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const allowed = checkMerge(
    rows.map((r) => ({ requester_id: r.requester_id, status: r.status as NeedStatus })),
    actor.id,
  )
  if (!allowed.ok) return allowed
  const [keep, ...others] = ids.map((id) => rows.find((r) => r.id === id) as NeedRow)
  if (keep === undefined) return err({ code: 'SELECT_AT_LEAST_ONE' } as DomainError)
  const { decimals } = (await loadSettings(deps.db)).formats
  await deps.db.transaction(async (tx) => {
    const lines = await tx
      .select()
      .from(needLines)
      .where(inArray(needLines.need_id, ids))
      .orderBy(asc(needLines.need_id), asc(needLines.position))
    const ordered = [
      ...lines.filter((l) => l.need_id === keep.id),
      ...lines.filter((l) => l.need_id !== keep.id),
    ]
    await tx.delete(needLines).where(inArray(needLines.need_id, ids))
    await tx
      .insert(needLines)
      .values(ordered.map(({ id: _id, ...l }, i) => ({ ...l, need_id: keep.id, position: i + 1 })))
    await tx
      .update(needs)
      .set({ amount_exctax: totalOf(ordered, decimals), updated_at: deps.clock.now() })
      .where(eq(needs.id, keep.id))
    await tx
      .update(needs)
      .set({ status: 'canceled', updated_at: deps.clock.now() })
      .where(
        inArray(
          needs.id,
          others.map((o) => o.id),
        ),
      )
    await writeTrace(tx, deps.clock, {
      action: 'merge',
      message: `Requests ${others.map((o) => o.code).join(', ')} merged into ${keep.code}`,
      model: 'need',
      model_id: keep.id,
      user_id: actor.id,
    })
  })
  return ok({ data: { id: keep.id } })
}
