import { expect, test } from 'vitest'
import { allowedOf, guard, refusalsOf } from '../policy/decisions'
import { allowedPaymentGroupActions } from './policy'

const preparer = { id: 1, login: 'pam', permissions: ['prepare_payments' as const] }
const exporter = { id: 2, login: 'ed', permissions: ['export_sepa' as const] }
const validator = { id: 3, login: 'val', permissions: [] }
const none = { waitingOn: [], delegate: false }
const waitsOnVal = { waitingOn: ['val'], delegate: false }

test('each duty takes its own actions, as far as the lines allow them', () => {
  expect(allowedOf(allowedPaymentGroupActions(preparer, { line_statuses: ['draft'] }, none))).toEqual([
    'submit',
    'cancel',
  ])
  expect(
    allowedOf(allowedPaymentGroupActions(exporter, { line_statuses: ['validated', 'paid'] }, none)),
  ).toEqual(['export'])
  expect(
    allowedOf(allowedPaymentGroupActions(validator, { line_statuses: ['awaiting'] }, waitsOnVal)),
  ).toEqual(['validate', 'refuse'])
  expect(
    guard(allowedPaymentGroupActions(preparer, { line_statuses: ['awaiting'] }, waitsOnVal), 'validate'),
  ).toEqual({
    ok: false,
    error: { code: 'NOT_CURRENT_VALIDATOR' },
  })
})

test('separation of duties: who created or validated an order does not validate its payment, and is told why', () => {
  const people = { creator_ids: [9], validator_logins: ['val'] }
  const decisions = allowedPaymentGroupActions(validator, { line_statuses: ['awaiting'] }, waitsOnVal, {
    people,
    enforced: true,
  })
  expect(guard(decisions, 'validate')).toEqual({ ok: false, error: { code: 'PAYMENT_SAME_PERSON' } })
  // Refusing stays open to them: it pays nothing.
  expect(guard(decisions, 'refuse').ok).toBe(true)
  expect(refusalsOf(decisions)).toEqual([
    { action: 'validate', code: 'PAYMENT_SAME_PERSON' },
    { action: 'cancel', code: 'FORBIDDEN' },
  ])
  const off = allowedPaymentGroupActions(validator, { line_statuses: ['awaiting'] }, waitsOnVal, {
    people,
    enforced: false,
  })
  expect(guard(off, 'validate').ok).toBe(true)
})

test('nothing to hand to the bank says why: a file already there, or nothing validated; a refused payment is final', () => {
  expect(
    guard(allowedPaymentGroupActions(exporter, { line_statuses: ['planified'] }, none), 'export'),
  ).toEqual({
    ok: false,
    error: { code: 'EXPORT_IN_PROGRESS' },
  })
  expect(guard(allowedPaymentGroupActions(exporter, { line_statuses: ['paid'] }, none), 'export')).toEqual({
    ok: false,
    error: { code: 'PAYMENT_NOTHING_TO_EXPORT' },
  })
  expect(guard(allowedPaymentGroupActions(preparer, { line_statuses: ['refused'] }, none), 'submit')).toEqual(
    {
      ok: false,
      error: { code: 'PAYMENT_REFUSED_NEW_REQUIRED' },
    },
  )
})
