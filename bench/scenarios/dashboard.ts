import { signIn } from '@procura/api/testing/agent'
import { createTestApp } from '@procura/api/testing/app'
import { type Latency, latency, log, round } from '../measure'
import { insertAll } from './lists'

const DAY = 86_400_000
const STATUSES = ['validated', 'sent', 'acknowledged_receipt', 'closed', 'awaiting', 'draft'] as const

type Call = { procura: Latency; raw_sql: Latency; ratio_p50: number }

/**
 * The dashboard's five calls in-process at `orderCount` orders (each with a line on a catalogue
 * article, spread over 24 months of validations, over the departments), against the same
 * aggregates written straight on the driver, on whichever engine the test app opens.
 */
export const dashboardScenario = async (orderCount: number, count = 100) => {
  const t = await createTestApp({ checkResponses: false })
  const { client } = t
  log(`dashboard: generating ${orderCount} orders with their lines`)
  const ids = async (sql: string) => (await client.execute(sql)).rows.map((r) => Number(r.id))
  const [suppliers, departments, articles] = await Promise.all([
    ids("SELECT id FROM suppliers WHERE status = 'active' ORDER BY id"),
    ids('SELECT id FROM departments ORDER BY id'),
    ids('SELECT id FROM articles ORDER BY id LIMIT 200'),
  ])
  const company = (await ids('SELECT id FROM companies ORDER BY id LIMIT 1'))[0]
  const buyer = (await ids("SELECT id FROM users WHERE login = 'buyer'"))[0]
  const now = Date.now()
  await insertAll(
    t.db,
    'purchase_orders',
    [
      'code',
      'status',
      'supplier_id',
      'company_id',
      'department_id',
      'buyer_id',
      'currency_code',
      'amount_exctax',
      'amount_tax',
      'amount_inctax',
      'vat_breakdown',
      'validated_at',
      'created_at',
      'updated_at',
    ],
    (function* () {
      for (let i = 0; i < orderCount; i += 1) {
        const status = STATUSES[i % STATUSES.length] ?? 'draft'
        const at = new Date(now - ((i * 7919) % 730) * DAY)
        const amount = (((i * 37) % 5000) + 10 + (i % 100) / 100).toFixed(2)
        yield [
          `PO-D-${i}`,
          status,
          suppliers[i % suppliers.length],
          company,
          departments[i % departments.length],
          buyer,
          'EUR',
          amount,
          '0.00',
          amount,
          '[]',
          status === 'awaiting' || status === 'draft' ? null : at,
          at,
          at,
        ]
      }
    })(),
  )
  const orderIds = await ids("SELECT id FROM purchase_orders WHERE code LIKE 'PO-D-%' ORDER BY id")
  const amounts = (
    await client.execute("SELECT amount_exctax FROM purchase_orders WHERE code LIKE 'PO-D-%' ORDER BY id")
  ).rows.map((r) => String(r.amount_exctax))
  await insertAll(
    t.db,
    'purchase_order_lines',
    [
      'purchase_order_id',
      'position',
      'article_id',
      'label',
      'quantity',
      'unit_price_exctax',
      'vat_rate',
      'amount_exctax',
      'amount_tax',
      'amount_inctax',
    ],
    (function* () {
      for (const [i, id] of orderIds.entries()) {
        const amount = amounts[i] ?? '0'
        yield [id, 0, articles[i % articles.length], 'Line', '1', amount, '0', amount, '0', amount]
      }
    })(),
  )
  await client.execute('ANALYZE')
  const agent = await signIn(t.app, 'buyer')
  const headers = {
    'x-requested-with': 'XMLHttpRequest',
    cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  }
  const check = async (response: Response) => {
    if (response.status !== 200) throw new Error(`${response.url}: ${response.status}`)
    await response.arrayBuffer()
  }
  const since = (days: number) => new Date(now - days * DAY)
  const validated = "status IN ('validated','sent','acknowledged_receipt','suspended','closed')"
  // Decimal strings summed as numbers, which both engines accept.
  const sum = (column: string) => `sum(CAST(${column} AS NUMERIC))`
  const raw: Record<string, () => Promise<unknown>> = {
    '': () => client.execute('SELECT code, rate, is_default FROM currencies'),
    '/distribution': () =>
      Promise.all([
        client.execute({
          sql: `SELECT f.id, f.label, ${sum('l.amount_exctax')} FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.purchase_order_id
                LEFT JOIN articles a ON a.id = l.article_id LEFT JOIN product_families f ON f.id = a.product_family_id
                WHERE o.${validated} AND o.validated_at >= ? GROUP BY f.id, f.label`,
          args: [since(92)],
        }),
        client.execute({
          sql: `SELECT supplier_id, ${sum('amount_exctax')} FROM purchase_orders WHERE ${validated} AND validated_at >= ? GROUP BY supplier_id`,
          args: [since(92)],
        }),
        client.execute({
          sql: `SELECT department_id, ${sum('amount_exctax')} FROM purchase_orders WHERE ${validated} AND validated_at >= ? GROUP BY department_id`,
          args: [since(92)],
        }),
      ]),
    '/comparison': () =>
      Promise.all(
        Array.from({ length: 24 }, (_, m) =>
          client.execute({
            sql: `SELECT ${sum('amount_exctax')} FROM purchase_orders WHERE ${validated} AND validated_at >= ? AND validated_at < ?`,
            args: [since((m + 1) * 30), since(m * 30)],
          }),
        ),
      ),
    '/instance': () =>
      Promise.all([
        client.execute(
          `SELECT status, count(*), ${sum('amount_exctax')} FROM purchase_orders WHERE status <> 'obsolete' GROUP BY status`,
        ),
        client.execute(
          "SELECT count(*) FROM purchase_orders WHERE status IN ('sent','acknowledged_receipt') AND delivery_status <> 'complete'",
        ),
        client.execute(
          `SELECT count(*), ${sum('amount_exctax')} FROM supplier_invoices WHERE status = 'awaiting'`,
        ),
      ]),
    '/global': () =>
      Promise.all([
        client.execute({
          sql: `SELECT ${sum('amount_exctax')}, ${sum('delivered_amount_exctax')} FROM purchase_orders WHERE ${validated} AND validated_at >= ?`,
          args: [since(365)],
        }),
        client.execute(
          `SELECT ${sum('amount_exctax')}, ${sum('billed_amount_exctax')} FROM purchase_orders WHERE status IN ('validated','sent','acknowledged_receipt','suspended') AND billing_status NOT IN ('complete','complete_less','complete_more')`,
        ),
        client.execute(`SELECT ${sum('amount_exctax')} FROM supplier_invoices WHERE status = 'validated'`),
        client.execute("SELECT count(*) FROM suppliers WHERE status = 'active'"),
      ]),
  }
  const calls: Record<string, Call> = {}
  for (const [path, rawCall] of Object.entries(raw)) {
    const procura = await latency(
      async () => check(await t.app.request(`/bwapi/dashboard${path}`, { headers })),
      count,
      5,
    )
    const direct = await latency(rawCall, count, 5)
    calls[path === '' ? 'dashboard' : path.slice(1)] = {
      procura,
      raw_sql: direct,
      ratio_p50: round(procura.p50_ms / Math.max(direct.p50_ms, 0.01)),
    }
  }
  t.close()
  return { orders: orderCount, calls, target_p99_ms: 50 }
}

export type DashboardResult = Awaited<ReturnType<typeof dashboardScenario>>
