import type { DomainError } from '../errors/domain-error'
import { nextStatus, type TransitionTable, transitionTable } from '../policy/lifecycle'
import { err, ok, type Result } from '../result'
import type { PaymentLineStatus } from '../status/vocabularies'

/**
 * What happens to a payment line (spec §4 "Payment line statuses"): submitted to its circuit,
 * validated or refused, exported to the bank (planified), blocked by the bank (balance, debit
 * account), paid, cancelled by the user, rejected by either bank, or in error. A refused payment
 * is final: a new one is made.
 */
export const PAYMENT_LINE_ACTIONS = [
  'submit',
  'validate',
  'refuse',
  'export',
  'block',
  'unblock',
  'pay',
  'cancel',
  'reject_beneficiary',
  'reject_holder',
  'fail',
] as const
export type PaymentLineAction = (typeof PAYMENT_LINE_ACTIONS)[number]

/** A payment line's lifecycle (docs/domain/payment.md). */
export const PAYMENT_LINE_TRANSITIONS: TransitionTable<PaymentLineStatus, PaymentLineAction> =
  transitionTable([
    ['submit', 'draft', 'awaiting'],
    ['validate', 'awaiting', 'validated'],
    ['refuse', 'awaiting', 'refused'],
    ['export', 'validated', 'planified'],
    ['block', 'planified', 'blocked'],
    ['unblock', 'blocked', 'planified'],
    ['pay', ['validated', 'planified'], 'paid'],
    ['cancel', ['draft', 'awaiting', 'validated', 'blocked', 'error'], 'canceled'],
    ['reject_beneficiary', ['planified', 'paid'], 'rejected_beneficiary_bank'],
    ['reject_holder', ['planified', 'blocked'], 'rejected_holder_bank'],
    ['fail', 'planified', 'error'],
  ])

/** Statuses after which the line is over: nothing moves it again (a new payment is made). */
export const FINAL_PAYMENT_LINE_STATUSES: readonly PaymentLineStatus[] = [
  'paid',
  'canceled',
  'refused',
  'rejected_beneficiary_bank',
  'rejected_holder_bank',
]

/** Statuses whose amount is owed no more, or is on its way: it counts against the invoice's remaining to pay. */
export const COMMITTED_PAYMENT_LINE_STATUSES: readonly PaymentLineStatus[] = [
  'draft',
  'awaiting',
  'validated',
  'planified',
  'blocked',
  'paid',
]

/**
 * Applies one action to a payment line. A refused payment answers PAYMENT_REFUSED_NEW_REQUIRED
 * (it is final; a new one is made); any other action not possible from the status
 * TRANSITION_NOT_ALLOWED. A paid line may still be rejected by the beneficiary's bank.
 */
export const paymentLineTransition = (
  status: PaymentLineStatus,
  action: PaymentLineAction,
): Result<PaymentLineStatus, DomainError> => {
  const next = nextStatus(PAYMENT_LINE_TRANSITIONS, status, action)
  return !next.ok && status === 'refused' ? err({ code: 'PAYMENT_REFUSED_NEW_REQUIRED' }) : next
}

/**
 * The payment lines an invoice taken back (to draft, or cancelled) cancels (spec §4): those not
 * yet at the bank; a line at the bank (planified) refuses it until the bank answers
 * (EXPORT_IN_PROGRESS); a paid line stays paid (the money went out).
 */
export const paymentsToCancel = <L extends { status: string }>(
  lines: readonly L[],
): Result<L[], DomainError> =>
  lines.some((l) => l.status === 'planified')
    ? err({ code: 'EXPORT_IN_PROGRESS' })
    : ok(lines.filter((l) => paymentLineTransition(l.status as PaymentLineStatus, 'cancel').ok))
