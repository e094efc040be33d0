import { expect, test } from 'vitest'
import { guard, refusalsOf } from '../policy/decisions'
import {
  allowedOrderActions,
  canManageOrder,
  canViewOrder,
  checkCanCreateOrder,
  type OrderAccess,
  type OrderActor,
  orderBulkActionsFor,
  orderRowActions,
  readsEveryOrder,
  seesAllDocuments,
  seesInternals,
} from './access'
import type { PurchaseOrderStatus } from './status'

const buyer = { id: 2, login: 'buyer', buyer: true, can_view_other_po: false }
const chief = { id: 5, login: 'chief', buyer: true, can_view_other_po: true }
const requester = { id: 3, login: 'requester', buyer: false, can_view_other_po: false }
const validator = { id: 4, login: 'validator', buyer: false, can_view_other_po: false }
const order = { buyer_id: 2, validators: ['validator'] }
/** The lifecycle actions offered, as the old `orderActionsFor(actor, order, waitingOn, delegate)`. */
const orderActionsFor = (
  actor: OrderActor,
  target: OrderAccess & { status: PurchaseOrderStatus },
  waitingOn: string[],
  delegate: boolean,
) => orderRowActions(allowedOrderActions(actor, target, { turn: { waitingOn, delegate } }))

/** The guard on one action, the order in a status that allows it. */
const STATUS_FOR: Record<string, PurchaseOrderStatus> = {
  close: 'sent',
  send: 'validated',
  validate: 'awaiting',
  refuse: 'awaiting',
  acknowledge: 'sent',
}
const checkOrderAction = (
  actor: OrderActor,
  target: OrderAccess,
  action: 'close' | 'send' | 'validate' | 'refuse' | 'acknowledge',
  turn = { waitingOn: ['validator'], delegate: false },
) => guard(allowedOrderActions(actor, { ...target, status: STATUS_FOR[action] ?? 'draft' }, { turn }), action)

const payables = {
  id: 6,
  login: 'payables',
  buyer: false,
  can_view_other_po: false,
  permissions: ['handle_invoices' as const],
}

test('buyers create orders', () => {
  expect(checkCanCreateOrder(buyer).ok).toBe(true)
  expect(checkCanCreateOrder(requester)).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
})

test.each([
  [buyer, true, true],
  [chief, true, true],
  [validator, true, false],
  [requester, false, false],
  [{ ...buyer, id: 9 }, false, false],
  // Accounts payable read every order (an invoice is matched against it) and manage none.
  [payables, true, false],
  [{ ...payables, supplier_ids: [1] }, false, false],
])('%j views %s, manages %s', (actor, view, manage) => {
  expect(canViewOrder(actor, order)).toBe(view)
  expect(canManageOrder(actor, order)).toBe(manage)
})

test('accounts payable read every order but act on none', () => {
  expect(readsEveryOrder(payables)).toBe(true)
  expect(seesAllDocuments(payables)).toBe(false)
  expect(orderActionsFor(payables, { ...order, status: 'sent' }, [], false)).toEqual([])
  expect(checkOrderAction(payables, order, 'close').ok).toBe(false)
})

test('actions: the lifecycle for managers, validate/refuse for whom the circuit waits on', () => {
  expect(orderActionsFor(buyer, { ...order, status: 'draft' }, [], false)).toEqual(['submit', 'cancel'])
  expect(orderActionsFor(buyer, { ...order, status: 'awaiting' }, ['validator'], false)).toEqual([
    'back_to_draft',
    'cancel',
  ])
  expect(orderActionsFor(validator, { ...order, status: 'awaiting' }, ['validator'], false)).toEqual([
    'validate',
    'refuse',
  ])
  expect(orderActionsFor(requester, { ...order, status: 'awaiting' }, ['validator'], true)).toEqual([
    'validate',
    'refuse',
  ])
  expect(orderActionsFor(requester, { ...order, status: 'validated' }, [], false)).toEqual([])
})

test('lifecycle actions need to manage the order', () => {
  expect(checkOrderAction(validator, order, 'send')).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
  expect(checkOrderAction(buyer, order, 'send').ok).toBe(true)
  expect(checkOrderAction(requester, order, 'validate')).toEqual({
    ok: false,
    error: { code: 'NOT_CURRENT_VALIDATOR' },
  })
  expect(
    checkOrderAction(requester, order, 'validate', { waitingOn: ['validator'], delegate: true }).ok,
  ).toBe(true)
  expect(checkOrderAction(validator, order, 'validate').ok).toBe(true)
})

test('who may comes before the status; the read explains what the status allows and the person may not', () => {
  const decisions = allowedOrderActions(
    validator,
    { ...order, status: 'draft' },
    { turn: { waitingOn: [], delegate: false } },
  )
  expect(guard(decisions, 'close')).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
  expect(
    guard(
      allowedOrderActions(buyer, { ...order, status: 'draft' }, { turn: { waitingOn: [], delegate: false } }),
      'close',
    ),
  ).toEqual({
    ok: false,
    error: { code: 'TRANSITION_NOT_ALLOWED', params: { action: 'close', status: 'draft' } },
  })
  expect(refusalsOf(decisions)).toEqual([
    { action: 'submit', code: 'FORBIDDEN' },
    { action: 'cancel', code: 'FORBIDDEN' },
    { action: 'edit', code: 'FORBIDDEN' },
  ])
})

test('editing: who manages the order, in draft or refused; a closed order is locked', () => {
  const none = { turn: { waitingOn: [], delegate: false } }
  expect(guard(allowedOrderActions(buyer, { ...order, status: 'refused' }, none), 'edit').ok).toBe(true)
  expect(guard(allowedOrderActions(buyer, { ...order, status: 'closed' }, none), 'edit')).toEqual({
    ok: false,
    error: { code: 'MODEL_LOCKED' },
  })
  expect(guard(allowedOrderActions(validator, { ...order, status: 'draft' }, none), 'edit')).toEqual({
    ok: false,
    error: { code: 'FORBIDDEN' },
  })
})

test('an administrator passes a step of an awaiting order only when the setting allows it', () => {
  const admin = { id: 9, login: 'admin', buyer: false, can_view_other_po: false, administrator: true }
  const turn = { waitingOn: ['validator'], delegate: false }
  const awaiting = { ...order, status: 'awaiting' as const }
  expect(guard(allowedOrderActions(admin, awaiting, { turn, skipEnabled: true }), 'skip').ok).toBe(true)
  expect(guard(allowedOrderActions(admin, awaiting, { turn, skipEnabled: false }), 'skip')).toEqual({
    ok: false,
    error: { code: 'SKIP_DISABLED' },
  })
  expect(guard(allowedOrderActions(buyer, awaiting, { turn, skipEnabled: true }), 'skip')).toEqual({
    ok: false,
    error: { code: 'FORBIDDEN' },
  })
  expect(
    guard(allowedOrderActions(admin, { ...order, status: 'validated' }, { turn, skipEnabled: true }), 'skip')
      .ok,
  ).toBe(false)
})

test('administrators see every order (to oversee circuits) without managing it', () => {
  const admin = { id: 9, login: 'admin', buyer: false, can_view_other_po: false, administrator: true }
  const order = { buyer_id: 1, validators: ['victor'] }
  expect(canViewOrder(admin, order)).toBe(true)
  expect(canViewOrder({ ...admin, administrator: false }, order)).toBe(false)
  expect(seesAllDocuments(admin)).toBe(true)
  expect(orderActionsFor(admin, { ...order, status: 'draft' }, [], false)).toEqual([])
})

test.each([
  [{ supplier_id: 7, sent: true }, true],
  [{ supplier_id: 7, sent: false }, false],
  [{ supplier_id: 8, sent: true }, false],
  [{}, false],
])('a contact of supplier 7 views an order %j: %s, and manages nothing', (access, view) => {
  const contact = { id: 11, login: 'sam', buyer: false, can_view_other_po: false, supplier_ids: [7] }
  const target = { buyer_id: 2, validators: [], ...access }
  expect(canViewOrder(contact, target)).toBe(view)
  expect(canManageOrder(contact, target)).toBe(false)
  expect(orderActionsFor(contact, { ...target, status: 'sent' }, [], false)).toEqual(
    view ? ['acknowledge'] : [],
  )
})

test.each([
  ['acknowledge', 'sent-to-it', true],
  ['acknowledge', 'another supplier', false],
  ['close', 'sent-to-it', false],
  ['validate', 'sent-to-it', false],
  ['refuse', 'sent-to-it', false],
] as const)('a supplier’s contact applying %s to an order %s: allowed %s', (action, which, allowed) => {
  const contact = { id: 11, login: 'sam', buyer: false, can_view_other_po: false, supplier_ids: [7] }
  const target = { buyer_id: 2, validators: ['sam'], supplier_id: which === 'sent-to-it' ? 7 : 8, sent: true }
  expect(checkOrderAction(contact, target, action).ok).toBe(allowed)
})

test('the organisation’s people see a document’s internals; a supplier’s contact does not', () => {
  expect(seesInternals(buyer)).toBe(true)
  expect(seesInternals({ ...requester, supplier_ids: [] })).toBe(true)
  expect(seesInternals({ ...requester, supplier_ids: [7] })).toBe(false)
})

test('the requester of a request an order was made from reads the order and may act on nothing', () => {
  const made = { buyer_id: 2, validators: ['validator'], requester_ids: [3] }
  expect(canViewOrder(requester, made)).toBe(true)
  expect(canViewOrder(requester, { ...made, requester_ids: [9] })).toBe(false)
  expect(orderActionsFor(requester, { ...made, status: 'validated' }, [], false)).toEqual([])
  expect(checkOrderAction(requester, made, 'close').ok).toBe(false)
})

test('the orders list offers its bulk lifecycle to buyers, validate to others, nothing to supplier contacts', () => {
  const all = ['submit', 'validate', 'consider_sent', 'close', 'cancel'] as const
  expect(orderBulkActionsFor(buyer, all)).toEqual([...all])
  expect(orderBulkActionsFor(requester, all)).toEqual(['validate'])
  expect(orderBulkActionsFor({ ...requester, supplier_ids: [7] }, all)).toEqual([])
})
