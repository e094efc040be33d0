import { parse } from 'csv-parse/sync'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { projectBudget } from '../testing/budgets'
import { validatedInvoice } from '../testing/payables'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
let t: TestApp
let payables: Agent
let admin: Agent
let company: number
let supplier: number
const json = async (response: Response) => (await response.json()) as Json
const rows = async (sql: string) => (await t.client.execute(sql)).rows
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    await rows('SELECT id, status, amount_inctax FROM supplier_invoices ORDER BY id'),
  ])

beforeEach(async () => {
  t = await createTestApp()
  payables = await signIn(t.app, 'payables')
  admin = await signIn(t.app, 'admin')
  company = Number((await rows("SELECT id FROM companies WHERE code = 'ACME'"))[0]?.id)
  supplier = Number((await rows("SELECT id FROM suppliers WHERE code = 'SAFEWORK'"))[0]?.id)
})
afterEach(() => t.close())

/** Electricity and a meter fee, on the site's project, the electricity on its own expense account. */
const charge = (account: number | null, extra: Json = {}) => ({
  label: 'EDF-2026-11',
  supplier_id: supplier,
  company_id: company,
  currency_code: 'EUR',
  invoice_date: '2026-11-20',
  amount_exctax: '150.00',
  amount_inctax: '180.00',
  lines: [
    {
      label: 'Electricity, November',
      amount_exctax: '120.00',
      vat_rate: '20',
      accounting_entry_id: account,
      allocation1: 'P-SITE',
    },
    { label: 'Meter fee', amount_exctax: '30.00', vat_rate: '20', allocation1: 'P-SITE' },
  ],
  ...extra,
})
const accountsChart = async () => {
  const entry = async (code: string, label: string, is_default = false) =>
    (
      (await json(await admin.post('/bwapi/accounting-entries', { code, label, is_default }))).data as {
        id: number
      }
    ).id
  await entry('606100', 'Supplies', true)
  const electricity = await entry('606110', 'Electricity')
  expect(
    (
      await admin.post('/bwapi/accounting-vat-entries', {
        code: '445660',
        label: 'Deductible VAT 20 %',
        vat_rate: '20',
        vat_type: 'on_debit',
      })
    ).status,
  ).toBe(201)
  await t.client.execute("UPDATE suppliers SET accounting_code = 'SAFEWORK' WHERE code = 'SAFEWORK'")
  return electricity
}

test('an external charge: free lines checked against its totals, listed apart, budgeted and booked like an invoice', async () => {
  const electricity = await accountsChart()
  // Its budget: the site's project this year, at the company.
  const finance = await signIn(t.app, 'finance')
  const budget = await projectBudget(finance, company, 'P-SITE', '1000', 'notify')
  // Totals that do not add up are refused; nothing changes.
  const requester = await signIn(t.app, 'requester')
  const before = await snapshot()
  const wrong = await payables.post(
    '/bwapi/external-charges',
    charge(electricity, { amount_inctax: '181.00' }),
  )
  expect(wrong.status).toBe(422)
  expect((await json(wrong)).code).toBe('INVOICE_AMOUNT_MISMATCH')
  const unknown = await payables.post('/bwapi/external-charges', charge(999))
  expect(Object.keys((await json(unknown)).errors as Json)).toEqual(['lines.0.accounting_entry_id'])
  expect((await requester.post('/bwapi/external-charges', charge(electricity))).status).toBe(403)
  expect(await snapshot()).toBe(before)

  const made = await payables.post('/bwapi/external-charges', charge(electricity))
  expect(made.status).toBe(201)
  const { id } = (await json(made)).data as { id: number }
  // It names no order line, even through the invoices' route.
  const asInvoice = await payables.request(`/bwapi/supplier-invoices/${id}`, {
    method: 'PUT',
    body: { ...charge(electricity), lines: [{ purchase_order_line_id: 1, quantity: '1', vat_rate: '20' }] },
  })
  expect(asInvoice.status).toBe(422)
  // Listed among the external charges, not the invoices of orders.
  await validatedInvoice(t, await signIn(t.app, 'buyer'))
  const list = (await json(await payables.get('/bwapi/external-charges'))).data as {
    id: number
    kind: string
  }[]
  expect(list.map((r) => [r.id, r.kind])).toEqual([[id, 'external_charge']])
  // The supplier invoices list holds both kinds, and is filtered by kind.
  const ofKind = async (kind: string) =>
    ((await json(await payables.get(`/bwapi/supplier-invoices?kind=${kind}`))).data as { id: number }[]).map(
      (r) => r.id,
    )
  expect(await ofKind('external_charge')).toEqual([id])
  expect(await ofKind('invoice')).not.toContain(id)
  expect((await ofKind('invoice')).length).toBe(1)
  // Submitted to the invoices' circuit and validated, it spends its budget.
  expect((await payables.post(`/bwapi/supplier-invoices/${id}/submit`)).status).toBe(200)
  expect(
    (await (await signIn(t.app, 'validator')).post(`/bwapi/supplier-invoices/${id}/validate`)).status,
  ).toBe(200)
  const page = (await json(await payables.get(`/bwapi/supplier-invoices/${id}`))).data as Json
  expect(page).toMatchObject({ kind: 'external_charge', status: 'validated', amount_inctax: '180.00' })
  const held = (await json(await finance.get(`/bwapi/budgets/${budget}`))).data as Json
  expect(held).toMatchObject({ actual: '150.00' })
  // Booked like an invoice: each line on its expense account, the VAT, the supplier credited.
  const exported = await payables.post('/bwapi/accounting-exports', {
    company_id: company,
    format: 'csv',
    invoice_ids: [id],
  })
  expect(exported.status).toBe(201)
  const file = (await json(exported)).data as { id: number }
  const lines = parse(await (await payables.get(`/bwapi/accounting-exports/${file.id}/file`)).text(), {
    delimiter: ';',
    columns: true,
  }) as Record<string, string>[]
  const ofCharge = lines.filter((l) => l['Invoice number'] === 'EDF-2026-11')
  expect(ofCharge.map((l) => [l.Account, l.Debit, l.Credit])).toEqual([
    ['606110', '120.00', '0.00'],
    ['606100', '30.00', '0.00'],
    ['445660', '30.00', '0.00'],
    ['401SAFEWORK', '0.00', '180.00'],
  ])
})
