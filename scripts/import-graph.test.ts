import { expect, test } from 'vitest'
import { circles, upwardImports } from './import-graph'

test('a circle of any length is found, once, with its modules', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts', 'd.ts']],
    ['d.ts', []],
  ])
  expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']])
})

test('a graph without circles has none', () => {
  const graph = new Map([
    ['a.ts', ['b.ts', 'c.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', []],
  ])
  expect(circles(graph)).toEqual([])
})

test('a service importing from a route, or the database from a service, goes up a floor', () => {
  const graph = new Map([
    ['api/src/services/x/x.ts', ['api/src/routes/x.ts', 'api/src/db/index.ts']],
    ['api/src/db/index.ts', ['api/src/services/settings.ts']],
    ['api/src/routes/x.ts', ['api/src/services/x/x.ts']],
  ])
  expect(upwardImports(graph)).toEqual([
    'api/src/db/index.ts -> api/src/services/settings.ts',
    'api/src/services/x/x.ts -> api/src/routes/x.ts',
  ])
})
