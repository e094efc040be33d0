import { describe, expect, test } from 'vitest'
import {
  checkEmailDecision,
  type DocumentAtLink,
  type EmailDecisionClaims,
  emailDecisionExpiry,
  waitingStepIndex,
} from './email-decision'
import { type CircuitState, startCircuit, validateStep } from './runtime'

const NOW = new Date('2026-11-29T10:00:00Z')
const twoSteps = (): CircuitState =>
  startCircuit([
    { rank: 1, validators: ['victor'] },
    { rank: 2, validators: ['fanny'] },
  ])

const claims = (over: Partial<EmailDecisionClaims> = {}): EmailDecisionClaims => ({
  model: 'purchase_order',
  id: 7,
  decision: 'validate',
  user_id: 3,
  step: 0,
  version: '4',
  expires_at: NOW.getTime() + 3_600_000,
  nonce: 'n',
  ...over,
})
const doc = (over: Partial<DocumentAtLink> = {}): DocumentAtLink => ({
  status: 'awaiting',
  awaiting: true,
  cancelled: false,
  replaced: false,
  circuit: twoSteps(),
  version: '4',
  ...over,
})
const codeOf = (r: ReturnType<typeof checkEmailDecision>) => (r.ok ? 'ok' : r.error.code)

describe('checkEmailDecision', () => {
  test('a fresh link on the step it was written for decides', () => {
    expect(codeOf(checkEmailDecision(claims(), { used_at: null }, doc(), NOW))).toBe('ok')
  })

  test('each stale case is told apart, the spent link first', () => {
    const used = { used_at: NOW }
    expect(codeOf(checkEmailDecision(claims(), used, doc(), NOW))).toBe('DECISION_LINK_USED')
    const late = new Date(NOW.getTime() + 3_600_001)
    expect(codeOf(checkEmailDecision(claims(), { used_at: null }, doc(), late))).toBe('DECISION_LINK_EXPIRED')
    expect(codeOf(checkEmailDecision(claims(), { used_at: null }, undefined, NOW))).toBe(
      'DECISION_LINK_CANCELLED',
    )
    expect(
      codeOf(checkEmailDecision(claims(), { used_at: null }, doc({ cancelled: true, awaiting: false }), NOW)),
    ).toBe('DECISION_LINK_CANCELLED')
    expect(
      codeOf(checkEmailDecision(claims(), { used_at: null }, doc({ replaced: true, awaiting: false }), NOW)),
    ).toBe('DECISION_LINK_CHANGED')
    expect(codeOf(checkEmailDecision(claims(), { used_at: null }, doc({ version: '5' }), NOW))).toBe(
      'DECISION_LINK_CHANGED',
    )
    expect(
      codeOf(
        checkEmailDecision(claims(), { used_at: null }, doc({ awaiting: false, status: 'validated' }), NOW),
      ),
    ).toBe('DECISION_LINK_DECIDED')
  })

  test('a link for the first step says the step was decided once the circuit moved on', () => {
    const moved = validateStep(twoSteps(), { login: 'victor' }, { amount: '10', tags: [] }, [], NOW)
    if (!moved.ok) throw new Error('validate')
    expect(waitingStepIndex(moved.value)).toBe(1)
    const at = doc({ circuit: moved.value })
    expect(codeOf(checkEmailDecision(claims(), { used_at: null }, at, NOW))).toBe('DECISION_LINK_DECIDED')
    expect(codeOf(checkEmailDecision(claims({ step: 1 }), { used_at: null }, at, NOW))).toBe('ok')
  })
})

test('links last the settings’ hours; 0 gives none', () => {
  expect(emailDecisionExpiry(NOW, 72)?.toISOString()).toBe('2026-12-02T10:00:00.000Z')
  expect(emailDecisionExpiry(NOW, 0)).toBeNull()
  expect(waitingStepIndex(null)).toBeNull()
})
