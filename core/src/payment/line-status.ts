import type { DomainError } from '../errors/domain-error'
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

/** The transition table: for each action, the statuses it starts from and where it leads. */
export const PAYMENT_LINE_TRANSITIONS: Readonly<
  Record<PaymentLineAction, { from: readonly PaymentLineStatus[]; to: PaymentLineStatus }>
> = {
  submit: { from: ['draft'], to: 'awaiting' },
  validate: { from: ['awaiting'], to: 'validated' },
  refuse: { from: ['awaiting'], to: 'refused' },
  export: { from: ['validated'], to: 'planified' },
  block: { from: ['planified'], to: 'blocked' },
  unblock: { from: ['blocked'], to: 'planified' },
  pay: { from: ['validated', 'planified'], to: 'paid' },
  cancel: { from: ['draft', 'awaiting', 'validated', 'blocked', 'error'], to: 'canceled' },
  reject_beneficiary: { from: ['planified', 'paid'], to: 'rejected_beneficiary_bank' },
  reject_holder: { from: ['planified', 'blocked'], to: 'rejected_holder_bank' },
  fail: { from: ['planified'], to: 'error' },
}

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
  const move = PAYMENT_LINE_TRANSITIONS[action]
  if (move.from.includes(status)) return ok(move.to)
  if (status === 'refused') return err({ code: 'PAYMENT_REFUSED_NEW_REQUIRED' })
  return err({ code: 'TRANSITION_NOT_ALLOWED', params: { action, status } })
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
