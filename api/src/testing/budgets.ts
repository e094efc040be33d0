import { expect } from 'vitest'
import type { Agent } from './agent'

/** A budget of this year (2026, the tests' clock) for a company's project, made by who manages budgets; its id. */
export const projectBudget = async (
  finance: Agent,
  company: number,
  project: string,
  amount: string,
  overrun_action: 'none' | 'notify' | 'block' = 'notify',
) => {
  const period = await finance.post('/bwapi/fiscal-periods', {
    code: 'FY2026',
    label: 'FY 2026',
    starts_on: '2026-01-01',
    ends_on: '2026-12-31',
  })
  expect(period.status).toBe(201)
  const { id } = ((await period.json()) as { data: { id: number } }).data
  const budget = await finance.post('/bwapi/budgets', {
    fiscal_period_id: id,
    company_id: company,
    allocation1: project,
    amount,
    overrun_action,
  })
  expect(budget.status).toBe(201)
  return ((await budget.json()) as { data: { id: number } }).data.id
}
