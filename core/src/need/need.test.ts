import { expect, test } from 'vitest'
import { tableProblems } from '../policy/lifecycle'
import type { NeedProcessingStatus } from '../status/vocabularies'
import {
  checkMerge,
  isNeedEditable,
  NEED_ACTIONS,
  NEED_STAGES,
  NEED_TRANSITIONS,
  type NeedAction,
  type NeedStatus,
  needActions,
  needStage,
  needTransition,
} from './need'

const need = (status: NeedStatus, processing: NeedProcessingStatus = 'none', lines = 2) => ({
  status,
  processing,
  lines,
})

/** The table: from status/processing, action → status/processing, or a refusal code. */
const TABLE: [NeedStatus, NeedProcessingStatus, NeedAction, string][] = [
  ['draft', 'none', 'submit', 'awaiting/none'],
  ['refused', 'none', 'submit', 'awaiting/none'],
  ['awaiting', 'none', 'approve', 'validated/awaiting'],
  ['awaiting', 'none', 'refuse', 'refused/none'],
  ['awaiting', 'none', 'back_to_draft', 'draft/none'],
  ['refused', 'none', 'back_to_draft', 'draft/none'],
  ['validated', 'awaiting', 'back_to_draft', 'draft/none'],
  ['validated', 'processing', 'back_to_draft', 'draft/none'],
  ['validated', 'po_submitted', 'back_to_draft', 'TRANSITION_NOT_ALLOWED'],
  ['draft', 'none', 'cancel', 'canceled/none'],
  ['awaiting', 'none', 'cancel', 'canceled/none'],
  ['refused', 'none', 'cancel', 'canceled/none'],
  ['validated', 'awaiting', 'cancel', 'canceled/none'],
  ['validated', 'po_validated', 'cancel', 'TRANSITION_NOT_ALLOWED'],
  ['validated', 'awaiting', 'take_charge', 'validated/processing'],
  ['validated', 'processing', 'take_charge', 'TRANSITION_NOT_ALLOWED'],
  ['validated', 'awaiting', 'transform', 'validated/po_submitted'],
  ['validated', 'processing', 'transform', 'validated/po_submitted'],
  ['validated', 'po_submitted', 'po_validated', 'validated/po_validated'],
  ['validated', 'po_submitted', 'back_to_processing', 'validated/processing'],
  ['draft', 'none', 'approve', 'TRANSITION_NOT_ALLOWED'],
  ['canceled', 'none', 'submit', 'TRANSITION_NOT_ALLOWED'],
  ['validated', 'po_validated', 'transform', 'TRANSITION_NOT_ALLOWED'],
]

test.each(TABLE)('%s/%s --%s--> %s', (status, processing, action, expected) => {
  const result = needTransition(need(status, processing), action)
  expect(result.ok ? `${result.value.status}/${result.value.processing}` : result.error.code).toBe(expected)
})

test('a request without a line cannot be submitted', () => {
  expect(needTransition(need('draft', 'none', 0), 'submit')).toEqual({
    ok: false,
    error: { code: 'NEED_HAS_NO_LINE' },
  })
})

test('a canceled request allows nothing; a draft only submit and cancel', () => {
  expect(needActions(need('canceled'))).toEqual([])
  expect(needActions(need('draft'))).toEqual(['submit', 'cancel'])
  expect(needActions(need('validated', 'awaiting'))).toEqual([
    'back_to_draft',
    'cancel',
    'take_charge',
    'transform',
  ])
  for (const action of NEED_ACTIONS) expect(needTransition(need('canceled'), action).ok).toBe(false)
})

test('the refusal names the action and the status', () => {
  expect(needTransition(need('validated', 'po_validated'), 'cancel')).toEqual({
    ok: false,
    error: { code: 'TRANSITION_NOT_ALLOWED', params: { action: 'cancel', status: 'validated/po_validated' } },
  })
})

test.each([
  ['draft', true],
  ['refused', true],
  ['awaiting', false],
  ['validated', false],
  ['canceled', false],
] as const)('a %s request is editable: %s', (status, editable) => {
  expect(isNeedEditable(status)).toBe(editable)
})

test('the circuit decides: no step approves at once; an approval with steps left keeps awaiting', () => {
  expect(needTransition(need('draft'), 'submit', { circuitHasSteps: false })).toEqual({
    ok: true,
    value: { status: 'validated', processing: 'awaiting', lines: 2 },
  })
  expect(needTransition(need('awaiting'), 'approve', { circuitComplete: false })).toEqual({
    ok: true,
    value: { status: 'awaiting', processing: 'none', lines: 2 },
  })
  expect(needTransition(need('awaiting'), 'approve', { circuitComplete: true }).ok && 'validated').toBe(
    'validated',
  )
})

test.each([
  [
    [
      { requester_id: 3, status: 'draft' },
      { requester_id: 3, status: 'draft' },
    ],
    null,
  ],
  [[{ requester_id: 3, status: 'draft' }], 'SELECT_AT_LEAST_ONE'],
  [
    [
      { requester_id: 3, status: 'draft' },
      { requester_id: 4, status: 'draft' },
    ],
    'FORBIDDEN',
  ],
  [
    [
      { requester_id: 3, status: 'draft' },
      { requester_id: 3, status: 'awaiting' },
    ],
    'TRANSITION_NOT_ALLOWED',
  ],
] as const)('merging %j → %s', (requests, code) => {
  const result = checkMerge(requests, 3)
  expect(result.ok ? null : result.error.code).toBe(code)
})

test.each([
  ['draft', true],
  ['refused', true],
  ['awaiting', false],
  ['validated', false],
  ['canceled', false],
])('a request in %s may change: %s', (status, editable) => {
  expect(isNeedEditable(status)).toBe(editable)
})

test('the request lifecycle follows its table', () => {
  expect(
    tableProblems(NEED_TRANSITIONS, {
      statuses: NEED_STAGES,
      actions: NEED_ACTIONS,
      apply: (stage, action) => {
        const [status, processing] = stage.split('/') as [NeedStatus, NeedProcessingStatus | undefined]
        const applied = needTransition(need(status, processing ?? 'none'), action)
        return applied.ok ? { ok: true, value: needStage(applied.value) } : applied
      },
    }),
  ).toEqual([])
})
