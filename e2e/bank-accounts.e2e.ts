import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  accessibilityViolations,
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

test('accounts payable enters a supplier’s IBAN; only someone else can validate it', async () => {
  const buyer = await signInAs(browser, server, 'payables')
  await buyer.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Suppliers' }).click()
  await buyer.getByRole('link', { name: 'OFFICEPRO', exact: true }).click()
  await buyer.getByRole('tab', { name: 'Bank details' }).click()
  const add = buyer.getByRole('form', { name: 'Add the account' })
  await add.getByLabel('IBAN or account number').fill('FR76 3000 6000 0112 3456 7890 188')
  await add.getByLabel('Holder', { exact: true }).fill('OfficePro Supplies')
  await add.getByLabel('Holder country (2 letters)').fill('FR')
  await add.getByRole('button', { name: 'Add the account' }).click()
  await add.getByText('This IBAN is not valid.').waitFor()
  await add.getByLabel('IBAN or account number').fill('FR76 3000 6000 0112 3456 7890 189')
  await add.getByRole('button', { name: 'Add the account' }).click()
  const accounts = buyer.getByRole('region', { name: 'Bank accounts' })
  await accounts.getByText('FR7630006000011234567890189').waitFor()
  await accounts.getByText('Awaiting validation').waitFor()
  expect(await accounts.getByRole('button', { name: 'Validate' }).count()).toBe(0)
  expect(await accessibilityViolations(buyer)).toEqual([])
  const url = buyer.url()

  const admin = await signInAs(browser, server, 'admin')
  await admin.goto(url)
  const theirs = admin.getByRole('region', { name: 'Bank accounts' })
  await theirs.getByRole('button', { name: 'Validate' }).click()
  await theirs.getByText('Validated').waitFor()
  await admin.screenshot({ path: join(OUTPUT, 'bank-account-validated.png'), fullPage: true })
  // The invalid IBAN was refused in the browser by the core schema: no request, no error logged.
  expect(pageErrors(buyer)).toEqual([])
  expect(pageErrors(admin)).toEqual([])
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
