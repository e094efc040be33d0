import { expect, test } from 'vitest'
import type { CircuitState } from '../circuit/runtime'
import { allowedOf, guard } from '../policy/decisions'
import { allowedExpenseActions, allowedExpenseReportActions, maySeeExpense } from './policy'

const employee = { id: 1, login: 'emma' }
const payer = { id: 2, login: 'paul', permissions: ['prepare_payments' as const] }
const validator = { id: 3, login: 'vic' }
const awaiting: CircuitState = {
  steps: [{ weight: 1, validators: ['vic'], status: 'pending', by: null, at: null }],
} as unknown as CircuitState

const waitsOnVic = { waitingOn: ['vic'], delegate: false }
type Report = Parameters<typeof allowedExpenseReportActions>[1]
const actionsOn = (actor: typeof employee, report: Report) =>
  allowedOf(allowedExpenseReportActions(actor, report, waitsOnVic)).filter((a) => a !== 'edit')
const check = (actor: typeof employee, report: Report, action: Parameters<typeof guard>[1]) =>
  guard(allowedExpenseReportActions(actor, report, waitsOnVic), action as never)

test('an expense is seen by its employee and who pays people, changed by its employee only out of a report', () => {
  expect(maySeeExpense(employee, { user_id: 1 })).toBe(true)
  expect(maySeeExpense(payer, { user_id: 1 })).toBe(true)
  expect(maySeeExpense(validator, { user_id: 1 })).toBe(false)
  const free = { user_id: 1, expense_report_id: null }
  expect(guard(allowedExpenseActions(employee, free, null), 'edit').ok).toBe(true)
  expect(guard(allowedExpenseActions(payer, free, null), 'edit')).toEqual({
    ok: false,
    error: { code: 'ITEM_NOT_FOUND' },
  })
  expect(
    guard(allowedExpenseActions(employee, { user_id: 1, expense_report_id: 7 }, 'NDF-7'), 'edit'),
  ).toEqual({
    ok: false,
    error: { code: 'EXPENSE_IN_REPORT', params: { report: 'NDF-7' } },
  })
})

test('a report is changed by its employee while a draft or refused', () => {
  expect(check(employee, { user_id: 1, status: 'refused', circuit: null }, 'edit').ok).toBe(true)
  expect(check(employee, { user_id: 1, status: 'awaiting', circuit: awaiting }, 'edit')).toEqual({
    ok: false,
    error: { code: 'TRANSITION_NOT_ALLOWED', params: { action: 'edit', status: 'awaiting' } },
  })
  expect(check(payer, { user_id: 1, status: 'draft', circuit: null }, 'edit').ok).toBe(false)
})

test('its employee submits and withdraws it; the validator decides; who claims the money never approves it', () => {
  const report = { user_id: 1, status: 'awaiting' as const, circuit: awaiting }
  expect(actionsOn(employee, report)).toEqual(['withdraw'])
  expect(actionsOn(validator, report)).toEqual(['validate', 'refuse'])
  expect(check(validator, report, 'withdraw')).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
  // Even named in the circuit, who claims the money does not approve it.
  const own = allowedExpenseReportActions({ ...employee, login: 'vic' }, report, waitsOnVic)
  expect(guard(own, 'validate')).toEqual({ ok: false, error: { code: 'NOT_CURRENT_VALIDATOR' } })
  expect(actionsOn(employee, { ...report, status: 'draft', circuit: null })).toEqual(['submit'])
  expect(check(payer, { ...report, status: 'validated' }, 'pay')).toEqual({
    ok: false,
    error: { code: 'FORBIDDEN' },
  })
  // A delegate of the validator decides too.
  expect(
    guard(allowedExpenseReportActions(payer, report, { waitingOn: ['vic'], delegate: true }), 'validate').ok,
  ).toBe(true)
})

test('withdrawing stops once a validator has decided', () => {
  const decided = {
    steps: [
      { weight: 1, validators: ['vic'], status: 'validated', by: 'vic', at: null },
      { weight: 2, validators: ['val'], status: 'pending', by: null, at: null },
    ],
  } as unknown as CircuitState
  expect(check(employee, { user_id: 1, status: 'awaiting', circuit: decided }, 'withdraw')).toEqual({
    ok: false,
    error: { code: 'EXPENSE_REPORT_DECIDED' },
  })
})
