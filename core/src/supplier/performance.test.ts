import { expect, test } from 'vitest'
import { dec } from '../money/decimal'
import { meetsObjective, onQualityDelivery, onTimeDelivery } from './performance'

const on = (delivered_on: string, due_on: string | null, reservations = 0) => ({
  delivered_on,
  due_on,
  reservations,
})

test('OTD: deliveries arrived by their date, out of those with a date, in percent', () => {
  const deliveries = [
    on('2026-03-01', '2026-03-01'),
    on('2026-03-02', '2026-03-05'),
    on('2026-03-09', '2026-03-05'),
    on('2026-03-10', null),
  ]
  expect(onTimeDelivery(deliveries)?.toString()).toBe('66.7')
  expect(onTimeDelivery([on('2026-03-10', null)])).toBeNull()
})

test('OQD: deliveries received without reservation, in percent', () => {
  const deliveries = [
    on('2026-03-01', null),
    on('2026-03-02', null, 2),
    on('2026-03-03', null),
    on('2026-03-04', null),
  ]
  expect(onQualityDelivery(deliveries)?.toString()).toBe('75')
  expect(onQualityDelivery([])).toBeNull()
})

test.each([
  ['95', 95, true],
  ['94.9', 95, false],
  [null, 95, true],
] as const)('a rate of %s against an objective of %i meets it: %s', (rate, objective, expected) => {
  expect(meetsObjective(rate === null ? null : dec(rate), objective)).toBe(expected)
})
