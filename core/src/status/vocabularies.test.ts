import { expect, test } from 'vitest'
import * as vocabularies from './vocabularies'

const lists = Object.entries(vocabularies) as [string, readonly string[]][]

test.each(lists)('%s has no duplicate and only snake_case values', (_name, values) => {
  expect(new Set(values).size).toBe(values.length)
  for (const value of values) expect(value).toMatch(/^[a-z]+(_[a-z]+)*$/)
})

test.each([
  [vocabularies.DELIVERY_STATUSES, ['no', 'partial', 'complete', 'forced_complete']],
  [vocabularies.BILLING_STATUSES, ['no', 'partial', 'complete', 'complete_less', 'complete_more']],
  [vocabularies.DISPUTE_STATUSES, ['no', 'ongoing', 'finished']],
  [vocabularies.PURCHASE_ORDER_PAYMENT_STATUSES, ['no', 'partial', 'complete']],
  [vocabularies.TRACE_SEVERITIES, ['debug', 'info', 'warning', 'error', 'danger']],
])('sub-status list %j is the spec list', (actual, expected) => {
  expect([...actual]).toEqual(expected)
})

test('the generic vocabulary holds the spec statuses', () => {
  expect(vocabularies.GENERIC_STATUSES).toHaveLength(38)
  expect(vocabularies.GENERIC_STATUSES).toContain('acknowledged_receipt')
  expect(vocabularies.GENERIC_STATUSES).toContain('delivered_not_billed')
})
