import { expect, test } from 'vitest'
import * as pgSchema from './pg-schema'
import * as tables from './schema/tables'

test('drizzle-kit sees every declared table: pg-schema exports each derived table by name', () => {
  const declared = Object.keys(pgSchema.pgTables).sort()
  const exported = Object.keys(pgSchema)
    .filter((name) => name !== 'pgTables' && name !== 'sqliteTables')
    .sort()
  expect(exported).toEqual(declared)
  expect(declared).toEqual(
    Object.entries(tables)
      .filter(([, value]) => typeof value === 'object' && value !== null && !Array.isArray(value))
      .map(([name]) => name)
      .sort(),
  )
})
