import type { DomainError } from '../errors/domain-error'
import { actionsFrom, nextStatus } from '../policy/lifecycle'
import type { OrderActor } from '../purchase-order/access'
import { err, ok, type Result } from '../result'
import { canHandleInvoices } from './access'
import {
  INVOICE_NO_STEP,
  INVOICE_STEPS_LEFT,
  INVOICE_TRANSITIONS,
  type InvoiceAction,
  type InvoiceStatus,
} from './status'

/** What the invoice lifecycle reads of an invoice. */
export type InvoiceState = {
  status: InvoiceStatus
  /** Paid in part or in full (payments, issue 17), or exported to accounting (issue 18). */
  payment_status: 'no' | 'partial' | 'complete'
  exported: boolean
  dispute_status: 'no' | 'ongoing' | 'finished'
}

/**
 * Applies one action: submit (to awaiting, or validated at once when no circuit step applies),
 * submit and validate of an invoice in dispute only with the confirmation to go on despite it
 * (INVOICE_IN_DISPUTE_CONFIRMATION),
 * validate (awaiting until the last step), refuse, back to draft (on an invoice exported or paid,
 * only with the confirmation that it cancels those: EXPORT_BACK_TO_DRAFT_CONFIRMATION), cancel.
 * Anything else from the status: TRANSITION_NOT_ALLOWED.
 */
export const invoiceTransition = (
  invoice: InvoiceState,
  action: InvoiceAction,
  ctx: { circuitHasSteps?: boolean; circuitComplete?: boolean; confirm?: boolean } = {},
): Result<InvoiceStatus, DomainError> => {
  const when =
    action === 'submit' && ctx.circuitHasSteps === false
      ? INVOICE_NO_STEP
      : action === 'validate' && ctx.circuitComplete !== true
        ? INVOICE_STEPS_LEFT
        : undefined
  const next = nextStatus(INVOICE_TRANSITIONS, invoice.status, action, when)
  if (!next.ok) return next
  // A dispute in progress stops the invoice on its way to payment, unless the person confirms
  // going on despite it (a validation then tells the platform it is approved in part: 206).
  if (
    (action === 'submit' || action === 'validate') &&
    invoice.dispute_status === 'ongoing' &&
    ctx.confirm !== true
  )
    return err({ code: 'INVOICE_IN_DISPUTE_CONFIRMATION' })
  if (
    action === 'back_to_draft' &&
    (invoice.exported || invoice.payment_status !== 'no') &&
    ctx.confirm !== true
  )
    return err({ code: 'EXPORT_BACK_TO_DRAFT_CONFIRMATION' })
  return next
}

/**
 * The actions a person may take on an invoice now: who handles invoices (the accounts-payable
 * team) submits, brings back to draft and cancels; the validators the circuit waits on validate
 * and refuse.
 */
export const invoiceActionsFor = (
  actor: OrderActor,
  invoice: Pick<InvoiceState, 'status'>,
  waitingOn: readonly string[],
): InvoiceAction[] =>
  actionsFrom(INVOICE_TRANSITIONS, invoice.status).filter((action) => {
    if (action === 'validate' || action === 'refuse') return waitingOn.includes(actor.login)
    return canHandleInvoices(actor)
  })

/** An invoice's content changes while it is a draft or refused (it is then submitted again). */
export const INVOICE_EDITABLE_STATUSES: readonly InvoiceStatus[] = ['draft', 'refused']

/** Editing an invoice: by who handles invoices, while INVOICE_EDITABLE_STATUSES holds its status. */
export const checkInvoiceEditable = (
  actor: OrderActor,
  invoice: Pick<InvoiceState, 'status'>,
): Result<void, DomainError> => {
  if (!canHandleInvoices(actor)) return err({ code: 'FORBIDDEN' })
  return INVOICE_EDITABLE_STATUSES.includes(invoice.status)
    ? ok(undefined)
    : err({ code: 'TRANSITION_NOT_ALLOWED', params: { action: 'edit', status: invoice.status } })
}

export const DISPUTE_ACTIONS = ['open', 'message', 'close'] as const
export type DisputeAction = (typeof DISPUTE_ACTIONS)[number]

/**
 * A dispute with the supplier (docs/domain/supplier-invoice.md): opened when none is ongoing (not
 * on a canceled invoice), written in and closed while it is; answers the dispute's next status.
 */
export const disputeTransition = (
  invoice: Pick<InvoiceState, 'status' | 'dispute_status'>,
  action: DisputeAction,
): Result<'ongoing' | 'finished', DomainError> => {
  const ongoing = invoice.dispute_status === 'ongoing'
  if ((action === 'open') === ongoing || (invoice.status === 'canceled' && action === 'open'))
    return err({
      code: 'TRANSITION_NOT_ALLOWED',
      params: { action: `dispute_${action}`, status: invoice.dispute_status },
    })
  return ok(action === 'close' ? 'finished' : 'ongoing')
}
