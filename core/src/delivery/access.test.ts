import { expect, test } from 'vitest'
import { allowedOf, guard } from '../policy/decisions'
import { tableProblems } from '../policy/lifecycle'
import type { OrderActor } from '../purchase-order/access'
import { allowedDeliveryActions, allowedReceivingActions, canReceive, type DeliveryState } from './access'
import {
  DELIVERY_DOC_STATUSES,
  DELIVERY_TRANSITIONS,
  deliveryTransition,
  TECHNICAL_DOC_STATUSES,
} from './status'

type Actor = Parameters<typeof allowedDeliveryActions>[0]
type Order = Parameters<typeof allowedDeliveryActions>[2]
const deliveryActionsFor = (actor: Actor, delivery: DeliveryState, order: Order) =>
  allowedOf(allowedDeliveryActions(actor, delivery, order))
const checkDeliveryAction = (
  actor: Actor,
  delivery: Omit<DeliveryState, 'reservation_open'>,
  order: Order,
  action: 'cancel' | 'confirm' | 'reserve',
) => guard(allowedDeliveryActions(actor, { reservation_open: true, ...delivery }, order), action)

const buyer: OrderActor = {
  id: 1,
  login: 'buyer',
  buyer: true,
  can_view_other_po: false,
  permissions: ['receive_goods'],
}
const otherBuyer: OrderActor = { id: 2, login: 'other', buyer: true, can_view_other_po: false }
const chief: OrderActor = {
  id: 3,
  login: 'chief',
  buyer: true,
  can_view_other_po: true,
  permissions: ['receive_goods'],
}
const requester: OrderActor = { id: 4, login: 'asker', buyer: false, can_view_other_po: false }
const contact: OrderActor = {
  id: 5,
  login: 'supplier',
  buyer: false,
  can_view_other_po: false,
  supplier_ids: [9],
}
const order = {
  buyer_id: 1,
  supplier_id: 9,
  sent: true,
  requester_ids: [4],
  status: 'sent',
  delivery_status: 'partial' as const,
  billing_status: 'no',
}

test.each([
  [buyer, order, true, ['receive', 'receive_all', 'force_complete', 'predeliver']],
  [chief, order, true, ['receive', 'receive_all', 'force_complete', 'predeliver']],
  [otherBuyer, order, true, []],
  [requester, order, true, ['predeliver']],
  [contact, order, true, ['declare']],
  [contact, order, false, []],
  [buyer, { ...order, delivery_status: 'complete' as const }, true, ['receive', 'predeliver']],
  [buyer, { ...order, delivery_status: 'forced_complete' as const }, true, []],
  // Billed short: who receives closes what will not be invoiced.
  [
    buyer,
    { ...order, billing_status: 'partial' },
    true,
    ['receive', 'receive_all', 'force_complete', 'predeliver', 'close_billing'],
  ],
  [buyer, { ...order, status: 'validated' }, true, []],
  [buyer, { ...order, status: 'closed' }, true, []],
  [
    buyer,
    { ...order, status: 'acknowledged_receipt' },
    true,
    ['receive', 'receive_all', 'force_complete', 'predeliver'],
  ],
])('%j on %j (supplier access %s) may %j', (actor, o, supplierAccess, actions) => {
  const receiving = allowedOf(allowedReceivingActions(actor, o, supplierAccess))
  expect(receiving).toEqual(actions)
})

test.each([
  [buyer, 'delivery', 'received', true, ['cancel', 'reserve']],
  [buyer, 'delivery', 'received', false, ['cancel']],
  [buyer, 'delivery', 'canceled', true, []],
  [requester, 'delivery', 'received', true, ['reserve']],
  [buyer, 'technical', 'declared', true, ['confirm', 'cancel', 'reserve']],
  [buyer, 'technical', 'confirmed', true, ['receive', 'cancel', 'reserve']],
  [requester, 'technical', 'confirmed', false, ['cancel']],
  [buyer, 'technical', 'received', false, []],
  [otherBuyer, 'delivery', 'received', true, []],
] as const)('%j on a %s %s (window open %s) may %j', (actor, kind, status, open, actions) => {
  expect(deliveryActionsFor(actor, { kind, status, reservation_open: open }, order)).toEqual(actions)
})

test('a buyer whose role does not receive goods cannot receive', () => {
  const order = { buyer_id: 1, supplier_id: 9, sent: true, requester_ids: [] }
  expect(canReceive(buyer, order)).toBe(true)
  expect(canReceive({ ...buyer, permissions: [] }, order)).toBe(false)
})

test('an action on a delivery: who may first, then its status', () => {
  const declared = { kind: 'technical' as const, status: 'declared' as const, created_by: contact.id }
  // The supplier's contact who declared a shipment withdraws it while it is declared, and only then.
  expect(checkDeliveryAction(contact, declared, order, 'cancel')).toEqual({ ok: true, value: undefined })
  expect(checkDeliveryAction(contact, { ...declared, created_by: 99 }, order, 'cancel')).toEqual({
    ok: false,
    error: { code: 'FORBIDDEN' },
  })
  expect(checkDeliveryAction(contact, declared, order, 'confirm')).toEqual({
    ok: false,
    error: { code: 'FORBIDDEN' },
  })
  // The technical recipient confirms it; a received delivery is not cancelled by a requester.
  expect(checkDeliveryAction(requester, declared, order, 'confirm').ok).toBe(true)
  expect(checkDeliveryAction(requester, { kind: 'delivery', status: 'received' }, order, 'cancel')).toEqual({
    ok: false,
    error: { code: 'FORBIDDEN' },
  })
  expect(checkDeliveryAction(buyer, { kind: 'delivery', status: 'canceled' }, order, 'cancel')).toEqual({
    ok: false,
    error: { code: 'TRANSITION_NOT_ALLOWED', params: { action: 'cancel', status: 'canceled' } },
  })
  // A closed order's deliveries stay; reservations close with their window, with its date.
  expect(
    checkDeliveryAction(
      buyer,
      { kind: 'delivery', status: 'received' },
      { ...order, status: 'closed' },
      'cancel',
    ),
  ).toEqual({
    ok: false,
    error: { code: 'MODEL_LOCKED' },
  })
  expect(
    guard(
      allowedDeliveryActions(
        buyer,
        { kind: 'delivery', status: 'received', reservation_open: false, reservation_deadline: '2026-11-03' },
        order,
      ),
      'reserve',
    ),
  ).toEqual({ ok: false, error: { code: 'RESERVATION_WINDOW_CLOSED', params: { date: '2026-11-03' } } })
})

test('receiving says why: a closed order is locked, one forced to complete takes nothing more', () => {
  expect(guard(allowedReceivingActions(buyer, { ...order, status: 'closed' }, true), 'receive')).toEqual({
    ok: false,
    error: { code: 'MODEL_LOCKED' },
  })
  expect(
    guard(allowedReceivingActions(buyer, { ...order, delivery_status: 'forced_complete' }, true), 'receive'),
  ).toEqual({ ok: false, error: { code: 'DELIVERY_FORCED_COMPLETE' } })
  expect(guard(allowedReceivingActions(contact, order, false), 'declare')).toEqual({
    ok: false,
    error: { code: 'SUPPLIER_ACCESS_DISABLED' },
  })
})

test.each([
  ['delivery', DELIVERY_DOC_STATUSES, ['cancel']],
  ['technical', TECHNICAL_DOC_STATUSES, ['confirm', 'receive', 'cancel', 'reopen']],
] as const)('the %s lifecycle follows its table', (kind, statuses, moves) => {
  expect(
    tableProblems(DELIVERY_TRANSITIONS[kind], {
      statuses,
      actions: moves,
      apply: (status, move) => deliveryTransition(kind, status, move),
    }),
  ).toEqual([])
  // What a person may take on it starts where its table says, and nowhere else.
  for (const status of statuses)
    for (const action of ['confirm', 'receive', 'cancel'] as const)
      expect(
        guard(allowedDeliveryActions(buyer, { kind, status, reservation_open: true }, order), action).ok,
      ).toBe(deliveryTransition(kind, status, action).ok)
})
