import type { DomainError } from '../errors/domain-error'
import { nextStatus } from '../policy/lifecycle'
import { err, ok, type Result } from '../result'
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
