import { describe, expect, test } from 'vitest'
import { tableProblems } from '../policy/lifecycle'
import { INVOICE_ACTIONS, INVOICE_STATUSES, INVOICE_TRANSITIONS } from './status'
import { disputeTransition, invoiceTransition } from './transitions'

const _clerk = {
  id: 1,
  login: 'ap',
  buyer: false,
  can_view_other_po: false,
  permissions: ['handle_invoices' as const],
}
const _other = { id: 2, login: 'sam', buyer: false, can_view_other_po: false }

describe('a dispute with the supplier', () => {
  test('opens when none is ongoing, then takes messages and closes', () => {
    expect(disputeTransition({ status: 'awaiting', dispute_status: 'no' }, 'open')).toEqual({
      ok: true,
      value: 'ongoing',
    })
    expect(disputeTransition({ status: 'awaiting', dispute_status: 'finished' }, 'open').ok).toBe(true)
    expect(disputeTransition({ status: 'awaiting', dispute_status: 'ongoing' }, 'message')).toEqual({
      ok: true,
      value: 'ongoing',
    })
    expect(disputeTransition({ status: 'awaiting', dispute_status: 'ongoing' }, 'close')).toEqual({
      ok: true,
      value: 'finished',
    })
  })
  test('is not opened twice, on a canceled invoice, nor written in or closed when none is ongoing', () => {
    expect(disputeTransition({ status: 'awaiting', dispute_status: 'ongoing' }, 'open').ok).toBe(false)
    expect(disputeTransition({ status: 'canceled', dispute_status: 'no' }, 'open').ok).toBe(false)
    expect(disputeTransition({ status: 'awaiting', dispute_status: 'no' }, 'message').ok).toBe(false)
    expect(disputeTransition({ status: 'awaiting', dispute_status: 'finished' }, 'close').ok).toBe(false)
  })
})

test('the invoice lifecycle follows its table', () => {
  const invoice = { payment_status: 'no', exported: false, dispute_status: 'no' } as const
  expect(
    tableProblems(INVOICE_TRANSITIONS, {
      statuses: INVOICE_STATUSES,
      actions: INVOICE_ACTIONS,
      apply: (status, action) => invoiceTransition({ ...invoice, status }, action, { circuitComplete: true }),
    }),
  ).toEqual([])
})
