import { expect, test } from 'vitest'
import { budgetDisagreements, countDisagreements, orderDisagreements } from './data-check'

const order = {
  amount_exctax: '150.00',
  amount_tax: '30.00',
  amount_inctax: '180.00',
  delivered_amount_exctax: '100.00',
  billed_amount_exctax: '0',
}
const lines = [
  { amount_exctax: '100.00', delivered_amount_exctax: '100', billed_amount_exctax: '0' },
  { amount_exctax: '50.00', delivered_amount_exctax: '0', billed_amount_exctax: '0' },
]

test('an order whose figures are its lines’ sums agrees', () => {
  expect(orderDisagreements(order, lines)).toEqual([])
})

test.each([
  ['amount_exctax', { amount_exctax: '150.01', amount_inctax: '180.01' }, '150.01', '150'],
  ['delivered_amount_exctax', { delivered_amount_exctax: '50.00' }, '50.00', '100'],
  ['billed_amount_exctax', { billed_amount_exctax: '10' }, '10', '0'],
  ['amount_inctax', { amount_inctax: '181.00' }, '181.00', '180'],
])('an order’s %s that is not what it sums is named with both figures', (field, change, kept, expected) => {
  expect(orderDisagreements({ ...order, ...change }, lines)).toEqual([{ field, kept, expected }])
})

test('a budget’s kept balances are its ledger’s sums by kind', () => {
  const moves = [
    { kind: 'reservation' as const, units: 100 },
    { kind: 'reservation' as const, units: -100 },
    { kind: 'commitment' as const, units: 8_000_000 },
    { kind: 'actual' as const, units: 2_500_000 },
  ]
  expect(budgetDisagreements({ reserved: 0, committed: 8_000_000, actual: 2_500_000 }, moves)).toEqual([])
  expect(budgetDisagreements({ reserved: 0, committed: 7_000_000, actual: 2_500_000 }, moves)).toEqual([
    { field: 'committed', kept: '7000000', expected: '8000000' },
  ])
})

test('kept counts per status against the counted ones, a status missing on either side included', () => {
  expect(countDisagreements({ draft: 2, sent: 1 }, { draft: 2, sent: 1 })).toEqual([])
  expect(countDisagreements({ draft: 2 }, { draft: 3, sent: 1 })).toEqual([
    { field: 'draft', kept: '2', expected: '3' },
    { field: 'sent', kept: '0', expected: '1' },
  ])
})
