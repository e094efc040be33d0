import { expect, test } from 'vitest'
import {
  INBOUND_LIFECYCLE_CODES,
  inboundLifecycleStatus,
  LIFECYCLE_EVENTS,
  LIFECYCLE_REASON_CODES,
  LIFECYCLE_STATUSES,
  type LifecycleEvent,
  lifecycleReasonsFor,
  lifecycleStatusFor,
  STATUS_PUSH_MAX_RETRY_MS,
  statusPushDelayMs,
} from './lifecycle'

test.each<
  [LifecycleEvent, { reason_code?: string | null; dispute_ongoing?: boolean }, string, string | null]
>([
  ['put_on_hold', {}, '208', null],
  ['put_on_hold', { reason_code: 'JUSTIF_ABS' }, '208', 'JUSTIF_ABS'],
  ['captured', {}, '204', null],
  ['validated', {}, '205', null],
  ['validated', { dispute_ongoing: true }, '206', null],
  ['dispute_opened', {}, '207', null],
  ['dispute_opened', { reason_code: 'QTE_ERR' }, '207', 'QTE_ERR'],
  ['dispute_opened', { reason_code: 'JUSTIF_ABS' }, '208', 'JUSTIF_ABS'],
  ['refused', { reason_code: 'DOUBLON' }, '210', 'DOUBLON'],
  ['payment_sent', {}, '211', null],
  // A reason given where none belongs is not kept.
  ['captured', { reason_code: 'DOUBLON' }, '204', null],
])('%s %j raises %s (%s)', (event, context, code, reason) => {
  expect(lifecycleStatusFor(event, context)).toEqual({ ok: true, value: { code, reason_code: reason } })
})

test('a refusal needs a reason from the controlled list; an unknown one is refused', () => {
  expect(lifecycleStatusFor('refused')).toEqual({
    ok: false,
    error: { code: 'FORM_ERRORS', fields: { reason_code: [{ code: 'FIELD_REQUIRED' }] } },
  })
  expect(lifecycleStatusFor('refused', { reason_code: 'TOO_EXPENSIVE' })).toEqual({
    ok: false,
    error: { code: 'FORM_ERRORS', fields: { reason_code: [{ code: 'NOT_IN_LIST' }] } },
  })
  expect(LIFECYCLE_REASON_CODES).toEqual([
    'DOUBLON',
    'MONTANT_ERR',
    'TX_TVA_ERR',
    'PU_ERR',
    'QTE_ERR',
    'LIVR_INCOMP',
    'FACT_NON_CONFORME',
    'CMD_EJ_ERR',
    'JUSTIF_ABS',
    'REF_CT_ABSENT',
  ])
})

test('a reason the reform does not allow for the status is refused (BR-FR-CDV-CL-09); the pickers offer the allowed ones', () => {
  // A price or quantity disagreement is a dispute, not a refusal; a missing document suspends.
  for (const reason_code of ['PU_ERR', 'QTE_ERR', 'LIVR_INCOMP', 'JUSTIF_ABS'])
    expect(lifecycleStatusFor('refused', { reason_code })).toEqual({
      ok: false,
      error: { code: 'FORM_ERRORS', fields: { reason_code: [{ code: 'NOT_IN_LIST' }] } },
    })
  expect(lifecycleReasonsFor('refused')).toEqual([
    'DOUBLON',
    'MONTANT_ERR',
    'TX_TVA_ERR',
    'FACT_NON_CONFORME',
    'CMD_EJ_ERR',
    'REF_CT_ABSENT',
  ])
  // Every reason opens a dispute: JUSTIF_ABS as a suspension (208), the others as 207.
  expect(lifecycleReasonsFor('dispute_opened')).toEqual(LIFECYCLE_REASON_CODES)
  for (const reason_code of lifecycleReasonsFor('dispute_opened'))
    expect(lifecycleStatusFor('dispute_opened', { reason_code }).ok).toBe(true)
})

test('a failed status push waits 30 s, then twice as long after each failure, never more than 6 hours', () => {
  expect([1, 2, 3, 4, 5].map(statusPushDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000])
  expect(statusPushDelayMs(10)).toBe(30_000 * 512)
  expect(statusPushDelayMs(11)).toBe(STATUS_PUSH_MAX_RETRY_MS)
  expect(statusPushDelayMs(1000)).toBe(STATUS_PUSH_MAX_RETRY_MS)
})

test('a platform reports only its statuses and the seller’s (200–203, 209, 212, 213), never one the buyer raises', () => {
  const at = '2026-11-18T08:00:00Z'
  for (const code of INBOUND_LIFECYCLE_CODES)
    expect(inboundLifecycleStatus({ code, at })).toEqual({
      ok: true,
      value: { code, reason_code: null, comment: null },
    })
  // Every code Procura's events raise is the buyer's: refused from a platform.
  // (206 is a validation's while a dispute is ongoing.)
  const raised = new Set([...Object.values(LIFECYCLE_EVENTS).map((e) => e.code), '206' as const])
  for (const code of raised) {
    expect((INBOUND_LIFECYCLE_CODES as readonly string[]).includes(code)).toBe(false)
    expect(inboundLifecycleStatus({ code, at })).toEqual({
      ok: false,
      error: { code: 'LIFECYCLE_NOT_INBOUND', params: { code } },
    })
  }
  // Every status Procura knows is either raised by an event or read from the platform.
  expect([...raised, ...INBOUND_LIFECYCLE_CODES].sort()).toEqual(Object.keys(LIFECYCLE_STATUSES).sort())
  expect(inboundLifecycleStatus({ code: '299', at }).ok).toBe(false)
})

test('a reason read from the platform is kept as Procura’s code where its list has it, else in the comment', () => {
  const at = '2026-11-18T08:00:00Z'
  expect(inboundLifecycleStatus({ code: '213', reason_code: 'CMD_ERR', at })).toEqual({
    ok: true,
    value: { code: '213', reason_code: 'CMD_EJ_ERR', comment: null },
  })
  expect(inboundLifecycleStatus({ code: '213', reason_code: 'DOUBLON', comment: 'Sent twice', at })).toEqual({
    ok: true,
    value: { code: '213', reason_code: 'DOUBLON', comment: 'Sent twice' },
  })
  expect(
    inboundLifecycleStatus({ code: '213', reason_code: 'AUTRE', comment: 'Unreadable PDF', at }),
  ).toEqual({
    ok: true,
    value: { code: '213', reason_code: null, comment: 'AUTRE: Unreadable PDF' },
  })
})
