import { expect, test } from 'vitest'
import {
  LIFECYCLE_REASON_CODES,
  type LifecycleEvent,
  lifecycleReasonsFor,
  lifecycleStatusFor,
  STATUS_PUSH_MAX_RETRY_MS,
  statusPushDelayMs,
} from './lifecycle'

test.each<
  [LifecycleEvent, { reason_code?: string | null; dispute_ongoing?: boolean }, string, string | null]
>([
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
