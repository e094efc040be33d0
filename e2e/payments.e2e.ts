import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SEPA_SCHEMA, xmllint } from '@procura/api/testing/xmllint'
import { buildPain002 } from '@procura/core/payment'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  accessibilityViolations,
  callApi,
  cspViolations,
  fillDate,
  launchBrowser,
  OUTPUT,
  pageErrors,
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

test('a validated invoice is paid: accounts payable proposes and submits, finance exports a valid SEPA file and imports the bank’s answer', async () => {
  const buyer = await signInAs(browser, server, 'buyer')
  const payables = await signInAs(browser, server, 'payables')
  const finance = await signInAs(browser, server, 'finance')
  const admin = await signInAs(browser, server, 'admin')
  const validator = await signInAs(browser, server, 'validator')
  // Set up through the API: a received order of OFFICEPRO, its invoice validated, bank details.
  const form = (await callApi(buyer, '/bwapi/purchase-orders/create')).json as {
    suppliers: { id: number; code: string }[]
    companies: { id: number; code: string }[]
  }
  const supplier = form.suppliers.find((s) => s.code === 'OFFICEPRO')?.id
  const company = form.companies.find((c) => c.code === 'ACME')?.id
  const order = (
    await callApi(buyer, '/bwapi/purchase-orders', {
      supplier_id: supplier,
      company_id: company,
      currency_code: 'EUR',
      lines: [{ label: 'Office chair', quantity: '4', unit_price_exctax: '125.35', vat_rate: '20' }],
    })
  ).json.data as { id: number }
  await callApi(buyer, `/bwapi/purchase-orders/${order.id}/submit`, {})
  await callApi(validator, `/bwapi/purchase-orders/${order.id}/validate`, {})
  await callApi(buyer, `/bwapi/purchase-orders/${order.id}/consider_sent`, {})
  await callApi(buyer, `/bwapi/purchase-orders/${order.id}/receive-all`, { delivery_date: '2026-11-20' })
  const line = (
    (await callApi(buyer, `/bwapi/purchase-orders/${order.id}`)).json.data as { lines: { id: number }[] }
  ).lines[0]
  const invoice = (
    await callApi(payables, '/bwapi/supplier-invoices', {
      label: 'OP-2026-201',
      supplier_id: supplier,
      company_id: company,
      currency_code: 'EUR',
      invoice_date: '2026-11-21',
      amount_exctax: '501.40',
      amount_inctax: '601.68',
      lines: [{ purchase_order_line_id: line?.id, quantity: '4', vat_rate: '20' }],
    })
  ).json.data as { id: number }
  await callApi(payables, `/bwapi/supplier-invoices/${invoice.id}/submit`, {})
  expect((await callApi(validator, `/bwapi/supplier-invoices/${invoice.id}/validate`, {})).status).toBe(200)
  expect(
    (
      await callApi(admin, `/bwapi/companies/${company}/bank-accounts`, {
        account_number: 'FR76 3000 6000 0112 3456 7890 189',
        bic: 'AGRIFRPP',
        holder_name: 'Acmé Industries',
        holder_country_code: 'FR',
        main: true,
      })
    ).status,
  ).toBe(201)
  const account = (
    await callApi(payables, `/bwapi/suppliers/${supplier}/bank-accounts`, {
      account_number: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      holder_name: 'OfficePro Supplies',
      holder_country_code: 'DE',
      main: true,
    })
  ).json.data as { id: number }
  await callApi(admin, `/bwapi/suppliers/${supplier}/bank-accounts/${account.id}/validate`, {})

  // The buyer who ordered has no payments to make: accounts payable pays what is due.
  const buyerMenu = buyer.getByRole('navigation', { name: 'Main menu' })
  await buyerMenu.getByRole('link', { name: 'Purchase orders' }).waitFor()
  expect(await buyerMenu.getByRole('link', { name: 'Payments' }).count()).toBe(0)
  await payables
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Payments' })
    .click()
  await payables.getByRole('heading', { level: 1, name: 'Payments' }).waitFor()
  await payables.getByRole('link', { name: 'Pay invoices' }).click()
  await fillDate(payables, 'Due by', '2027-12-31')
  const proposed = payables.getByRole('row').filter({ hasText: 'OP-2026-201' })
  await proposed.waitFor()
  expect(await proposed.textContent()).toContain('601.68')
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.screenshot({ path: join(OUTPUT, 'payment-proposal.png'), fullPage: true })
  await payables.getByRole('button', { name: /^Create the payment for / }).click()
  await payables.getByRole('heading', { level: 1, name: /^PAY-\d{4}-\d{5} Draft$/ }).waitFor()
  await payables.getByRole('button', { name: 'Submit' }).click()
  // No payments chart in this organisation: validated at once.
  await payables.getByRole('heading', { level: 1, name: /Validated$/ }).waitFor()
  // Finance hands it to the bank.
  await finance.goto(payables.url())
  await finance.getByRole('heading', { level: 1, name: /Validated$/ }).waitFor()
  await finance.getByRole('button', { name: 'Export to SEPA' }).click()
  await finance.getByRole('dialog').getByRole('button', { name: 'Export to SEPA' }).click()
  const link = finance.getByRole('link', { name: /\.xml$/ })
  await link.waitFor()
  await finance.getByRole('heading', { level: 1, name: /Scheduled$/ }).waitFor()
  const [download] = await Promise.all([finance.waitForEvent('download'), link.click()])
  const xml = readFileSync((await download.path()) ?? '', 'utf8')
  expect(xmllint(xml, SEPA_SCHEMA('09'))).toBe('')
  expect(xml).toContain('<InstdAmt Ccy="EUR">601.68</InstdAmt>')
  expect(xml).toContain('<Nm>Acme Industries</Nm>')
  expect(await accessibilityViolations(finance)).toEqual([])
  await finance.screenshot({ path: join(OUTPUT, 'payment-exported.png'), fullPage: true })

  // The bank settles the transfer: its status report is imported.
  const messageId = /<MsgId>([^<]+)<\/MsgId>/.exec(xml)?.[1] ?? ''
  const endToEnd = /<EndToEndId>([^<]+)<\/EndToEndId>/.exec(xml)?.[1] ?? ''
  const report = buildPain002({
    message_id: 'BANK-1',
    answers_message_id: messageId,
    created_at: new Date(),
    transactions: [{ end_to_end_id: endToEnd, status: 'ACSC' }],
  })
  const groupUrl = finance.url()
  await finance.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Payments' }).click()
  await finance.getByLabel('Status report (XML)').setInputFiles({
    name: 'pain002.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(report),
  })
  await finance.getByRole('button', { name: 'Import the answer' }).click()
  await finance
    .getByText('Bank answer imported: 1 paid, 0 rejected, 0 blocked, 0 in error, 0 unchanged.')
    .waitFor()
  await finance.goto(groupUrl)
  await finance.getByRole('heading', { level: 1, name: /Paid$/ }).waitFor()
  const paid = (await callApi(payables, `/bwapi/supplier-invoices/${invoice.id}`)).json.data as {
    payment_status: string
  }
  expect(paid.payment_status).toBe('complete')
  expect(pageErrors(finance)).toEqual([])
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
