import { join } from 'node:path'
import { startTestShop, type TestShop } from '@procura/api/testing/punchout-shop'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  accessibilityViolations,
  callApi,
  cspViolations,
  launchBrowser,
  OUTPUT,
  signInAs,
  startTestServer,
  type TestServer,
} from './browser'

let shop: TestShop
let server: TestServer
let browser: Browser

beforeAll(async () => {
  shop = await startTestShop()
  server = await startTestServer()
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await shop?.stop()
})

test('a buyer sets up a supplier’s cXML shop, shops there from the catalogue, and the basket becomes a validated order', async () => {
  const buyer = await signInAs(browser, server, 'buyer', { at: '/app/suppliers' })
  const suppliers = (await callApi(buyer, '/bwapi/suppliers?per_page=50')).json.data as {
    id: number
    code: string
  }[]
  const supplier = suppliers.find((s) => s.code === 'OFFICEPRO')?.id
  // The supplier's PunchOut tab: the shop's protocol, address, identities and secret.
  await buyer.goto(`${server.url}/app/suppliers/${supplier}?tab=punchout`)
  const form = buyer.getByRole('form', { name: 'PunchOut' })
  await form.getByLabel('Shop address').fill(`${shop.url}/cxml/setup`)
  await form.getByRole('group', { name: 'From (your organisation)' }).getByLabel('Identity').fill('acme')
  await form.getByRole('group', { name: 'To (the supplier)' }).getByLabel('Identity').fill('bureau-direct')
  await form
    .getByRole('group', { name: 'Sender (who sends the request)' })
    .getByLabel('Identity')
    .fill('acme')
  await form.getByLabel('Shared secret').fill('demo-secret')
  await form.getByLabel('Order system URL (cXML OrderRequest)').fill(`${shop.url}/cxml/order`)
  await form.getByRole('button', { name: 'Save' }).click()
  await buyer.getByText('PunchOut settings saved.').waitFor()
  await form.getByText('A secret is kept: leave empty to keep it.').waitFor()
  expect(await accessibilityViolations(buyer)).toEqual([])

  // From the catalogue to the supplier's own shop.
  await buyer.goto(`${server.url}/app/warehouses`)
  await buyer.getByRole('button', { name: 'Shop at OfficePro Supplies' }).click()
  await buyer.waitForURL(`${shop.url}/shop/**`)
  await buyer.getByRole('heading', { name: 'Bureau Direct — office supplies' }).waitFor()
  await buyer.getByLabel('Quantity of Toner cartridge HP 305A, black').fill('2')
  await buyer.getByLabel('Quantity of Copy paper A4 80 g, box of 5 reams').fill('3')
  await buyer.getByRole('button', { name: 'Return to Procura with my basket' }).click()

  // Back in the catalogue: the basket is in the cart, as lines of that supplier.
  await buyer.waitForURL(/\/app\/warehouses\/\d+\/articles/)
  await buyer.getByText('The shop’s basket is in your cart: 2 lines.').waitFor()
  const cart = buyer.getByRole('complementary', { name: /^Cart/ })
  await cart.getByText('Toner cartridge HP 305A, black', { exact: true }).waitFor()
  await cart.getByText(/from the shop of OfficePro Supplies · unit: box · delivered in 1 day/).waitFor()
  expect(buyer.url()).not.toContain('punchout=')
  await buyer.screenshot({ path: join(OUTPUT, 'punchout-cart.png'), fullPage: true })
  // Back to the shop with these lines (cXML edit): the shop opens with them; its basket replaces them.
  await cart.getByRole('button', { name: 'Change at the shop' }).click()
  await buyer.waitForURL(`${shop.url}/shop/**`)
  const toner = buyer.getByLabel('Quantity of Toner cartridge HP 305A, black')
  await expect.poll(() => toner.inputValue()).toBe('2')
  await toner.fill('4')
  await buyer.getByRole('button', { name: 'Return to Procura with my basket' }).click()
  await buyer.waitForURL(/\/app\/warehouses\/\d+\/articles/)
  await expect
    .poll(() => cart.getByLabel('Quantity of Toner cartridge HP 305A, black').inputValue())
    .toBe('4')
  expect(await cart.getByRole('listitem').count()).toBe(2)
  await cart.getByRole('button', { name: 'Create the orders and submit them' }).click()
  const created = cart.getByRole('region', { name: 'Orders created' })
  await created.getByRole('link').first().click()
  await buyer.getByRole('heading', { level: 1 }).filter({ hasText: 'Awaiting validation' }).waitFor()
  await buyer.getByText('BD-TON-305 Toner cartridge HP 305A, black').waitFor()
  const orderUrl = buyer.url()

  // The validator validates it as any order.
  const validator = await signInAs(browser, server, 'validator')
  await validator.goto(orderUrl)
  await validator.getByRole('button', { name: 'Valider' }).first().click()
  await validator.getByRole('heading', { level: 1 }).filter({ hasText: 'Validé' }).waitFor()

  // Sent to the supplier's order system (a cXML OrderRequest), not by e-mail.
  await buyer.reload()
  await buyer.getByRole('button', { name: 'Send' }).first().click()
  const dialog = buyer.getByRole('dialog')
  await dialog.getByText(/This supplier takes orders in its own system/).waitFor()
  await dialog.getByRole('button', { name: 'Send' }).click()
  await buyer.getByRole('heading', { level: 1 }).filter({ hasText: 'Sent' }).waitFor()
  const received = await (await fetch(`${shop.url}/cxml/orders/last`)).text()
  expect(received).toContain('<SupplierPartID>BD-TON-305</SupplierPartID>')
})

test('a basket posted back twice is refused the second time, said in the catalogue, and adds nothing', async () => {
  const buyer = await signInAs(browser, server, 'buyer')
  let basket = ''
  buyer.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/punchout/return/')) basket = request.url()
  })
  const posted: string[] = []
  buyer.on('request', (request) => {
    if (request.url().includes('/punchout/return/')) posted.push(request.postData() ?? '')
  })
  await buyer.goto(`${server.url}/app/warehouses`)
  await buyer.getByRole('button', { name: 'Shop at OfficePro Supplies' }).click()
  await buyer.waitForURL(`${shop.url}/shop/**`)
  await buyer.getByLabel('Quantity of Ballpoint pens, blue, pack of 50').fill('1')
  await buyer.getByRole('button', { name: 'Return to Procura with my basket' }).click()
  await buyer.getByText('The shop’s basket is in your cart: 1 line.').waitFor()
  const cart = buyer.getByRole('complementary', { name: /^Cart/ })
  await cart.getByText('Ballpoint pens, blue, pack of 50', { exact: true }).waitFor()
  const lines = 1
  expect(await cart.getByRole('listitem').count()).toBe(lines)
  // The same basket posted again by the browser (a resubmitted page): refused and said.
  await buyer.evaluate(
    ({ action, body }) => {
      const form = document.createElement('form')
      form.method = 'post'
      form.action = action
      for (const [name, value] of new URLSearchParams(body)) {
        const input = document.createElement('input')
        input.type = 'hidden'
        input.name = name
        input.value = value
        form.append(input)
      }
      document.body.append(form)
      form.submit()
    },
    { action: basket, body: posted[0] ?? '' },
  )
  await buyer.getByText('This basket already came back once: it was not added twice.').waitFor()
  await expect
    .poll(() => buyer.getByRole('complementary', { name: /^Cart/ }).getByRole('listitem').count())
    .toBe(lines)
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
