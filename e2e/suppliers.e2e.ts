import { join } from 'node:path'
import { expect, test } from 'vitest'
import {
  accessibilityViolations,
  browserFile,
  cspTest,
  fillDate,
  OUTPUT,
  pageErrors,
  signInAs,
} from './browser'

// The demo with its year of history: its supplier records, documents and approvals.
const file = browserFile({ PROCURA_DEMO: '1' })

test('an administrator adds the prospect’s missing Kbis, validates it and approves the supplier', async () => {
  const admin = await signInAs(file.browser, file.server, 'admin')
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
  // Its charts: each a figure with its caption, drawn or saying there is nothing to draw.
  await admin.getByRole('tab', { name: 'Surveillance dashboard' }).click()
  await admin.getByRole('figure', { name: 'Ordered over 24 months (excl. tax)' }).waitFor()
  // Each chart reads its own call: all seven arrive.
  await expect.poll(() => admin.getByRole('figure').count()).toBe(7)
  await admin.getByRole('figure', { name: 'Certifications' }).locator('svg').first().waitFor()
  const violations = await accessibilityViolations(admin)
  if (violations.length > 0) process.stderr.write(`AXE ${JSON.stringify(violations)}\n`)
  expect(violations).toEqual([])
  await admin.screenshot({ path: join(OUTPUT, 'supplier-approved.png'), fullPage: true })
  expect(pageErrors(admin)).toEqual([])
})

test('a supplier’s documents show their state; the settings screen keeps sectors and document types', async () => {
  const admin = await signInAs(file.browser, file.server, 'admin', { viewport: { width: 390, height: 844 } })
  await admin.goto(`${file.server.url}/app/supplier-settings?tab=types`)
  await admin.getByRole('cell', { name: 'URSSAF attestation', exact: true }).waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await admin.goto(`${file.server.url}/app/suppliers`)
  await admin.getByRole('link', { name: 'SAFEWORK', exact: true }).click()
  await admin.getByRole('tab', { name: 'Documents' }).click()
  const documents = admin.getByRole('region', { name: 'Documents' })
  await documents.getByText('Expired').first().waitFor()
  await documents.getByText('Expires soon').waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  expect(pageErrors(admin)).toEqual([])
})

cspTest(file)
