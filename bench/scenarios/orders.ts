import { referenceScope } from '@procura/api/db/reference-cache'
import { statementsSent } from '@procura/api/db/statements'
import { sendQueuedNotices } from '@procura/api/services/notifications/notice-queue'
import { applyOrderAction } from '@procura/api/services/purchase-orders/order-actions'
import { createOrder } from '@procura/api/services/purchase-orders/order-write'
import { createTestApp } from '@procura/api/testing/app'
import { round } from '../measure'
import { insertOrders } from './lists'

/**
 * Scenario 3: purchase orders created, submitted and validated through the services (numbering,
 * amounts, circuit, ceilings, traces), one after the other, their notices told after each.
 */
export const ordersScenario = async (count: number, existing = 0) => {
  const t = await createTestApp({ checkResponses: false })
  // Creation must cost the same however many orders exist (numbers come from counters).
  if (existing > 0) await insertOrders(t, existing)
  const id = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
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
  // No yearly ceiling in the way of a long run.
  await t.client.execute(
    "UPDATE suppliers SET max_per_year = NULL, max_per_order = NULL WHERE code = 'OFFICEPRO'",
  )
  const input = {
    supplier_id: await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await id("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    lines: [
      { label: 'Copy paper A4', quantity: '10', unit_price_exctax: '4.99', vat_rate: '20' },
      { label: 'Toner', quantity: '2', unit_price_exctax: '64.90', vat_rate: '20' },
      { label: 'Manual', quantity: '1', unit_price_exctax: '12.50', vat_rate: '5.5' },
    ],
  }
  // As the server runs them: each call in a reference scope (a request's), its notices told by the
  // sender after it has answered (here: after the three calls, counted apart).
  const deps = { ...t, notices: { kick: () => {} } }
  const call = <T>(run: () => Promise<T>) => referenceScope(t.db, run)
  const flow = async () => {
    const created = await call(() => createOrder(deps, buyer, input))
    if (!created.ok) throw new Error(created.error.code)
    const orderId = created.value.data.id
    const submitted = await call(() => applyOrderAction(deps, buyer, orderId, 'submit', {}))
    if (!submitted.ok) throw new Error(submitted.error.code)
    const validated = await call(() => applyOrderAction(deps, validator, orderId, 'validate', {}))
    if (!validated.ok || validated.value.data.status !== 'validated') throw new Error('not validated')
  }
  const one = async () => {
    await flow()
    if ((await sendQueuedNotices(t)) === 0) throw new Error('notices not told')
  }
  for (let i = 0; i < 5; i += 1) await one()
  // The statements one order's creation, submission and validation send (through drizzle), then
  // what the notice sender sends for it (the validator asked, the buyer answered, their actions to do).
  const before = statementsSent()
  await flow()
  const statements = statementsSent() - before
  await sendQueuedNotices(t)
  const noticeStatements = statementsSent() - before - statements
  const started = performance.now()
  for (let i = 0; i < count; i += 1) await one()
  const seconds = (performance.now() - started) / 1000
  await t.close()
  return {
    orders: count,
    existing_orders: existing,
    seconds: round(seconds, 3),
    orders_per_second: round(count / seconds, 1),
    statements_per_order: statements,
    notice_statements_per_order: noticeStatements,
    targets: { statements_per_order_max: 20 },
  }
}
