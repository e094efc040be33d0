import { expect, test } from 'vitest'
import { canBillOrder } from './access'

const clerk = { permissions: ['handle_invoices' as const] }
const buyer = { permissions: ['receive_goods' as const] }

test('who handles invoices bills a validated order whose billing is not complete', () => {
  expect(canBillOrder(clerk, { status: 'sent', billing_status: 'no' })).toBe(true)
  expect(canBillOrder(clerk, { status: 'validated', billing_status: 'partial' })).toBe(true)
  expect(canBillOrder(buyer, { status: 'sent', billing_status: 'no' })).toBe(false)
  for (const status of ['draft', 'awaiting', 'refused', 'canceled'])
    expect(canBillOrder(clerk, { status, billing_status: 'no' }), status).toBe(false)
  for (const billing_status of ['complete', 'complete_less', 'complete_more'])
    expect(canBillOrder(clerk, { status: 'sent', billing_status }), billing_status).toBe(false)
})
