import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { attachmentsOf, startTestSmtp, type TestSmtp } from '@procura/api/testing/smtp'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { cspViolations, launchBrowser, OUTPUT, signInAs, startTestServer, type TestServer } from './browser'

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

const person = (login: string) => signInAs(browser, server, login)

test('from request to sent order: ask, approve, transform, validate, send', async () => {
  // The requester asks for chairs.
  const requester = await person('requester')
  await requester.goto(`${server.url}/app/needs/new`)
  await requester.getByLabel('Subject').fill('Chairs for the new office')
  await requester.getByLabel('Buyer').selectOption({ label: 'Bruno Buyer' })
  await requester.getByLabel('Purchase family').fill('FURNITURE')
  const line = requester.getByRole('group', { name: 'Line 1' })
  await line.getByLabel('Description').fill('Ergonomic chair')
  await line.getByLabel('Quantity', { exact: true }).fill('4')
  await line.getByLabel('Estimated unit price excl. tax').fill('249.90')
  await requester.getByRole('button', { name: 'Save' }).click()
  await requester
    .getByRole('heading', { level: 1 })
    .filter({ hasText: 'Chairs for the new office' })
    .waitFor()
  const needUrl = requester.url()
  await requester.getByRole('button', { name: 'Submit' }).click()
  await requester.getByRole('heading', { level: 1 }).filter({ hasText: 'Awaiting validation' }).waitFor()

  // The validator approves it (the validator's own language is French).
  const validator = await person('validator')
  await validator.goto(needUrl)
  await validator.getByRole('button', { name: 'Approuver' }).click()
  await validator.getByRole('heading', { level: 1 }).filter({ hasText: 'Validé' }).waitFor()

  // The buyer turns it into an order, submits it.
  const buyer = await person('buyer')
  await buyer.goto(needUrl)
  await buyer.getByRole('button', { name: 'Transform into an order' }).click()
  const modal = buyer.getByRole('dialog', { name: 'Transform into an order' })
  await modal.getByLabel('Supplier').selectOption({ label: 'OfficePro Supplies' })
  await modal.getByRole('button', { name: 'Transform into an order' }).click()
  await buyer
    .getByRole('heading', { level: 1 })
    .filter({ hasText: /PO-\d{4}-00001/ })
    .waitFor()
  const orderUrl = buyer.url()
  await buyer.getByRole('button', { name: 'Submit for validation' }).click()
  await buyer.getByRole('heading', { level: 1 }).filter({ hasText: 'Awaiting validation' }).waitFor()

  // The validator validates the order; the request follows.
  await validator.goto(orderUrl)
  await validator.getByRole('button', { name: 'Valider' }).click()
  await validator.getByRole('heading', { level: 1 }).filter({ hasText: 'Validé' }).waitFor()
  await requester.goto(needUrl)
  await requester.getByText('Processing: Order validated').waitFor()

  // The buyer sends it; the supplier receives the PDF.
  await buyer.reload()
  await buyer.getByRole('button', { name: 'Send', exact: true }).click()
  const send = buyer.getByRole('dialog', { name: /Send PO-/ })
  // To is prefilled with the supplier's order contact, the buyer in copy.
  expect(await send.getByLabel('To', { exact: true }).inputValue()).toBe('supplier@procura.example')
  expect(await send.getByLabel('Copy to (comma-separated)').inputValue()).toBe('buyer@procura.example')
  await send.getByRole('button', { name: 'Send' }).click()
  await buyer.getByRole('heading', { level: 1 }).filter({ hasText: 'Sent' }).waitFor()
  await buyer.screenshot({ path: join(OUTPUT, 'story-sent.png'), fullPage: true })

  // The validator was asked for the request and for the order, each author was told of the
  // approval, then the supplier got the order (the buyer in copy).
  const mails = await smtp.waitFor(5)
  expect(mails.map((m) => m.to)).toEqual([
    ['validator@procura.example'],
    ['requester@procura.example'],
    ['validator@procura.example'],
    ['buyer@procura.example'],
    ['supplier@procura.example', 'buyer@procura.example'],
  ])
  const mail = mails[4]
  const [pdf] = attachmentsOf(mail?.raw ?? '')
  const file = join(OUTPUT, 'story-order.pdf')
  writeFileSync(file, pdf?.content ?? Buffer.alloc(0))
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  expect(text).toMatch(/Purchase order PO-\d{4}-00001/)
  expect(text).toContain('Ergonomic chair')
  expect(text).toMatch(/Total incl\. tax\s+1,199\.52 €/)
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
