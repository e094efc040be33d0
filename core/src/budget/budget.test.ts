import fc from 'fast-check'
import { expect, test } from 'vitest'
import { parseWith } from '../errors/parse'
import { dec, toAmountString } from '../money/decimal'
import {
  available,
  BudgetInputSchema,
  type BudgetKey,
  budgetTaxFactor,
  consumedPercent,
  covers,
  FiscalPeriodInputSchema,
  fromUnits,
  GenerateBudgetsSchema,
  generatedAmount,
  generationBase,
  keyText,
  overlaps,
  overrunDecision,
  periodOf,
  toUnits,
  unitsByBudget,
  unitsText,
} from './budget'

const key = (parts: Partial<BudgetKey>): BudgetKey => ({
  company_id: null,
  department_id: null,
  allocation1: null,
  allocation2: null,
  allocation3: null,
  allocation4: null,
  ...parts,
})

test.each<[string, Partial<BudgetKey>, Partial<BudgetKey>, boolean]>([
  ['the project it names', { allocation1: 'P1' }, { allocation1: 'P1', allocation3: 'N2' }, true],
  ['another project', { allocation1: 'P1' }, { allocation1: 'P2' }, false],
  ['a line without a project', { allocation1: 'P1' }, { department_id: 4 }, false],
  [
    'project and nature: both must match',
    { allocation1: 'P1', allocation3: 'N2' },
    { allocation1: 'P1', allocation3: 'N3' },
    false,
  ],
  [
    'a department budget covers every line of the department',
    { department_id: 4 },
    { department_id: 4, allocation1: 'P9' },
    true,
  ],
  ['company and department', { company_id: 1, department_id: 4 }, { company_id: 2, department_id: 4 }, false],
])('a budget key covers %s: %s', (_, budget, line, expected) => {
  expect(covers(key(budget), key(line))).toBe(expected)
})

test('the same combination gives the same key text; another does not', () => {
  expect(keyText(key({ allocation1: 'P1', department_id: 4 }))).toBe(
    keyText(key({ department_id: 4, allocation1: 'P1' })),
  )
  expect(keyText(key({ allocation1: 'P1' }))).not.toBe(keyText(key({ allocation2: 'P1' })))
})

test('each budget takes every line it covers, once per line', () => {
  const budgets = [
    { id: 1, ...key({ allocation1: 'P1' }) },
    { id: 2, ...key({ department_id: 4 }) },
    { id: 3, ...key({ allocation1: 'P2' }) },
  ]
  const lines = [
    { key: key({ allocation1: 'P1', department_id: 4 }), units: 1_000_000 },
    { key: key({ allocation1: 'P1', department_id: 5 }), units: 250_000 },
    { key: key({ department_id: 4 }), units: 10_000 },
  ]
  expect(unitsByBudget(budgets, lines)).toEqual(
    new Map([
      [1, 1_250_000],
      [2, 1_010_000],
    ]),
  )
})

test.each<[string, 'none' | 'notify' | 'block', number, number, boolean, string | null]>([
  ['within what is left: passes', 'block', 1000, 1000, false, null],
  ['none never controls', 'none', 0, 5000, false, null],
  ['block refuses the overrun, even confirmed', 'block', 1000, 1500, true, 'BUDGET_OVERRUN_BLOCKED'],
  ['notify asks first', 'notify', 1000, 1500, false, 'BUDGET_OVERRUN_WARNING'],
  ['notify, confirmed: passes and tells the owners', 'notify', 1000, 1500, true, null],
  ['a release (negative) always passes', 'block', -50, -200, false, null],
])('overrun: %s', (_, action, left, units, confirmed, code) => {
  const decided = overrunDecision(action, left, units, {
    budget: 'P1 2026',
    confirmed,
    format: (amount) => amount.toFixed(2),
  })
  expect(decided.ok ? null : decided.error.code).toBe(code)
})

test('the overrun message says by how much, from what is left (an overrun budget counts from 0)', () => {
  const format = (amount: ReturnType<typeof dec>) => amount.toFixed(2)
  const decided = overrunDecision('block', toUnits('100'), toUnits('150.25'), {
    budget: 'P1',
    confirmed: false,
    format,
  })
  expect(!decided.ok && decided.error.params).toEqual({ budget: 'P1', amount: '50.25' })
  const over = overrunDecision('block', toUnits('-10'), toUnits('5'), {
    budget: 'P1',
    confirmed: false,
    format,
  })
  expect(!over.ok && over.error.params?.amount).toBe('5.00')
})

test('available is the amount less what is reserved, committed and spent, exactly', () => {
  expect(
    available({
      amount: toUnits('1000.00'),
      reserved: toUnits('0.10'),
      committed: toUnits('0.20'),
      actual: toUnits('999.70'),
    }),
  ).toBe(0)
  expect(fromUnits(toUnits('1234.5678')).toFixed(4)).toBe('1234.5678')
  expect(toUnits('0.00005')).toBe(1)
})

test('a budget key must name something; amounts are 0 or more', () => {
  const empty = parseWith(BudgetInputSchema, { fiscal_period_id: 1, amount: '100' })
  expect(!empty.ok && empty.error.fields?.allocation1?.[0]?.code).toBe('BUDGET_KEY_INVALID')
  const negative = parseWith(BudgetInputSchema, { fiscal_period_id: 1, allocation1: 'P1', amount: '-1' })
  expect(!negative.ok && negative.error.fields?.amount?.[0]?.code).toBe('TOO_SMALL')
  const good = parseWith(BudgetInputSchema, { fiscal_period_id: 1, allocation1: 'P1', amount: '100' })
  expect(good.ok && good.value.overrun_action).toBe('block')
})

test('fiscal periods: a day falls in the one that holds it; periods end on or after they start; overlaps are seen', () => {
  const periods = [
    { id: 1, starts_on: '2025-01-01', ends_on: '2025-12-31' },
    { id: 2, starts_on: '2026-01-01', ends_on: '2026-12-31' },
  ]
  expect(periodOf(periods, '2025-12-31')?.id).toBe(1)
  expect(periodOf(periods, '2026-01-01')?.id).toBe(2)
  expect(periodOf(periods, '2027-01-01')).toBeUndefined()
  const backwards = parseWith(FiscalPeriodInputSchema, {
    code: 'FY',
    label: 'FY',
    starts_on: '2026-12-31',
    ends_on: '2026-01-01',
  })
  expect(!backwards.ok && backwards.error.fields?.ends_on?.[0]?.code).toBe('DATE_AFTER_OR_EQUAL')
  expect(overlaps(periods[1] as never, { starts_on: '2026-12-31', ends_on: '2027-12-31' })).toBe(true)
  expect(overlaps(periods[0] as never, periods[1] as never)).toBe(false)
})

test('next period generated from an analysis: a figure raised or lowered by a percentage, rounded once', () => {
  expect(generatedAmount(dec('1000'), '5', 2)).toBe('1050.00')
  expect(generatedAmount(dec('333.33'), '-10', 2)).toBe('300.00')
  expect(generatedAmount(dec('0.05'), '10', 2)).toBe('0.06')
})

test('generation reads a budget’s amount, what it holds or what it spent; a period is not generated into itself', () => {
  const b = { amount: 1000, reserved: 10, committed: 200, actual: 300 }
  expect([generationBase(b, 'amount'), generationBase(b, 'held'), generationBase(b, 'actual')]).toEqual([
    1000, 510, 300,
  ])
  const same = parseWith(GenerateBudgetsSchema, { from_period_id: 1, to_period_id: 1 })
  expect(!same.ok && same.error.fields?.to_period_id?.[0]?.code).toBe('MUST_DIFFER')
  const good = parseWith(GenerateBudgetsSchema, { from_period_id: 1, to_period_id: 2, percent: '5' })
  expect(good.ok && good.value).toEqual({
    from_period_id: 1,
    to_period_id: 2,
    basis: 'amount',
    percent: '5',
    budget_ids: null,
  })
})

test('read including tax, a budget’s figures are raised by the budget VAT rate', () => {
  expect(budgetTaxFactor('20', true).times('1000').toFixed(2)).toBe('1200.00')
  expect(budgetTaxFactor('5.5', true).times('200').toFixed(2)).toBe('211.00')
  expect(budgetTaxFactor('20', false).toFixed(0)).toBe('1')
})

test('what a budget holds, in percent of its amount to a tenth; none for a budget of nothing', () => {
  expect(consumedPercent({ amount: 30_000, reserved: 10_000, committed: 0, actual: 0 })).toBe(33.3)
  expect(consumedPercent({ amount: 80_000, reserved: 1, committed: 0, actual: 0 })).toBe(0)
  expect(consumedPercent({ amount: 20_000, reserved: 0, committed: 10_000, actual: 20_000 })).toBe(150)
  expect(consumedPercent({ amount: 0, reserved: 0, committed: 0, actual: 500 })).toBeNull()
})

test('a ledger amount reads as the decimal of its units, rounded half up to the decimals', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -(10 ** 14), max: 10 ** 14 }),
      fc.integer({ min: 0, max: 4 }),
      (units, decimals) => {
        const text = toAmountString(fromUnits(units), decimals)
        expect(unitsText(units, decimals)).toBe(
          text === `-${toAmountString(0, decimals)}` ? text.slice(1) : text,
        )
      },
    ),
  )
})
