import { expect, test } from 'vitest'
import type { CircuitState } from '../circuit/runtime'
import {
  checkExpenseEditable,
  checkExpenseReportActor,
  checkExpenseReportEditable,
  expenseReportActionsFor,
  mayEditExpense,
  maySeeExpense,
} from './policy'

const employee = { id: 1, login: 'emma' }
const payer = { id: 2, login: 'paul', permissions: ['prepare_payments' as const] }
const validator = { id: 3, login: 'vic' }
const awaiting: CircuitState = {
  steps: [{ weight: 1, validators: ['vic'], status: 'pending', by: null, at: null }],
} as unknown as CircuitState

test('an expense is seen by its employee and who pays people, changed by its employee only out of a report', () => {
  expect(maySeeExpense(employee, { user_id: 1 })).toBe(true)
  expect(maySeeExpense(payer, { user_id: 1 })).toBe(true)
  expect(maySeeExpense(validator, { user_id: 1 })).toBe(false)
  expect(mayEditExpense(employee, { user_id: 1, expense_report_id: null })).toBe(true)
  expect(mayEditExpense(payer, { user_id: 1, expense_report_id: null })).toBe(false)
  expect(checkExpenseEditable(payer, { user_id: 1, expense_report_id: null }, null)).toEqual({
    ok: false,
    error: { code: 'ITEM_NOT_FOUND' },
  })
  expect(checkExpenseEditable(employee, { user_id: 1, expense_report_id: 7 }, 'NDF-7')).toEqual({
    ok: false,
    error: { code: 'EXPENSE_IN_REPORT', params: { report: 'NDF-7' } },
  })
})

test('a report is changed by its employee while a draft or refused', () => {
  expect(checkExpenseReportEditable(employee, { user_id: 1, status: 'refused' }).ok).toBe(true)
  expect(checkExpenseReportEditable(employee, { user_id: 1, status: 'awaiting' })).toEqual({
    ok: false,
    error: { code: 'TRANSITION_NOT_ALLOWED' },
  })
  expect(checkExpenseReportEditable(payer, { user_id: 1, status: 'draft' }).ok).toBe(false)
})

test('its employee submits and withdraws it; the validator decides; who claims the money never approves it', () => {
  const report = { user_id: 1, status: 'awaiting' as const, circuit: awaiting }
  expect(expenseReportActionsFor(employee, report)).toEqual(['withdraw'])
  expect(expenseReportActionsFor(validator, report)).toEqual(['validate', 'refuse'])
  expect(checkExpenseReportActor(validator, report, 'withdraw')).toEqual({
    ok: false,
    error: { code: 'FORBIDDEN' },
  })
  expect(checkExpenseReportActor(employee, { ...report, user_id: 1 }, 'validate')).toEqual({
    ok: false,
    error: { code: 'NOT_CURRENT_VALIDATOR' },
  })
  expect(expenseReportActionsFor(employee, { ...report, status: 'draft', circuit: null })).toEqual(['submit'])
  expect(checkExpenseReportActor(payer, report, 'pay')).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
})
