import { describe, expect, test } from 'vitest'
import { allowedOf, guard, refusalsOf } from '../policy/decisions'
import { allowedInvoiceActions, allowedPendingInvoiceActions } from './policy'

const clerk = { login: 'ap', permissions: ['handle_invoices' as const] }
const other = { login: 'sam', permissions: [] }
const none = { waitingOn: [], delegate: false }
const invoice = (status: 'draft' | 'awaiting' | 'validated' | 'refused' | 'canceled', kind = 'invoice') => ({
  status,
  kind,
})

describe('editing an invoice', () => {
  test('a draft or a refused invoice, by who handles invoices', () => {
    expect(guard(allowedInvoiceActions(clerk, invoice('draft'), none), 'edit').ok).toBe(true)
    expect(guard(allowedInvoiceActions(clerk, invoice('refused'), none), 'edit').ok).toBe(true)
  })
  test('not once submitted, validated or canceled', () => {
    for (const status of ['awaiting', 'validated', 'canceled'] as const)
      expect(guard(allowedInvoiceActions(clerk, invoice(status), none), 'edit')).toEqual({
        ok: false,
        error: { code: 'TRANSITION_NOT_ALLOWED', params: { action: 'edit', status } },
      })
  })
  test('not by who does not handle invoices', () => {
    expect(guard(allowedInvoiceActions(other, invoice('draft'), none), 'edit')).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN' },
    })
  })
})

test('accounts payable drive the lifecycle; the validators the circuit waits on (or a delegate) decide', () => {
  expect(allowedOf(allowedInvoiceActions(clerk, invoice('draft'), none))).toEqual([
    'submit',
    'cancel',
    'edit',
    'dispute',
  ])
  const awaiting = invoice('awaiting')
  expect(allowedOf(allowedInvoiceActions(clerk, awaiting, { waitingOn: ['val'], delegate: false }))).toEqual([
    'back_to_draft',
    'dispute',
  ])
  expect(allowedOf(allowedInvoiceActions(other, awaiting, { waitingOn: ['sam'], delegate: false }))).toEqual([
    'validate',
    'refuse',
  ])
  expect(allowedOf(allowedInvoiceActions(other, awaiting, { waitingOn: ['val'], delegate: true }))).toEqual([
    'validate',
    'refuse',
  ])
  // The accounts-payable clerk is told why it may not validate: another validator's turn.
  expect(refusalsOf(allowedInvoiceActions(clerk, awaiting, { waitingOn: ['val'], delegate: false }))).toEqual(
    [
      { action: 'validate', code: 'NOT_CURRENT_VALIDATOR' },
      { action: 'refuse', code: 'NOT_CURRENT_VALIDATOR' },
    ],
  )
})

test('a credit note is recorded against a validated invoice, never against a credit note', () => {
  expect(guard(allowedInvoiceActions(clerk, invoice('validated'), none), 'credit').ok).toBe(true)
  expect(guard(allowedInvoiceActions(clerk, invoice('validated', 'credit_note'), none), 'credit').ok).toBe(
    false,
  )
  expect(guard(allowedInvoiceActions(clerk, invoice('draft'), none), 'credit').ok).toBe(false)
  expect(guard(allowedInvoiceActions(other, invoice('validated'), none), 'credit')).toEqual({
    ok: false,
    error: { code: 'FORBIDDEN' },
  })
})

test('the queue offers its actions to who handles invoices only; one on hold is released first', () => {
  const pending = (status: 'pending' | 'on_hold' | 'processed') => ({ status, hold_reason: 'goods not here' })
  expect(allowedOf(allowedPendingInvoiceActions(clerk, pending('pending')))).toEqual([
    'make',
    'hold',
    'reject',
  ])
  expect(allowedOf(allowedPendingInvoiceActions(clerk, pending('on_hold')))).toEqual(['release', 'reject'])
  expect(allowedOf(allowedPendingInvoiceActions(clerk, pending('processed')))).toEqual([])
  expect(
    allowedOf(allowedPendingInvoiceActions({ permissions: ['receive_goods' as const] }, pending('pending'))),
  ).toEqual([])
  expect(guard(allowedPendingInvoiceActions(clerk, pending('on_hold')), 'make')).toEqual({
    ok: false,
    error: { code: 'PENDING_INVOICE_ON_HOLD', params: { reason: 'goods not here' } },
  })
})
