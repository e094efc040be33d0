import { applyOrderAction } from '@procura/api/services/purchase-orders/order-actions'
import { createOrder } from '@procura/api/services/purchase-orders/order-write'
import { createTestApp } from '@procura/api/testing/app'
import { type Latency, latency, round } from '../measure'

const WARMUP = 10

/**
 * Issue 28's cost of control: the validation of an order (its last step) on lines no budget covers,
 * against the same validation on lines a "block" budget covers — its key resolved, the ledger read,
 * the budget moved by its conditional update and the moves written in the same transaction.
 */
export const budgetsScenario = async (count: number) => {
  const t = await createTestApp({ checkResponses: false })
  const id = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
  const now = t.clock.now()
  const year = now.getUTCFullYear()
  await t.client.execute({
    sql: 'INSERT INTO fiscal_periods (code, label, starts_on, ends_on, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    args: [`FY${year}`, `FY ${year}`, `${year}-01-01`, `${year}-12-31`, true, now, now],
  })
  await t.client.execute({
    sql: 'INSERT INTO allocations (level, code, label, active, created_at, updated_at) VALUES (1, ?, ?, ?, ?, ?)',
    args: ['P-BENCH', 'Bench project', true, now, now],
  })
  await t.client.execute({
    sql: `INSERT INTO budgets (fiscal_period_id, allocation1, key, label, amount, overrun_action, reserved, committed, actual, created_at, updated_at)
          VALUES (?, 'P-BENCH', '||P-BENCH|||', 'Bench', ?, 'block', 0, 0, 0, ?, ?)`,
    args: [await id('SELECT id FROM fiscal_periods'), 1_000_000_000_000, now, now],
  })
  await t.client.execute(
    "UPDATE suppliers SET max_per_year = NULL, max_per_order = NULL WHERE code = 'OFFICEPRO'",
  )
  const buyer = {
    id: await id("SELECT id FROM users WHERE login = 'buyer'"),
    login: 'buyer',
    buyer: true,
    can_view_other_po: true,
  }
  const validator = {
    id: await id("SELECT id FROM users WHERE login = 'validator'"),
    login: 'validator',
    buyer: false,
    can_view_other_po: false,
  }
  const supplier = await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  const company = await id("SELECT id FROM companies WHERE code = 'ACME'")
  /** Orders waiting for the validator, their lines on the budgeted project or on none. */
  const waiting = async (allocation1: string | null) => {
    const ids: number[] = []
    for (let i = 0; i < count + WARMUP; i += 1) {
      const created = await createOrder(t, buyer, {
        supplier_id: supplier,
        company_id: company,
        currency_code: 'EUR',
        lines: [
          { label: 'Copy paper A4', quantity: '10', unit_price_exctax: '4.99', vat_rate: '20', allocation1 },
          { label: 'Toner', quantity: '2', unit_price_exctax: '64.90', vat_rate: '20', allocation1 },
        ],
      })
      if (!created.ok) throw new Error(created.error.code)
      const submitted = await applyOrderAction(t, buyer, created.value.data.id, 'submit', {})
      if (!submitted.ok) throw new Error(submitted.error.code)
      ids.push(created.value.data.id)
    }
    return ids
  }
  const validating = (ids: number[]) => async () => {
    const orderId = ids.shift()
    if (orderId === undefined) throw new Error('no order left')
    const validated = await applyOrderAction(t, validator, orderId, 'validate', {})
    if (!validated.ok || validated.value.data.status !== 'validated') throw new Error('not validated')
  }
  const free = await waiting(null)
  const budgeted = await waiting('P-BENCH')
  const without: Latency = await latency(validating(free), count, WARMUP)
  const withControl: Latency = await latency(validating(budgeted), count, WARMUP)
  const moved = await id("SELECT count(*) AS id FROM budget_moves WHERE kind = 'commitment'")
  if (moved !== count + WARMUP) throw new Error(`expected ${count + WARMUP} commitments, found ${moved}`)
  await t.close()
  return {
    validations: count,
    without_budget: without,
    with_budget: withControl,
    ratio_p50: round(withControl.p50_ms / Math.max(without.p50_ms, 0.01)),
    target_ratio: 1.5,
  }
}

export type BudgetsResult = Awaited<ReturnType<typeof budgetsScenario>>
