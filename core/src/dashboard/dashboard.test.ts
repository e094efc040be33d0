import { expect, test } from 'vitest'
import { dec } from '../money/decimal'
import { awaitingTilesFor, largestParts } from './index'

const part = (key: string, amount: string) => ({ key, label: key, amount: dec(amount) })
const others = (amount: ReturnType<typeof dec>) => ({ key: 'others', label: 'Others', amount })
const shown = (parts: { key: string; amount: ReturnType<typeof dec> }[]) =>
  parts.map((p) => [p.key, p.amount.toFixed(2)])

test('a few parts are shown whole, largest first, zero parts left out', () => {
  expect(shown(largestParts([part('a', '10'), part('b', '30.10'), part('z', '0')], 2, others))).toEqual([
    ['b', '30.10'],
    ['a', '10.00'],
  ])
})

test('past the kept parts the rest adds up exactly into "others"; one part more is shown rather than summed', () => {
  const parts = [part('a', '0.10'), part('b', '0.20'), part('c', '5'), part('d', '4'), part('e', '0.01')]
  expect(shown(largestParts(parts, 2, others))).toEqual([
    ['c', '5.00'],
    ['d', '4.00'],
    ['others', '0.31'],
  ])
  expect(shown(largestParts(parts.slice(0, 3), 2, others))).toEqual([
    ['c', '5.00'],
    ['b', '0.20'],
    ['a', '0.10'],
  ])
})

test('equal amounts keep the order of their labels', () => {
  expect(largestParts([part('b', '1'), part('a', '1')], 5, others).map((p) => p.key)).toEqual(['a', 'b'])
})

test('the to-validate tiles: orders to who buys or validates, invoices to who handles them or validates, none to a requester', () => {
  const requester = { buyer: false, permissions: [] }
  expect(awaitingTilesFor(requester, false)).toEqual([])
  expect(awaitingTilesFor(requester, true)).toEqual(['orders', 'invoices'])
  expect(awaitingTilesFor({ buyer: true, permissions: [] }, false)).toEqual(['orders'])
  expect(awaitingTilesFor({ buyer: false, permissions: ['handle_invoices'] }, false)).toEqual(['invoices'])
  expect(awaitingTilesFor({ buyer: false, administrator: true }, false)).toEqual(['orders', 'invoices'])
})
