import { expect, test } from 'vitest'
import { tableProblems } from '../policy/lifecycle'
import { PAYMENT_LINE_STATUSES } from '../status/vocabularies'
import {
  FINAL_PAYMENT_LINE_STATUSES,
  PAYMENT_LINE_ACTIONS,
  PAYMENT_LINE_TRANSITIONS,
  paymentLineTransition,
  paymentsToCancel,
} from './line-status'

/** The whole table: every status × every action, what it gives (a status or the refusal's code). */
const EXPECTED: Record<string, Record<string, string>> = {
  draft: { submit: 'awaiting', cancel: 'canceled' },
  awaiting: { validate: 'validated', refuse: 'refused', cancel: 'canceled' },
  validated: { export: 'planified', pay: 'paid', cancel: 'canceled' },
  planified: {
    block: 'blocked',
    pay: 'paid',
    reject_beneficiary: 'rejected_beneficiary_bank',
    reject_holder: 'rejected_holder_bank',
    fail: 'error',
  },
  blocked: { unblock: 'planified', cancel: 'canceled', reject_holder: 'rejected_holder_bank' },
  paid: { reject_beneficiary: 'rejected_beneficiary_bank' },
  canceled: {},
  refused: {},
  rejected_beneficiary_bank: {},
  rejected_holder_bank: {},
  error: { cancel: 'canceled' },
}

test.each(
  PAYMENT_LINE_STATUSES.flatMap((status) => PAYMENT_LINE_ACTIONS.map((action) => [status, action] as const)),
)('%s + %s', (status, action) => {
  const next = paymentLineTransition(status, action)
  const refusal = status === 'refused' ? 'PAYMENT_REFUSED_NEW_REQUIRED' : 'TRANSITION_NOT_ALLOWED'
  expect(next.ok ? next.value : next.error.code).toBe(EXPECTED[status]?.[action] ?? refusal)
})

test('final statuses move no more, except a paid line the beneficiary’s bank rejects', () => {
  for (const status of FINAL_PAYMENT_LINE_STATUSES)
    for (const action of PAYMENT_LINE_ACTIONS) {
      const next = paymentLineTransition(status, action)
      if (next.ok) expect([status, action]).toEqual(['paid', 'reject_beneficiary'])
    }
})

test('an invoice taken back cancels its payments not yet at the bank, and waits for the bank on one that is', () => {
  const lines = [
    { id: 1, status: 'draft' },
    { id: 2, status: 'validated' },
    { id: 3, status: 'paid' },
  ]
  const open = paymentsToCancel(lines)
  expect(open.ok && open.value.map((l) => l.id)).toEqual([1, 2])
  expect(paymentsToCancel([...lines, { id: 4, status: 'planified' }])).toEqual({
    ok: false,
    error: { code: 'EXPORT_IN_PROGRESS' },
  })
})

test('the payment line lifecycle follows its table', () => {
  expect(
    tableProblems(PAYMENT_LINE_TRANSITIONS, {
      statuses: PAYMENT_LINE_STATUSES,
      actions: PAYMENT_LINE_ACTIONS,
      apply: paymentLineTransition,
    }),
  ).toEqual([])
})
