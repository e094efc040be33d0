import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { attachmentsOf, startTestSmtp, type TestSmtp } from '@procura/api/testing/smtp'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  cspViolations,
  launchBrowser,
  OUTPUT,
  pickFromSearch,
  signInAs,
  startTestServer,
  type TestServer,
} from './browser'

let smtp: TestSmtp
let server: TestServer
let browser: Browser

beforeAll(async () => {
  smtp = await startTestSmtp()
  server = await startTestServer({ SMTP_URL: smtp.url })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await smtp?.close()
})

test('a buyer orders, the validator approves, the order is e-mailed with its PDF', async () => {
  const buyer = await signInAs(browser, server, 'buyer')
  await buyer
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Purchase orders' })
    .click()
  await buyer.getByRole('link', { name: 'New order' }).click()
  await buyer.getByRole('heading', { name: 'New order' }).waitFor()
  // Saved empty, the form is refused in the browser by the core schema: nothing reaches the server.
  const posts: string[] = []
  buyer.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/bwapi/purchase-orders')
      posts.push(request.url())
  })
  await buyer.getByRole('button', { name: 'Save' }).click()
  await buyer.getByText('Action not possible: there are errors in the form.').waitFor()
  expect(posts).toEqual([])
  // No supplier is chosen for the buyer: it is asked for.
  await buyer.getByRole('combobox', { name: 'Supplier', exact: true }).waitFor()
  expect(await buyer.getByRole('combobox', { name: 'Supplier', exact: true }).inputValue()).toBe('')
  await pickFromSearch(buyer, 'Supplier', 'officepro', /OfficePro Supplies/)
  const line = buyer.getByRole('group', { name: 'Line 1' })
  await line.getByLabel('Item').fill('Ergonomic chair')
  await line.getByLabel('Quantity').fill('2')
  await line.getByLabel('Unit price excl. tax').fill('249.90')
  await buyer.getByText('Total 499.80 excl. tax, 599.76 incl. tax').waitFor()
  await buyer.getByRole('button', { name: 'Save' }).click()
  const heading = buyer.getByRole('heading', { level: 1 })
  await heading.filter({ hasText: /PO-\d{4}-00001/ }).waitFor()
  expect(posts).toHaveLength(1)
  const orderUrl = buyer.url()
  await buyer.getByRole('button', { name: 'Submit for validation' }).click()
  await buyer.getByText('Awaiting validation').first().waitFor()

  // The validator works in French.
  const validator = await signInAs(browser, server, 'validator', { locale: 'fr-FR' })
  await validator.goto(orderUrl)
  await validator.getByRole('button', { name: 'Valider' }).click()
  await validator.getByRole('heading', { level: 1 }).filter({ hasText: 'Validé' }).waitFor()
  await validator.screenshot({ path: join(OUTPUT, 'order-validated-fr.png'), fullPage: true })

  await buyer.reload()
  await buyer.getByRole('button', { name: 'Send', exact: true }).click()
  const modal = buyer.getByRole('dialog', { name: /Send PO-/ })
  await modal.getByLabel('To', { exact: true }).fill('orders@officepro.example')
  await modal.getByRole('button', { name: 'Send' }).click()
  await buyer.getByRole('heading', { level: 1 }).filter({ hasText: 'Sent' }).waitFor()
  await buyer.screenshot({ path: join(OUTPUT, 'order-sent.png'), fullPage: true })

  const mails = await smtp.waitFor(3) // the validator's, the approval told to the buyer, the supplier's
  const mail = mails.find((m) => m.to.includes('orders@officepro.example'))
  expect(mails.map((m) => m.to)).toEqual([
    ['validator@procura.example'],
    ['buyer@procura.example'],
    ['orders@officepro.example', 'buyer@procura.example'],
  ])
  expect(mail?.raw).toContain('Please find attached our purchase order')
  const [pdf] = attachmentsOf(mail?.raw ?? '')
  expect(pdf?.filename).toMatch(/^PO-\d{4}-00001-v1\.pdf$/)
  const file = join(OUTPUT, 'order.pdf')
  writeFileSync(file, pdf?.content ?? Buffer.alloc(0))
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  expect(text).toContain('Ergonomic chair')
  expect(text).toMatch(/Total incl\. tax\s+599\.76 €/)
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
