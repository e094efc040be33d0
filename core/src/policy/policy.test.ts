import { expect, test } from 'vitest'
import { allowedOf, decideEach, firstRefusal, guard, refusalsOf, unless } from './decisions'
import {
  actionsFrom,
  nextStatus,
  startsFrom,
  statusRefusal,
  tableProblems,
  transitionTable,
} from './lifecycle'

type Status = 'open' | 'held' | 'closed'
type Action = 'hold' | 'release' | 'close'
const TABLE = transitionTable<Status, Action>([
  ['hold', 'open', 'held'],
  ['release', 'held', 'open'],
  ['close', ['open', 'held'], 'closed'],
  ['close', 'held', 'open', 'the hold has a reason'],
])

test('a table is one row per starting status, read in its order', () => {
  expect(TABLE).toHaveLength(5)
  expect(actionsFrom(TABLE, 'held')).toEqual(['release', 'close'])
  expect(startsFrom(TABLE, 'hold', 'closed')).toBe(false)
  expect(nextStatus(TABLE, 'held', 'close')).toEqual({ ok: true, value: 'closed' })
  expect(nextStatus(TABLE, 'held', 'close', 'the hold has a reason')).toEqual({ ok: true, value: 'open' })
  expect(nextStatus(TABLE, 'closed', 'hold')).toEqual({
    ok: false,
    error: { code: 'TRANSITION_NOT_ALLOWED', params: { action: 'hold', status: 'closed' } },
  })
})

test('the table test finds a function that disagrees with its table', () => {
  const statuses = ['open', 'held', 'closed'] as const
  const actions = ['hold', 'release', 'close'] as const
  const follows = (status: Status, action: Action) => nextStatus(TABLE, status, action)
  expect(tableProblems(TABLE, { statuses, actions, apply: follows })).toEqual([])
  const loose = (status: Status, action: Action) =>
    action === 'hold' ? { ok: true as const, value: 'held' as const } : follows(status, action)
  expect(tableProblems(TABLE, { statuses, actions, apply: loose })).toEqual([
    'held --hold--> allowed without a row',
    'closed --hold--> allowed without a row',
  ])
  const strict = (status: Status, action: Action) =>
    action === 'release' ? nextStatus(TABLE, 'closed', action) : follows(status, action)
  expect(tableProblems(TABLE, { statuses, actions, apply: strict })).toEqual([
    'held --release--> refused, the table allows it',
  ])
  expect(tableProblems([...TABLE, TABLE[0] as never], { statuses, actions, apply: follows })).toEqual([
    'two rows for open --hold--> ',
  ])
})

test('a policy decides each action, who may first, then the status; the guard and the read say the same', () => {
  const mine = false
  const decisions = decideEach(
    ['hold', 'release', 'close'] as const,
    (action) => (action === 'close' || action === 'release' ? unless(mine) : undefined),
    (action) => statusRefusal(TABLE, action, 'open'),
  )
  expect(allowedOf(decisions)).toEqual(['hold'])
  expect(guard(decisions, 'hold')).toEqual({ ok: true, value: undefined })
  expect(guard(decisions, 'release')).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
  expect(guard(decisions, 'close')).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
  // What the status does not allow is not explained on the page; the others are, with their reason.
  expect(refusalsOf(decisions)).toEqual([{ action: 'close', code: 'FORBIDDEN' }])
  expect(firstRefusal(undefined, unless(false, { code: 'NOT_CURRENT_VALIDATOR' }), unless(false))).toEqual({
    code: 'NOT_CURRENT_VALIDATOR',
  })
})

test('on a document that awaits no decision, the status is the reason, not whose turn it is', () => {
  const decisions = decideEach(
    ['release'] as const,
    () => ({ code: 'NOT_CURRENT_VALIDATOR' }),
    (action) => statusRefusal(TABLE, action, 'open'),
  )
  expect(guard(decisions, 'release')).toEqual({
    ok: false,
    error: { code: 'TRANSITION_NOT_ALLOWED', params: { action: 'release', status: 'open' } },
  })
})
