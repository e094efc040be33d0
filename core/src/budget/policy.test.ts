import { expect, test } from 'vitest'
import { allowedOf, guard, refusalsOf } from '../policy/decisions'
import { allowedBudgetActions } from './access'

const controller = { id: 1, permissions: ['manage_budgets' as const] }
const analyst = { id: 2, permissions: ['view_budget_analyses' as const] }

test('who manages budgets changes, copies and deletes one; a budget in use is not deleted, and says why', () => {
  expect(allowedOf(allowedBudgetActions(controller, { name: 'IT 2026', moves: 0 }))).toEqual([
    'edit',
    'duplicate',
    'delete',
  ])
  const used = allowedBudgetActions(controller, { name: 'IT 2026', moves: 3 })
  expect(guard(used, 'delete')).toEqual({
    ok: false,
    error: { code: 'BUDGET_IN_USE', params: { budget: 'IT 2026', count: 3 } },
  })
  expect(refusalsOf(used)).toEqual([
    { action: 'delete', code: 'BUDGET_IN_USE', params: { budget: 'IT 2026', count: 3 } },
  ])
  expect(allowedOf(allowedBudgetActions(analyst, { name: 'IT 2026', moves: 0 }))).toEqual([])
  expect(
    allowedOf(allowedBudgetActions({ ...analyst, administrator: true }, { name: 'IT', moves: 0 })),
  ).toHaveLength(3)
})
