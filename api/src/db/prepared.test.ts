import { asc, eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/test-database'
import { preparedStatement } from './prepared'
import { traces } from './schema'

let t: TestDatabase
beforeEach(async () => {
  t = await createTestDatabase()
})
afterEach(() => t.close())

const tracesOf = preparedStatement((db) =>
  db
    .select()
    .from(traces)
    .where(eq(traces.model, sql.placeholder('model')))
    .orderBy(asc(traces.id)),
)
const insertTrace = preparedStatement((db) =>
  db.insert(traces).values({
    action: sql.placeholder('action'),
    message: sql.placeholder('message'),
    model: sql.placeholder('model'),
    model_id: sql.placeholder('model_id'),
    severity: 'info',
    created_at: sql.placeholder('created_at'),
  }),
)
const plain = (model: string) =>
  t.db.select().from(traces).where(eq(traces.model, model)).orderBy(asc(traces.id))
const trace = (action: string, created_at: Date) => ({
  action,
  message: `Trace ${action}`,
  model: 'prepared',
  model_id: null,
  created_at,
})

test('a prepared statement reads and writes as the same query built at each call: dates, nulls, mapping', async () => {
  const at = new Date(Date.UTC(2026, 10, 29, 10, 30))
  await insertTrace(t.db).execute(trace('first', at))
  await insertTrace(t.db).execute(trace('second', new Date(at.getTime() + 1000)))
  const read = await tracesOf(t.db).execute({ model: 'prepared' })
  expect(read).toEqual(await plain('prepared'))
  expect(read.map((r) => [r.action, r.model_id, r.created_at])).toEqual([
    ['first', null, at],
    ['second', null, new Date(at.getTime() + 1000)],
  ])
  expect(await tracesOf(t.db).execute({ model: 'nothing' })).toEqual([])
})

test('in a transaction it runs inside it: it sees the transaction’s own write, and a rollback undoes its write', async () => {
  const at = new Date(Date.UTC(2026, 10, 29))
  const seen = await t.db.transaction(async (tx) => {
    await tx.insert(traces).values({ ...trace('inside', at), severity: 'info' })
    return (await tracesOf(tx).execute({ model: 'prepared' })).map((r) => r.action)
  })
  expect(seen).toEqual(['inside'])
  await expect(
    t.db.transaction(async (tx) => {
      await insertTrace(tx).execute(trace('undone', at))
      expect((await tracesOf(tx).execute({ model: 'prepared' })).map((r) => r.action)).toEqual([
        'inside',
        'undone',
      ])
      throw new Error('refused')
    }),
  ).rejects.toThrow('refused')
  expect((await plain('prepared')).map((r) => r.action)).toEqual(['inside'])
})
