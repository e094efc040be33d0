import { expect, test } from 'vitest'
import { COUNT_CAP, listFilter, listMeta, parseListQuery, parseSearchQuery } from './query'

const options = {
  sortable: ['login', 'label'] as const,
  defaultSort: 'login' as const,
  filters: {
    role: listFilter.code(),
    active: listFilter.flag(),
    supplier_id: listFilter.id(),
    state: listFilter.oneOf(['in_stock', 'not_stocked']),
  },
}

test('defaults: first page of 25, default sort ascending, no search, no filter', () => {
  expect(parseListQuery({}, options)).toEqual({
    ok: true,
    value: { page: 1, per_page: 25, sort: 'login', direction: 'asc', search: null, after: null, filters: {} },
  })
})

test('values are read from the query string, each filter as its kind', () => {
  const result = parseListQuery(
    {
      page: '3',
      per_page: '50',
      sort: 'label',
      direction: 'desc',
      search: ' ann ',
      role: 'buyer',
      active: '0',
      supplier_id: '12',
      state: '',
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
      after: null,
      filters: { role: 'buyer', active: false, supplier_id: 12 },
    },
  })
})

test.each([
  [{ page: '0' }, 'page', 'TOO_SMALL'],
  [{ page: 'two' }, 'page', 'NOT_A_NUMBER'],
  [{ per_page: '500' }, 'per_page', 'TOO_LARGE'],
  [{ sort: 'password_hash' }, 'sort', 'NOT_IN_LIST'],
  [{ direction: 'up' }, 'direction', 'NOT_IN_LIST'],
  [{ supplier_id: 'abc' }, 'supplier_id', 'NOT_A_NUMBER'],
  [{ supplier_id: '1 OR 1=1' }, 'supplier_id', 'NOT_A_NUMBER'],
  [{ supplier_id: '1e309' }, 'supplier_id', 'NOT_A_NUMBER'],
  [{ supplier_id: '-1' }, 'supplier_id', 'NOT_A_NUMBER'],
  [{ supplier_id: '0' }, 'supplier_id', 'TOO_SMALL'],
  [{ supplier_id: '99999999999999999' }, 'supplier_id', 'NOT_A_NUMBER'],
  [{ active: 'yes' }, 'active', 'NOT_IN_LIST'],
  [{ state: 'obsolete' }, 'state', 'NOT_IN_LIST'],
  [{ role: "x' OR '1'='1" }, 'role', 'INVALID_VALUE'],
  [{ role: '1e309' }, 'role', 'INVALID_VALUE'],
  [{ after: 'page-2' }, 'after', 'INVALID_VALUE'],
])('%j is refused on %s', (query, field, code) => {
  const result = parseListQuery(query, { ...options, pagedByKey: true })
  expect(result.ok).toBe(false)
  if (!result.ok) expect(result.error.fields?.[field]?.[0]?.code).toBe(code)
})

test('meta', () => {
  expect(listMeta(42, { page: 2, per_page: 25 })).toEqual({
    total: 42,
    total_exact: true,
    page: 2,
    per_page: 25,
  })
  expect(listMeta(COUNT_CAP + 1, { page: 1, per_page: 25 })).toMatchObject({
    total: COUNT_CAP,
    total_exact: false,
  })
  expect(listMeta(COUNT_CAP, { page: 1, per_page: 25 })).toMatchObject({
    total: COUNT_CAP,
    total_exact: true,
  })
})

test('a list paged by key gives the cursor of its next page, none after the last', () => {
  const at = new Date('2026-11-21T10:00:00Z')
  expect(listMeta(80, { page: 1, per_page: 50 }, { value: at, id: 9 }).next_cursor).toBe(
    'd2026-11-21T10:00:00.000Z~9',
  )
  expect(listMeta(30, { page: 1, per_page: 50 }, null).next_cursor).toBeNull()
  const after = { after: 'd2026-11-21T10:00:00.000Z~9' }
  expect(parseListQuery(after, { ...options, pagedByKey: true })).toMatchObject({
    ok: true,
    value: { after: { value: at, id: 9 } },
  })
  // A list that pages by number only ignores it, as any unknown key (it never gives a cursor).
  expect(parseListQuery(after, options)).toMatchObject({ ok: true, value: { after: null } })
})

test('a search call reads its search and filters, and refuses a bad filter', () => {
  const filters = { product_family: listFilter.id() }
  expect(parseSearchQuery({ search: ' pen ', product_family: '4', page: 'x' }, filters)).toEqual({
    ok: true,
    value: { search: 'pen', filters: { product_family: 4 } },
  })
  const bad = parseSearchQuery({ product_family: 'abc' }, filters)
  expect(bad.ok).toBe(false)
  if (!bad.ok) expect(bad.error.fields?.product_family?.[0]?.code).toBe('NOT_A_NUMBER')
})

test('the default sort takes its own direction; a sort asked for without one is ascending', () => {
  const options = {
    sortable: ['created_at', 'code'] as const,
    defaultSort: 'created_at' as const,
    filters: {},
    defaultDirection: 'desc' as const,
  }
  const read = (query: Record<string, string>) => {
    const parsed = parseListQuery(query, options)
    return parsed.ok ? [parsed.value.sort, parsed.value.direction] : null
  }
  expect(read({})).toEqual(['created_at', 'desc'])
  expect(read({ direction: 'asc' })).toEqual(['created_at', 'asc'])
  expect(read({ sort: 'code' })).toEqual(['code', 'asc'])
  expect(read({ sort: 'created_at' })).toEqual(['created_at', 'asc'])
})

test.each([
  ['42', true],
  ['PO-2026-0042', true],
  ['v1.2', true],
  ['-1', false],
  ['a b', false],
  ['', false],
])('a reference filter reads %j: %s', (value, accepted) => {
  expect(listFilter.reference().safeParse(value).success).toBe(accepted)
})

test('two lists with the same filter kinds keep their own sorts, defaults and paging (the schema is kept per list)', () => {
  const filters = { status: listFilter.oneOf(['draft', 'sent']) }
  const byDate = { sortable: ['created_at', 'code'] as const, defaultSort: 'created_at' as const, filters }
  const byLabel = { sortable: ['label'] as const, defaultSort: 'label' as const, filters }
  const byDateByKey = { ...byDate, pagedByKey: true }
  for (let round = 0; round < 2; round += 1) {
    const first = parseListQuery({ status: 'sent' }, { ...byDate, defaultDirection: 'desc' })
    expect(first.ok && first.value).toMatchObject({
      sort: 'created_at',
      direction: 'desc',
      filters: { status: 'sent' },
    })
    expect(parseListQuery({ sort: 'label' }, byDate).ok).toBe(false)
    expect(parseListQuery({ after: 'x' }, byDate).ok).toBe(true)
    const second = parseListQuery({ sort: 'label' }, byLabel)
    expect(second.ok && second.value).toMatchObject({
      sort: 'label',
      direction: 'asc',
      page: 1,
      per_page: 25,
    })
    expect(parseListQuery({ sort: 'code' }, byLabel).ok).toBe(false)
    expect(parseListQuery({ after: '!' }, byDateByKey).ok).toBe(false)
  }
})
