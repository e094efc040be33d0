import {
  type CircuitState,
  canSkip,
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
import { listFilter, parseListQuery } from '@procura/core/list'
import { dec, lineAmountExcTax, toAmountString } from '@procura/core/money'
import {
  canViewNeed,
  checkMerge,
  checkNeedAction,
  checkNeedEditable,
  MergeNeedsSchema,
  NEED_ACTIONS,
  NEED_STATUSES,
  type NeedAction,
  type NeedInput,
  NeedInputSchema,
  type NeedState,
  type NeedStatus,
  needActionsFor,
  needTransition,
  ordersFromNeeds,
  TRANSFORMABLE,
  TransformNeedsSchema,
} from '@procura/core/need'
import {
  checkCanCreateOrder,
  type OrderActor,
  PurchaseOrderInputSchema,
  seesAllDocuments,
} from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { NEED_PROCESSING_STATUSES, type NeedProcessingStatus } from '@procura/core/status'
import { requiredFieldIssues } from '@procura/core/validation'
import { and, asc, count, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Db, DbOrTx, Tx } from '../../db'
import { first } from '../../db/first'
import { everyWord, jsonText, likeCi } from '../../db/portable-sql'
import { needLines, needs, purchaseOrders, users } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { moveNeedBudgets } from '../budgets/documents'
import type { Overrun } from '../budgets/ledger'
import { allocationIssues } from '../budgets/ledger'
import { tellBudgetOwners } from '../budgets/overruns'
import {
  type CheckedCustomValues,
  checkedCustomValues,
  customCells,
  customFieldsShown,
  customFilters,
  fieldsOf,
  saveCustomValues,
  valuesOf,
  withFileNames,
} from '../custom-fields'
import { readPage } from '../list-page'
import { noticesQueued, queueNotices } from '../notifications/notice-queue'
import { nextNumbers, periodsOf } from '../numbering'
import { loadChart, loadUsersByRole } from '../purchase-orders/circuit'
import { insertOrder } from '../purchase-orders/order-write'
import type { OrderDeps } from '../purchase-orders/orders'
import { circuitNames, refusalView } from '../refusal-view'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'

type NeedRow = typeof needs.$inferSelect
const circuitOf = (row: NeedRow) => (row.circuit as CircuitState | null) ?? null
const validatorsOf = (row: NeedRow) => circuitOf(row)?.steps.flatMap((s) => s.validators) ?? []
const accessOf = (row: NeedRow) => ({
  requester_id: row.requester_id,
  buyer_id: row.buyer_id,
  validators: validatorsOf(row),
})

const linesFor = (input: NeedInput, decimals: number) =>
  input.lines.map((l, i) => ({
    ...l,
    position: i + 1,
    amount_exctax: lineAmountExcTax(l.quantity, l.unit_price_exctax, decimals),
  }))
const totalOf = (lines: { amount_exctax: string }[], decimals: number) =>
  toAmountString(
    lines.reduce((sum, l) => sum.plus(l.amount_exctax), dec(0)),
    decimals,
  )

const checkBuyer = async (db: DbOrTx, buyerId: number): Promise<Result<void, DomainError>> => {
  const buyer = await db.select().from(users).where(eq(users.id, buyerId)).limit(1).then(first)
  return buyer?.buyer && buyer.active
    ? ok(undefined)
    : err(formError({ buyer_id: [{ code: 'NOT_IN_LIST' }] }))
}

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

const loadNeed = (db: DbOrTx, id: number) =>
  db.select().from(needs).where(eq(needs.id, id)).limit(1).then(first)

/** The request if this user may see it (requester, buyer, its validators). */
export const findVisibleNeed = async (db: Db, actor: OrderActor, id: number) => {
  const row = await loadNeed(db, id)
  return row !== undefined && canViewNeed(actor, accessOf(row)) ? row : undefined
}

/** PUT /bwapi/needs/{id}: the requester edits a draft or refused request. */
export const updateNeed = async (deps: OrderDeps, actor: OrderActor, id: number, input: unknown) => {
  const row = await loadNeed(deps.db, id)
  if (row === undefined || !canViewNeed(actor, accessOf(row)))
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const editable = checkNeedEditable(
    { status: row.status as NeedStatus, requester_id: row.requester_id },
    actor,
  )
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

const stateOf = async (db: DbOrTx, row: NeedRow): Promise<NeedState> => ({
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

/** GET /bwapi/needs/{id}: the request, its lines and the actions this user may apply. */
export const getNeed = async (db: Db, actor: OrderActor, id: number, language: Language = 'en') => {
  const row = await loadNeed(db, id)
  if (row === undefined || !canViewNeed(actor, accessOf(row)))
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const lines = await db
    .select()
    .from(needLines)
    .where(eq(needLines.need_id, id))
    .orderBy(asc(needLines.position))
  const circuit = circuitOf(row)
  const waiting = circuit === null ? [] : waitingOn(circuit)
  const { misc } = await loadSettings(db)
  const actions = [
    ...needActionsFor(actor, { ...accessOf(row), state: await stateOf(db, row) }, waiting),
    ...(canSkip(actor.administrator === true, misc.validator_skip_enabled, circuit, row.status)
      ? (['skip'] as const)
      : []),
  ]
  const people = await db
    .select({ id: users.id, label: users.label })
    .from(users)
    .where(inArray(users.id, [row.requester_id, row.buyer_id]))
  // The order made from this request, as far as it went: the requester follows it from here.
  const order =
    row.purchase_order_id === null
      ? null
      : ((await db
          .select({
            id: purchaseOrders.id,
            code: purchaseOrders.code,
            status: purchaseOrders.status,
            delivery_status: purchaseOrders.delivery_status,
            billing_status: purchaseOrders.billing_status,
          })
          .from(purchaseOrders)
          .where(eq(purchaseOrders.id, row.purchase_order_id))
          .limit(1)
          .then(first)) ?? null)
  const custom = await withFileNames(
    db,
    customFieldsShown(
      await fieldsOf(db, 'need', true),
      (await valuesOf(db, 'need', [id])).get(id) ?? {},
      language,
    ),
  )
  return ok({
    data: {
      ...row,
      lines,
      custom,
      actions,
      waiting_on: waiting,
      refusal: await refusalView(db, circuit),
      names: await circuitNames(db, circuit),
      people,
      order,
    },
  })
}

export const NEED_SORTS = ['code', 'created_at', 'status', 'amount_exctax'] as const
const NEED_SORT_KINDS = { code: 'text', created_at: 'date', status: 'text', amount_exctax: 'amount' } as const
/** The requests list's filters, each with the kind of value it takes. */
export const NEED_FILTER_KINDS = {
  status: listFilter.oneOf(NEED_STATUSES),
  processing: listFilter.oneOf(NEED_PROCESSING_STATUSES),
  /** The buyer a request is addressed to (the to-do's "requests to process" opens the list with it). */
  buyer_id: listFilter.id(),
}
/** The filters the list's screen offers; buyer_id is taken from links (the to-do), not offered. */
export const NEED_FILTERS = ['status', 'processing'] as const
export const NEED_QUERY_FILTERS = Object.keys(NEED_FILTER_KINDS) as (keyof typeof NEED_FILTER_KINDS)[]

/** The requests this actor may see, as SQL: all for who sees every document, else those it asked, buys or validates. */
export const visibleNeedsCondition = (actor: OrderActor): SQL | undefined =>
  seesAllDocuments(actor)
    ? undefined
    : or(
        eq(needs.requester_id, actor.id),
        eq(needs.buyer_id, actor.id),
        likeCi(jsonText(needs.circuit), `%"${actor.login}"%`),
      )

/** GET /bwapi/needs?{query}: the requests this user asked, buys, or validates. */
export const listNeeds = async (
  db: Db,
  actor: OrderActor,
  query: Record<string, string | undefined>,
  /** An export reads every page: it needs neither the count nor the totals of each. */
  options: { count?: boolean } = {},
  language: Language = 'en',
) => {
  // The custom fields' filters (cf_<code>) are the custom fields' own; the rest, the list's.
  const custom = await customFilters(db, 'need', needs.id, query)
  if (!custom.ok) return custom
  const parsed = parseListQuery(custom.value.rest, {
    sortable: NEED_SORTS,
    defaultSort: 'created_at',
    defaultDirection: 'desc',
    pagedByKey: true,
    filters: NEED_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: SQL[] = [...custom.value.conditions]
  const visible = visibleNeedsCondition(actor)
  if (visible !== undefined) where.push(visible)
  if (q.filters.status !== undefined) where.push(eq(needs.status, q.filters.status))
  if (q.filters.processing !== undefined) where.push(eq(needs.processing, q.filters.processing))
  if (q.filters.buyer_id !== undefined) where.push(eq(needs.buyer_id, q.filters.buyer_id))
  // Each word in the number, the subject or a line's description.
  const search = everyWord(q.search, (pattern) =>
    or(
      likeCi(needs.code, pattern),
      likeCi(needs.title, pattern),
      exists(
        db
          .select({ one: sql`1` })
          .from(needLines)
          .where(and(eq(needLines.need_id, needs.id), likeCi(needLines.description, pattern))),
      ),
    ),
  )
  if (search !== undefined) where.push(search)
  const page = await readPage(db, q, {
    table: needs,
    id: needs.id,
    where: and(...where),
    sort: { by: needs[q.sort], kind: NEED_SORT_KINDS[q.sort] },
    counted: options.count !== false,
    totals: { currency: null, amounts: { amount_exctax: needs.amount_exctax } },
    rows: (slice) =>
      db
        .select()
        .from(needs)
        .where(slice.where)
        .orderBy(...slice.orderBy)
        .limit(slice.limit)
        .offset(slice.offset),
    placeOf: (row) => ({ value: row[q.sort], id: row.id }),
  })
  if (!page.ok) return page
  const rows = page.value.rows
  const fields = await fieldsOf(db, 'need')
  const values = fields.some((f) => f.in_list)
    ? await valuesOf(
        db,
        'need',
        rows.map((r) => r.id),
      )
    : new Map<number, Record<string, string>>()
  const data = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      code: row.code,
      title: row.title,
      status: row.status,
      processing: row.processing,
      amount_exctax: row.amount_exctax,
      created_at: row.created_at.toISOString(),
      ...customCells(fields, values.get(row.id), language),
      actions: needActionsFor(
        actor,
        { ...accessOf(row), state: await stateOf(db, row) },
        circuitOf(row) === null ? [] : waitingOn(circuitOf(row) as CircuitState),
      ),
    })),
  )
  return ok({
    data,
    meta: page.value.meta,
  })
}

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
  if (isSkip) {
    if (actor.administrator !== true) return err({ code: 'FORBIDDEN' } as DomainError)
    if (row.status !== 'awaiting' || circuit === null)
      return err({
        code: 'TRANSITION_NOT_ALLOWED',
        params: { action: 'skip', status: row.status },
      } as DomainError)
    const { misc } = await loadSettings(deps.db)
    const skipped = skipStep(circuit, { login: actor.login }, misc.validator_skip_enabled, now)
    if (!skipped.ok) return skipped
    circuit = skipped.value
  } else {
    const allowed = checkNeedAction(actor, accessOf(row), act)
    if (!allowed.ok) return allowed
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
    const may = checkNeedAction(actor, accessOf(row), 'transform')
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
