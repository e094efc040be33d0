/** An invoice's actions (submit, validate, refuse, back to draft, cancel) and its dispute with the supplier. */
/** An invoice's actions (validate, refuse, cancel, credit…) and its dispute with the supplier. */
import {
  isComplete,
  planCircuit,
  refuseStep,
  startCircuit,
  validateStep,
  waitingOn,
} from '@procura/core/circuit'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import {
  circuitAmountOf,
  DISPUTE_ACTIONS,
  type DisputeAction,
  DisputeMessageSchema,
  disputeTransition,
  INVOICE_ACTIONS,
  type InvoiceAction,
  invoiceTransition,
  lifecycleStatusFor,
} from '@procura/core/invoice'
import { guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import {
  companies,
  departments,
  invoiceDisputeMessages,
  purchaseOrders,
  supplierInvoiceLines,
  supplierInvoices,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { moveInvoiceBudgets } from '../budgets/documents'
import { notify } from '../notifications/notifications'
import { notifyActionsToDo } from '../notify'
import { cancelPaymentsOf } from '../payments/payment-actions'
import { refreshPaymentStatuses } from '../payments/payment-status'
import { delegationsTo, loadChart, loadUsersByRole } from '../purchase-orders/circuit'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { applyBilling, billingContext, refreshRebilled } from './billing'
import { billedBy } from './invoice-write'
import {
  circuitOf,
  findVisibleInvoice,
  type InvoiceDeps,
  type InvoiceRow,
  invoiceDecisions,
  linesOf,
  stateOf,
} from './invoices'
import { raiseLifecycle } from './lifecycle'
import { settleOpenCredit } from './open-credit'
import type { Answer } from './pending'

const invoiceDocumentCodes = async (db: DbOrTx, row: InvoiceRow) => {
  const [company, department] = await Promise.all([
    db
      .select({ code: companies.code })
      .from(companies)
      .where(eq(companies.id, row.company_id))
      .limit(1)
      .then(first),
    row.department_id === null
      ? undefined
      : db
          .select({ code: departments.code })
          .from(departments)
          .where(eq(departments.id, row.department_id))
          .limit(1)
          .then(first),
  ])
  return { company: company?.code ?? null, department: department?.code ?? null, purchase_family: null }
}

/**
 * POST /bwapi/supplier-invoices/{id}/{action}: submit (the circuit the orders use, planned on the
 * invoice's amount), validate and refuse (its validators), back to draft (cancelling exports and
 * payments, with the confirmation that says so), cancel (what it billed is released).
 */
export const applyInvoiceAction = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  id: number,
  action: string,
  input: { confirm?: boolean; reason?: unknown; reason_code?: unknown },
): Answer<{ data: { id: number; status: string } }> => {
  if (!(INVOICE_ACTIONS as readonly string[]).includes(action)) return err({ code: 'NOT_FOUND' })
  const act = action as InvoiceAction
  const row = await findVisibleInvoice(deps.db, actor, id)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  let circuit = circuitOf(row)
  const now = deps.clock.now()
  const allowed = guard(await invoiceDecisions(deps.db, actor, row, now), act)
  if (!allowed.ok) return allowed
  if (act === 'validate' || act === 'refuse') {
    if (circuit === null) return err({ code: 'NOT_CURRENT_VALIDATOR' })
    const delegations = await delegationsTo(deps.db, actor.id)
    const doc = { amount: circuitAmountOf(row.kind, row.amount_exctax), tags: [] }
    const decided =
      act === 'validate'
        ? validateStep(circuit, { login: actor.login }, doc, delegations, now)
        : refuseStep(
            circuit,
            { login: actor.login },
            doc,
            delegations,
            now,
            typeof input.reason === 'string' ? input.reason : '',
          )
    if (!decided.ok) return decided
    circuit = decided.value
  }
  if (act === 'submit') {
    const planned = planCircuit(
      await loadChart(deps.db, 'purchase_order'),
      { amount: circuitAmountOf(row.kind, row.amount_exctax), ...(await invoiceDocumentCodes(deps.db, row)) },
      await loadUsersByRole(deps.db),
    )
    if (!planned.ok) return planned
    circuit = startCircuit(planned.value)
  }
  const next = invoiceTransition(stateOf(row), act, {
    circuitHasSteps: (circuit?.steps.length ?? 0) > 0,
    circuitComplete: circuit !== null && isComplete(circuit),
    confirm: input.confirm === true,
  })
  if (!next.ok) return next
  const reasonCode =
    typeof input.reason_code === 'string' && input.reason_code !== '' ? input.reason_code : null
  // An e-invoice's refusal says why from the controlled list (210 needs it): checked before anything.
  if (act === 'refuse' && row.e_invoice) {
    const status = lifecycleStatusFor('refused', { reason_code: reasonCode })
    if (!status.ok) return status
  }
  const settings = await loadSettings(deps.db)
  const done = await writeOrRefuse(deps.db, async (tx) => {
    let released: number[] = []
    if (act === 'cancel') {
      // What it billed is released on its orders.
      const before = billedBy(await linesOf(tx, id))
      const context = await billingContext(tx, row, [], before)
      if (!context.ok) return context
      const freed = await applyBilling(
        tx,
        context.value,
        { lines: [] },
        before,
        settings.formats.decimals,
        now,
      )
      if (!freed.ok) return freed
      released = [...context.value.orders.keys()]
    }
    const applied = await tx
      .update(supplierInvoices)
      .set({
        status: next.value,
        circuit: act === 'back_to_draft' ? null : circuit,
        ...(next.value === 'validated' && row.status !== 'validated' ? { validated_at: now } : {}),
        // Back to draft cancels the exports and payments it had (spec §4); those areas follow it.
        ...(act === 'back_to_draft'
          ? { validated_at: null, exported_at: null, accounting_export_id: null }
          : {}),
        lock_version: row.lock_version + 1,
        updated_at: now,
      })
      .where(and(eq(supplierInvoices.id, id), eq(supplierInvoices.lock_version, row.lock_version)))
      .returning({ id: supplierInvoices.id })
    if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    if (act === 'back_to_draft' || act === 'cancel') {
      const undone = await cancelPaymentsOf(tx, id, now)
      if (!undone.ok) return undone
    }
    // Validated, it spends in its budgets and releases its orders' commitment; leaving, it undoes that.
    const budgeted = await moveInvoiceBudgets(tx, id, row.status, next.value, { now, user_id: actor.id })
    if (!budgeted.ok) return budgeted
    // A cancelled invoice no longer counts in its orders' rebilled amounts.
    await refreshRebilled(tx, released, settings.formats.decimals)
    // A credit note validated (or taken back) settles part of the invoice it corrects.
    if (row.kind === 'credit_note' && row.corrects_invoice_id !== null)
      await refreshPaymentStatuses(tx, [row.corrects_invoice_id], [], now)
    // Credit naming no invoice meets the supplier's invoices when either is validated, and is
    // given back when either leaves `validated` (docs/domain/supplier-invoice.md, "Open credit").
    const entering = next.value === 'validated' && row.status !== 'validated'
    const leaving = row.status === 'validated' && next.value !== 'validated'
    if (
      (entering || leaving) &&
      (row.kind === 'invoice' || (row.kind === 'credit_note' && row.corrects_invoice_id === null))
    ) {
      const account = {
        supplier_id: row.supplier_id,
        company_id: row.company_id,
        currency_code: row.currency_code,
      }
      const touched = await settleOpenCredit(tx, account, leaving ? id : null, now)
      await refreshPaymentStatuses(tx, touched, [], now)
    }
    // The e-invoice's lifecycle: approved (205, or 206 while a dispute is ongoing), or refused (210).
    const raised =
      next.value === 'validated' && row.status !== 'validated'
        ? await raiseLifecycle(tx, row, 'validated', {
            now,
            user_id: actor.id,
            dispute_ongoing: row.dispute_status === 'ongoing',
          })
        : act === 'refuse'
          ? await raiseLifecycle(tx, row, 'refused', {
              now,
              user_id: actor.id,
              reason_code: reasonCode,
              comment: typeof input.reason === 'string' ? input.reason : null,
            })
          : ok(undefined)
    if (!raised.ok) return raised
    await writeTrace(tx, deps.clock, {
      action: act,
      message: `Invoice ${row.code}: ${act} → ${next.value}`,
      model: 'supplier_invoice',
      model_id: id,
      user_id: actor.id,
    })
    return ok(undefined)
  })
  if (!done.ok) return done
  await notifyActionsToDo(deps.db, deps.notifyUser, {
    logins: circuit !== null && next.value === 'awaiting' ? waitingOn(circuit) : [],
    ids: next.value !== row.status ? [row.created_by] : [],
  })
  return ok({ data: { id, status: next.value } })
}

/**
 * POST /bwapi/supplier-invoices/{id}/dispute {action: open|message|close, body}: a dispute with
 * the supplier, traced with its exchanges; while it is ongoing the invoice cannot be paid.
 */
export const disputeInvoice = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  id: number,
  input: unknown,
): Answer<{ data: { id: number; dispute_status: string } }> => {
  const row = await findVisibleInvoice(deps.db, actor, id)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const allowed = guard(await invoiceDecisions(deps.db, actor, row, deps.clock.now()), 'dispute')
  if (!allowed.ok) return allowed
  const asked = (input as { action?: unknown } | null)?.action
  if (!(DISPUTE_ACTIONS as readonly unknown[]).includes(asked))
    return err(formError({ action: [{ code: 'NOT_IN_LIST' }] }))
  const parsed = parseWith(DisputeMessageSchema, input)
  if (!parsed.ok) return parsed
  const kind = asked as DisputeAction
  const next = disputeTransition(stateOf(row), kind)
  if (!next.ok) return next
  const status = next.value
  const reasonCode = (input as { reason_code?: unknown }).reason_code
  const dispute =
    kind === 'open'
      ? lifecycleStatusFor('dispute_opened', {
          reason_code: typeof reasonCode === 'string' && reasonCode !== '' ? reasonCode : null,
        })
      : ok(undefined)
  if (!dispute.ok) return dispute
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    // The e-invoice's lifecycle: in dispute (207), or suspended for a missing document (208).
    if (kind === 'open')
      await raiseLifecycle(tx, row, 'dispute_opened', {
        now,
        user_id: actor.id,
        reason_code: typeof reasonCode === 'string' && reasonCode !== '' ? reasonCode : null,
        comment: parsed.value.body,
      })
    await tx.insert(invoiceDisputeMessages).values({
      supplier_invoice_id: id,
      kind,
      body: parsed.value.body,
      user_id: actor.id,
      created_at: now,
    })
    await tx
      .update(supplierInvoices)
      .set({ dispute_status: status, updated_at: now })
      .where(eq(supplierInvoices.id, id))
    await writeTrace(tx, deps.clock, {
      action: `dispute_${kind}`,
      message: `Invoice ${row.code}: dispute ${kind}`,
      model: 'supplier_invoice',
      model_id: id,
      user_id: actor.id,
      severity: kind === 'open' ? 'warning' : 'info',
    })
  })
  // A dispute opened: the buyers of the orders it bills hear of it (they deal with the supplier).
  if (kind === 'open') {
    const buyers = await deps.db
      .selectDistinct({ id: purchaseOrders.buyer_id })
      .from(supplierInvoiceLines)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, supplierInvoiceLines.purchase_order_id))
      .where(eq(supplierInvoiceLines.supplier_invoice_id, id))
    await notify(deps, {
      user_ids: buyers.map((b) => b.id).filter((b) => b !== actor.id),
      kind: 'invoice_dispute',
      model: 'supplier_invoice',
      model_id: id,
      params: { code: row.code, message: parsed.value.body },
    })
  }
  return ok({ data: { id, dispute_status: status } })
}
