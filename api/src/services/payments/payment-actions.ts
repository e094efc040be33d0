import {
  currentStep,
  isComplete,
  planCircuit,
  refuseStep,
  startCircuit,
  validateStep,
  waitingOn,
} from '@procura/core/circuit'
import type { DomainError } from '@procura/core/errors'
import { countOf } from '@procura/core/format'
import {
  checkPaymentValidator,
  PaymentGroupActionSchema,
  type PaymentLineAction,
  paymentLineTransition,
  paymentsToCancel,
} from '@procura/core/payment'
import { guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import type { PaymentLineStatus } from '@procura/core/status'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Tx } from '../../db'
import { first } from '../../db/first'
import { companies, paymentGroups, paymentLines, purchaseOrders } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { followReportPayments } from '../expenses/report-payments'
import type { InvoiceDeps } from '../invoices/invoices'
import { raisePaymentSent } from '../invoices/lifecycle'
import { noticesQueued, queueNotices } from '../notifications/notice-queue'
import { notifyActionsToDo } from '../notify'
import { delegationsTo, loadChart, loadUsersByRole } from '../purchase-orders/circuit'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { circuitOfGroup, orderPeopleOfLines, paymentGroupDecisions } from './payment-policy'
import { refreshPaymentStatuses } from './payment-status'

type Answer<T> = Promise<Result<T, DomainError>>
type LineRow = typeof paymentLines.$inferSelect
/** What moving a line reads of it (its status, what it pays). */
export type MovedLine = Pick<
  LineRow,
  'id' | 'status' | 'purchase_order_id' | 'supplier_invoice_id' | 'expense_report_id'
>

/** Lines moved per statement (well under SQLite's and PostgreSQL's bound-parameter limits). */
const MOVE_SLICE = 1000

/** What a person does to a group's payments: POST /bwapi/payment-groups/{id}/{action}. */
export const PAYMENT_GROUP_ACTIONS = ['submit', 'validate', 'refuse', 'pay', 'cancel'] as const
export type PaymentGroupAction = (typeof PAYMENT_GROUP_ACTIONS)[number]

/**
 * Moves lines by one action of core's table, all or none: each line that moves is updated only if
 * it still has the status it was read with, so two people acting at once cannot both move it.
 * Then the invoices' and orders' payment statuses follow, and an order's deposit paid or reopened.
 */
export const moveLines = async (
  tx: Tx,
  lines: readonly MovedLine[],
  action: PaymentLineAction,
  now: Date,
  extra: Partial<Pick<LineRow, 'reason_code' | 'payment_export_id'>> = {},
): Promise<Result<number, DomainError>> => {
  // One conditional update per status the lines start from, in slices: a line moves only if it
  // still has the status it was read with; fewer rows moved than asked means someone was first.
  const byStatus = new Map<string, number[]>()
  for (const line of lines) {
    const next = paymentLineTransition(line.status as PaymentLineStatus, action)
    if (!next.ok) return next
    const ids = byStatus.get(line.status)
    if (ids === undefined) byStatus.set(line.status, [line.id])
    else ids.push(line.id)
  }
  for (const [from, ids] of byStatus) {
    const next = paymentLineTransition(from as PaymentLineStatus, action)
    if (!next.ok) return next
    for (let start = 0; start < ids.length; start += MOVE_SLICE) {
      const slice = ids.slice(start, start + MOVE_SLICE)
      const moved = await tx
        .update(paymentLines)
        .set({
          status: next.value,
          ...extra,
          ...(next.value === 'paid' ? { paid_at: now } : {}),
          updated_at: now,
        })
        .where(and(inArray(paymentLines.id, slice), eq(paymentLines.status, from)))
        .returning({ id: paymentLines.id })
      if (moved.length !== slice.length) return err({ code: 'DOCUMENT_CHANGED' })
    }
  }
  const deposits = lines.flatMap((l) => (l.purchase_order_id === null ? [] : [l.purchase_order_id]))
  if (deposits.length > 0) {
    const paid = action === 'pay'
    const undone = action === 'reject_beneficiary' && lines.some((l) => l.status === 'paid')
    if (paid || undone)
      await tx
        .update(purchaseOrders)
        .set({ deposit_paid_at: paid ? now : null, updated_at: now })
        .where(inArray(purchaseOrders.id, deposits))
  }
  await followReportPayments(tx, lines, action, now)
  // Paid: each e-invoice paid gets its "payment sent" (211) once.
  if (action === 'pay')
    await raisePaymentSent(
      tx,
      lines.flatMap((l) => (l.supplier_invoice_id === null ? [] : [l.supplier_invoice_id])),
      now,
    )
  // Only paying, and a paid line rejected, change what was paid.
  if (action === 'pay' || action === 'reject_beneficiary')
    await refreshPaymentStatuses(
      tx,
      lines.flatMap((l) => (l.supplier_invoice_id === null ? [] : [l.supplier_invoice_id])),
      deposits,
      now,
    )
  return ok(lines.length)
}

/**
 * An invoice back to draft or cancelled takes its payments back (spec §4): the lines not yet at
 * the bank are cancelled; a line at the bank (planified) refuses it until the bank answers; a paid
 * line stays paid (the money went out) and the invoice's payment status still says so.
 */
export const cancelPaymentsOf = async (
  tx: Tx,
  invoiceId: number,
  now: Date,
): Promise<Result<number, DomainError>> => {
  const lines = await tx.select().from(paymentLines).where(eq(paymentLines.supplier_invoice_id, invoiceId))
  const cancelled = paymentsToCancel(lines)
  if (!cancelled.ok) return cancelled
  const open = cancelled.value
  const moved = open.length === 0 ? ok(0) : await moveLines(tx, open, 'cancel', now)
  if (moved.ok) await refreshPaymentStatuses(tx, [invoiceId], [], now)
  return moved
}

/** What each action moves: the lines in a status it starts from (or those named, which must all be). */
const ACTION_OF: Readonly<Record<PaymentGroupAction, PaymentLineAction>> = {
  submit: 'submit',
  validate: 'validate',
  refuse: 'refuse',
  pay: 'pay',
  cancel: 'cancel',
}

const linesFor = (
  all: readonly LineRow[],
  action: PaymentLineAction,
  ids: readonly number[] | undefined,
): Result<LineRow[], DomainError> => {
  if (ids === undefined) {
    const movable = all.filter((l) => paymentLineTransition(l.status as PaymentLineStatus, action).ok)
    if (movable.length > 0) return ok(movable)
    // Nothing can move: the first line says why (a refused payment asks for a new one).
    const refusal = paymentLineTransition((all[0]?.status ?? 'canceled') as PaymentLineStatus, action)
    return refusal.ok ? err({ code: 'TRANSITION_NOT_ALLOWED' }) : refusal
  }
  const chosen = all.filter((l) => ids.includes(l.id))
  if (chosen.length !== new Set(ids).size) return err({ code: 'ITEM_NOT_FOUND' })
  return ok(chosen)
}

const loadGroup = async (db: Tx | InvoiceDeps['db'], id: number) => {
  const group = await db.select().from(paymentGroups).where(eq(paymentGroups.id, id)).limit(1).then(first)
  if (group === undefined) return undefined
  const lines = await db
    .select()
    .from(paymentLines)
    .where(eq(paymentLines.payment_group_id, id))
    .orderBy(asc(paymentLines.id))
  return { group, lines }
}

/**
 * POST /bwapi/payment-groups/{id}/{submit|validate|refuse|pay|cancel}: submit the drafts to the
 * payments' circuit (its chart, planned on the group's amount: validated at once when the chart is
 * empty), validate or refuse them (the current step's validators), mark lines paid by hand (named
 * ones, or every validated and exported one), cancel lines. All or none of the lines move.
 */
export const applyPaymentGroupAction = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  id: number,
  action: string,
  input: unknown,
): Answer<{ data: { id: number; moved: number } }> => {
  if (!(PAYMENT_GROUP_ACTIONS as readonly string[]).includes(action)) return err({ code: 'NOT_FOUND' })
  const act = action as PaymentGroupAction
  const parsed = PaymentGroupActionSchema.safeParse(input ?? {})
  if (!parsed.success) return err({ code: 'FORM_ERRORS', fields: { line_ids: [{ code: 'INVALID_VALUE' }] } })
  const loaded = await loadGroup(deps.db, id)
  if (loaded === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const { group } = loaded
  let circuit = circuitOfGroup(group)
  const now = deps.clock.now()
  // Lines named by hand (pay, cancel) are the group's, or the request names what is not there.
  const named = act === 'pay' || act === 'cancel' ? parsed.data.line_ids : undefined
  if (named?.some((lineId) => !loaded.lines.some((l) => l.id === lineId)))
    return err({ code: 'ITEM_NOT_FOUND' })
  const allowed = guard(await paymentGroupDecisions(deps.db, actor, loaded, now), act)
  if (!allowed.ok) return allowed
  if (act === 'validate' || act === 'refuse') {
    if (circuit === null) return err({ code: 'NOT_CURRENT_VALIDATOR' })
    const delegations = await delegationsTo(deps.db, actor.id)
    const doc = { amount: group.amount_inctax, tags: [] }
    const decided =
      act === 'validate'
        ? validateStep(circuit, { login: actor.login }, doc, delegations, now)
        : refuseStep(circuit, { login: actor.login }, doc, delegations, now, parsed.data.reason ?? '')
    if (!decided.ok) return decided
    circuit = decided.value
  }
  if (act === 'submit') {
    const company = await deps.db
      .select({ code: companies.code })
      .from(companies)
      .where(eq(companies.id, group.company_id))
      .limit(1)
      .then(first)
    const planned = planCircuit(
      await loadChart(deps.db, 'payment'),
      { amount: group.amount_inctax, company: company?.code ?? null },
      await loadUsersByRole(deps.db),
    )
    if (!planned.ok) return planned
    circuit = startCircuit(planned.value)
  }
  // Separation of duties (the policy holds it on validate): who created or validated an order does
  // not submit its payment either when an empty circuit, planned just now, validates at submission.
  if (act === 'submit' && (circuit?.steps.length ?? 0) === 0) {
    const { misc } = await loadSettings(deps.db)
    const separate = checkPaymentValidator(
      actor,
      await orderPeopleOfLines(deps.db, loaded.lines),
      misc.payment_separation_of_duties,
    )
    if (!separate.ok) return separate
  }
  // Submitting with nobody to ask validates at once; the circuit's last step validates the lines.
  const steps: PaymentLineAction[] =
    act === 'submit'
      ? (circuit?.steps.length ?? 0) === 0
        ? ['submit', 'validate']
        : ['submit']
      : act === 'validate'
        ? circuit !== null && isComplete(circuit)
          ? ['validate']
          : []
        : [ACTION_OF[act]]
  const done = await writeOrRefuse(deps.db, async (tx) => {
    const held = await tx
      .update(paymentGroups)
      .set({
        lock_version: group.lock_version + 1,
        ...(act === 'submit' || act === 'validate' || act === 'refuse' ? { circuit } : {}),
        updated_at: now,
      })
      .where(and(eq(paymentGroups.id, id), eq(paymentGroups.lock_version, group.lock_version)))
      .returning({ id: paymentGroups.id })
    if (held.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    const fresh = (await loadGroup(tx, id))?.lines ?? []
    const first = steps[0]
    const chosen =
      first === undefined
        ? ok(fresh.filter((l) => l.status === 'awaiting'))
        : linesFor(fresh, first, act === 'pay' || act === 'cancel' ? parsed.data.line_ids : undefined)
    if (!chosen.ok) return chosen
    let current = chosen.value
    for (const step of steps) {
      const moved = await moveLines(tx, current, step, now)
      if (!moved.ok) return moved
      current = (await loadGroup(tx, id))?.lines.filter((l) => current.some((c) => c.id === l.id)) ?? []
    }
    await writeTrace(tx, deps.clock, {
      action: act,
      message: `Payment group ${group.code}: ${act}, ${countOf(chosen.value.length, 'line')}${act === 'refuse' && parsed.data.reason ? ` — ${parsed.data.reason}` : ''}`,
      model: 'payment_group',
      model_id: id,
      user_id: actor.id,
    })
    // The validators it now waits on are asked (mail with its decision links), once this commits.
    if (
      (act === 'submit' || act === 'validate') &&
      circuit !== null &&
      currentStep(circuit) !== null &&
      steps.at(-1) !== 'validate'
    )
      await queueNotices(tx, now, [
        {
          type: 'validators',
          document: {
            model: 'payment_group',
            id,
            code: group.code,
            amount: group.amount_inctax,
            currency_code: group.currency_code,
          },
          logins: waitingOn(circuit),
          link_base: deps.linkBase ?? '',
        },
      ])
    return ok(steps.length === 0 ? 0 : chosen.value.length)
  })
  if (!done.ok) return done
  await noticesQueued(deps)
  await notifyActionsToDo(deps.db, deps.notifyUser, {
    logins:
      circuit !== null && currentStep(circuit) !== null && steps.at(-1) !== 'validate'
        ? waitingOn(circuit)
        : [],
    ids: act === 'validate' || act === 'refuse' ? [group.created_by] : [],
  })
  return ok({ data: { id, moved: done.value } })
}
