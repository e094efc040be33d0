import { join } from 'node:path'
import { facturXPdf, SAMPLE } from '@procura/api/testing/e-invoice-samples'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  accessibilityViolations,
  cspViolations,
  dateValue,
  launchBrowser,
  OUTPUT,
  pageErrors,
  pickFromSearch,
  signInAs,
  startTestServer,
  type TestServer,
} from './browser'

let server: TestServer
let browser: Browser

beforeAll(async () => {
  server = await startTestServer()
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** A call of the API from the signed-in page, as the app makes it (cookies and the XSRF header). */
const api = (page: Page, path: string, body?: unknown) =>
  page.evaluate(
    async ({ path, body }) => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '')
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'x-xsrf-token': xsrf,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return { status: response.status, json: await response.json() }
    },
    { path, body },
  )

test('an invoice is captured from a pending invoice, matched to the received order, validated; the order shows billed', async () => {
  const buyer = await signInAs(browser, server, 'buyer')
  // A sent order of 4 chairs at 125.00, all received (set up through the API).
  const form = (await api(buyer, '/bwapi/purchase-orders/create')).json as {
    suppliers: { id: number; code: string }[]
    companies: { id: number; code: string }[]
  }
  const supplier = form.suppliers.find((s) => s.code === 'OFFICEPRO')?.id
  const created = await api(buyer, '/bwapi/purchase-orders', {
    supplier_id: supplier,
    company_id: form.companies.find((c) => c.code === 'ACME')?.id,
    currency_code: 'EUR',
    lines: [{ label: 'Office chair', quantity: '4', unit_price_exctax: '125', vat_rate: '20' }],
  })
  const orderId = (created.json.data as { id: number }).id
  await api(buyer, `/bwapi/purchase-orders/${orderId}/submit`, {})
  const validator = await signInAs(browser, server, 'validator')
  await api(validator, `/bwapi/purchase-orders/${orderId}/validate`, {})
  await api(buyer, `/bwapi/purchase-orders/${orderId}/consider_sent`, {})
  expect(
    (await api(buyer, `/bwapi/purchase-orders/${orderId}/receive-all`, { delivery_date: '2026-11-20' }))
      .status,
  ).toBe(201)

  // The supplier's PDF arrives at accounts payable (not the buyer who ordered): it is queued with what it says.
  const payables = await signInAs(browser, server, 'payables')
  await payables
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Supplier invoices' })
    .click()
  await payables.getByRole('heading', { level: 1, name: 'Supplier invoices' }).waitFor()
  await payables.getByRole('link', { name: 'Pending invoices' }).click()
  await payables.getByRole('button', { name: 'Queue the file' }).click()
  const queue = payables.getByRole('form', { name: 'Queue the file' })
  // The supplier is found by typing, among all of them.
  await pickFromSearch(queue, 'Supplier', 'officepro', 'OfficePro Supplies (OFFICEPRO)')
  await queue.getByLabel('Invoice number').fill('OP-2026-118')
  await queue.getByLabel('Amount excl. tax').fill('500.00')
  await queue.getByLabel('Amount incl. tax').fill('600.00')
  // The file is dropped on the zone, as from a file manager.
  const dropped = await payables.evaluateHandle(() => {
    const transfer = new DataTransfer()
    transfer.items.add(
      new File(['%PDF-1.4\n% OfficePro invoice OP-2026-118\n'], 'OP-2026-118.pdf', {
        type: 'application/pdf',
      }),
    )
    return transfer
  })
  await queue
    .getByText('Drop the file here, or click to choose it')
    .dispatchEvent('drop', { dataTransfer: dropped })
  await queue.getByText('OP-2026-118.pdf').waitFor()
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.getByRole('dialog').getByRole('button', { name: 'Queue the file' }).click()
  const row = payables.getByRole('row').filter({ hasText: 'OP-2026-118' })
  await row.waitFor()
  expect(await row.textContent()).toContain('OfficePro Supplies')
  expect(await accessibilityViolations(payables)).toEqual([])
  await row.getByRole('button', { name: 'Make the invoice' }).click()

  // The form arrives prefilled from the pending invoice: the order line, what is left to bill.
  await payables.getByRole('heading', { level: 1, name: 'Invoice from the pending OP-2026-118' }).waitFor()
  expect(await payables.getByLabel('Quantity billed — Office chair').inputValue()).toBe('4')
  await payables.getByRole('button', { name: 'Check the match' }).click()
  await payables.getByText('Matched').waitFor()
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.screenshot({ path: join(OUTPUT, 'invoice-form.png'), fullPage: true })
  await payables.getByRole('button', { name: 'Capture' }).click()
  await payables.getByRole('heading', { level: 1, name: /Draft/ }).waitFor()
  // The draft reopens with what it bills, and saves again unchanged.
  await payables.getByRole('link', { name: 'Edit' }).click()
  await payables.getByRole('heading', { level: 1, name: /^Edit / }).waitFor()
  expect(await payables.getByLabel('Quantity billed — Office chair').inputValue()).toBe('4')
  expect(await payables.getByLabel('Invoice number').inputValue()).toBe('OP-2026-118')
  await payables.getByRole('button', { name: 'Capture' }).click()
  await payables.getByRole('heading', { level: 1, name: /Draft/ }).waitFor()
  await payables.getByRole('button', { name: 'Submit for validation' }).click()
  await payables.getByRole('heading', { level: 1, name: /Awaiting validation/ }).waitFor()
  const invoiceUrl = payables.url()

  // The validator works in French; the invoice waits in their actions to do.
  await validator.goto(invoiceUrl)
  await validator.getByRole('button', { name: 'À faire 1' }).click()
  await validator.getByRole('link', { name: 'Factures à valider' }).waitFor()
  await validator.getByRole('button', { name: 'Valider' }).click()
  await validator.getByRole('heading', { level: 1, name: /Validée/ }).waitFor()
  expect(await accessibilityViolations(validator)).toEqual([])
  await validator.screenshot({ path: join(OUTPUT, 'invoice-validated.png'), fullPage: true })

  await buyer.goto(`${server.url}/app/purchase-orders/${orderId}`)
  await buyer.getByText('Billing: Billed').waitFor()
  expect(pageErrors(buyer)).toEqual([])
  expect(pageErrors(payables)).toEqual([])
  expect(pageErrors(validator)).toEqual([])
})

test('accounts payable records the supplier’s invoice from the order’s page: its lines only, filled with what is left', async () => {
  const buyer = await signInAs(browser, server, 'buyer')
  const form = (await api(buyer, '/bwapi/purchase-orders/create')).json as {
    suppliers: { id: number; code: string }[]
    companies: { id: number; code: string }[]
  }
  const created = await api(buyer, '/bwapi/purchase-orders', {
    supplier_id: form.suppliers.find((s) => s.code === 'OFFICEPRO')?.id,
    company_id: form.companies.find((c) => c.code === 'ACME')?.id,
    currency_code: 'EUR',
    lines: [{ label: 'Filing cabinet', quantity: '3', unit_price_exctax: '210', vat_rate: '20' }],
  })
  const orderId = (created.json.data as { id: number }).id
  await api(buyer, `/bwapi/purchase-orders/${orderId}/submit`, {})
  await api(await signInAs(browser, server, 'validator'), `/bwapi/purchase-orders/${orderId}/validate`, {})
  await api(buyer, `/bwapi/purchase-orders/${orderId}/consider_sent`, {})
  await api(buyer, `/bwapi/purchase-orders/${orderId}/receive-all`, { delivery_date: '2026-11-20' })
  const code = ((await api(buyer, `/bwapi/purchase-orders/${orderId}`)).json.data as { code: string }).code

  const payables = await signInAs(browser, server, 'payables', { at: `/app/purchase-orders/${orderId}` })
  await payables.getByRole('link', { name: 'Record the supplier’s invoice' }).click()
  await payables.getByText(`The lines of order ${code} only.`).waitFor()
  expect(await payables.getByLabel('Quantity billed — Filing cabinet').inputValue()).toBe('3')
  expect(await payables.getByRole('combobox', { name: 'Supplier', exact: true }).inputValue()).toContain(
    'OfficePro Supplies',
  )
  expect(await accessibilityViolations(payables)).toEqual([])
  expect(pageErrors(payables)).toEqual([])
})

test('a Factur-X PDF queued arrives prefilled: its number, supplier, date and totals, and its lines to compare', async () => {
  const payables = await signInAs(browser, server, 'payables', { at: '/app/pending-invoices' })
  await payables.getByRole('button', { name: 'Queue the file' }).click()
  const queue = payables.getByRole('form', { name: 'Queue the file' })
  await queue.getByLabel('File (PDF, image or e-invoice)').setInputFiles({
    name: 'FA-2026-0815.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await facturXPdf()),
  })
  await payables.getByRole('dialog').getByRole('button', { name: 'Queue the file' }).click()
  const row = payables.getByRole('row').filter({ hasText: 'FA-2026-0815' })
  await row.waitFor()
  expect(await row.textContent()).toContain('E-invoice: Factur-X')
  expect(await row.textContent()).toContain('OfficePro Supplies')
  await row.getByRole('button', { name: 'Make the invoice' }).click()
  await payables.getByRole('heading', { level: 1, name: 'Invoice from the pending FA-2026-0815' }).waitFor()
  expect(await payables.getByLabel('Invoice number').inputValue()).toBe('FA-2026-0815')
  expect(await dateValue(payables, 'Invoice date')).toBe('2026-11-18')
  expect(await payables.getByLabel('Amount excl. tax').inputValue()).toBe('179.70')
  expect(await payables.getByLabel('Amount incl. tax').inputValue()).toBe('215.64')
  const lines = payables.getByRole('table', { name: 'What the e-invoice (Factur-X) says' })
  await lines.getByRole('cell', { name: 'Toner' }).waitFor()
  // No open order line has these labels here: they arrive as free lines, with their amounts.
  const others = payables.getByRole('group', { name: 'Other lines (freight, fees)' })
  expect(await others.getByLabel('Item').nth(1).inputValue()).toBe('Toner')
  expect(await others.getByLabel('Amount billed excl. tax').nth(1).inputValue()).toBe('129.80')
  await payables.getByRole('button', { name: 'Capture' }).click()
  await payables.getByRole('heading', { level: 1, name: /Draft/ }).waitFor()
  await payables.getByText('FA-2026-0815.pdf').waitFor()
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.screenshot({ path: join(OUTPUT, 'invoice-from-facturx.png'), fullPage: true })
  expect(pageErrors(payables)).toEqual([])
})

test('an e-invoice lands on the order its BT-13 names, bills the line its BT-132 names, and shows its lifecycle', async () => {
  const buyer = await signInAs(browser, server, 'buyer')
  const form = (await api(buyer, '/bwapi/purchase-orders/create')).json as {
    suppliers: { id: number; code: string }[]
    companies: { id: number; code: string }[]
  }
  const created = await api(buyer, '/bwapi/purchase-orders', {
    supplier_id: form.suppliers.find((s) => s.code === 'OFFICEPRO')?.id,
    company_id: form.companies.find((c) => c.code === 'ACME')?.id,
    currency_code: 'EUR',
    lines: [{ label: 'Meeting table', quantity: '2', unit_price_exctax: '125', vat_rate: '20' }],
  })
  const order = created.json.data as { id: number; code: string }
  await api(buyer, `/bwapi/purchase-orders/${order.id}/submit`, {})
  const validator = await signInAs(browser, server, 'validator')
  await api(validator, `/bwapi/purchase-orders/${order.id}/validate`, {})
  await api(buyer, `/bwapi/purchase-orders/${order.id}/consider_sent`, {})
  await api(buyer, `/bwapi/purchase-orders/${order.id}/receive-all`, { delivery_date: '2026-11-20' })
  // The seller calls the line its own way, but names the order (BT-13) and its line (BT-132).
  const pdf = await facturXPdf({
    ...SAMPLE,
    number: 'FX-2026-2001',
    references: { order: order.code },
    lines: [
      {
        label: 'Table de réunion',
        quantity: '2',
        price: '125',
        amount: '250.00',
        rate: '20',
        order_line: '1',
      },
    ],
    vat: [{ rate: '20', base: '250.00', tax: '50.00' }],
    totals: { lines: '250.00', exctax: '250.00', tax: '50.00', inctax: '300.00' },
  })
  const payables = await signInAs(browser, server, 'payables', { at: '/app/pending-invoices' })
  await payables.getByRole('button', { name: 'Queue the file' }).click()
  await payables
    .getByRole('form', { name: 'Queue the file' })
    .getByLabel('File (PDF, image or e-invoice)')
    .setInputFiles({ name: 'FX-2026-2001.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) })
  await payables.getByRole('dialog').getByRole('button', { name: 'Queue the file' }).click()
  const row = payables.getByRole('row').filter({ hasText: 'FX-2026-2001' })
  await row.getByText(`Order ${order.code}, found by its purchase order reference (BT-13)`).waitFor()
  await row.getByRole('button', { name: 'Make the invoice' }).click()
  await payables.getByRole('heading', { level: 1, name: 'Invoice from the pending FX-2026-2001' }).waitFor()
  expect(await payables.getByLabel('Quantity billed — Meeting table').inputValue()).toBe('2')
  await payables.getByRole('button', { name: 'Capture' }).click()
  await payables.getByRole('heading', { level: 1, name: /Draft/ }).waitFor()
  await payables.getByRole('tab', { name: 'Lifecycle' }).click()
  await payables.getByRole('cell', { name: '204 — Taken over' }).waitFor()
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.screenshot({ path: join(OUTPUT, 'e-invoice-lifecycle.png'), fullPage: true })
  expect(pageErrors(payables)).toEqual([])
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
