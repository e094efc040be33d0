import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PURCHASE_ORDER_STATUSES } from '@procura/core/purchase-order'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { applyDeemedAcknowledgements } from '../services/purchase-orders/acknowledgements'
import { signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { SEPA_SCHEMA, xmllint } from '../testing/xmllint'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ history: true })
})
afterAll(() => t.close())

const rows = async (sql: string) => (await t.client.execute(sql)).rows

test('a year of orders in every status, numbered in their own years, with comments and files', async () => {
  const statuses = (await rows('SELECT DISTINCT status FROM purchase_orders')).map((r) => r.status)
  expect(new Set(statuses)).toEqual(new Set(PURCHASE_ORDER_STATUSES))
  const [span] = await rows('SELECT min(created_at) AS first, max(created_at) AS last FROM purchase_orders')
  const now = t.clock.now().getTime()
  expect(now - Number(span?.first)).toBeGreaterThan(300 * 86_400_000)
  expect(now - Number(span?.last)).toBeLessThan(30 * 86_400_000)
  const [counts] = await rows(
    "SELECT (SELECT count(*) FROM comments) AS comments, (SELECT count(*) FROM attachments) AS files, (SELECT count(*) FROM stock_movements) AS moves, (SELECT count(*) FROM delegations) AS delegations, (SELECT count(*) FROM traces WHERE model = 'purchase_order') AS traces",
  )
  expect(Number(counts?.comments)).toBeGreaterThan(20)
  expect(Number(counts?.files)).toBeGreaterThan(5)
  expect(Number(counts?.moves)).toBeGreaterThan(20)
  expect(Number(counts?.delegations)).toBe(2)
  expect(Number(counts?.traces)).toBeGreaterThan(300)
})

test('sent orders of the year were received in every way: part, all, returned, forced, pre-delivered', async () => {
  const statuses = (
    await rows('SELECT DISTINCT delivery_status FROM purchase_orders WHERE sent_at IS NOT NULL')
  ).map((r) => r.delivery_status)
  expect(new Set(statuses)).toEqual(new Set(['no', 'partial', 'complete', 'forced_complete']))
  const [counts] = await rows(
    "SELECT (SELECT count(*) FROM deliveries WHERE kind = 'delivery') AS receptions, (SELECT count(*) FROM deliveries WHERE kind = 'technical' AND status = 'received') AS technical, (SELECT count(*) FROM delivery_lines WHERE quantity LIKE '-%') AS returns, (SELECT count(*) FROM delivery_reservations) AS reservations, (SELECT count(*) FROM stock_movements WHERE purchase_order_id IS NOT NULL) AS stock",
  )
  expect(Number(counts?.receptions)).toBeGreaterThan(20)
  expect(Number(counts?.technical)).toBeGreaterThan(3)
  expect(Number(counts?.returns)).toBeGreaterThan(2)
  expect(Number(counts?.reservations)).toBeGreaterThan(2)
  expect(Number(counts?.stock)).toBeGreaterThan(20)
  // Closed orders had everything they ordered before they were closed.
  expect(
    (await rows("SELECT DISTINCT delivery_status FROM purchase_orders WHERE status = 'closed'")).map(
      (r) => r.delivery_status,
    ),
  ).toEqual(['complete'])
})

test('received orders were invoiced: invoices in every status, a dispute, orders billed, a queue of pending ones', async () => {
  const statuses = (await rows('SELECT DISTINCT status FROM supplier_invoices')).map((r) => r.status)
  expect(new Set(statuses)).toEqual(new Set(['draft', 'awaiting', 'validated', 'refused', 'canceled']))
  expect(
    (await rows("SELECT id FROM supplier_invoices WHERE dispute_status = 'ongoing'")).length,
  ).toBeGreaterThan(0)
  const billing = (await rows('SELECT DISTINCT billing_status FROM purchase_orders')).map(
    (r) => r.billing_status,
  )
  expect(billing).toEqual(expect.arrayContaining(['no', 'partial', 'complete']))
  expect((await rows("SELECT id FROM pending_invoices WHERE status = 'pending'")).length).toBe(3)
  // OfficePro's e-invoice names its order and lands on it, with nothing to report; that order is
  // not received yet, so it waits on hold with its reason.
  const [einvoice] = await rows(
    "SELECT e_invoice_match, e_invoice_issues, status, hold_reason FROM pending_invoices WHERE label = 'OP-2026-151'",
  )
  expect(einvoice).toMatchObject({
    status: 'on_hold',
    hold_reason: expect.stringMatching(/^The goods of PO-/),
  })
  // A JSON column reads back as text on SQLite, as a value on PostgreSQL.
  const value = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
  expect(value(einvoice?.e_invoice_match)).toMatchObject({ rule: 'BT-13' })
  expect(value(einvoice?.e_invoice_issues)).toEqual([])
  // The oldest dispute ended with the supplier's credit note, validated, correcting its invoice.
  const [note] = await rows(
    "SELECT n.status, n.amount_exctax, i.dispute_status FROM supplier_invoices n JOIN supplier_invoices i ON i.id = n.corrects_invoice_id WHERE n.kind = 'credit_note'",
  )
  expect(note).toMatchObject({ status: 'validated', dispute_status: 'finished' })
  expect(Number(note?.amount_exctax)).toBeLessThan(0)
})

test('requests in every approval and processing state, the ordered ones tied to their order', async () => {
  const states = (await rows('SELECT DISTINCT status, processing FROM needs')).map(
    (r) => `${r.status}/${r.processing}`,
  )
  for (const state of [
    'draft/none',
    'awaiting/none',
    'refused/none',
    'canceled/none',
    'validated/awaiting',
    'validated/processing',
    'validated/po_validated',
  ])
    expect(states).toContain(state)
  const [unlinked] = await rows(
    "SELECT count(*) AS n FROM needs WHERE processing IN ('po_submitted', 'po_validated') AND purchase_order_id IS NULL",
  )
  expect(Number(unlinked?.n)).toBe(0)
})

/** The lists each demo user's menu opens, and what they must find there. */
test.each([
  [
    'admin',
    [
      '/bwapi/needs',
      '/bwapi/purchase-orders',
      '/bwapi/suppliers',
      '/bwapi/users',
      '/bwapi/warehouses/1/articles',
    ],
  ],
  ['buyer', ['/bwapi/needs', '/bwapi/purchase-orders', '/bwapi/suppliers', '/bwapi/warehouses/1/articles']],
  ['requester', ['/bwapi/needs']],
  ['validator', ['/bwapi/needs', '/bwapi/purchase-orders']],
  ['supplier', ['/bwapi/purchase-orders']],
])('%s finds rows in %j', async (login, lists) => {
  const user = await signIn(t.app, login)
  for (const list of lists) {
    const response = await user.get(list)
    expect(response.status, list).toBe(200)
    const body = (await response.json()) as { data: unknown[]; meta: { total: number } }
    expect(body.meta.total, `${login} ${list}`).toBeGreaterThan(0)
  }
})

test('the validator has work waiting, and the supplier reads only its own company’s sent orders', async () => {
  const validator = await signIn(t.app, 'validator')
  const todo = (await (await validator.get('/bwapi/actions-to-do')).json()) as { count: number }
  expect(todo.count).toBeGreaterThan(0)
  // And the CFO: a large order its first validator approved waits for them.
  const cfo = await signIn(t.app, 'cfo')
  const desk = (await (await cfo.get('/bwapi/actions-to-do')).json()) as { count: number }
  expect(desk.count).toBeGreaterThan(0)
  // Its notifications: the year's, read when they came; this week's unread.
  const notes = (await (await validator.get('/bwapi/notifications')).json()) as {
    data: { kind: string; created_at: string; read: boolean }[]
    meta: { total: number; unread: number }
  }
  expect(notes.meta.total).toBeGreaterThan(notes.meta.unread)
  const weekAgo = t.clock.now().getTime() - 7 * 86_400_000
  expect(notes.data.every((n) => n.read === Date.parse(n.created_at) < weekAgo)).toBe(true)
  const supplier = await signIn(t.app, 'supplier')
  const list = (await (await supplier.get('/bwapi/purchase-orders?per_page=100')).json()) as {
    data: { id: number; supplier: string; status: string }[]
  }
  expect(new Set(list.data.map((o) => o.supplier))).toEqual(new Set(['OfficePro Supplies']))
  const first = list.data[0]
  const order = (await (await supplier.get(`/bwapi/purchase-orders/${first?.id}`)).json()) as {
    data: Record<string, unknown>
  }
  expect(order.data).not.toHaveProperty('circuit')
  expect((order.data.actions as string[]).every((a) => a === 'acknowledge')).toBe(true)
  const [other] = await rows(
    "SELECT o.id FROM purchase_orders o JOIN suppliers s ON s.id = o.supplier_id WHERE s.code <> 'OFFICEPRO' AND o.sent_at IS NOT NULL LIMIT 1",
  )
  expect((await supplier.get(`/bwapi/purchase-orders/${other?.id}`)).status).toBe(404)
})

test('a supplier’s contact reads none of the internal discussion or files of its orders', async () => {
  const [order] = await rows(
    "SELECT o.id FROM purchase_orders o JOIN suppliers s ON s.id = o.supplier_id WHERE s.code = 'OFFICEPRO' AND o.sent_at IS NOT NULL LIMIT 1",
  )
  const supplier = await signIn(t.app, 'supplier')
  expect((await supplier.get(`/bwapi/purchase-orders/${order?.id}`)).status).toBe(200)
  expect((await supplier.get(`/bwapi/purchase-orders/${order?.id}/comments`)).status).toBe(404)
  expect((await supplier.get(`/bwapi/purchase-orders/${order?.id}/attachments`)).status).toBe(404)
})

// SQLite's migration 0009 (PostgreSQL's first migration already has the counters).
test.skipIf(process.env.PROCURA_TEST_PG_SERVER !== undefined)(
  'the counters migration rebuilds the piece counters an existing year of orders and requests implies',
  async () => {
    // The series that existed before the counters (later ones, as deliveries, start with them).
    const counters =
      "SELECT series, period, value FROM piece_counters WHERE series IN ('need', 'purchase_order') ORDER BY series, period"
    const kept = await rows(counters)
    expect(kept.length).toBeGreaterThan(10)
    // What migration 0009 does on a database made before the counters: count what exists.
    const migration = readFileSync(
      fileURLToPath(new URL('../db/migrations/0009_piece_counters.sql', import.meta.url)),
      'utf8',
    )
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => statement.startsWith('INSERT INTO `piece_counters`'))
    expect(backfill).toHaveLength(4)
    await t.client.execute('DELETE FROM piece_counters')
    for (const statement of backfill) await t.client.execute(statement)
    expect(await rows(counters)).toEqual(kept)
  },
)

test('payments in every step of their story, with valid SEPA files and a new IBAN waiting for its second person', async () => {
  const statuses = (await rows('SELECT DISTINCT status FROM payment_lines')).map((r) => r.status)
  expect(statuses.sort()).toEqual(
    ['awaiting', 'draft', 'paid', 'planified', 'rejected_beneficiary_bank', 'validated'].sort(),
  )
  expect(
    (await rows("SELECT DISTINCT payment_status FROM supplier_invoices WHERE status = 'validated'"))
      .map((r) => r.payment_status)
      .sort(),
  ).toEqual(['complete', 'no', 'partial'])
  expect(
    await rows("SELECT reason_code FROM payment_lines WHERE status = 'rejected_beneficiary_bank'"),
  ).toEqual([expect.objectContaining({ reason_code: 'AC04' })])
  expect(await rows("SELECT count(*) AS n FROM bank_accounts WHERE status = 'pending_validation'")).toEqual([
    expect.objectContaining({ n: 1 }),
  ])
  const files = await rows('SELECT format, file FROM payment_exports')
  expect(files.length).toBeGreaterThanOrEqual(4)
  for (const { format, file } of files) expect(xmllint(String(file), SEPA_SCHEMA(format as '09'))).toBe('')
  // Invoices are left for the proposal builder (accounts payable's), and the demo's two suppliers
  // sharing one IBAN are flagged there when one of them has something due.
  const payables = await signIn(t.app, 'payables')
  const proposal = (await (
    await payables.get('/bwapi/payment-groups/proposal?due_by=2099-12-31')
  ).json()) as {
    data: { invoice_ids: number[] }[]
  }
  expect(proposal.data.flatMap((g) => g.invoice_ids).length).toBeGreaterThan(0)
  const shared = await rows(
    'SELECT account_number, count(DISTINCT supplier_id) AS n FROM bank_accounts WHERE supplier_id IS NOT NULL GROUP BY account_number HAVING count(DISTINCT supplier_id) > 1',
  )
  expect(shared).toHaveLength(1)
  // Who ordered did not pay: no payment group was made, validated or exported by a buyer.
  const buyersPaying = await rows(
    'SELECT count(*) AS n FROM payment_groups g JOIN users u ON u.id = g.created_by WHERE u.buyer = true',
  )
  expect(Number(buyersPaying[0]?.n)).toBe(0)
})

test('accounting: the chart of accounts, supplier codes, a first export balanced, and invoices left to export', async () => {
  expect(Number((await rows('SELECT count(*) AS n FROM accounting_entries'))[0]?.n)).toBeGreaterThan(1)
  expect(Number((await rows('SELECT count(*) AS n FROM accounting_vat_entries'))[0]?.n)).toBe(16)
  expect(await rows('SELECT count(*) AS n FROM suppliers WHERE accounting_code IS NULL')).toEqual([
    expect.objectContaining({ n: 0 }),
  ])
  const [done] = await rows(
    "SELECT id, invoice_count, debit_total, credit_total FROM accounting_exports WHERE status = 'done'",
  )
  expect(Number(done?.invoice_count)).toBeGreaterThan(0)
  expect(done?.debit_total).toBe(done?.credit_total)
  const waiting = await rows(
    "SELECT count(*) AS n FROM supplier_invoices WHERE status = 'validated' AND accounting_export_id IS NULL",
  )
  expect(Number(waiting[0]?.n)).toBeGreaterThan(0)
  const payables = await signIn(t.app, 'payables')
  const file = await payables.get(`/bwapi/accounting-exports/${String(done?.id)}/file`)
  expect((await file.text()).split('\r\n').length).toBeGreaterThan(3)
})

test('"Sent" holds the orders of these last days; the first start’s acknowledgement job finds nothing to do', async () => {
  const sent = await rows("SELECT count(*) AS n FROM purchase_orders WHERE status = 'sent'")
  expect(Number(sent[0]?.n)).toBeGreaterThanOrEqual(3)
  // The demo's supplier contact has orders to acknowledge.
  const contact = await signIn(t.app, 'supplier')
  const todo = (await (await contact.get('/bwapi/actions-to-do')).json()) as { count: number }
  expect(todo.count).toBeGreaterThan(0)
  expect(await applyDeemedAcknowledgements({ db: t.db, clock: t.clock })).toEqual([])
  const deemed = await rows(
    "SELECT count(*) AS n FROM traces WHERE action = 'acknowledge' AND user_id IS NULL",
  )
  expect(Number(deemed[0]?.n)).toBeGreaterThan(0)
})

test('demo suppliers show every approval and document state: approved, an expired attestation, a prospect missing its Kbis', async () => {
  const buyer = await signIn(t.app, 'buyer')
  const idOf = async (code: string) =>
    Number(
      (await t.client.execute({ sql: 'SELECT id FROM suppliers WHERE code = ?', args: [code] })).rows[0]?.id,
    )
  const approval = async (code: string) =>
    (
      (await (await buyer.get(`/bwapi/suppliers/${await idOf(code)}/approval`)).json()) as {
        data: Record<string, unknown>
      }
    ).data
  const states = async (code: string) =>
    (
      (await (await buyer.get(`/bwapi/suppliers/${await idOf(code)}/files`)).json()) as {
        data: { type: string; state: string }[]
      }
    ).data.map((f) => `${f.type}: ${f.state}`)
  expect(await approval('OFFICEPRO')).toMatchObject({ status: 'active', issues: [] })
  expect(await states('SAFEWORK')).toEqual(
    expect.arrayContaining([
      'URSSAF attestation: expired',
      'Kbis extract: expiring',
      'Kbis extract: expired',
    ]),
  )
  expect(await approval('SAFEWORK')).toMatchObject({
    status: 'active',
    issues: [{ code: 'SUPPLIER_NEEDS_FILE' }],
  })
  const prospect = await approval('BUREAUPLUS')
  expect(prospect).toMatchObject({ status: 'prospect', approved_until: null, may_approve: false })
  expect((prospect.issues as { message: string }[]).map((i) => i.message)).toEqual([
    'Missing or expired document: Kbis extract. Add a valid one and have it validated.',
  ])
})

test('every supplier chart answers its documented shape with the demo’s data, and draws something', async () => {
  const buyer = await signIn(t.app, 'buyer')
  const id = Number((await t.client.execute("SELECT id FROM suppliers WHERE code = 'SAFEWORK'")).rows[0]?.id)
  const chart = async (name: string) => {
    const response = await buyer.get(`/bwapi/suppliers/${id}/charts/${name}`)
    expect(response.status, name).toBe(200)
    return ((await response.json()) as { data: Record<string, unknown> }).data
  }
  const list = (
    (await (await buyer.get(`/bwapi/suppliers/${id}/charts`)).json()) as { data: { name: string }[] }
  ).data
  expect(list.map((c) => c.name)).toEqual([
    'turnover',
    'annual_rating',
    'additional_rating',
    'certification',
    'performance',
    'security',
    'accounting_turnover',
  ])
  const turnover = (await chart('turnover')) as { months: { ordered: string }[]; declared: unknown[] }
  expect(turnover.months.some((m) => Number(m.ordered) > 0)).toBe(true)
  expect(turnover.declared).toHaveLength(1)
  const performance = (await chart('performance')) as { months: { deliveries: number }[]; otd: string | null }
  expect(performance.months.reduce((s, m) => s + m.deliveries, 0)).toBeGreaterThan(0)
  const security = (await chart('security')) as { tf1: string; tg: string; hse: string }
  // 2 lost-time accidents in 12 × 1,200 hours: TF1 = 2 × 10⁶ / 14,400 = 138.89; TG = 17 × 10³ / 14,400 = 1.18.
  expect([security.tf1, security.tg, security.hse]).toEqual(['138.89', '1.18', '83.3'])
  expect(await chart('certification')).toMatchObject({ expired: 1, expiring: 1 })
  const rating = (await chart('additional_rating')) as { ratings: unknown[]; average: string }
  expect([rating.ratings.length, rating.average]).toEqual([4, '2.5'])
  const annual = (await chart('annual_rating')) as { years: { score: string | null }[] }
  expect(annual.years.at(-1)?.score).not.toBeNull()
  expect(((await chart('accounting_turnover')) as { months: unknown[] }).months).toHaveLength(24)
})

test('demo budgets hold the history: Site safety blocks with 500 left, Office running is overrun, each kept balance is its ledger', async () => {
  const admin = await signIn(t.app, 'admin')
  const listed = (await (await admin.get('/bwapi/budgets?per_page=50')).json()) as {
    data: {
      id: number
      label: string
      committed: string
      actual: string
      available: string
      overrun: boolean
    }[]
  }
  const year = t.clock.now().getUTCFullYear()
  const byLabel = new Map(listed.data.map((b) => [b.label, b]))
  expect(byLabel.get(`Site safety ${year}`)).toMatchObject({ available: '500.00', overrun: false })
  expect(byLabel.get(`Office running ${year}`)).toMatchObject({ available: '-1500.00', overrun: true })
  const safety = byLabel.get(`Site safety ${year}`)
  expect(Number(safety?.committed) + Number(safety?.actual)).toBeGreaterThan(1000)
  // The kept balances are the sums of their ledger's moves.
  const drift = await rows(
    `SELECT b.id FROM budgets b LEFT JOIN (SELECT budget_id, sum(CASE WHEN kind = 'reservation' THEN units ELSE 0 END) AS r,
       sum(CASE WHEN kind = 'commitment' THEN units ELSE 0 END) AS c, sum(CASE WHEN kind = 'actual' THEN units ELSE 0 END) AS a
       FROM budget_moves GROUP BY budget_id) m ON m.budget_id = b.id
     WHERE b.reserved <> coalesce(m.r, 0) OR b.committed <> coalesce(m.c, 0) OR b.actual <> coalesce(m.a, 0)`,
  )
  expect(drift).toEqual([])
  // The analysis: of what was invoiced, some was paid, never more than was invoiced.
  const analysis = (
    (await (await admin.get('/bwapi/budgets/analysis')).json()) as {
      data: { rows: { actual: string; paid: string }[]; totals: { paid: string } }
    }
  ).data
  for (const row of analysis.rows) expect(Number(row.paid)).toBeLessThanOrEqual(Number(row.actual))
  expect(Number(analysis.totals.paid)).toBeGreaterThan(0)
  // A buyer does not see the overrun one (spec §6), the finance owner does.
  const buyer = await signIn(t.app, 'buyer')
  const seen = (await (await buyer.get('/bwapi/budgets?per_page=50')).json()) as { data: { label: string }[] }
  expect(seen.data.map((b) => b.label)).not.toContain(`Office running ${year}`)
  expect(seen.data.map((b) => b.label)).toContain(`Site safety ${year}`)
})

test('the demo’s order numbers follow their dates, year by year', async () => {
  // The first version of each order (a revision keeps its number): numbered in the order created.
  const orders = await rows(
    'SELECT code, min(created_at) AS created_at FROM purchase_orders GROUP BY code ORDER BY code',
  )
  const late = orders.filter((o, i) => i > 0 && Number(o.created_at) < Number(orders[i - 1]?.created_at))
  expect(late.map((o) => o.code)).toEqual([])
  expect(orders.length).toBeGreaterThan(100)
})

test('framework agreements in force, nearly used up, expired and awaiting, with the orders that drew on them', async () => {
  const statuses = (await rows('SELECT status FROM framework_agreements ORDER BY id')).map((r) => r.status)
  // In the order they were written: last year's furniture first.
  expect(statuses).toEqual(['expired', 'active', 'active', 'awaiting'])
  const drawn = (
    await rows('SELECT ceiling_units, drawn_units FROM framework_agreement_lines ORDER BY id')
  ).map((r) => Number(r.drawn_units) / Number(r.ceiling_units))
  // Last year's furniture, paper and toner part used, gloves at 96 %, next year's courier untouched.
  expect(drawn.map((d) => Math.round(d * 100))).toEqual([70, 70, 68, 59, 96, 0])
  const [orders] = await rows(
    'SELECT count(DISTINCT purchase_order_id) AS n FROM purchase_order_lines WHERE agreement_draw_units > 0',
  )
  expect(Number(orders?.n)).toBe(10)
  // The paper line names a catalogue article OfficePro sells: the cart prices it from the agreement.
  const [named] = await rows(
    "SELECT l.article_id, (SELECT count(*) FROM supplier_articles s JOIN suppliers p ON p.id = s.supplier_id WHERE s.article_id = l.article_id AND p.code = 'OFFICEPRO') AS sold FROM framework_agreement_lines l WHERE l.label = 'A4 paper, box of 5 reams'",
  )
  expect(named?.article_id).not.toBeNull()
  expect(Number(named?.sold)).toBe(1)
  // The protective equipment's buyer was warned it ends within the notice days.
  expect(await rows("SELECT id FROM notifications WHERE kind = 'agreement_expiring'")).toHaveLength(1)
})

test('requests for quotation in every status: answers open (one through the portal), to compare, awarded into orders', async () => {
  // Every status once or more (their ids follow their dates).
  const statuses = (await rows('SELECT status FROM rfqs ORDER BY status')).map((r) => r.status)
  expect(statuses).toEqual(['awarded', 'cancelled', 'closed', 'draft', 'sent', 'sent'])
  const portal = await rows(
    "SELECT s.rfq_id FROM rfq_suppliers s JOIN users u ON u.id = s.answered_by WHERE u.login = 'supplier'",
  )
  expect(portal.length).toBe(2)
  // The laptops went to two suppliers, one line not to the cheapest: its reason is kept.
  const orders = await rows(
    "SELECT o.status FROM purchase_orders o JOIN rfqs r ON r.id = o.rfq_id WHERE r.status = 'awarded'",
  )
  expect(orders.map((o) => o.status)).toEqual(['draft', 'draft'])
  expect((await rows("SELECT award_reason FROM rfqs WHERE status = 'awarded'"))[0]?.award_reason).toContain(
    'ten days',
  )
  // The closed one waits for its buyer, who was told.
  expect(await rows("SELECT id FROM notifications WHERE kind = 'rfq_closed'")).toHaveLength(2)
})
