import { COUNT_CAP, decodeCursor } from '@procura/core/list'
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { traces } from '../db/schema'
import { createTestDatabase, type TestDatabase } from '../testing/test-database'
import { inSlice, readPage } from './list-page'

const ROWS = COUNT_CAP + 5
let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
  const start = Date.parse('2026-01-01T00:00:00Z')
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    action: i < 3 ? 'rare' : 'common',
    message: `m${i}`,
    model: 'system',
    severity: 'info' as const,
    created_at: new Date(start + i * 1000),
  }))
  for (let i = 0; i < rows.length; i += 1000) await t.db.insert(traces).values(rows.slice(i, i + 1000))
})
afterAll(() => t.close())

const read = (where: ReturnType<typeof eq> | undefined, query: Parameters<typeof readPage>[1]) =>
  readPage(t.db, query, {
    table: traces,
    id: traces.id,
    where,
    sort: { by: traces.created_at, kind: 'date' },
    rows: (slice) => inSlice(t.db.select().from(traces).$dynamic(), slice),
    placeOf: (row) => ({ value: row.created_at, id: row.id }),
  })

test('a list past COUNT_CAP rows says "more than" the cap, not how many', async () => {
  const page = await read(undefined, { page: 1, per_page: 10, direction: 'desc' })
  expect(page.ok && page.value.meta).toMatchObject({ total: COUNT_CAP, total_exact: false })
  expect(page.ok && page.value.rows.map((r) => r.message)).toEqual(
    Array.from({ length: 10 }, (_, i) => `m${ROWS - 1 - i}`),
  )
})

test('a search that finds few rows counts them exactly and reads them by id', async () => {
  const page = await read(eq(traces.action, 'rare'), {
    page: 1,
    per_page: 10,
    direction: 'asc',
    search: 'rare',
  })
  expect(page.ok && page.value.meta).toMatchObject({ total: 3, total_exact: true, next_cursor: null })
  expect(page.ok && page.value.rows.map((r) => r.message)).toEqual(['m0', 'm1', 'm2'])
})

test('the next page by key starts after the cursor of the last row', async () => {
  const first = await read(like(traces.message, 'm1%'), { page: 1, per_page: 5, direction: 'asc' })
  if (!first.ok || !first.value.meta.next_cursor) throw new Error('no cursor')
  const place = decodeCursor(first.value.meta.next_cursor)
  if (!place.ok) throw new Error('unreadable cursor')
  const next = await read(like(traces.message, 'm1%'), {
    page: 2,
    per_page: 5,
    direction: 'asc',
    after: place.value,
  })
  expect(first.value.rows.map((r) => r.message)).toEqual(['m1', 'm10', 'm11', 'm12', 'm13'])
  expect(next.ok && next.value.rows.map((r) => r.message)).toEqual(['m14', 'm15', 'm16', 'm17', 'm18'])
})
