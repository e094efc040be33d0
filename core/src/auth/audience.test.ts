import { expect, test } from 'vitest'
import { mayCallApi } from './audience'

const contact = { role: 'supplier' }

test.each([
  ['/bwapi/init-infos', true],
  ['/bwapi/main-menu', true],
  ['/bwapi/users/current', true],
  ['/bwapi/users/7/profile', true],
  ['/bwapi/purchase-orders', true],
  ['/bwapi/dashboard', true],
  ['/bwapi/dashboard/instance', true],
  ['/bwapi/dashboard/distribution', false],
  ['/bwapi/dashboard/global', false],
  ['/bwapi/purchase-orders/3/pdf', true],
  ['/bwapi/needs', false],
  ['/bwapi/warehouses/1/articles', false],
  ['/bwapi/suppliers', false],
  ['/bwapi/suppliers/1/header', true],
  ['/bwapi/suppliers/1', true],
  ['/bwapi/suppliers/1/contacts', false],
  ['/bwapi/suppliers/1/files', true],
  ['/bwapi/suppliers/1/files/4', true],
  ['/bwapi/suppliers/1/approve', false],
  ['/bwapi/supplier-file-types', true],
  ['/bwapi/geographic-sectors', false],
  ['/bwapi/delegations', false],
  ['/bwapi/circuits/purchase_order', false],
  ['/bwapi/users', false],
  ['/bwapi/users/7/permissions', false],
  ['/bwapi/buyers', false],
  ['/bwapi/purchase-ordersX', false],
  ['/bwapi/list-views/purchase-orders', true],
  ['/bwapi/list-views/purchase-orders/4', true],
  ['/bwapi/list-views/deliveries/columns', true],
  ['/bwapi/list-views/supplier-invoices', false],
  ['/bwapi/list-views/users', false],
  ['/bwapi/rfqs', true],
  ['/bwapi/rfqs/3', true],
  ['/bwapi/rfqs/3/quotes/2', true],
  ['/bwapi/rfqs/3/quotes/2/file', true],
  ['/bwapi/rfqs/3/comparison', false],
  ['/bwapi/rfqs/3/award', false],
  ['/bwapi/rfqs/3/send', false],
  ['/bwapi/rfqs/from-needs', false],
])('a supplier contact calling %s: %s', (path, allowed) => {
  expect(mayCallApi(contact, path)).toBe(allowed)
})

test('the organisation’s own people are not limited by this rule', () => {
  for (const role of ['buyer', 'requester', 'admin', null])
    expect(mayCallApi({ role }, '/bwapi/warehouses/1/articles')).toBe(true)
})
