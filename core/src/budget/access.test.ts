import { expect, test } from 'vitest'
import { canManageBudgets, canViewBudgets, maySeeBudget, mayUseProject } from './access'

const admin = { id: 1, administrator: true }
const finance = { id: 2, permissions: ['view_budget_analyses', 'manage_budgets'] as const }
const buyer = { id: 3, permissions: ['view_budget_analyses'] as const }
const requester = { id: 4, permissions: [] as const }

test.each([
  ['an administrator', admin, true, true, true, true],
  ['who manages budgets', finance, true, true, true, true],
  ['who views analyses: not an overrun one, unless it is theirs', buyer, false, true, true, false],
  ['anyone else: none', requester, false, false, false, false],
])('%s', (_, actor, manages, views, within, overrun) => {
  expect(canManageBudgets(actor)).toBe(manages)
  expect(canViewBudgets(actor)).toBe(views)
  expect(maySeeBudget(actor, { owner_id: null, overrun: false })).toBe(within)
  expect(maySeeBudget(actor, { owner_id: null, overrun: true })).toBe(overrun)
})

test('a budget’s owner sees it overrun', () => {
  expect(maySeeBudget({ ...buyer, id: 9 }, { owner_id: 9, overrun: true })).toBe(true)
})

test.each([
  ['no project authorization: not restricted', [], true],
  ['write on All', [{ dimension: 'project', value_code: null, access: 'write' as const }], true],
  ['write on P1', [{ dimension: 'project', value_code: 'P1', access: 'write' as const }], true],
  ['write on P2 only', [{ dimension: 'project', value_code: 'P2', access: 'write' as const }], false],
  ['read on P1 only', [{ dimension: 'project', value_code: 'P1', access: 'read' as const }], false],
  [
    'a company authorization says nothing of projects',
    [{ dimension: 'company', value_code: 'ACME', access: 'write' as const }],
    true,
  ],
])('using project P1: %s', (_, authorizations, expected) => {
  expect(mayUseProject(authorizations, 'P1')).toBe(expected)
})
