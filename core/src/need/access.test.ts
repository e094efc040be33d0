import { expect, test } from 'vitest'
import { guard } from '../policy/decisions'
import {
  allowedNeedActions,
  canViewNeed,
  type NeedAccess,
  needBulkActionsFor,
  needRowActions,
} from './access'
import type { NeedState } from './need'

type Actor = Parameters<typeof allowedNeedActions>[0]
/** The lifecycle actions offered, as the old `needActionsFor(actor, need, waitingOn)`. */
const needActionsFor = (actor: Actor, target: NeedAccess & { state: NeedState }, waitingOn: string[]) =>
  needRowActions(
    allowedNeedActions(actor, { ...target, ...target.state }, { turn: { waitingOn, delegate: false } }),
  )
const decide = (actor: Actor, status: NeedState['status'], processing: NeedState['processing'] = 'none') =>
  allowedNeedActions(
    actor,
    { ...need, status, processing },
    { turn: { waitingOn: ['validator'], delegate: false } },
  )

const requester = { id: 3, login: 'requester', buyer: false, can_view_other_po: false }
const buyer = { id: 2, login: 'buyer', buyer: true, can_view_other_po: false }
const validator = { id: 4, login: 'validator', buyer: false, can_view_other_po: false }
const stranger = { id: 9, login: 'x', buyer: false, can_view_other_po: false }
const need = { requester_id: 3, buyer_id: 2, validators: ['validator'] }

test.each([
  [requester, true],
  [buyer, true],
  [validator, true],
  [stranger, false],
])('%j sees the need: %s', (actor, expected) => {
  expect(canViewNeed(actor, need)).toBe(expected)
})

test('each role gets its own actions', () => {
  const draft = { ...need, state: { status: 'draft' as const, processing: 'none' as const, lines: 1 } }
  expect(needActionsFor(requester, draft, [])).toEqual(['submit', 'cancel'])
  expect(needActionsFor(buyer, draft, [])).toEqual([])
  const awaiting = { ...need, state: { status: 'awaiting' as const, processing: 'none' as const, lines: 1 } }
  expect(needActionsFor(validator, awaiting, ['validator'])).toEqual(['approve', 'refuse'])
  expect(needActionsFor(requester, awaiting, ['validator'])).toEqual(['back_to_draft', 'cancel'])
  const approved = {
    ...need,
    state: { status: 'validated' as const, processing: 'awaiting' as const, lines: 1 },
  }
  expect(needActionsFor(buyer, approved, [])).toEqual(['take_charge', 'transform'])
})

test('refusals: who may first, then the status', () => {
  expect(guard(decide(buyer, 'draft'), 'submit')).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
  expect(guard(decide(requester, 'validated', 'awaiting'), 'transform')).toEqual({
    ok: false,
    error: { code: 'FORBIDDEN' },
  })
  expect(guard(decide(requester, 'validated', 'po_submitted'), 'po_validated').ok).toBe(false)
  expect(guard(decide(requester, 'awaiting'), 'approve')).toEqual({
    ok: false,
    error: { code: 'NOT_CURRENT_VALIDATOR' },
  })
  expect(guard(decide(requester, 'canceled'), 'submit')).toEqual({
    ok: false,
    error: { code: 'TRANSITION_NOT_ALLOWED', params: { action: 'submit', status: 'canceled' } },
  })
})

test('a request is edited by its requester only, in draft or refused', () => {
  expect(guard(decide(requester, 'refused'), 'edit').ok).toBe(true)
  expect(guard(decide(buyer, 'draft'), 'edit')).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
  expect(guard(decide(requester, 'awaiting'), 'edit')).toEqual({
    ok: false,
    error: { code: 'TRANSITION_NOT_ALLOWED', params: { action: 'edit', status: 'awaiting' } },
  })
})

test('administrators see every request', () => {
  const admin = { id: 9, login: 'admin', buyer: false, can_view_other_po: false, administrator: true }
  const request = { requester_id: 1, buyer_id: 2, validators: [] }
  expect(canViewNeed(admin, request)).toBe(true)
  expect(canViewNeed({ ...admin, administrator: false }, request)).toBe(false)
})

test('the requests list offers taking charge to buyers only', () => {
  const all = ['submit', 'approve', 'take_charge', 'cancel', 'merge'] as const
  const asker = { id: 3, login: 'requester', buyer: false, can_view_other_po: false }
  expect(needBulkActionsFor(asker, all)).toEqual(['submit', 'approve', 'cancel', 'merge'])
  expect(needBulkActionsFor({ ...asker, buyer: true }, all)).toEqual([...all])
})
