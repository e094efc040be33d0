import { expect, test } from 'vitest'
import { allowedOf, guard } from '../policy/decisions'
import { allowedSupplierActions } from './policy'

const buyer = { id: 1, login: 'bob', buyer: true, can_view_other_po: false }
const requester = { id: 2, login: 'rita', buyer: false, can_view_other_po: false }
const contact = { id: 3, login: 'sam', buyer: false, can_view_other_po: false, supplier_ids: [7] }
const anyone = { roles: [], role_id: null }

test('who manages suppliers changes, approves and forces a status; its own contact adds its files', () => {
  expect(allowedOf(allowedSupplierActions(buyer, { id: 7 }, anyone))).toEqual([
    'edit',
    'approve',
    'force_status',
    'add_file',
  ])
  expect(allowedOf(allowedSupplierActions(requester, { id: 7 }, anyone))).toEqual([])
  expect(allowedOf(allowedSupplierActions(contact, { id: 7 }, anyone))).toEqual(['add_file'])
  expect(allowedOf(allowedSupplierActions(contact, { id: 8 }, anyone))).toEqual([])
})

test('with roles named to approve suppliers, only their people approve, and are told which roles', () => {
  const named = {
    roles: [
      { id: 4, label: 'Quality' },
      { id: 5, label: 'Finance' },
    ],
    role_id: 9,
  }
  expect(guard(allowedSupplierActions(buyer, { id: 7 }, named), 'approve')).toEqual({
    ok: false,
    error: { code: 'SUPPLIER_APPROVER_ROLE', params: { roles: 'Quality, Finance' } },
  })
  expect(guard(allowedSupplierActions(buyer, { id: 7 }, { ...named, role_id: 5 }), 'approve').ok).toBe(true)
  // Editing stays with who manages suppliers.
  expect(guard(allowedSupplierActions(buyer, { id: 7 }, named), 'edit').ok).toBe(true)
})
