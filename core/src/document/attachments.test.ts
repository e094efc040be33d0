import { expect, test } from 'vitest'
import { guard } from '../policy/decisions'
import { type AttachmentView, allowedAttachmentActions, inAttachmentView } from './attachments'

const BUYER = 2
const REQUESTER = 3
const VALIDATOR = 4
const context = { actor_id: REQUESTER, buyer_id: BUYER }

// Each file: who added it, who it was sent to; then whether it shows in all / as_buyer / own (for the requester).
test.each([
  ['added by the buyer', { user_id: BUYER, recipient_id: null }, true, true, false],
  ['sent to the buyer', { user_id: VALIDATOR, recipient_id: BUYER }, true, true, false],
  ['added by the requester', { user_id: REQUESTER, recipient_id: null }, true, false, true],
  ['sent to the requester', { user_id: BUYER, recipient_id: REQUESTER }, true, true, true],
  ['between others', { user_id: VALIDATOR, recipient_id: null }, true, false, false],
] as const)('a file %s: all %s, as buyer %s, own %s', (_name, file, all, asBuyer, own) => {
  const shows = (view: AttachmentView) => inAttachmentView(view, file, context)
  expect([shows('all'), shows('as_buyer'), shows('own')]).toEqual([all, asBuyer, own])
})

test("only the one who added a file removes it; a contract's files are who manages suppliers", () => {
  const person = (id: number, buyer = false) => ({ id, login: `u${id}`, buyer, can_view_other_po: false })
  const file = { user_id: BUYER, recipient_id: REQUESTER }
  expect(guard(allowedAttachmentActions(person(BUYER), 'purchase_order', file), 'remove').ok).toBe(true)
  expect(guard(allowedAttachmentActions(person(REQUESTER), 'purchase_order', file), 'remove')).toEqual({
    ok: false,
    error: { code: 'FORBIDDEN' },
  })
  expect(guard(allowedAttachmentActions(person(REQUESTER), 'supplier_contract'), 'add').ok).toBe(false)
  expect(guard(allowedAttachmentActions(person(BUYER, true), 'supplier_contract'), 'add').ok).toBe(true)
})
