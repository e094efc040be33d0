import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { cspViolations, launchBrowser, OUTPUT, signInAs, startTestServer, type TestServer } from './browser'

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

test('a buyer creates an article, puts it in the cart (wrong then right quantity) and orders it', async () => {
  const buyer = await signInAs(browser, server, 'buyer')
  await buyer.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Catalogue' }).click()
  await buyer.getByRole('heading', { level: 1, name: 'Articles — Main warehouse' }).waitFor()
  expect(buyer.url()).toMatch(/\/app\/warehouses\/\d+\/articles$/)

  await buyer.getByRole('link', { name: 'New article' }).click()
  const form = buyer.getByRole('dialog', { name: 'New article' })
  await form.getByLabel('Reference').fill('ART-000001')
  await form.getByLabel('Label').click() // leaving the reference checks it
  await form.getByText('Product already referenced').waitFor()
  await form.getByLabel('Reference').fill('TONER-X1')
  await form.getByLabel('Label').fill('Toner cartridge X1')
  await form.getByLabel('Family').selectOption({ label: 'IT equipment' })
  await form.getByLabel('Price excl. tax', { exact: true }).fill('64.90')
  await form.getByLabel('Quantity step').fill('2')
  await form.getByLabel('Main supplier').selectOption({ label: 'OfficePro Supplies' })
  await form.getByRole('button', { name: 'Save' }).click()
  const shown = buyer.getByRole('dialog', { name: 'TONER-X1 — Toner cartridge X1' })
  await shown.waitFor()
  await shown.getByText('64.90').first().waitFor()
  await buyer.screenshot({ path: join(OUTPUT, 'article-show.png'), fullPage: true })

  await shown.getByRole('link', { name: 'Add to cart' }).click()
  const add = buyer.getByRole('dialog', { name: 'Add to cart' })
  await add.getByLabel('Quantity').fill('3')
  await add.getByRole('button', { name: 'Add to cart' }).click()
  await add.getByText('The quantity must be a multiple of 2.').waitFor()
  await add.getByLabel('Quantity').fill('4')
  await add.getByRole('button', { name: 'Add to cart' }).click()
  const cart = buyer.getByRole('complementary', { name: 'Cart (1)' })
  const line = cart.getByRole('listitem').filter({ hasText: 'TONER-X1' })
  await line.getByText('259.60').waitFor()
  await buyer.screenshot({ path: join(OUTPUT, 'catalogue-cart.png'), fullPage: true })

  await cart.getByRole('button', { name: 'Create draft orders' }).click()
  const created = buyer.getByRole('region', { name: 'Orders created' })
  await created.waitFor()
  await created.getByRole('link').click()
  await buyer.getByRole('heading', { level: 1 }).filter({ hasText: 'Draft' }).waitFor()
  await buyer.getByRole('cell', { name: 'Toner cartridge X1' }).waitFor()
  await buyer.screenshot({ path: join(OUTPUT, 'catalogue-order.png'), fullPage: true })
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
