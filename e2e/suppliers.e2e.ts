import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  accessibilityViolations,
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
  // The demo with its year of history: its supplier records, documents and approvals.
  server = await startTestServer({ PROCURA_DEMO: '1' })
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test('an administrator adds the prospect’s missing Kbis, validates it and approves the supplier', async () => {
  const admin = await signInAs(browser, server, 'admin')
  await admin
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Suppliers', exact: true })
    .click()
  await admin.getByRole('link', { name: 'BUREAUPLUS', exact: true }).click()
  await admin.getByRole('heading', { level: 1, name: 'Bureau Plus SARL (BUREAUPLUS)' }).waitFor()
  // What stops its approval is named; no approve button yet.
  await admin.getByRole('tab', { name: 'Validators' }).click()
  await admin.getByText('Missing or expired document: Kbis extract.', { exact: false }).waitFor()
  expect(await admin.getByRole('button', { name: 'Approve' }).count()).toBe(0)

  await admin.getByRole('tab', { name: 'Documents' }).click()
  const add = admin.getByRole('form', { name: 'Add a document' })
  await add.getByLabel('Type').selectOption({ label: 'Kbis extract' })
  const today = new Date().toISOString().slice(0, 10)
  await fillDate(add, 'Document date', today)
  await add.locator('input[type="file"]').setInputFiles({
    name: 'kbis-bureauplus.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 Kbis extract of Bureau Plus SARL'),
  })
  await add.getByRole('button', { name: 'Add a document' }).click()
  const documents = admin.getByRole('region', { name: 'Documents' })
  const row = documents.getByRole('row').filter({ hasText: 'kbis-bureauplus.pdf' })
  await row.getByText('Awaiting validation').waitFor()
  await row.getByRole('button', { name: 'Validate' }).click()
  await row.getByText('Valid', { exact: true }).waitFor()

  // Nothing is missing now: the header offers the approval.
  await admin.getByRole('button', { name: 'Approve' }).click()
  await admin.getByText(/Supplier approved until/).waitFor()
  await admin.getByText('Active', { exact: true }).first().waitFor()
  await admin.getByRole('tab', { name: 'Validators' }).click()
  await admin.getByText('Nothing is missing: it may be approved.').waitFor()
  await admin.getByRole('cell', { name: 'Alice Admin' }).waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await admin.screenshot({ path: join(OUTPUT, 'supplier-approved.png'), fullPage: true })
  expect(pageErrors(admin)).toEqual([])
})

test('a supplier’s documents show their state; the settings screen keeps sectors and document types', async () => {
  const admin = await signInAs(browser, server, 'admin', 'en-GB', { width: 390, height: 844 })
  await admin.goto(`${server.url}/app/supplier-settings?tab=types`)
  await admin.getByRole('cell', { name: 'URSSAF attestation', exact: true }).waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await admin.goto(`${server.url}/app/suppliers`)
  await admin.getByRole('link', { name: 'SAFEWORK', exact: true }).click()
  await admin.getByRole('tab', { name: 'Documents' }).click()
  const documents = admin.getByRole('region', { name: 'Documents' })
  await documents.getByText('Expired').first().waitFor()
  await documents.getByText('Expires soon').waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  expect(pageErrors(admin)).toEqual([])
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
