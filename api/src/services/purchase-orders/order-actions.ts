import { isoDateIn } from '@procura/core/calendar'
/** A purchase order's lifecycle: submit, validate, refuse, send, close, cancel, new version, skip a step — each checked by core, in one transaction. */
import {
  actsForItself,
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
import { dec } from '@procura/core/money'
import { guard } from '@procura/core/policy'
import {
  checkSupplierCeilings,
  newVersionOf,
  type OrderActor,
  PURCHASE_ORDER_ACTIONS,
  type PurchaseOrderAction,
  transition,
  VALIDATED_STATUSES,
} from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { BulkActionSchema } from '@procura/core/user'
import { and, eq, gte, inArray, lt, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import { deliveries, purchaseOrderLines, purchaseOrders, suppliers } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { moveOrderBudgets } from '../budgets/documents'
import type { Overrun } from '../budgets/ledger'
import { tellBudgetOwners } from '../budgets/overruns'
import { type BulkOutcome, runBulk } from '../bulk'
import { checkedCustomValues, copyCustomValues, fieldsOf, valuesOf } from '../custom-fields'
import { followOrder, requestsOfOrder } from '../needs/follow-order'
import { noticesQueued, queueNotices } from '../notifications/notice-queue'
import { notify } from '../notifications/notifications'
import { organisationCodes } from '../numbering'
import { releaseOrderDraws } from '../sourcing/draws'
import { vigilanceOf } from '../suppliers/supplier-approval'
import { supplierRow } from '../suppliers/supplier-row'
import { writeTrace } from '../trace'
import { delegationsTo, loadChart, loadUsersByRole } from './circuit'
import { ORDER_BULK_ACTIONS } from './order-list'
import { orderDecisions } from './order-policy'
import { canSee, requestersOf } from './order-read'
import { circuitOf, documentOf, loadOrder, type OrderDeps, type OrderRow, stateOf, yearOf } from './orders'

export const yearValidatedTotal = async (db: DbOrTx, supplierId: number, now: Date, exceptId: number) => {
  const year = yearOf(now)
  const rows = await db
    .select({ amount: purchaseOrders.amount_exctax })
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.supplier_id, supplierId),
        ne(purchaseOrders.id, exceptId),
        inArray(purchaseOrders.status, [...VALIDATED_STATUSES]),
        gte(purchaseOrders.validated_at, new Date(`${year}-01-01T00:00:00Z`)),
        lt(purchaseOrders.validated_at, new Date(`${Number(year) + 1}-01-01T00:00:00Z`)),
      ),
    )
  return rows.reduce((sum, r) => sum.plus(r.amount), dec(0))
}

export const checkCeilings = async (db: DbOrTx, row: OrderRow, now: Date) => {
  const supplier = await supplierRow(db, row.supplier_id)
  if (supplier === undefined) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  // The year's total is read only when the supplier has a yearly ceiling.
  return checkSupplierCeilings(
    row.amount_exctax,
    supplier,
    supplier.max_per_year === null ? 0 : await yearValidatedTotal(db, row.supplier_id, now, row.id),
  )
}

/** The codes the chart's criteria are written with. */
export const documentCodes = async (db: DbOrTx, row: OrderRow) => ({
  ...(await organisationCodes(db, row)),
  purchase_family: row.purchase_type,
})

/** What an action may carry: the back-to-draft confirmation, the reason of a refusal. */
export type ActionInput = { confirm?: boolean; reason?: unknown }

/**
 * POST /bwapi/purchase-orders/{id}/{action}: one lifecycle action, decided by core (state machine,
 * circuit, ceilings), persisted with its trace in one transaction; validators waited on are told.
 * `send` is handled by the sending service (it needs the PDF and the mail).
 */
/** The requesters whose requests the order came from hear it went to the supplier (not who sent it). */
export const tellOrderSent = async (
  deps: OrderDeps,
  row: Pick<OrderRow, 'id' | 'code' | 'supplier_id'>,
  senderId: number,
) => {
  const [requesters, supplier] = await Promise.all([
    requestersOf(deps.db, row.id),
    deps.db
      .select({ name: suppliers.company_name })
      .from(suppliers)
      .where(eq(suppliers.id, row.supplier_id))
      .limit(1)
      .then(first),
  ])
  await notify(deps, {
    user_ids: requesters.filter((id) => id !== senderId),
    kind: 'order_sent',
    model: 'purchase_order',
    model_id: row.id,
    params: { code: row.code, supplier: supplier?.name ?? '' },
  })
}

export const applyOrderAction = async (
  deps: OrderDeps,
  actor: OrderActor,
  id: number,
  action: string,
  input: ActionInput,
  extra: Partial<typeof purchaseOrders.$inferInsert> = {},
): Promise<Result<{ data: { id: number; status: string; new_version_id?: number } }, DomainError>> => {
  if (!(PURCHASE_ORDER_ACTIONS as readonly string[]).includes(action)) return err({ code: 'NOT_FOUND' })
  const act = action as PurchaseOrderAction
  const row = await loadOrder(deps.db, id)
  if (row === undefined || !(await canSee(deps.db, actor, row, deps.clock.now())))
    return err({ code: 'ITEM_NOT_FOUND' })
  const now = deps.clock.now()
  const allowed = guard(await orderDecisions(deps.db, actor, row, now), act)
  if (!allowed.ok) return allowed
  const state = stateOf(row)
  let circuit = circuitOf(row)
  const changes: Partial<typeof purchaseOrders.$inferInsert> = { ...extra }

  if (act === 'new_version') {
    // What was received belongs to this version: it is amended by going back to draft.
    const received = await deps.db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(eq(deliveries.purchase_order_id, id))
      .limit(1)
    if (received.length > 0) return err({ code: 'PO_HAS_DELIVERIES' })
  }
  if (act === 'submit') {
    // Every required custom field, files included (attached once the order was saved); no field
    // defined, no value is read.
    if ((await fieldsOf(deps.db, 'purchase_order')).length > 0) {
      const stored = (await valuesOf(deps.db, 'purchase_order', [id])).get(id) ?? {}
      const custom = await checkedCustomValues(deps.db, 'purchase_order', stored, id, 'submitting')
      if (!custom.ok) return custom
    }
    const ceilings = await checkCeilings(deps.db, row, now)
    if (!ceilings.ok) return ceilings
    const vigilance = await vigilanceOf(deps.db, row.supplier_id, row.amount_exctax, isoDateIn(now))
    if (vigilance.blocks && vigilance.missing.length > 0) {
      const supplier = await deps.db
        .select({ name: suppliers.company_name })
        .from(suppliers)
        .where(eq(suppliers.id, row.supplier_id))
        .limit(1)
        .then(first)
      return err({
        code: 'SUPPLIER_DOCUMENTS_MISSING',
        params: {
          threshold: vigilance.threshold,
          supplier: supplier?.name ?? '',
          documents: vigilance.missing.join(', '),
        },
      })
    }
    const planned = planCircuit(
      await loadChart(deps.db, 'purchase_order'),
      { amount: row.amount_exctax, ...(await documentCodes(deps.db, row)) },
      await loadUsersByRole(deps.db),
    )
    if (!planned.ok) return planned
    const steps = planned.value
    circuit = startCircuit(steps)
    if (steps.length === 0) changes.validated_at = now
  }
  if (act === 'validate' || act === 'refuse') {
    if (circuit === null) return err({ code: 'NOT_CURRENT_VALIDATOR' })
    const decider = { login: actor.login }
    const doc = { amount: row.amount_exctax, tags: row.tags }
    // A validator of the current step acts for itself: its delegations are not read.
    const delegations = actsForItself(circuit, actor.login)
      ? []
      : await delegationsTo(deps.db, actor.id, actor.login)
    const decided =
      act === 'validate'
        ? validateStep(circuit, decider, doc, delegations, now)
        : refuseStep(
            circuit,
            decider,
            doc,
            delegations,
            now,
            typeof input.reason === 'string' ? input.reason : '',
          )
    if (!decided.ok) return decided
    circuit = decided.value
    if (act === 'validate' && isComplete(circuit)) {
      const ceilings = await checkCeilings(deps.db, row, now)
      if (!ceilings.ok) return ceilings
      changes.validated_at = now
    }
  }
  const next = transition(state, act, {
    now,
    circuitHasSteps: (circuit?.steps.length ?? 0) > 0,
    circuitComplete: circuit !== null && isComplete(circuit),
    confirmCancelSending: input.confirm === true,
  })
  if (!next.ok) return next
  if (act === 'back_to_draft') {
    circuit = null
    changes.validated_at = null
    changes.sent_to = null
  }

  const toValidate = circuit !== null && next.value.status === 'awaiting' ? waitingOn(circuit) : []
  let overruns: Overrun[] = []
  const result = await writeOrRefuse(deps.db, async (tx) => {
    // Decided on the row as read: applied only if nobody changed it since (two validators, two
    // senders at once: one wins, the other is told to reload; no double decision, no double mail).
    const applied = await tx
      .update(purchaseOrders)
      .set({
        ...changes,
        status: next.value.status,
        previous_status: next.value.previous_status,
        sent_at: next.value.sent_at,
        send_mode: next.value.send_mode,
        circuit,
        updated_at: now,
        lock_version: row.lock_version + 1,
      })
      .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.lock_version, row.lock_version)))
      .returning()
    const updated = applied[0]
    if (updated === undefined) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    // Validated: its requests follow it and their reservations become its commitments (read once).
    const validated = next.value.status === 'validated' && state.status !== 'validated'
    const requests = validated ? await requestsOfOrder(tx, id) : undefined
    // Its budgets move in this transaction: an overrun under "block" undoes the whole action.
    const budgeted = await moveOrderBudgets(
      tx,
      id,
      state.status,
      next.value.status,
      { now, user_id: actor.id, confirmed: input.confirm === true },
      { order: updated, ...(requests === undefined ? {} : { needIds: requests.map((r) => r.id) }) },
    )
    if (!budgeted.ok) return budgeted
    overruns = budgeted.value.overruns
    // A cancelled order gives back what it drew on its framework agreements.
    if (next.value.status === 'canceled') await releaseOrderDraws(tx, [id], deps.clock)
    let newVersionId: number | undefined
    if (act === 'new_version') {
      const draft = newVersionOf(next.value)
      const { id: _id, circuit: _c, validated_at: _v, sent_to: _s, ...copy } = row
      const inserted = await tx
        .insert(purchaseOrders)
        .values({
          ...copy,
          status: draft.status,
          version: draft.version,
          replaces_id: id,
          previous_status: null,
          sent_at: null,
          send_mode: null,
          created_at: now,
          updated_at: now,
          lock_version: 0,
        })
        .returning({ id: purchaseOrders.id })
      newVersionId = inserted[0]?.id
      if (newVersionId === undefined) throw new Error('Insert returned no id')
      const lines = await tx
        .select()
        .from(purchaseOrderLines)
        .where(eq(purchaseOrderLines.purchase_order_id, id))
      const newId = newVersionId
      await tx
        .insert(purchaseOrderLines)
        .values(lines.map(({ id: _lineId, ...line }) => ({ ...line, purchase_order_id: newId })))
      await copyCustomValues(tx, 'purchase_order', id, newId)
    }
    if (validated) await followOrder(tx, id, 'po_validated', requests)
    if (act === 'back_to_draft') await followOrder(tx, id, 'back_to_processing')
    await writeTrace(tx, deps.clock, {
      action: act,
      message: `Order ${row.code} v${row.version}: ${act} → ${next.value.status}`,
      model: 'purchase_order',
      model_id: id,
      user_id: actor.id,
    })
    // The validators it now waits on are asked; a circuit that ended answers the buyer, approved
    // or refused with the reason; their actions to do refresh (told once this has committed).
    const ended = (act === 'validate' || act === 'refuse') && next.value.status !== 'awaiting'
    await queueNotices(tx, now, [
      { type: 'validators', document: documentOf(row), logins: toValidate, link_base: deps.linkBase ?? '' },
      ...(ended
        ? [
            {
              type: 'author' as const,
              document: { model: 'purchase_order' as const, id, code: row.code },
              author_id: row.buyer_id,
              decision: {
                outcome: act === 'refuse' ? ('refused' as const) : ('approved' as const),
                by: actor.login,
                reason: refusalOf(circuit)?.reason ?? null,
              },
              link_base: deps.linkBase ?? '',
            },
          ]
        : []),
      {
        type: 'actions_to_do',
        logins: toValidate,
        ids:
          ['validated', 'refused'].includes(next.value.status) && next.value.status !== state.status
            ? [row.buyer_id]
            : [],
      },
    ])
    return ok(newVersionId)
  })
  if (!result.ok) return result
  await tellBudgetOwners(deps, overruns, { model: 'purchase_order', id, code: row.code, by: actor.login })
  await noticesQueued(deps)
  // Marked sent without a mail from Procura: the requesters hear of it now (sendOrder tells them
  // once its mail has left).
  if (act === 'consider_sent' && next.value.status === 'sent') await tellOrderSent(deps, row, actor.id)
  return ok({
    data: {
      id,
      status: next.value.status,
      ...(result.value === undefined ? {} : { new_version_id: result.value }),
    },
  })
}

/**
 * POST /bwapi/purchase-orders/{id}/skip: an administrator passes the current validation step, when
 * the setting misc.validator_skip_enabled allows it; the last step skipped validates the order.
 */
export const skipOrderStep = async (
  deps: OrderDeps,
  actor: OrderActor,
  id: number,
  /** The administrator answered "validate anyway" to a budget overrun warning. */
  confirm = false,
): Promise<Result<{ data: { id: number; status: string } }, DomainError>> => {
  const row = await loadOrder(deps.db, id)
  if (row === undefined) return err({ code: actor.administrator === true ? 'ITEM_NOT_FOUND' : 'FORBIDDEN' })
  const now = deps.clock.now()
  const allowed = guard(await orderDecisions(deps.db, actor, row, now), 'skip')
  if (!allowed.ok) return allowed
  const circuit = circuitOf(row)
  if (circuit === null)
    return err({ code: 'TRANSITION_NOT_ALLOWED', params: { action: 'skip', status: row.status } })
  const skipped = skipStep(circuit, { login: actor.login }, now)
  if (!skipped.ok) return skipped
  const next = transition(stateOf(row), 'validate', { now, circuitComplete: isComplete(skipped.value) })
  if (!next.ok) return next
  const toValidate = next.value.status === 'awaiting' ? waitingOn(skipped.value) : []
  let overruns: Overrun[] = []
  const done = await writeOrRefuse(deps.db, async (tx) => {
    await tx
      .update(purchaseOrders)
      .set({
        status: next.value.status,
        circuit: skipped.value,
        updated_at: now,
        ...(next.value.status === 'validated' ? { validated_at: now } : {}),
      })
      .where(eq(purchaseOrders.id, id))
    const budgeted = await moveOrderBudgets(tx, id, row.status, next.value.status, {
      now,
      user_id: actor.id,
      confirmed: confirm,
    })
    if (!budgeted.ok) return budgeted
    overruns = budgeted.value.overruns
    if (next.value.status === 'validated') await followOrder(tx, id, 'po_validated')
    await writeTrace(tx, deps.clock, {
      action: 'skip',
      message: `Order ${row.code}: a validation step was skipped`,
      model: 'purchase_order',
      model_id: id,
      user_id: actor.id,
      severity: 'warning',
    })
    await queueNotices(tx, now, [
      { type: 'validators', document: documentOf(row), logins: toValidate, link_base: deps.linkBase ?? '' },
      {
        type: 'actions_to_do',
        logins: toValidate,
        ids: next.value.status === 'validated' ? [row.buyer_id] : [],
      },
    ])
    return ok(undefined)
  })
  if (!done.ok) return done
  await tellBudgetOwners(deps, overruns, { model: 'purchase_order', id, code: row.code, by: actor.login })
  await noticesQueued(deps)
  return ok({ data: { id, status: next.value.status } })
}

/** POST /bwapi/purchase-orders/do-bulk-action {action, ids}: each order on its own; refusals reported. */
export const orderBulkAction = async (
  deps: OrderDeps,
  actor: OrderActor,
  input: unknown,
  language: Language,
): Promise<Result<{ data: BulkOutcome }, DomainError>> => {
  const parsed = parseWith(BulkActionSchema, input)
  if (!parsed.ok) return parsed
  const { action, ids } = parsed.value
  if (!(ORDER_BULK_ACTIONS as readonly string[]).includes(action))
    return err(formError({ action: [{ code: 'NOT_IN_LIST' }] }))
  if (ids.length === 0) return err({ code: 'SELECT_AT_LEAST_ONE' })
  return ok({ data: await runBulk(ids, (id) => applyOrderAction(deps, actor, id, action, {}), language) })
}
