import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  accessibilityViolations,
  callApi,
  cspViolations,
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

/** The stock cell of an article in the main warehouse's catalogue, as a person reads it. */
const stockShown = async (page: Page, reference: string) => {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Catalogue' }).click()
  await page.getByRole('heading', { level: 1, name: 'Articles — Main warehouse' }).waitFor()
  await page.getByRole('searchbox').fill(reference)
  const row = page.getByRole('row').filter({ hasText: reference })
  await row.waitFor()
  const text = (await row.getByText(/on hand/).textContent()) ?? ''
  return Number(/\((\d+(?:\.\d+)?) on hand/.exec(text)?.[1] ?? 'NaN')
}

test('the buyer receives part of a sent order, then the rest: the order is complete and the stock rose', async () => {
  const buyer = await signInAs(browser, server, 'buyer')
  // A sent order of 10 units of a stocked catalogue article (set up through the API).
  const articles = await callApi(buyer, '/bwapi/warehouses/1/articles?internal=1&per_page=1')
  const article = (articles.json.data as { id: number; reference: string; label: string }[])[0]
  if (article === undefined) throw new Error('The demo catalogue has no internal article')
  const refs = await callApi(buyer, '/bwapi/purchase-orders/create')
  const form = refs.json as {
    suppliers: { id: number; code: string }[]
    companies: { id: number; code: string }[]
  }
  const created = await callApi(buyer, '/bwapi/purchase-orders', {
    supplier_id: form.suppliers.find((s) => s.code === 'OFFICEPRO')?.id,
    company_id: form.companies.find((c) => c.code === 'ACME')?.id,
    currency_code: 'EUR',
    lines: [
      {
        article_id: article.id,
        label: article.label,
        quantity: '10',
        unit_price_exctax: '12.50',
        vat_rate: '20',
      },
    ],
  })
  expect(created.status).toBe(201)
  const orderId = (created.json.data as { id: number }).id
  expect((await callApi(buyer, `/bwapi/purchase-orders/${orderId}/submit`, {})).status).toBe(200)
  const validator = await signInAs(browser, server, 'validator')
  expect((await callApi(validator, `/bwapi/purchase-orders/${orderId}/validate`, {})).status).toBe(200)
  expect((await callApi(buyer, `/bwapi/purchase-orders/${orderId}/consider_sent`, {})).status).toBe(200)
  const stockBefore = await stockShown(buyer, article.reference)

  await buyer.goto(`${server.url}/app/purchase-orders/${orderId}`)
  await buyer.getByText('Delivery: Not delivered').waitFor()
  await buyer.getByRole('link', { name: 'Receive', exact: true }).click()
  await buyer.getByRole('heading', { level: 1, name: /^Receive PO-/ }).waitFor()
  // Nothing is received until typed: an empty line is skipped. "Fill in what remains" puts 10; four arrived.
  const received = buyer.getByLabel(`This delivery — ${article.label}`)
  expect(await received.inputValue()).toBe('')
  await buyer.getByRole('button', { name: 'Fill in what remains' }).click()
  await expect.poll(() => received.inputValue()).toBe('10')
  await received.fill('4')
  await buyer.getByLabel('Delivery-note number').fill('BL-7781')
  expect(await accessibilityViolations(buyer)).toEqual([])
  await buyer.screenshot({ path: join(OUTPUT, 'delivery-form.png'), fullPage: true })
  await buyer.getByRole('button', { name: 'Receive', exact: true }).click()
  await buyer.getByRole('heading', { level: 1, name: /^DL-\d{4}-\d{5}/ }).waitFor()
  await buyer.getByText('Partially delivered').first().waitFor()
  expect(await accessibilityViolations(buyer)).toEqual([])
  await buyer.screenshot({ path: join(OUTPUT, 'delivery-page.png'), fullPage: true })

  await buyer.getByRole('link', { name: /^PO-/ }).first().click()
  await buyer.getByText('Delivery: Partially delivered').waitFor()
  // Receiving all that remains asks first: going back records nothing.
  await buyer.getByRole('button', { name: 'Receive all that remains' }).click()
  const confirm = buyer.getByRole('dialog', { name: 'Receive all that remains?' })
  await confirm.getByRole('button', { name: 'Back' }).last().click()
  await confirm.waitFor({ state: 'detached' })
  await buyer.getByText('Delivery: Partially delivered').waitFor()
  await buyer.getByRole('button', { name: 'Receive all that remains' }).click()
  await confirm.getByRole('button', { name: 'Receive all', exact: true }).click()
  await buyer.getByText('Delivery: Delivered').waitFor()
  // The order's deliveries are a tab of its page.
  await buyer.getByRole('tab', { name: 'Deliveries' }).click()
  const deliveries = buyer.getByRole('region', { name: 'Deliveries' })
  await deliveries.getByRole('listitem').nth(1).waitFor()
  expect(await deliveries.getByRole('listitem').count()).toBe(2)
  await buyer.screenshot({ path: join(OUTPUT, 'order-delivered.png'), fullPage: true })

  // Both deliveries are in the list of all deliveries.
  await buyer.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Deliveries' }).click()
  await buyer.getByRole('heading', { level: 1, name: 'Deliveries' }).waitFor()
  // The heading comes before the rows: wait for them (a count read at once raced the list).
  await expect.poll(() => buyer.getByRole('row').filter({ hasText: 'Received' }).count()).toBe(2)
  expect(await accessibilityViolations(buyer)).toEqual([])

  expect(await stockShown(buyer, article.reference)).toBe(stockBefore + 10)
  // The article's history names the deliveries that moved its stock, and leads to them.
  await buyer.getByRole('row').filter({ hasText: article.reference }).getByRole('link').first().click()
  const shown = buyer.getByRole('dialog', { name: new RegExp(`^${article.reference} — `) })
  const byDelivery = shown.getByRole('link', { name: /^delivery DL-\d{4}-\d{5}$/ })
  await byDelivery.first().waitFor()
  expect(await byDelivery.count()).toBe(2)
  await byDelivery.first().click()
  await buyer.getByRole('heading', { level: 1, name: /^DL-\d{4}-\d{5}/ }).waitFor()
  expect(pageErrors(buyer)).toEqual([])
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
