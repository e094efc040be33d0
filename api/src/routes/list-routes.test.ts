import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

/** The lists served whole from their core definition (addListRoutes): the queue, the exports, the accounts. */
let t: TestApp
let payables: Agent
let admin: Agent
let requester: Agent
beforeAll(async () => {
  t = await createTestApp({ history: true })
  payables = await signIn(t.app, 'payables')
  admin = await signIn(t.app, 'admin')
  requester = await signIn(t.app, 'requester')
  expect((await payables.post('/bwapi/language/change', { code: 'fr' })).status).toBe(200)
}, 120_000)
afterAll(() => t.close())

type Page = {
  data: Record<string, unknown>[]
  meta: { total: number; totals?: ({ currency_code: string | null } & Record<string, string>)[] | null }
}
const page = async (agent: Agent, path: string) => {
  const response = await agent.get(path)
  expect(response.status, path).toBe(200)
  return (await response.json()) as Page
}
const csvRows = async (response: Response) => {
  expect(response.status).toBe(200)
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
  return parse(text.slice(1), { delimiter: ';' }) as string[][]
}

test('pending invoices: searched by the supplier’s name, filtered by status, totalled by currency', async () => {
  const all = await page(payables, '/bwapi/pending-invoices?per_page=100')
  expect(all.data.length).toBeGreaterThan(0)
  // Unless a status is asked, what is not dealt with yet: waiting, and on hold (the demo's e-invoice).
  expect(new Set(all.data.map((r) => r.status))).toEqual(new Set(['pending', 'on_hold']))
  const named = all.data.find((r) => typeof r.supplier === 'string') as { supplier: string }
  const found = await page(
    payables,
    `/bwapi/pending-invoices?search=${encodeURIComponent(named.supplier.slice(0, 6).toUpperCase())}`,
  )
  expect(found.data.length).toBeGreaterThan(0)
  expect(
    found.data.every((r) =>
      String(r.supplier).toUpperCase().includes(named.supplier.slice(0, 6).toUpperCase()),
    ),
  ).toBe(true)
  // The totals row sums the filtered rows, per currency, to the cent.
  const euros = all.data.filter((r) => r.currency_code === 'EUR')
  const cents = euros.reduce((sum, r) => sum + Math.round(Number(r.amount_inctax) * 100), 0)
  const total = all.meta.totals?.find((line) => line.currency_code === 'EUR')
  expect(Math.round(Number(total?.amount_inctax) * 100)).toBe(cents)
  // Another status is another page of the queue.
  const rejected = await page(payables, '/bwapi/pending-invoices?status=rejected')
  expect(rejected.data.every((r) => r.status === 'rejected')).toBe(true)
  // The statuses' options come from core's list, in the reader's language.
  const options = (await (await payables.get('/bwapi/pending-invoices/filter-list/status')).json()) as {
    data: { value: string; label: string }[]
  }
  expect(options.data.map((o) => o.value)).toEqual(['pending', 'on_hold', 'processed', 'rejected'])
  expect(options.data[0]?.label).toBe('En attente')
  const index = (await (await payables.get('/bwapi/pending-invoices/index')).json()) as {
    title: string
    filters: { key: string; searchable?: boolean }[]
  }
  expect(index.title).toBe('Factures en attente')
  expect(index.filters).toContainEqual({ key: 'supplier_id', label: 'Fournisseur', searchable: true })
})

test('pending invoices: a filter it does not have or a bad value is refused, and a requester sees none', async () => {
  const before = await tableCounts(t.client)
  expect((await payables.get('/bwapi/pending-invoices?status=lost')).status).toBe(422)
  expect((await payables.get('/bwapi/pending-invoices/filter-list/company_id')).status).toBe(404)
  expect((await requester.get('/bwapi/pending-invoices')).status).toBe(403)
  expect((await requester.get('/bwapi/pending-invoices/export')).status).toBe(403)
  expect((await requester.get('/bwapi/pending-invoices/filter-list/status')).status).toBe(403)
  expect(await tableCounts(t.client)).toEqual(before)
})

test('accounting exports: filtered by format and company, exported as the list shows them', async () => {
  const all = await page(payables, '/bwapi/accounting-exports?per_page=100')
  expect(all.data.length).toBeGreaterThan(0)
  const format = String(all.data[0]?.format)
  const same = await page(payables, `/bwapi/accounting-exports?format=${format}&per_page=100`)
  expect(same.data.length).toBe(all.data.filter((r) => r.format === format).length)
  const companyId = String(all.data[0]?.company_id)
  const ofCompany = await page(payables, `/bwapi/accounting-exports?company_id=${companyId}&per_page=100`)
  expect(ofCompany.data.every((r) => String(r.company_id) === companyId)).toBe(true)
  const debit = all.data.reduce((sum, r) => sum + Math.round(Number(r.debit_total) * 100), 0)
  expect(Math.round(Number(all.meta.totals?.[0]?.debit_total) * 100)).toBe(debit)
  const [header, ...rows] = await csvRows(
    await payables.get(`/bwapi/accounting-exports/export?format=csv&columns=id,format,status`),
  )
  expect(header).toEqual(['Numéro', 'Format', 'Statut'])
  expect(rows).toHaveLength(all.meta.total)
  expect(rows.map((r) => r[0])).toEqual(all.data.map((r) => String(r.id)))
  expect((await payables.get('/bwapi/accounting-exports?format=xml')).status).toBe(422)
})

test('accounts: each account names its product family and state; disabled ones are a filter away', async () => {
  const entries = await page(admin, '/bwapi/accounting-entries?per_page=100')
  expect(entries.data.length).toBeGreaterThan(0)
  const withFamily = entries.data.find((r) => r.product_family_id !== null)
  if (withFamily !== undefined) expect(typeof withFamily.family).toBe('string')
  expect(entries.data.every((r) => r.active_state === (r.active ? '1' : '0'))).toBe(true)
  const first = entries.data[0] as { id: number }
  expect((await admin.post(`/bwapi/accounting-entries/${first.id}/disable`, {})).status).toBe(200)
  const disabled = await page(admin, '/bwapi/accounting-entries?active=0')
  expect(disabled.data.map((r) => r.id)).toContain(first.id)
  expect((await admin.post(`/bwapi/accounting-entries/${first.id}/enable`, {})).status).toBe(200)
  const options = (await (await admin.get('/bwapi/accounting-vat-entries/filter-list/active')).json()) as {
    data: { value: string }[]
  }
  expect(options.data.map((o) => o.value).sort()).toEqual(['0', '1'])
  expect((await payables.get('/bwapi/accounting-vat-entries/index')).status).toBe(200)
  expect((await payables.get('/bwapi/accounting-vat-entries')).status).toBe(403)
})

test('an order’s row names who asked for it and its delivery deadline, as its page does', async () => {
  const rows = (await page(admin, '/bwapi/purchase-orders?per_page=100')).data as {
    id: number
    requesters: string | null
    deadline: string | null
  }[]
  const asked = rows.filter((r) => r.requesters !== null)
  expect(asked.length).toBeGreaterThan(0)
  expect(rows.some((r) => r.deadline !== null)).toBe(true)
  for (const row of [...asked.slice(0, 3), ...rows.filter((r) => r.deadline !== null).slice(0, 3)]) {
    const read = (await (await admin.get(`/bwapi/purchase-orders/${row.id}`)).json()) as {
      data: { delivery_address: { deadline: string | null } | null }
    }
    expect(row.deadline).toBe(read.data.delivery_address?.deadline ?? null)
    const needs = await t.client.execute({
      sql: `SELECT DISTINCT u.label FROM needs n JOIN users u ON u.id = n.requester_id
            WHERE n.purchase_order_id = ? ORDER BY u.label`,
      args: [row.id],
    })
    expect(row.requesters).toBe(needs.rows.length === 0 ? null : needs.rows.map((r) => r.label).join(', '))
  }
})
