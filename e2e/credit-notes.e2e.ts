import { join } from 'node:path'
import { expect, test } from 'vitest'
import {
  accessibilityViolations,
  browserFile,
  callApi,
  cspTest,
  OUTPUT,
  pageErrors,
  signInAs,
} from './browser'

/** Credit notes: a return billed back by the supplier. */
const file = browserFile()

test('two of four chairs go back: accounts payable records the supplier’s credit note from the invoice, matched against the return', async () => {
  const buyer = await signInAs(file.browser, file.server, 'buyer')
  const payables = await signInAs(file.browser, file.server, 'payables')
  const validator = await signInAs(file.browser, file.server, 'validator')
  const form = (await callApi(buyer, '/bwapi/purchase-orders/create')).json as {
    suppliers: { id: number; code: string }[]
    companies: { id: number; code: string }[]
  }
  const supplier = form.suppliers.find((s) => s.code === 'OFFICEPRO')?.id
  const company = form.companies.find((c) => c.code === 'ACME')?.id
  const created = await callApi(buyer, '/bwapi/purchase-orders', {
    supplier_id: supplier,
    company_id: company,
    currency_code: 'EUR',
    lines: [{ label: 'Meeting chair', quantity: '4', unit_price_exctax: '80', vat_rate: '20' }],
  })
  const orderId = (created.json.data as { id: number }).id
  await callApi(buyer, `/bwapi/purchase-orders/${orderId}/submit`, {})
  await callApi(validator, `/bwapi/purchase-orders/${orderId}/validate`, {})
  await callApi(buyer, `/bwapi/purchase-orders/${orderId}/consider_sent`, {})
  await callApi(buyer, `/bwapi/purchase-orders/${orderId}/receive-all`, { delivery_date: '2026-11-20' })
  const line = (
    (await callApi(buyer, `/bwapi/purchase-orders/${orderId}`)).json.data as { lines: { id: number }[] }
  ).lines[0]?.id
  const invoice = await callApi(payables, '/bwapi/supplier-invoices', {
    label: 'CH 2026 118',
    supplier_id: supplier,
    company_id: company,
    currency_code: 'EUR',
    invoice_date: '2026-11-21',
    amount_exctax: '320.00',
    amount_inctax: '384.00',
    lines: [{ purchase_order_line_id: line, quantity: '4', vat_rate: '20' }],
  })
  const invoiceId = (invoice.json.data as { id: number }).id
  await callApi(payables, `/bwapi/supplier-invoices/${invoiceId}/submit`, {})
  await callApi(validator, `/bwapi/supplier-invoices/${invoiceId}/validate`, {})
  // Two chairs go back to the supplier.
  const returned = await callApi(buyer, '/bwapi/deliveries', {
    purchase_order_id: orderId,
    delivery_date: '2026-11-22',
    lines: [{ purchase_order_line_id: line, quantity: '-2' }],
  })
  expect(returned.status).toBe(201)

  await payables.goto(`${file.server.url}/app/supplier-invoices/${invoiceId}`)
  await payables.getByRole('link', { name: 'Record a credit note' }).click()
  await payables.getByRole('heading', { level: 1, name: 'New credit note' }).waitFor()
  expect(await payables.getByRole('combobox', { name: 'Document' }).inputValue()).toBe('credit_note')
  // The invoice it corrects is chosen, and the line starts at what came back, negative.
  expect(await payables.getByLabel('Corrects the invoice').inputValue()).toBe(String(invoiceId))
  expect(await payables.getByLabel('Quantity billed — Meeting chair').inputValue()).toBe('-2')
  await payables.getByLabel('Invoice number').fill('CN 2026 031')
  await payables.getByLabel('Amount excl. tax').fill('-160.00')
  await payables.getByLabel('Amount incl. tax').fill('-192.00')
  await payables.getByRole('button', { name: 'Check the match' }).click()
  await payables.getByText('Credit for a return').waitFor()
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.screenshot({ path: join(OUTPUT, 'credit-note-form.png'), fullPage: true })
  await payables.getByRole('button', { name: 'Capture' }).click()
  await payables.getByRole('heading', { level: 1, name: /Draft/ }).waitFor()
  await payables.getByText('Credit note — ').waitFor()
  await payables.getByRole('link', { name: /Corrects CH 2026 118/ }).click()
  // The invoice lists it, with what it takes off.
  await payables.getByRole('link', { name: 'CN 2026 031' }).waitFor()
  expect(await payables.locator('main').textContent()).toContain('-€192.00')
  expect(pageErrors(payables)).toEqual([])
})

cspTest(file)
