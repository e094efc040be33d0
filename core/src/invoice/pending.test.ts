import { expect, test } from 'vitest'
import { tableProblems } from '../policy/lifecycle'
import {
  PENDING_INVOICE_ACTIONS,
  PENDING_INVOICE_TRANSITIONS,
  PendingInvoiceHoldSchema,
  pendingInvoiceTransition,
} from './pending'
import { PENDING_INVOICE_STATUSES } from './status'

test('what each action does to a pending invoice, as a table', () => {
  const table = Object.fromEntries(
    PENDING_INVOICE_STATUSES.map((status) => [
      status,
      Object.fromEntries(
        PENDING_INVOICE_ACTIONS.map((action) => {
          const next = pendingInvoiceTransition({ status, hold_reason: null }, action)
          return [action, next.ok ? next.value : '—']
        }),
      ),
    ]),
  )
  expect(table).toEqual({
    pending: { make: 'processed', hold: 'on_hold', release: '—', reject: 'rejected' },
    on_hold: { make: '—', hold: '—', release: 'pending', reject: 'rejected' },
    processed: { make: '—', hold: '—', release: '—', reject: '—' },
    rejected: { make: '—', hold: '—', release: '—', reject: '—' },
  })
})

test('an invoice on hold is not made until released, and the refusal says why it waits', () => {
  expect(pendingInvoiceTransition({ status: 'on_hold', hold_reason: 'Goods not received' }, 'make')).toEqual({
    ok: false,
    error: { code: 'PENDING_INVOICE_ON_HOLD', params: { reason: 'Goods not received' } },
  })
  expect(pendingInvoiceTransition({ status: 'processed', hold_reason: null }, 'hold')).toEqual({
    ok: false,
    error: { code: 'TRANSITION_NOT_ALLOWED', params: { action: 'hold', status: 'processed' } },
  })
})

test('a hold says why in a sentence', () => {
  expect(PendingInvoiceHoldSchema.safeParse({ reason: '  ' }).success).toBe(false)
  expect(PendingInvoiceHoldSchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false)
  expect(PendingInvoiceHoldSchema.parse({ reason: ' Goods not received ' })).toEqual({
    reason: 'Goods not received',
  })
})

test('the pending invoice lifecycle follows its table', () => {
  expect(
    tableProblems(PENDING_INVOICE_TRANSITIONS, {
      statuses: PENDING_INVOICE_STATUSES,
      actions: PENDING_INVOICE_ACTIONS,
      apply: (status, action) => pendingInvoiceTransition({ status, hold_reason: null }, action),
    }),
  ).toEqual([])
})
