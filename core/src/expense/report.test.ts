import { expect, test } from 'vitest'
import type { StepState } from '../circuit/runtime'
import { tableProblems } from '../policy/lifecycle'
import {
  checkMayWithdrawReport,
  EXPENSE_REPORT_ACTIONS,
  EXPENSE_REPORT_STATUSES,
  EXPENSE_REPORT_TRANSITIONS,
  expenseReportPayable,
  expenseReportTransition,
  type PayableExpenseReport,
  planExpensePayments,
  planExpenseReport,
} from './report'

test('the report transitions, as a table', () => {
  const table = Object.fromEntries(
    EXPENSE_REPORT_STATUSES.map((status) => [
      status,
      Object.fromEntries(
        EXPENSE_REPORT_ACTIONS.map((action) => {
          const next = expenseReportTransition(status, action)
          return [action, next.ok ? next.value : '—']
        }),
      ),
    ]),
  )
  expect(table).toEqual({
    draft: {
      submit: 'awaiting',
      withdraw: '—',
      validate: '—',
      refuse: '—',
      reopen: '—',
      pay: '—',
      unpay: '—',
    },
    awaiting: {
      submit: '—',
      withdraw: 'draft',
      validate: 'validated',
      refuse: 'refused',
      reopen: '—',
      pay: '—',
      unpay: '—',
    },
    validated: {
      submit: '—',
      withdraw: '—',
      validate: '—',
      refuse: '—',
      reopen: '—',
      pay: 'paid',
      unpay: '—',
    },
    refused: {
      submit: '—',
      withdraw: '—',
      validate: '—',
      refuse: '—',
      reopen: 'draft',
      pay: '—',
      unpay: '—',
    },
    paid: {
      submit: '—',
      withdraw: '—',
      validate: '—',
      refuse: '—',
      reopen: '—',
      pay: '—',
      unpay: 'validated',
    },
  })
})

test('a report is withdrawn only while every step of its circuit is still pending', () => {
  const step = (status: StepState['status']): StepState => ({
    rank: 1,
    validators: ['manager'],
    status,
    by: status === 'pending' ? null : 'manager',
    on_behalf_of: null,
    at: null,
  })
  expect(checkMayWithdrawReport(null)).toEqual({ ok: true, value: true })
  expect(checkMayWithdrawReport({ steps: [step('pending'), step('pending')] }).ok).toBe(true)
  for (const decided of ['validated', 'skipped', 'refused'] as const)
    expect(checkMayWithdrawReport({ steps: [step(decided), step('pending')] })).toEqual({
      ok: false,
      error: { code: 'EXPENSE_REPORT_DECIDED' },
    })
})

const expense = (id: number, extra = {}) => ({
  id,
  user_id: 7,
  currency_code: 'EUR',
  amount_inctax: '10.10',
  expense_report_id: null,
  ...extra,
})
const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error?.code)

test('a report holds at least one expense, the user’s own, in one currency, in no other report', () => {
  const expenses = [
    expense(1),
    expense(2, { amount_inctax: '5.25' }),
    expense(3, { currency_code: 'USD' }),
    expense(4, { user_id: 8 }),
    expense(5, { expense_report_id: 99 }),
  ]
  expect(code(planExpenseReport(expenses, [], 7, null, 2))).toBe('EXPENSE_REPORT_EMPTY')
  expect(code(planExpenseReport(expenses, [1, 3], 7, null, 2))).toBe('DIFFERENT_CURRENCIES')
  expect(code(planExpenseReport(expenses, [1, 4], 7, null, 2))).toBe('ITEM_NOT_FOUND')
  expect(code(planExpenseReport(expenses, [1, 5], 7, null, 2))).toBe('ITEMS_ALREADY_PAID_OR_PENDING')
  expect(code(planExpenseReport(expenses, [1, 1], 7, null, 2))).toBe('ITEMS_ALREADY_PAID_OR_PENDING')
  expect(planExpenseReport(expenses, [1, 2], 7, null, 2)).toEqual({
    ok: true,
    value: { currency_code: 'EUR', amount_inctax: '15.35', expense_count: 2 },
  })
  // Changing report 99 may keep its own expense.
  expect(code(planExpenseReport(expenses, [1, 5], 7, 99, 2))).toBe('ok')
})

const report = (id: number, extra: Partial<PayableExpenseReport> = {}): PayableExpenseReport => ({
  id,
  user_id: 7,
  company_id: 1,
  currency_code: 'EUR',
  status: 'validated',
  amount_inctax: '100.00',
  committed_payments: 0,
  ...extra,
})

test('a payment pays validated reports, not paid or pending, all of one user', () => {
  const reports = [
    report(1),
    report(2),
    report(3, { user_id: 8 }),
    report(4, { status: 'awaiting' }),
    report(5, { committed_payments: 1 }),
  ]
  expect(code(planExpensePayments(reports, [1, 2]))).toBe('ok')
  expect(code(planExpensePayments(reports, [1, 3]))).toBe('DIFFERENT_USERS')
  expect(code(planExpensePayments(reports, [1, 4]))).toBe('ITEMS_ALREADY_PAID_OR_PENDING')
  expect(code(planExpensePayments(reports, [5]))).toBe('ITEMS_ALREADY_PAID_OR_PENDING')
  expect(code(planExpensePayments(reports, [9]))).toBe('ITEM_NOT_FOUND')
})

test('a validated report is payable by who prepares payments until a payment of it is on its way', () => {
  const clerk = { permissions: ['prepare_payments' as const] }
  expect(expenseReportPayable(clerk, { status: 'validated', payments: [] })).toBe(true)
  expect(
    expenseReportPayable(clerk, { status: 'validated', payments: [{ status: 'rejected_beneficiary_bank' }] }),
  ).toBe(true)
  expect(expenseReportPayable(clerk, { status: 'validated', payments: [{ status: 'awaiting' }] })).toBe(false)
  expect(expenseReportPayable(clerk, { status: 'awaiting', payments: [] })).toBe(false)
  expect(expenseReportPayable({ permissions: [] }, { status: 'validated', payments: [] })).toBe(false)
})

test('the expense report lifecycle follows its table', () => {
  expect(
    tableProblems(EXPENSE_REPORT_TRANSITIONS, {
      statuses: EXPENSE_REPORT_STATUSES,
      actions: EXPENSE_REPORT_ACTIONS,
      apply: expenseReportTransition,
    }),
  ).toEqual([])
})
