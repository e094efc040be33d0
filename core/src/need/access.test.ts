import { expect, test } from 'vitest'
import { canViewNeed, checkNeedAction, needActionsFor, needBulkActionsFor } from './access'

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

test('refusals', () => {
  expect(checkNeedAction(buyer, need, 'submit')).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
  expect(checkNeedAction(requester, need, 'transform')).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
  expect(checkNeedAction(requester, need, 'po_validated').ok).toBe(false)
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
