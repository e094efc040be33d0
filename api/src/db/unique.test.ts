import { is } from 'drizzle-orm'
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { expect, test } from 'vitest'
import * as schema from './schema'
import { UNIQUE_FIELDS, uniqueViolationError, uniqueViolationKey } from './unique'

const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable =>
  is(value, SQLiteTable),
)

/** Every unique constraint of the schema as SQLite names it in its errors (primary keys apart). */
const schemaUniqueKeys = () =>
  tables.flatMap((table) => {
    const config = getTableConfig(table)
    const columns = config.columns.filter((c) => c.isUnique).map((c) => `${config.name}.${c.name}`)
    const indexes = config.indexes
      .filter((index) => index.config.unique)
      .map((index) =>
        index.config.columns.map((c) => `${config.name}.${(c as { name: string }).name}`).join(','),
      )
    return [...columns, ...indexes]
  })

test('every unique index of the schema has its field and message in the table, and no other', () => {
  expect(Object.keys(UNIQUE_FIELDS).sort()).toEqual(schemaUniqueKeys().sort())
})

test.each([
  [{ message: 'SQLITE_CONSTRAINT: SQLite error: UNIQUE constraint failed: users.login' }, 'users.login'],
  [
    {
      message: 'Failed query',
      cause: { message: 'UNIQUE constraint failed: stocks.article_id, stocks.warehouse_id' },
    },
    'stocks.article_id,stocks.warehouse_id',
  ],
  [{ message: 'duplicate key', code: '23505', constraint: 'users_login_unique' }, 'users_login_unique'],
  [{ message: 'FOREIGN KEY constraint failed' }, null],
])('the key of %j is %s', (error, key) => {
  expect(uniqueViolationKey(error)).toBe(key)
})

test('a violation answers the field’s own message, on SQLite and PostgreSQL names alike', () => {
  const expected = { code: 'FORM_ERRORS', fields: { reference: [{ code: 'PRODUCT_ALREADY_REFERENCED' }] } }
  expect(uniqueViolationError({ message: 'UNIQUE constraint failed: articles.reference' })).toEqual(expected)
  expect(uniqueViolationError({ code: '23505', constraint: 'articles_reference_unique' })).toEqual(expected)
  expect(uniqueViolationError(new Error('disk I/O error'))).toBeNull()
})
