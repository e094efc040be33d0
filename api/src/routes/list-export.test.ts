import { ORDER_LIST } from '@procura/core/purchase-order'
import { ok } from '@procura/core/result'
import { SUPPLIER_LIST } from '@procura/core/supplier'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { exportList, type ReadPage } from '../services/list-export'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let buyer: Agent
let requester: Agent
beforeAll(async () => {
  t = await createTestApp({ history: true })
  buyer = await signIn(t.app, 'buyer')
  requester = await signIn(t.app, 'requester')
  expect((await buyer.post('/bwapi/language/change', { code: 'fr' })).status).toBe(200)
}, 120_000)
afterAll(() => t.close())

type Meta = { total: number; total_exact: boolean }
const listTotal = async (agent: Agent, path: string) =>
  ((await (await agent.get(path)).json()) as { meta: Meta }).meta.total

/** The CSV's rows; it starts with a BOM (spreadsheets then read UTF-8), which fetch's text() hides. */
const csvOf = async (response: Response, delimiter = ';') => {
  expect(response.status).toBe(200)
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
  expect(text.startsWith('\uFEFF')).toBe(true)
  return parse(text.slice(1), { delimiter }) as string[][]
}

test('the orders export holds every row the list counts, in the reader’s columns and separators', async () => {
  const total = await listTotal(buyer, '/bwapi/purchase-orders')
  const response = await buyer.get('/bwapi/purchase-orders/export?columns=code,supplier,amount_exctax,status')
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  expect(response.headers.get('content-disposition')).toMatch(
    /^attachment; filename="purchase-orders-.*\.csv"$/,
  )
  const [header, ...rows] = await csvOf(response)
  expect(header).toEqual(['Numéro', 'Fournisseur', 'Montant HT', 'Statut'])
  expect(rows).toHaveLength(total)
  expect(new Set(rows.map((r) => r[0])).size).toBe(total)
  // Amounts with the French decimal comma, statuses as French labels.
  expect(rows.every((r) => /^\d+,\d+$|^\d+$/.test(r[2] ?? ''))).toBe(true)
  expect(rows.some((r) => r[3] === 'Validé' || r[3] === 'Envoyé')).toBe(true)
})

test('the export follows the list’s filters, search and sort: the same rows in the same order', async () => {
  const query = 'status=sent&sort=amount_exctax&direction=desc&per_page=200'
  const page = (await (await buyer.get(`/bwapi/purchase-orders?${query}`)).json()) as {
    data: { code: string }[]
    meta: Meta
  }
  const [, ...rows] = await csvOf(await buyer.get(`/bwapi/purchase-orders/export?${query}&columns=code`))
  expect(rows.map((r) => r[0])).toEqual(page.data.map((r) => r.code))
  expect(rows).toHaveLength(page.meta.total)
})

test('a reader exports only what their list shows them', async () => {
  const total = await listTotal(requester, '/bwapi/purchase-orders')
  const [, ...rows] = await csvOf(await requester.get('/bwapi/purchase-orders/export?columns=code'))
  expect(rows).toHaveLength(total)
  expect(total).toBeLessThan(await listTotal(buyer, '/bwapi/purchase-orders'))
})

test('the Excel workbook has the same rows, amounts as numbers and dates as dates', async () => {
  const query = 'columns=code,amount_exctax,created_at'
  const [, ...csvRows] = await csvOf(await buyer.get(`/bwapi/purchase-orders/export?${query}`))
  const response = await buyer.get(`/bwapi/purchase-orders/export?${query}&format=xlsx`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  )
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(await response.arrayBuffer())
  const sheet = book.worksheets[0]
  if (sheet === undefined) throw new Error('no sheet')
  expect(sheet.name).toBe('Bons de commande')
  expect(sheet.getRow(1).values).toEqual([undefined, 'Numéro', 'Montant HT', 'Créé'])
  expect(sheet.rowCount).toBe(csvRows.length + 1)
  const second = sheet.getRow(2)
  expect(second.getCell(1).value).toBe(csvRows[0]?.[0])
  expect(second.getCell(2).value).toBe(Number(csvRows[0]?.[1]?.replace(',', '.')))
  expect(second.getCell(3).value).toBeInstanceOf(Date)
})

test('every list of the app exports, in its default columns when none are chosen', async () => {
  const admin = await signIn(t.app, 'admin')
  for (const path of [
    '/bwapi/purchase-orders',
    '/bwapi/supplier-invoices',
    '/bwapi/deliveries',
    '/bwapi/needs',
    '/bwapi/payment-groups',
    '/bwapi/suppliers',
    '/bwapi/users',
    '/bwapi/warehouses/1/articles',
  ]) {
    const index = (await (await admin.get(`${path}/index`)).json()) as {
      columns: { key: string; label: string; visible: boolean }[]
    }
    const [header, ...rows] = await csvOf(await admin.get(`${path}/export`), ',')
    expect(header, path).toEqual(index.columns.filter((c) => c.visible).map((c) => c.label))
    expect(rows.length, path).toBe(await listTotal(admin, path))
  }
})

test.each([
  ['format=pdf', 'format'],
  ['columns=code,password_hash', 'columns'],
  ['columns=code,code', 'columns'],
  ['status=unknown', 'status'],
  ['supplier_id=1%20OR%201=1', 'supplier_id'],
])('an export with %s is refused on %s and changes nothing', async (query, field) => {
  const before = await tableCounts(t.client)
  const response = await buyer.get(`/bwapi/purchase-orders/export?${query}`)
  expect(response.status).toBe(422)
  const body = (await response.json()) as { errors: Record<string, string[]> }
  expect(Object.keys(body.errors)).toEqual([field])
  expect(await tableCounts(t.client)).toEqual(before)
})

test('a text a spreadsheet would run as a formula is exported with a leading quote; numbers stay numbers', async () => {
  const name = "-1+1+cmd|' /C calc'!A0"
  const created = await buyer.post('/bwapi/suppliers', {
    code: 'FORMULA',
    company_name: name,
    currency_code: 'EUR',
    max_per_order: '5000',
  })
  expect(created.status, await created.clone().text()).toBe(201)
  const [header, ...rows] = await csvOf(
    await buyer.get('/bwapi/suppliers/export?search=FORMULA&columns=code,company_name,max_per_order'),
  )
  expect(header).toEqual(['Code', 'Raison sociale', 'Plafond par commande'])
  expect(rows).toEqual([['FORMULA', `'${name}`, expect.stringMatching(/^5000(,00)?$/)]])
})

test('who may not list users may not export them', async () => {
  expect((await buyer.get('/bwapi/users/export')).status).toBe(403)
})

/** The list as its GET answers, through HTTP: what the export reads, page after page. */
const readOver =
  (agent: Agent, path: string): ReadPage =>
  async (query) => {
    const search = new URLSearchParams(
      Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
    )
    const response = await agent.get(`${path}?${search}`)
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
    return ok((await response.json()) as { data: unknown[]; meta: { next_cursor?: string | null } })
  }

test.each([
  ['by key', '/bwapi/purchase-orders', ORDER_LIST],
  ['by number', '/bwapi/suppliers', SUPPLIER_LIST],
])('pages are read one after the other (%s) until the last: every row once', async (_, path, list) => {
  const total = await listTotal(buyer, path)
  const pageSize = 7
  expect(total).toBeGreaterThan(pageSize * 2)
  const result = await exportList({
    list,
    read: readOver(buyer, path),
    query: { columns: 'code' },
    language: 'en',
    pageSize,
  })
  if (!result.ok) throw new Error(result.error.code)
  const text = await new Response(result.value.body).text()
  const [, ...rows] = parse(text, { delimiter: ',', bom: true }) as string[][]
  expect(rows).toHaveLength(total)
  expect(new Set(rows.map((r) => r[0])).size).toBe(total)
})
