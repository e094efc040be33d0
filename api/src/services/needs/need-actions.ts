/** A request's actions (submit, approve, refuse, take back, cancel, take charge) and turning requests into orders. */
import {
  isComplete,
  planCircuit,
  refusalOf,
  refuseStep,
  skipStep,
  startCircuit,
  validateStep,
  waitingOn,
} from '@procura/core/circuit'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import {
  canViewNeed,
  NEED_ACTIONS,
  type NeedAction,
  needTransition,
  ordersFromNeeds,
  TRANSFORMABLE,
  TransformNeedsSchema,
} from '@procura/core/need'
import { guard } from '@procura/core/policy'
import { checkCanCreateOrder, type OrderActor, PurchaseOrderInputSchema } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { BulkActionSchema } from '@procura/core/user'
import { and, asc, eq, inArray, or } from 'drizzle-orm'
import { needLines, needs } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { moveNeedBudgets } from '../budgets/documents'
import type { Overrun } from '../budgets/ledger'
import { tellBudgetOwners } from '../budgets/overruns'
import { type BulkOutcome, runBulk } from '../bulk'
import { checkedCustomValues, valuesOf } from '../custom-fields'
import { noticesQueued, queueNotices } from '../notifications/notice-queue'
import { loadChart, loadUsersByRole } from '../purchase-orders/circuit'
import { insertOrder } from '../purchase-orders/order-write'
import type { OrderDeps } from '../purchase-orders/orders'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { NEED_BULK_ACTIONS } from './need-list'
import { needDecisions } from './need-policy'
import { mergeNeeds } from './need-write'
import { accessOf, circuitOf, loadNeed, stateOf } from './needs'

/** POST /bwapi/needs/{id}/{action}: submit (the approval circuit starts), approve, refuse, take back, cancel, take charge. */
export const applyNeedAction = async (
  deps: OrderDeps,
  actor: OrderActor,
  id: number,
  action: string,
  input: { reason?: unknown; confirm?: unknown } = {},
) => {
  // skip: an administrator passes the current step (when enabled); it then counts as that step's approval.
  const isSkip = action === 'skip'
  if (!isSkip && (!(NEED_ACTIONS as readonly string[]).includes(action) || action === 'transform'))
    return err({ code: 'NOT_FOUND' } as DomainError)
  const act = (isSkip ? 'approve' : action) as NeedAction
  const row = await loadNeed(deps.db, id)
  if (row === undefined || !canViewNeed(actor, accessOf(row)))
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const now = deps.clock.now()
  let circuit = circuitOf(row)
  const allowed = guard(await needDecisions(deps.db, actor, row), isSkip ? 'skip' : act)
  if (!allowed.ok) return allowed
  if (isSkip) {
    if (circuit === null) return err({ code: 'NOT_CURRENT_VALIDATOR' } as DomainError)
    const skipped = skipStep(circuit, { login: actor.login }, now)
    if (!skipped.ok) return skipped
    circuit = skipped.value
  }
  if (act === 'submit') {
    // Every required custom field, files included (attached once the request was saved).
    const stored = (await valuesOf(deps.db, 'need', [id])).get(id) ?? {}
    const custom = await checkedCustomValues(deps.db, 'need', stored, id, 'submitting')
    if (!custom.ok) return custom
    const planned = planCircuit(
      await loadChart(deps.db, 'need'),
      { amount: row.amount_exctax, purchase_family: row.purchase_family },
      await loadUsersByRole(deps.db),
    )
    if (!planned.ok) return planned
    circuit = startCircuit(planned.value)
  }
  if (!isSkip && (act === 'approve' || act === 'refuse')) {
    if (circuit === null) return err({ code: 'NOT_CURRENT_VALIDATOR' } as DomainError)
    const decider = { login: actor.login }
    const doc = { amount: row.amount_exctax, tags: [] }
    const decided =
      act === 'approve'
        ? validateStep(circuit, decider, doc, [], now)
        : refuseStep(circuit, decider, doc, [], now, typeof input.reason === 'string' ? input.reason : '')
    if (!decided.ok) return decided
    circuit = decided.value
  }
  const next = needTransition(await stateOf(deps.db, row), act, {
    circuitHasSteps: (circuit?.steps.length ?? 0) > 0,
    circuitComplete: circuit !== null && isComplete(circuit),
  })
  if (!next.ok) return next
  const result = next.value
  if (act === 'back_to_draft') circuit = null
  const toValidate = result.status === 'awaiting' && circuit !== null ? waitingOn(circuit) : []
  let overruns: Overrun[] = []
  // Applied only if nobody changed the request since it was read: one of two racing deciders wins.
  const applied = await writeOrRefuse(deps.db, async (tx) => {
    const changed = await tx
      .update(needs)
      .set({
        status: result.status,
        processing: result.processing,
        circuit,
        updated_at: now,
        lock_version: row.lock_version + 1,
      })
      .where(and(eq(needs.id, id), eq(needs.lock_version, row.lock_version)))
      .returning({ id: needs.id })
    if (changed.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    // Approved, it reserves its amount in its budgets (checked); leaving approval releases it.
    const budgeted = await moveNeedBudgets(tx, id, row.status, result.status, {
      now,
      user_id: actor.id,
      confirmed: input.confirm === true,
    })
    if (!budgeted.ok) return budgeted
    overruns = budgeted.value.overruns
    await writeTrace(tx, deps.clock, {
      action: isSkip ? 'skip' : act,
      message: `Request ${row.code}: ${isSkip ? 'skip' : act} → ${result.status}/${result.processing}`,
      model: 'need',
      model_id: id,
      user_id: actor.id,
      ...(isSkip ? { severity: 'warning' as const } : {}),
    })
    // The validators it now waits on are asked (their actions to do, and the buyer's, refresh); a
    // circuit that ended answers the requester, approved or refused with the reason (told once
    // this has committed, in this order).
    const ended =
      (act === 'approve' || act === 'refuse' || isSkip) &&
      result.status !== 'awaiting' &&
      row.status === 'awaiting'
    const link_base = deps.linkBase ?? ''
    await queueNotices(tx, now, [
      {
        type: 'validators',
        document: { model: 'need', id, code: row.code, amount: row.amount_exctax, currency_code: null },
        logins: toValidate,
        link_base,
      },
      {
        type: 'actions_to_do',
        logins: toValidate,
        ids: result.status === 'validated' && result.processing === 'awaiting' ? [row.buyer_id] : [],
      },
      ...(ended
        ? [
            {
              type: 'author' as const,
              document: { model: 'need' as const, id, code: row.code },
              author_id: row.requester_id,
              decision: {
                outcome: result.status === 'refused' ? ('refused' as const) : ('approved' as const),
                by: actor.login,
                reason: refusalOf(circuit)?.reason ?? null,
              },
              link_base,
            },
          ]
        : []),
    ])
    return ok(undefined)
  })
  if (!applied.ok) return applied
  await tellBudgetOwners(deps, overruns, { model: 'need', id, code: row.code, by: actor.login })
  await noticesQueued(deps)
  return ok({ data: { id, status: result.status, processing: result.processing } })
}

/**
 * POST /bwapi/needs/transform: the buyer turns approved requests into draft orders, one per
 * supplier (core ordersFromNeeds: each line goes to the supplier it was picked with, a line naming
 * none to the supplier chosen), carrying articles and the delivery address; the requests move to
 * "PO submitted" and remember their order. One transaction whose check is the conditional update
 * itself: of two buyers converting the same requests at once, one makes the orders and the other
 * is refused, and a refusal (a supplier inactive, a currency refused) leaves everything as it was.
 */
export const transformNeeds = async (deps: OrderDeps, actor: OrderActor, input: unknown) => {
  const parsed = parseWith(TransformNeedsSchema, input)
  if (!parsed.ok) return parsed
  const allowed = checkCanCreateOrder(actor)
  if (!allowed.ok) return allowed
  const ids = [...new Set(parsed.value.need_ids)]
  const rows = await deps.db.select().from(needs).where(inArray(needs.id, ids))
  if (rows.length !== ids.length) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  for (const row of rows) {
    const may = guard(await needDecisions(deps.db, actor, row), 'transform')
    if (!may.ok) return may
  }
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  const made = await writeOrRefuse(deps.db, async (tx) => {
    const moved = await tx
      .update(needs)
      .set({ processing: 'po_submitted', updated_at: now })
      .where(
        and(
          inArray(needs.id, ids),
          or(
            ...TRANSFORMABLE.map((from) =>
              and(eq(needs.status, from.status), inArray(needs.processing, [...from.processing])),
            ),
          ),
        ),
      )
      .returning({ id: needs.id })
    if (moved.length !== ids.length) {
      const stale = await tx.select().from(needs).where(inArray(needs.id, ids))
      for (const row of stale) {
        const next = needTransition(await stateOf(tx, row), 'transform')
        if (!next.ok) return next
      }
      return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    }
    const lines = await tx
      .select()
      .from(needLines)
      .where(inArray(needLines.need_id, ids))
      .orderBy(asc(needLines.need_id), asc(needLines.position))
    const drafts = ordersFromNeeds(lines, parsed.value.supplier_id)
    if (!drafts.ok) return drafts
    const orders: { id: number; code: string; need_ids: number[] }[] = []
    for (const draft of drafts.value) {
      const order = parseWith(PurchaseOrderInputSchema, {
        supplier_id: draft.supplier_id,
        company_id: parsed.value.company_id,
        currency_code: parsed.value.currency_code,
        delivery_address:
          draft.delivery_address === null
            ? null
            : { type: 'other', public: true, address: draft.delivery_address },
        lines: draft.lines,
      })
      if (!order.ok) return order
      const created = await insertOrder(tx, deps, actor, order.value, settings)
      if (!created.ok) return created
      orders.push({ ...created.value, need_ids: draft.need_ids })
    }
    for (const row of rows) {
      const served = orders.filter((o) => o.need_ids.includes(row.id))
      await tx
        .update(needs)
        .set({ purchase_order_id: served[0]?.id ?? null, lock_version: row.lock_version + 1 })
        .where(eq(needs.id, row.id))
      await writeTrace(tx, deps.clock, {
        action: 'transform',
        message: `Request ${row.code} → order ${served.map((o) => o.code).join(', ')}`,
        model: 'need',
        model_id: row.id,
        user_id: actor.id,
      })
    }
    return ok(orders.map(({ id, code }) => ({ id, code })))
  })
  if (!made.ok) return made
  const [firstOrder] = made.value
  return ok({
    data: { purchase_order_id: firstOrder?.id ?? 0, code: firstOrder?.code ?? '', orders: made.value },
  })
}

/**
 * POST /bwapi/needs/do-bulk-action {action, ids}: each request on its own, refusals reported;
 * merge is one operation over all the selected drafts (all merged or none).
 */
export const needBulkAction = async (
  deps: OrderDeps,
  actor: OrderActor,
  input: unknown,
  language: Language,
): Promise<Result<{ data: BulkOutcome }, DomainError>> => {
  const parsed = parseWith(BulkActionSchema, input)
  if (!parsed.ok) return parsed
  const { action, ids } = parsed.value
  if (!(NEED_BULK_ACTIONS as readonly string[]).includes(action))
    return err(formError({ action: [{ code: 'NOT_IN_LIST' }] }))
  if (ids.length === 0) return err({ code: 'SELECT_AT_LEAST_ONE' })
  if (action === 'merge') {
    const merged = await mergeNeeds(deps, actor, { need_ids: ids })
    return merged.ok ? ok({ data: { done: [...new Set(ids)], failed: [] } }) : merged
  }
  return ok({ data: await runBulk(ids, (id) => applyNeedAction(deps, actor, id, action), language) })
}
