import { QueryClient } from '@tanstack/react-query'
import { expect, test } from 'vitest'
import { readsFrom, refreshAfter } from './changes'

test('a query reads from a path when its key is that path or below it, not a path that merely starts the same', () => {
  expect(readsFrom(['/bwapi/purchase-orders'], ['/bwapi/purchase-orders'])).toBe(true)
  expect(readsFrom(['/bwapi/purchase-orders/12'], ['/bwapi/purchase-orders'])).toBe(true)
  expect(readsFrom(['/bwapi/purchase-orders', 'page=2'], ['/bwapi/purchase-orders'])).toBe(true)
  expect(readsFrom(['/bwapi/purchase-orders?status=sent'], ['/bwapi/purchase-orders'])).toBe(true)
  expect(readsFrom(['/bwapi/users-admin'], ['/bwapi/users'])).toBe(false)
  expect(readsFrom([42], ['/bwapi/users'])).toBe(false)
})

test('a validated order makes its orders, requests and waiting actions stale, and leaves the users and the menu', async () => {
  const client = new QueryClient()
  const keys = [
    ['/bwapi/purchase-orders/7'],
    ['/bwapi/needs', 'page=1'],
    ['/bwapi/actions-to-do'],
    ['/bwapi/users/3/profile'],
    ['/bwapi/main-menu'],
  ]
  for (const key of keys) client.setQueryData(key, { ok: true })
  await refreshAfter(client, ['order'])
  const stale = keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key[0])
  expect(stale).toEqual(['/bwapi/purchase-orders/7', '/bwapi/needs', '/bwapi/actions-to-do'])
})
