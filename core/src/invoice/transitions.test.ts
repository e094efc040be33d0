import { describe, expect, test } from 'vitest'
import { checkInvoiceEditable, disputeTransition } from './transitions'

const clerk = {
  id: 1,
  login: 'ap',
  buyer: false,
  can_view_other_po: false,
  permissions: ['handle_invoices' as const],
}
const other = { id: 2, login: 'sam', buyer: false, can_view_other_po: false }

describe('editing an invoice', () => {
  test('a draft or a refused invoice, by who handles invoices', () => {
    expect(checkInvoiceEditable(clerk, { status: 'draft' }).ok).toBe(true)
    expect(checkInvoiceEditable(clerk, { status: 'refused' }).ok).toBe(true)
  })
  test('not once submitted, validated or canceled', () => {
    for (const status of ['awaiting', 'validated', 'canceled'] as const)
      expect(checkInvoiceEditable(clerk, { status })).toEqual({
        ok: false,
        error: { code: 'TRANSITION_NOT_ALLOWED', params: { action: 'edit', status } },
      })
  })
  test('not by who does not handle invoices', () => {
    expect(checkInvoiceEditable(other, { status: 'draft' })).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN' },
    })
  })
})

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
