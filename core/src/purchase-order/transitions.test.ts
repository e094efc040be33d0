import { expect, test } from 'vitest'
import { tableProblems } from '../policy/lifecycle'
import {
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
} from './status'
import {
  availableActions,
  checkEditable,
  isOrderEditable,
  newVersionOf,
  ORDER_TRANSITIONS,
  type OrderState,
  type TransitionContext,
  transition,
} from './transitions'

const now = new Date('2026-11-21T10:00:00Z')
const sentAt = new Date('2026-11-20T09:00:00Z')
const SENT_STATES: readonly PurchaseOrderStatus[] = ['sent', 'acknowledged_receipt']

const order = (status: PurchaseOrderStatus, extra: Partial<OrderState> = {}): OrderState => ({
  status,
  previous_status: null,
  sent_at: SENT_STATES.includes(status) ? sentAt : null,
  send_mode: SENT_STATES.includes(status) ? 'manual' : null,
  version: 1,
  ...extra,
})

/** The state machine as a table: from, action, context → resulting status or refusal code. */
const TABLE: [PurchaseOrderStatus, PurchaseOrderAction, TransitionContext, PurchaseOrderStatus | string][] = [
  ['draft', 'submit', { now, circuitHasSteps: true }, 'awaiting'],
  ['draft', 'submit', { now, circuitHasSteps: false }, 'validated'],
  ['refused', 'submit', { now, circuitHasSteps: true }, 'awaiting'],
  ['awaiting', 'validate', { now, circuitComplete: false }, 'awaiting'],
  ['awaiting', 'validate', { now, circuitComplete: true }, 'validated'],
  ['awaiting', 'refuse', { now }, 'refused'],
  ['awaiting', 'back_to_draft', { now }, 'draft'],
  ['validated', 'back_to_draft', { now }, 'draft'],
  ['refused', 'back_to_draft', { now }, 'draft'],
  ['sent', 'back_to_draft', { now, confirmCancelSending: true }, 'draft'],
  ['sent', 'back_to_draft', { now }, 'PO_SENT_CONFIRMATION_REQUIRED'],
  ['acknowledged_receipt', 'back_to_draft', { now, confirmCancelSending: true }, 'draft'],
  ['acknowledged_receipt', 'back_to_draft', { now }, 'PO_SENT_CONFIRMATION_REQUIRED'],
  ['validated', 'send', { now, sendMode: 'automatic' }, 'sent'],
  ['validated', 'consider_sent', { now }, 'sent'],
  ['sent', 'send', { now }, 'PO_ALREADY_SENT'],
  ['sent', 'consider_sent', { now }, 'PO_ALREADY_SENT'],
  ['acknowledged_receipt', 'send', { now }, 'PO_ALREADY_SENT'],
  ['sent', 'acknowledge', { now }, 'acknowledged_receipt'],
  ['validated', 'suspend', { now }, 'suspended'],
  ['sent', 'suspend', { now }, 'suspended'],
  ['acknowledged_receipt', 'suspend', { now }, 'suspended'],
  ['sent', 'close', { now }, 'closed'],
  ['acknowledged_receipt', 'close', { now }, 'closed'],
  ['draft', 'cancel', { now }, 'canceled'],
  ['awaiting', 'cancel', { now }, 'canceled'],
  ['validated', 'cancel', { now }, 'canceled'],
  ['refused', 'cancel', { now }, 'canceled'],
  ['validated', 'new_version', { now }, 'obsolete'],
  ['sent', 'new_version', { now }, 'obsolete'],
  ['acknowledged_receipt', 'new_version', { now }, 'obsolete'],
]

test.each(TABLE)('%s --%s (%j)--> %s', (from, action, ctx, expected) => {
  const result = transition(order(from), action, ctx)
  expect(result.ok ? result.value.status : result.error.code).toBe(expected)
})

/** Every (status, action) pair the table does not list, nor suspend/unclose returns, is refused. */
const LISTED = new Set(TABLE.map(([from, action]) => `${from}|${action}`))
const RETURNS = new Set(['suspended|unsuspend', 'closed|unclose'])
const refusedPairs = PURCHASE_ORDER_STATUSES.flatMap((status) =>
  PURCHASE_ORDER_ACTIONS.filter(
    (action) => !LISTED.has(`${status}|${action}`) && !RETURNS.has(`${status}|${action}`),
  ).map((action) => [status, action] as const),
)

test.each(refusedPairs)('%s refuses %s and stays as it was', (status, action) => {
  const before = order(status)
  const result = transition(before, action, {
    now,
    circuitHasSteps: true,
    circuitComplete: true,
    confirmCancelSending: true,
  })
  expect(result.ok).toBe(false)
  if (!result.ok) expect(['TRANSITION_NOT_ALLOWED', 'PO_ALREADY_SENT']).toContain(result.error.code)
  expect(before.status).toBe(status)
})

test('suspend then unsuspend, close then unclose return to where the order was', () => {
  for (const from of ['validated', 'sent', 'acknowledged_receipt'] as const) {
    const suspended = transition(order(from), 'suspend', { now })
    expect(suspended.ok && suspended.value.status).toBe('suspended')
    if (!suspended.ok) continue
    const back = transition(suspended.value, 'unsuspend', { now })
    expect(back.ok && back.value.status).toBe(from)
  }
  const closed = transition(order('acknowledged_receipt'), 'close', { now })
  if (!closed.ok) throw new Error('close refused')
  const reopened = transition(closed.value, 'unclose', { now })
  expect(reopened.ok && reopened.value.status).toBe('acknowledged_receipt')
})

test('sending records when and how; going back to draft cancels the sending', () => {
  const sent = transition(order('validated'), 'send', { now, sendMode: 'automatic' })
  expect(sent.ok && sent.value).toMatchObject({ status: 'sent', sent_at: now, send_mode: 'automatic' })
  if (!sent.ok) return
  const draft = transition(sent.value, 'back_to_draft', { now, confirmCancelSending: true })
  expect(draft.ok && draft.value).toMatchObject({ status: 'draft', sent_at: null, send_mode: null })
  const considered = transition(order('validated'), 'consider_sent', { now })
  expect(considered.ok && considered.value.send_mode).toBe('considered')
})

test('a new version replaces the order by a draft with the next number', () => {
  expect(newVersionOf(order('sent', { version: 3 }))).toEqual({
    status: 'draft',
    previous_status: null,
    sent_at: null,
    send_mode: null,
    version: 4,
  })
})

test('the contextual actions follow the status', () => {
  expect(availableActions({ status: 'draft' })).toEqual(['submit', 'cancel'])
  expect(availableActions({ status: 'sent' })).toEqual([
    'back_to_draft',
    'acknowledge',
    'suspend',
    'close',
    'new_version',
  ])
  expect(availableActions({ status: 'obsolete' })).toEqual([])
})

test.each([
  ['draft', null],
  ['refused', null],
  ['awaiting', 'TRANSITION_NOT_ALLOWED'],
  ['sent', 'TRANSITION_NOT_ALLOWED'],
  ['closed', 'MODEL_LOCKED'],
  ['obsolete', 'MODEL_LOCKED'],
  ['canceled', 'MODEL_LOCKED'],
] as const)('editing in %s → %s', (status, code) => {
  const result = checkEditable({ status })
  expect(result.ok ? null : result.error.code).toBe(code)
})

test.each([
  ['draft', true],
  ['refused', true],
  ['awaiting', false],
  ['sent', false],
  ['closed', false],
])('an order in %s may change: %s', (status, editable) => {
  expect(isOrderEditable(status)).toBe(editable)
})

test('the transition function follows the lifecycle table', () => {
  expect(
    tableProblems(ORDER_TRANSITIONS, {
      statuses: PURCHASE_ORDER_STATUSES,
      actions: PURCHASE_ORDER_ACTIONS,
      apply: (status, action) => {
        const applied = transition(order(status), action, { now, confirmCancelSending: true })
        return applied.ok ? { ok: true, value: applied.value.status } : applied
      },
    }),
  ).toEqual([])
})
