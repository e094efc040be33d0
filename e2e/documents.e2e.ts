import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
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

const person = (login: string) => signInAs(browser, server, login)

/** The requester writes a request with one line and saves it; answers its page's URL. */
const writeRequest = async (page: Page, subject: string, description: string) => {
  await page.goto(`${server.url}/app/needs/new`)
  await page.getByLabel('Subject').fill(subject)
  await page.getByLabel('Buyer').selectOption({ label: 'Bruno Buyer' })
  await page.getByLabel('Purchase family').fill('FURNITURE')
  const line = page.getByRole('group', { name: 'Line 1' })
  await line.getByLabel('Description').fill(description)
  await line.getByLabel('Quantity', { exact: true }).fill('3')
  await line.getByLabel('Quantity step').fill('2')
  await line.getByLabel('Estimated unit price excl. tax').fill('80')
  await line.getByLabel('Allocation 2').fill('PROJ-7')
  await page.getByRole('button', { name: 'Save' }).click()
  return line
}

test('a requester is told a quantity off its step, fixes it, discusses the request and attaches a file', async () => {
  const requester = await person('requester')
  const line = await writeRequest(requester, 'Monitors', '27-inch monitor')
  await line.getByText('The quantity must be a multiple of 2').waitFor()
  await line.getByLabel('Quantity', { exact: true }).fill('4')
  await requester.getByRole('button', { name: 'Save' }).click()
  await requester.getByRole('heading', { level: 1 }).filter({ hasText: 'Monitors' }).waitFor()
  await requester.getByRole('cell', { name: /PROJ-7/ }).waitFor()

  // The comments have loaded (none yet) before a person writes one: a field filled while the panel
  // still loads is drawn again empty on a busy machine.
  await requester.getByText('No comment yet.').waitFor()
  const comment = requester.getByLabel('Your comment')
  await comment.fill('Two for the design team, two for support.')
  await expect.poll(() => comment.inputValue()).toBe('Two for the design team, two for support.')
  await requester.getByRole('button', { name: 'Add the comment' }).click()
  await requester
    .getByRole('paragraph')
    .filter({ hasText: 'Two for the design team, two for support.' })
    .waitFor()
  // Its time as the history shows times: the instance's zone, the reader's format.
  const written = requester.locator('.pc-comments time').first()
  expect(await written.textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)

  const file = join(OUTPUT, 'monitor-quote.pdf')
  writeFileSync(file, '%PDF-1.4 quote')
  await requester.getByLabel('File', { exact: true }).setInputFiles(file)
  await requester.getByLabel('Meant for').selectOption({ label: 'Bruno Buyer' })
  await requester.getByRole('button', { name: 'Attach the file' }).click()
  await requester.getByRole('link', { name: 'monitor-quote.pdf' }).waitFor()
  await requester.getByRole('button', { name: 'As buyer' }).click()
  await requester.getByRole('link', { name: 'monitor-quote.pdf' }).waitFor()
  await requester.screenshot({ path: join(OUTPUT, 'request-documents.png'), fullPage: true })

  // A refused file says why and is not listed.
  const exe = join(OUTPUT, 'tool.exe')
  writeFileSync(exe, 'MZ')
  await requester.getByLabel('File', { exact: true }).setInputFiles(exe)
  await requester.getByRole('button', { name: 'Attach the file' }).click()
  await requester
    .getByText(/The file type is not allowed|extension/i)
    .first()
    .waitFor()
  expect(await requester.getByRole('link', { name: 'tool.exe' }).count()).toBe(0)
})

test('a requester merges two drafts from the list with a bulk action', async () => {
  const requester = await person('requester')
  await writeRequest(requester, 'Keyboards', 'Keyboard')
  await requester.getByRole('group', { name: 'Line 1' }).getByLabel('Quantity', { exact: true }).fill('2')
  await requester.getByRole('button', { name: 'Save' }).click()
  await requester.getByRole('heading', { level: 1 }).filter({ hasText: 'Keyboards' }).waitFor()
  await writeRequest(requester, 'Mice', 'Mouse')
  await requester.getByRole('group', { name: 'Line 1' }).getByLabel('Quantity', { exact: true }).fill('2')
  await requester.getByRole('button', { name: 'Save' }).click()
  await requester.getByRole('heading', { level: 1 }).filter({ hasText: 'Mice' }).waitFor()

  await requester.goto(`${server.url}/app/needs`)
  await requester.getByRole('row').filter({ hasText: 'Keyboards' }).waitFor()
  const codes = await requester
    .getByRole('row')
    .filter({ hasText: /Keyboards|Mice/ })
    .allInnerTexts()
  expect(codes).toHaveLength(2)
  for (const text of codes) {
    const code = /REQ-\d{4}-\d+/.exec(text)?.[0] ?? ''
    await requester.getByLabel(`Select ${code}`).check()
  }
  await requester.getByLabel('Bulk action').selectOption({ label: 'Merge' })
  await requester.getByRole('button', { name: /Apply/ }).click()
  const confirm = requester.getByRole('dialog', { name: 'Merge' })
  await confirm.getByRole('button', { name: 'Merge' }).click()
  await requester.getByText('2 done.').waitFor()
  await requester.getByRole('row').filter({ hasText: 'Canceled' }).first().waitFor()
})

test('a buyer adds a supplier, its main order contact and its ceiling', async () => {
  const buyer = await person('buyer')
  await buyer.goto(`${server.url}/app/suppliers`)
  await buyer.getByRole('link', { name: 'New supplier' }).click()
  await buyer.getByLabel('Code', { exact: true }).fill('PAPER CO')
  await buyer.getByLabel('Company name').fill('Paper & Co')
  await buyer.getByRole('button', { name: 'Save' }).click()
  await buyer.getByText('Action not possible: there are errors in the form.').waitFor()
  await buyer.getByLabel('Code', { exact: true }).fill('PAPERCO')
  await buyer.getByRole('button', { name: 'Save' }).click()
  await buyer.getByRole('heading', { level: 1, name: 'Paper & Co (PAPERCO)' }).waitFor()
  await buyer.getByRole('tab', { name: 'Contact informations' }).click()
  const contact = buyer.getByRole('form', { name: 'Add the contact' })
  await contact.getByLabel('Name').fill('Paula')
  await contact.getByLabel('E-mail').fill('orders@paperco.example')
  await contact.getByLabel('Main order contact').check()
  await contact.getByRole('button', { name: 'Add the contact' }).click()
  await buyer.getByRole('cell', { name: 'orders@paperco.example' }).waitFor()
  await buyer.getByRole('tab', { name: 'Purchase informations' }).click()
  const purchase = buyer.getByRole('form', { name: 'Purchase informations' })
  await purchase.getByLabel('Maximum per order').fill('-3')
  await purchase.getByRole('button', { name: 'Save' }).click()
  await purchase.getByText('Action not possible: there are errors in the form.').waitFor()
  await purchase.getByLabel('Maximum per order').fill('5000')
  await purchase.getByRole('button', { name: 'Save' }).click()
  await buyer.getByText('Saved').first().waitFor()
  await buyer.screenshot({ path: join(OUTPUT, 'supplier.png'), fullPage: true })
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
