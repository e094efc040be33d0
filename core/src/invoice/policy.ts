import type { DutyActor } from '../auth/duties'
import { type CircuitTurn, turnRefusal } from '../circuit/turn'
import { type Decisions, decideEach, type Refusal, unless } from '../policy/decisions'
import { notAllowed, statusRefusal } from '../policy/lifecycle'
import { canHandleInvoices } from './access'
import { isCreditable } from './credit-note'
import { PENDING_INVOICE_ACTIONS, PENDING_INVOICE_TRANSITIONS, type PendingInvoiceAction } from './pending'
import { INVOICE_ACTIONS, INVOICE_TRANSITIONS, type InvoiceStatus, type PendingInvoiceStatus } from './status'

/**
 * Everything a person may do to a supplier invoice (or an external charge): its lifecycle's
 * actions, editing it, disputing it with the supplier, and recording a credit note against it.
 */
export const INVOICE_POLICY_ACTIONS = [...INVOICE_ACTIONS, 'edit', 'dispute', 'credit'] as const
export type InvoicePolicyAction = (typeof INVOICE_POLICY_ACTIONS)[number]

/** An invoice's content changes while it is a draft or refused (it is then submitted again). */
export const INVOICE_EDITABLE_STATUSES: readonly InvoiceStatus[] = ['draft', 'refused']

const invoiceStatusRule = (
  invoice: { status: InvoiceStatus; kind: string },
  action: InvoicePolicyAction,
): Refusal => {
  switch (action) {
    case 'edit':
      return unless(INVOICE_EDITABLE_STATUSES.includes(invoice.status), notAllowed(action, invoice.status))
    case 'dispute':
      // The dispute has its own lifecycle (disputeTransition): opened, written in, closed.
      return undefined
    case 'credit':
      return unless(isCreditable(invoice), notAllowed(action, invoice.status))
    default:
      return statusRefusal(INVOICE_TRANSITIONS, action, invoice.status)
  }
}

/**
 * The invoice's actions policy: the validators its circuit waits on (or their delegates) validate
 * and refuse; who handles invoices (the accounts-payable team) does the rest. Who may first, then
 * the status. Services guard with it; the invoice's page answers it.
 */
export const allowedInvoiceActions = (
  actor: DutyActor & { login: string },
  invoice: { status: InvoiceStatus; kind: string },
  turn: CircuitTurn,
): Decisions<InvoicePolicyAction> =>
  decideEach(
    INVOICE_POLICY_ACTIONS,
    (action) =>
      action === 'validate' || action === 'refuse'
        ? turnRefusal(actor, turn)
        : unless(canHandleInvoices(actor)),
    (action) => invoiceStatusRule(invoice, action),
  )

/**
 * A pending invoice's actions policy: who handles invoices makes, holds, releases and rejects
 * what arrived, as its status allows; one on hold is released before an invoice is made from it
 * (PENDING_INVOICE_ON_HOLD, with the hold's reason).
 */
export const allowedPendingInvoiceActions = (
  actor: DutyActor,
  pending: { status: PendingInvoiceStatus; hold_reason: string | null },
): Decisions<PendingInvoiceAction> =>
  decideEach(
    PENDING_INVOICE_ACTIONS,
    () => unless(canHandleInvoices(actor)),
    (action) =>
      action === 'make' && pending.status === 'on_hold'
        ? { code: 'PENDING_INVOICE_ON_HOLD', params: { reason: pending.hold_reason ?? '' } }
        : statusRefusal(PENDING_INVOICE_TRANSITIONS, action, pending.status),
  )
