import { expect, test } from 'vitest'
import { listMeta, parseListQuery } from './query'

const options = {
  sortable: ['login', 'label'] as const,
  defaultSort: 'login' as const,
  filters: ['role', 'active'] as const,
}

test('defaults: first page of 25, default sort ascending, no search, no filter', () => {
  expect(parseListQuery({}, options)).toEqual({
    ok: true,
    value: { page: 1, per_page: 25, sort: 'login', direction: 'asc', search: null, filters: {} },
  })
})

test('values are read from the query string', () => {
  const result = parseListQuery(
    {
      page: '3',
      per_page: '50',
      sort: 'label',
      direction: 'desc',
      search: ' ann ',
      role: 'buyer',
      active: '',
      other: 'x',
    },
    options,
  )
  expect(result).toEqual({
    ok: true,
    value: {
      page: 3,
      per_page: 50,
      sort: 'label',
      direction: 'desc',
      search: 'ann',
      filters: { role: 'buyer' },
    },
  })
})

test.each([
  [{ page: '0' }, 'page', 'TOO_SMALL'],
  [{ page: 'two' }, 'page', 'NOT_A_NUMBER'],
  [{ per_page: '500' }, 'per_page', 'TOO_LARGE'],
  [{ sort: 'password_hash' }, 'sort', 'NOT_IN_LIST'],
  [{ direction: 'up' }, 'direction', 'NOT_IN_LIST'],
])('%j is refused on %s', (query, field, code) => {
  const result = parseListQuery(query, options)
  expect(result.ok).toBe(false)
  if (!result.ok) expect(result.error.fields?.[field]?.[0]?.code).toBe(code)
})

test('meta', () => {
  expect(listMeta(42, { page: 2, per_page: 25 })).toEqual({ total: 42, page: 2, per_page: 25 })
})
