import { z } from 'zod'
import type { DomainError } from '../errors/domain-error'
import { nextStatus, type TransitionTable, transitionTable } from '../policy/lifecycle'
import { err, type Result } from '../result'
import type { PendingInvoiceStatus } from './status'

/**
 * What accounts payable does with what arrived: make it into an invoice, put it on hold (with a
 * reason: the goods are not received yet, a question is out to the supplier), release it back
 * into the queue, or reject it (not an invoice to pay). docs/domain/supplier-invoice.md.
 */
export const PENDING_INVOICE_ACTIONS = ['make', 'hold', 'release', 'reject'] as const
export type PendingInvoiceAction = (typeof PENDING_INVOICE_ACTIONS)[number]

/** A pending invoice's lifecycle. */
export const PENDING_INVOICE_TRANSITIONS: TransitionTable<PendingInvoiceStatus, PendingInvoiceAction> =
  transitionTable([
    ['make', 'pending', 'processed'],
    ['hold', 'pending', 'on_hold'],
    ['release', 'on_hold', 'pending'],
    ['reject', ['pending', 'on_hold'], 'rejected'],
  ])

/** What a pending invoice is while on hold: why (shown in the queue and to whoever releases it). */
export type PendingInvoiceState = { status: PendingInvoiceStatus; hold_reason: string | null }

/**
 * Applies one action. Making an invoice from one on hold is refused with its reason
 * (PENDING_INVOICE_ON_HOLD: release it first); anything else the status does not allow is
 * TRANSITION_NOT_ALLOWED.
 */
export const pendingInvoiceTransition = (
  pending: PendingInvoiceState,
  action: PendingInvoiceAction,
): Result<PendingInvoiceStatus, DomainError> => {
  if (action === 'make' && pending.status === 'on_hold')
    return err({ code: 'PENDING_INVOICE_ON_HOLD', params: { reason: pending.hold_reason ?? '' } })
  return nextStatus(PENDING_INVOICE_TRANSITIONS, pending.status, action)
}

/**
 * POST /bwapi/pending-invoices/{id}/hold: why it waits, said in a sentence; for an e-invoice, the
 * reason code its 208 status carries to the seller (optional, from 208's list: lifecycle.ts).
 */
export const PendingInvoiceHoldSchema = z.object({
  reason: z.string().trim().min(3).max(500),
  reason_code: z.string().trim().min(1).nullish(),
})
export type PendingInvoiceHold = z.output<typeof PendingInvoiceHoldSchema>

/**
 * POST /bwapi/pending-invoices/{id}/reject: for an e-invoice, the refusal its seller is sent (210),
 * which needs a reason code of 210's list (lifecycle.ts), and optionally why in words; a paper
 * invoice needs neither.
 */
export const PendingInvoiceRejectSchema = z.object({
  reason_code: z.string().trim().min(1).nullish(),
  reason: z.string().trim().max(500).nullish(),
})
