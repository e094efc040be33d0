import { expect, test } from 'vitest'
import { firstRefusal } from '../policy/decisions'
import { type ChartRow, checkChart, computeCircuit, planCircuit } from './chart'
import {
  actsForItself,
  checkDelegate,
  type Delegation,
  isComplete,
  isRefused,
  refusalOf,
  refuseStep,
  resetCircuit,
  skipStep,
  startCircuit,
  validateStep,
  waitingOn,
} from './runtime'
import { circuitTurn, skipRefusal, skipStatusRefusal } from './turn'

const known = { isKnown: (kind: string, value: string) => !value.startsWith('unknown') && kind !== 'nothing' }
const row = (extra: Partial<ChartRow>): ChartRow => ({
  min_amount: '0',
  max_amount: null,
  weight: 1,
  criteria: { default: '1' },
  validator: { login: 'victor' },
  ...extra,
})

test('a valid chart passes', () => {
  expect(checkChart([row({}), row({ weight: 2, criteria: { company: 'ACME' } })], known).ok).toBe(true)
})

test.each([
  ['no criterion', [row({ criteria: {} })], '0.criteria', 'CIRCUIT_NO_CRITERION'],
  [
    'default mixed with defined',
    [row({ criteria: { default: '1', company: 'ACME' } })],
    '0.criteria',
    'CIRCUIT_MIXED_CRITERIA',
  ],
  [
    'a rank missing while others are set',
    [row({}), row({ weight: null })],
    '1.weight',
    'CIRCUIT_RANKS_ALL_OR_NONE',
  ],
  [
    'an empty validator login',
    [row({ validator: { login: ' ' } })],
    '0.validator',
    'VALIDATOR_LOGIN_REQUIRED',
  ],
  ['an unknown login', [row({ validator: { login: 'unknown-bob' } })], '0.validator', 'UNKNOWN_CODE'],
  ['an unknown role', [row({ validator: { role: 'unknown-role' } })], '0.validator', 'UNKNOWN_CODE'],
  [
    'an unknown company code',
    [row({ criteria: { company: 'unknown-co' } })],
    '0.criteria.company',
    'UNKNOWN_CODE',
  ],
  [
    'a maximum below the minimum',
    [row({ min_amount: '100', max_amount: '50' })],
    '0.max_amount',
    'TOO_SMALL',
  ],
] as const)('refused: %s', (_case, rows, field, code) => {
  const result = checkChart(rows, known)
  expect(result.ok).toBe(false)
  if (!result.ok) expect(result.error.fields?.[field]?.[0]?.code).toBe(code)
})

test('ranks may all be empty: chart order then decides', () => {
  expect(checkChart([row({ weight: null }), row({ weight: null })], known).ok).toBe(true)
})

const chart: ChartRow[] = [
  row({ weight: 1, criteria: { default: '1' }, validator: { login: 'manager' } }),
  row({ weight: 2, min_amount: '1000', criteria: { default: '1' }, validator: { login: 'director' } }),
  row({ weight: 2, min_amount: '1000', criteria: { default: '1' }, validator: { role: 'finance' } }),
  row({ weight: 3, min_amount: '10000', criteria: { company: 'ACME' }, validator: { login: 'ceo' } }),
  row({ weight: 1, max_amount: '500', criteria: { department: 'IT' }, validator: { login: 'it-lead' } }),
]
const roles = (role: string) => (role === 'finance' ? ['fiona', 'director'] : [])

test.each([
  [{ amount: '200' }, [{ rank: 1, validators: ['manager'] }]],
  [{ amount: '200', department: 'IT' }, [{ rank: 1, validators: ['manager', 'it-lead'] }]],
  [
    { amount: '1000' },
    [
      { rank: 1, validators: ['manager'] },
      { rank: 2, validators: ['director', 'fiona'] },
    ],
  ],
  [
    { amount: '25000', company: 'ACME' },
    [
      { rank: 1, validators: ['manager'] },
      { rank: 2, validators: ['director', 'fiona'] },
      { rank: 3, validators: ['ceo'] },
    ],
  ],
  [
    { amount: '25000', company: 'OTHER' },
    [
      { rank: 1, validators: ['manager'] },
      { rank: 2, validators: ['director', 'fiona'] },
    ],
  ],
])('the circuit of %j', (doc, steps) => {
  expect(computeCircuit(chart, doc, roles)).toEqual(steps)
})

test('a validator appears once, at the first step where they are', () => {
  const rows = [
    row({ weight: 1, validator: { login: 'ann' } }),
    row({ weight: 2, validator: { login: 'ann' } }),
  ]
  expect(computeCircuit(rows, { amount: '1' }, roles)).toEqual([{ rank: 1, validators: ['ann'] }])
})

test('no matching row: nobody to ask', () => {
  expect(computeCircuit([row({ criteria: { company: 'X' } })], { amount: '1', company: 'Y' }, roles)).toEqual(
    [],
  )
})

const now = new Date('2026-11-21T10:00:00Z')
const doc = { amount: '1500', tags: ['IT'] }
const twoSteps = () => startCircuit(computeCircuit(chart, { amount: '1500' }, roles))

test('validators validate step by step; then the circuit is complete', () => {
  let circuit = twoSteps()
  expect(waitingOn(circuit)).toEqual(['manager'])
  const first = validateStep(circuit, { login: 'manager' }, doc, [], now)
  if (!first.ok) throw new Error(first.error.code)
  circuit = first.value
  expect(waitingOn(circuit)).toEqual(['director', 'fiona'])
  expect(isComplete(circuit)).toBe(false)
  const second = validateStep(circuit, { login: 'fiona' }, doc, [], now)
  if (!second.ok) throw new Error(second.error.code)
  expect(isComplete(second.value)).toBe(true)
  expect(second.value.steps[1]).toMatchObject({
    status: 'validated',
    by: 'fiona',
    on_behalf_of: null,
    at: now,
  })
  expect(validateStep(second.value, { login: 'fiona' }, doc, [], now)).toMatchObject({
    ok: false,
    error: { code: 'TRANSITION_NOT_ALLOWED' },
  })
})

test('someone who is not a validator of the current step is refused, the circuit unchanged', () => {
  const circuit = twoSteps()
  expect(validateStep(circuit, { login: 'director' }, doc, [], now)).toEqual({
    ok: false,
    error: { code: 'NOT_CURRENT_VALIDATOR' },
  })
  expect(circuit.steps.every((s) => s.status === 'pending')).toBe(true)
})

test('a refusal refuses the circuit, with its reason', () => {
  const refused = refuseStep(
    twoSteps(),
    { login: 'manager' },
    doc,
    [],
    now,
    ' Too expensive: ask for a quote. ',
  )
  expect(refused.ok && isRefused(refused.value)).toBe(true)
  expect(refused.ok && refusalOf(refused.value)).toEqual({
    by: 'manager',
    on_behalf_of: null,
    at: now,
    reason: 'Too expensive: ask for a quote.',
  })
})

test.each([[''], ['  '], ['no']])(
  'refusing without a reason (%j) is refused, the circuit unchanged',
  (reason) => {
    const circuit = twoSteps()
    const refused = refuseStep(circuit, { login: 'manager' }, doc, [], now, reason)
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error.fields?.reason).toEqual([{ code: 'REFUSAL_REASON_REQUIRED' }])
    expect(refusalOf(circuit)).toBeNull()
  },
)

const delegation = (extra: Partial<Delegation> = {}): Delegation => ({
  delegator: 'manager',
  delegate: 'dana',
  from: new Date('2026-11-01T00:00:00Z'),
  to: new Date('2026-11-30T23:59:59Z'),
  default_limit: '2000',
  tag_limits: { IT: '1800' },
  ...extra,
})

test.each([
  ['within limits', delegation(), null],
  ['over the default limit', delegation({ default_limit: '1000' }), 'DELEGATION_DEFAULT_LIMIT_EXCEEDED'],
  ['over the tag limit', delegation({ tag_limits: { IT: '1200' } }), 'DELEGATION_TAG_LIMIT_EXCEEDED'],
  ['with no limit', delegation({ default_limit: null, tag_limits: {} }), null],
  ['outside its period', delegation({ to: new Date('2026-11-20T00:00:00Z') }), 'NOT_CURRENT_VALIDATOR'],
  ['for another validator', delegation({ delegator: 'ceo' }), 'NOT_CURRENT_VALIDATOR'],
])('a delegate validates %s', (_case, d, code) => {
  const result = validateStep(twoSteps(), { login: 'dana' }, doc, [d], now)
  expect(result.ok ? null : result.error.code).toBe(code)
  if (result.ok) expect(result.value.steps[0]).toMatchObject({ by: 'dana', on_behalf_of: 'manager' })
})

test("skipping passes the current step (the setting is the documents' policies')", () => {
  const skipped = skipStep(twoSteps(), { login: 'admin' }, now)
  expect(skipped.ok && skipped.value.steps[0]?.status).toBe('skipped')
  expect(skipped.ok && waitingOn(skipped.value)).toEqual(['director', 'fiona'])
})

test.each([
  [true, true, 'waiting', true],
  [false, true, 'waiting', false],
  [true, false, 'waiting', false],
  [true, true, 'none', false],
  [true, true, 'complete', false],
  [true, true, 'document refused', false],
] as const)(
  'administrator %s, skip enabled %s, circuit %s: may skip %s',
  (admin, enabled, state, expected) => {
    const complete = validateStep(
      startCircuit(twoSteps().steps.slice(0, 1)),
      { login: 'manager' },
      doc,
      [],
      now,
    )
    if (!complete.ok) throw new Error('refused')
    const circuit = state === 'none' ? null : state === 'complete' ? complete.value : twoSteps()
    // 'document refused': the circuit still waits, but the document no longer awaits validation.
    const turn = circuitTurn(circuit, [], now)
    const status = state === 'document refused' ? 'refused' : 'awaiting'
    const refusal = firstRefusal(
      skipRefusal({ administrator: admin }, enabled),
      skipStatusRefusal(status, turn),
    )
    expect(refusal === undefined).toBe(expected)
  },
)

test('a change of the document resets every step', () => {
  const validated = validateStep(twoSteps(), { login: 'manager' }, doc, [], now)
  if (!validated.ok) throw new Error('refused')
  const reset = resetCircuit(validated.value)
  expect(reset.steps.map((s) => s.status)).toEqual(['pending', 'pending'])
  expect(waitingOn(reset)).toEqual(['manager'])
})

const noRole = () => [] as string[]

test.each([
  ['an amount above every row', [row({ max_amount: '5000' })], '6000'],
  ['an amount below every row', [row({ min_amount: '100' })], '50'],
  ['criteria that match no row', [row({ criteria: { company: 'OTHER' } })], '10'],
  ['a role with nobody in it', [row({ validator: { role: 'empty' } })], '10'],
])('a chart that does not cover the document refuses it: %s', (_, rows, amount) => {
  expect(planCircuit(rows, { amount, company: 'ACME' }, noRole)).toEqual({
    ok: false,
    error: { code: 'CIRCUIT_NOT_COVERED', params: { amount } },
  })
})

test('a negative amount never gets a circuit, whatever the chart', () => {
  for (const rows of [[], [row({ min_amount: '-100000' })]]) {
    expect(planCircuit(rows, { amount: '-5000' }, noRole)).toEqual({
      ok: false,
      error: { code: 'DOCUMENT_TOTAL_NEGATIVE' },
    })
  }
})

test('a covered document gets its steps; a chart with no row at all asks nobody', () => {
  expect(planCircuit([row({})], { amount: '0' }, noRole)).toEqual({
    ok: true,
    value: [{ rank: 1, validators: ['victor'] }],
  })
  expect(planCircuit([], { amount: '10' }, noRole)).toEqual({ ok: true, value: [] })
})

test('a validator of the current step acts for itself; a delegate and a later validator do not', () => {
  const circuit = twoSteps()
  expect(actsForItself(circuit, 'manager')).toBe(true)
  expect(actsForItself(circuit, 'fiona')).toBe(false)
  expect(actsForItself(circuit, 'nobody')).toBe(false)
  const done = validateStep(circuit, { login: 'manager' }, doc, [], now)
  if (!done.ok) throw new Error(done.error.code)
  expect(actsForItself(done.value, 'manager')).toBe(false)
  expect(actsForItself(done.value, 'fiona')).toBe(true)
})

test('a delegation goes to someone else who is active', () => {
  const me = { id: 1 }
  expect(checkDelegate(me, { id: 2, active: true })).toEqual({ ok: true, value: { id: 2, active: true } })
  expect(checkDelegate(me, { id: 1, active: true })).toEqual({
    ok: false,
    error: { code: 'FORM_ERRORS', fields: { delegate_login: [{ code: 'DELEGATION_TO_SELF' }] } },
  })
  expect(checkDelegate(me, { id: 2, active: false }).ok).toBe(false)
  expect(checkDelegate(me, undefined).ok).toBe(false)
})
