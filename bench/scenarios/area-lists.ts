/**
 * Scenario 2b: the lists of the other areas at 10⁵ rows — supplier invoices, requests, budgets and
 * expense reports — each page of 50 with its capped count, in-process and over HTTP, against the
 * same page and count on the driver. Signed in as the administrator, who sees every document.
 */
import type { Client } from '@libsql/client'
import { signIn } from '@procura/api/testing/agent'
import { createTestApp } from '@procura/api/testing/app'
import { log } from '../measure'
import { insertAll, listTimer } from './lists'

const DAY = 86_400_000

const one = async (client: Client, sql: string) => Number((await client.execute(sql)).rows[0]?.id)

/** A deterministic sequence (the same rows in every run). */
const sequence = (seed: number) => {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state
  }
}
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
const day = (at: number) => new Date(at).toISOString().slice(0, 10)

export const areaListsScenario = async (count: number, requests: number) => {
  const t = await createTestApp({ checkResponses: false })
  const { client, db } = t
  log(`lists: generating ${count} invoices, requests, budgets and expense reports`)
  const now = Date.now()
  const supplier = await one(client, "SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  const company = await one(client, "SELECT id FROM companies WHERE code = 'ACME'")
  const admin = await one(client, "SELECT id FROM users WHERE login = 'admin'")
  const requester = await one(client, "SELECT id FROM users WHERE login = 'requester'")
  const year = new Date(now).getUTCFullYear()
  await insertAll(
    db,
    'fiscal_periods',
    ['code', 'label', 'starts_on', 'ends_on', 'created_at', 'updated_at'],
    [[`FY${year}`, `${year}`, `${year}-01-01`, `${year}-12-31`, new Date(now), new Date(now)]],
  )
  const period = await one(client, `SELECT id FROM fiscal_periods WHERE code = 'FY${year}'`)
  const next = sequence(11)
  const ageOf = (i: number) => now - (count - i) * ((730 * DAY) / count)
  await insertAll(
    db,
    'supplier_invoices',
    'code label supplier_id company_id currency_code invoice_date due_date vat_type status amount_exctax amount_tax amount_inctax payable_amount vat_breakdown created_by created_at updated_at'.split(
      ' ',
    ),
    (function* () {
      const statuses = ['validated', 'validated', 'validated', 'awaiting', 'draft', 'refused']
      for (let i = 0; i < count; i += 1) {
        const at = ageOf(i)
        const exc = 100 + (next() % 2_000_000)
        const tax = Math.round(exc * 0.2)
        yield [
          `BL-${i + 1}`,
          `F-${i + 1}`,
          supplier,
          company,
          'EUR',
          day(at),
          day(at + 30 * DAY),
          'on_debit',
          statuses[next() % statuses.length],
          money(exc),
          money(tax),
          money(exc + tax),
          money(exc + tax),
          '[]',
          admin,
          new Date(at),
          new Date(at),
        ]
      }
    })(),
  )
  await insertAll(
    db,
    'needs',
    'code title status processing requester_id buyer_id purchase_family amount_exctax created_at updated_at'.split(
      ' ',
    ),
    (function* () {
      const statuses = ['validated', 'validated', 'awaiting', 'draft', 'refused', 'canceled']
      for (let i = 0; i < count; i += 1) {
        const at = ageOf(i)
        yield [
          `RL-${i + 1}`,
          `Request ${i + 1}`,
          statuses[next() % statuses.length],
          'none',
          requester,
          admin,
          'supplies',
          money(100 + (next() % 500_000)),
          new Date(at),
          new Date(at),
        ]
      }
    })(),
  )
  await insertAll(
    db,
    'budgets',
    'fiscal_period_id company_id allocation1 key label amount overrun_action reserved committed actual created_at updated_at'.split(
      ' ',
    ),
    (function* () {
      for (let i = 0; i < count; i += 1) {
        const amount = (1_000 + (next() % 100_000)) * 10_000
        yield [
          period,
          company,
          `BL${String(i + 1).padStart(6, '0')}`,
          `ACME|BL${String(i + 1).padStart(6, '0')}`,
          `Budget ${i + 1}`,
          amount,
          'block',
          next() % (amount / 4),
          next() % (amount / 4),
          next() % (amount / 4),
          new Date(now),
          new Date(now),
        ]
      }
    })(),
  )
  await insertAll(
    db,
    'expense_reports',
    'code user_id company_id label currency_code amount_exctax amount_inctax expense_count status created_at updated_at'.split(
      ' ',
    ),
    (function* () {
      const statuses = ['paid', 'paid', 'validated', 'awaiting', 'draft', 'refused']
      for (let i = 0; i < count; i += 1) {
        const at = ageOf(i)
        const exc = 100 + (next() % 80_000)
        yield [
          `NL-${i + 1}`,
          requester,
          company,
          `Trip ${i + 1}`,
          'EUR',
          money(exc),
          money(Math.round(exc * 1.1)),
          1 + (next() % 6),
          statuses[next() % statuses.length],
          new Date(at),
          new Date(at),
        ]
      }
    })(),
  )
  await client.execute('ANALYZE')

  const signedIn = await signIn(t.app, 'admin')
  const headers = {
    'x-requested-with': 'XMLHttpRequest',
    cookie: [...signedIn.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  }
  const capped = (from: string) => `SELECT count(*) FROM (SELECT 1 FROM ${from} LIMIT 10001) AS matching`
  const raw = (page: string, count: string) => async () => {
    await client.execute(page)
    await client.execute(count)
  }
  const timer = await listTimer(t.app, headers, requests)
  const list = async (name: string, path: string, page: string, from: string) => ({
    rows: count,
    request: path,
    ...(await timer.measure(name, path, raw(page, capped(from)))),
  })
  const result = {
    invoices: await list(
      'supplier invoices, newest first',
      '/bwapi/supplier-invoices?per_page=50',
      `SELECT i.id, i.code, i.label, i.kind, s.company_name, i.status, i.payment_status, i.dispute_status,
              i.invoice_date, i.due_date, i.currency_code, i.amount_exctax, i.amount_inctax, i.created_at
         FROM supplier_invoices i JOIN suppliers s ON s.id = i.supplier_id
         ORDER BY i.created_at DESC, i.id DESC LIMIT 50`,
      'supplier_invoices',
    ),
    invoices_validated: await list(
      'supplier invoices, validated, newest first',
      '/bwapi/supplier-invoices?status=validated&per_page=50',
      `SELECT i.id, i.code, i.label, i.kind, s.company_name, i.status, i.payment_status, i.dispute_status,
              i.invoice_date, i.due_date, i.currency_code, i.amount_exctax, i.amount_inctax, i.created_at
         FROM supplier_invoices i JOIN suppliers s ON s.id = i.supplier_id
         WHERE i.status = 'validated' ORDER BY i.created_at DESC, i.id DESC LIMIT 50`,
      "supplier_invoices WHERE status = 'validated'",
    ),
    requests: await list(
      'requests, newest first',
      '/bwapi/needs?per_page=50',
      `SELECT id, code, title, status, processing, amount_exctax, created_at, requester_id, buyer_id, circuit
         FROM needs ORDER BY created_at DESC, id DESC LIMIT 50`,
      'needs',
    ),
    budgets: await list(
      'budgets, by key',
      '/bwapi/budgets?per_page=50',
      `SELECT b.*, p.label, u.label, c.label, d.label FROM budgets b
         JOIN fiscal_periods p ON p.id = b.fiscal_period_id LEFT JOIN users u ON u.id = b.owner_id
         LEFT JOIN companies c ON c.id = b.company_id LEFT JOIN departments d ON d.id = b.department_id
         ORDER BY b.key ASC, b.id ASC LIMIT 50`,
      'budgets',
    ),
    expense_reports: await list(
      'expense reports, newest first',
      '/bwapi/expense-reports?per_page=50',
      `SELECT r.id, r.code, r.label, u.label, r.user_id, r.expense_count, r.currency_code, r.amount_inctax,
              r.status, r.payment_date, r.created_at, r.circuit
         FROM expense_reports r JOIN users u ON u.id = r.user_id
         ORDER BY r.created_at DESC, r.id DESC LIMIT 50`,
      'expense_reports',
    ),
  }
  const floor = await timer.floor()
  await timer.close()
  await t.close()
  return { ...result, http_floor: floor }
}
