import { readdirSync, readFileSync } from 'node:fs'
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
  const admin = await signInAs(browser, server, 'admin', { viewport: { width: 390, height: 844 } })
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

test('an invited contact chooses its password from the e-mail, signs in and acknowledges its company’s order', async () => {
  const buyer = await signInAs(browser, server, 'buyer', { at: '/app/suppliers' })
  await buyer.getByRole('link', { name: 'OFFICEPRO', exact: true }).click()
  await buyer.getByRole('tab', { name: 'Contact informations' }).click()
  const add = buyer.getByRole('form', { name: 'Add the contact' })
  await add.getByLabel('Name').fill('Paula Martin')
  await add.getByLabel('E-mail').fill('paula@officepro.example')
  await add.getByRole('button', { name: 'Add the contact' }).click()
  await buyer.getByRole('button', { name: 'Invite Paula Martin to the portal' }).click()
  await buyer.getByText('Invitation sent to paula@officepro.example.').waitFor()
  // The e-mail went to the outbox (no SMTP server here): its link opens the password page.
  const outbox = join(server.dir, 'outbox')
  const mail = readdirSync(outbox)
    .filter((f) => f.includes('paula'))
    .map((f) => readFileSync(join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))[0]
  const link = /(http\S+\/password-reset\/[\w-]+)/.exec(mail ?? '')?.[1]
  expect(link).toBeDefined()
  const paula = await (await browser.newContext({ locale: 'en-GB' })).newPage()
  await paula.goto(link ?? '')
  await paula.getByLabel('New password', { exact: true }).fill('Paula2026!')
  await paula.getByLabel('Confirm the new password').fill('Paula2026!')
  await paula.getByRole('button', { name: 'Save' }).click()
  await paula.getByText('Your password was changed. You can sign in with it now.').waitFor()
  await paula.getByRole('link', { name: 'Back to sign-in' }).click()
  await paula.getByRole('textbox', { name: 'Login' }).fill('paula@officepro.example')
  await paula.getByLabel('Password').fill('Paula2026!')
  await paula.getByRole('button', { name: 'Sign in' }).click()
  await paula.getByRole('navigation').first().getByRole('link', { name: 'Our documents' }).waitFor()
  // Its company's sent orders: it acknowledges one.
  await paula.getByRole('navigation').first().getByRole('link', { name: 'Purchase orders' }).click()
  const sent = paula.getByRole('row').filter({ hasText: 'Sent' }).first()
  await sent.getByRole('link').first().click()
  await paula.getByRole('button', { name: 'Acknowledge' }).click()
  await paula.getByText('Acknowledged', { exact: false }).first().waitFor()
  expect(await accessibilityViolations(paula)).toEqual([])
  expect(pageErrors(paula)).toEqual([])
})

test('a buyer checks a contacts file, reads the refused line, then imports the corrected file', async () => {
  const buyer = await signInAs(browser, server, 'buyer', { at: '/app/suppliers' })
  await buyer.getByRole('link', { name: 'Import', exact: true }).click()
  const dialog = buyer.getByRole('dialog', { name: 'Import' })
  await dialog.getByLabel('The file holds').selectOption({ label: 'Suppliers’ contacts' })
  await dialog.getByText('id;supplier_code;name;email', { exact: false }).waitFor()
  const file = (rows: string[]) => ({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['id;supplier_code;name;email;phone', ...rows].join('\n')),
  })
  const input = dialog.locator('input[type="file"]')
  // The second contact has neither e-mail nor phone: the check names its line and writes nothing.
  await input.setInputFiles(file([';OFFICEPRO;Hugo Lenoir;hugo@officepro.example;', ';OFFICEPRO;Inès Roy;;']))
  await dialog.getByRole('button', { name: 'Check the file' }).click()
  const summary = dialog.getByRole('status').filter({ hasText: 'Line 3' })
  await summary.waitFor()
  expect(await accessibilityViolations(buyer)).toEqual([])
  await input.setInputFiles(
    file([';OFFICEPRO;Hugo Lenoir;hugo@officepro.example;', ';OFFICEPRO;Inès Roy;;+33 4 72 00 00 00']),
  )
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await dialog.getByText('(2 created, 0 updated)').waitFor()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await buyer.getByRole('link', { name: 'OFFICEPRO', exact: true }).click()
  await buyer.getByRole('tab', { name: /Contact informations/ }).click()
  await buyer.getByText('Inès Roy').first().waitFor()
  expect(pageErrors(buyer)).toEqual([])
})

test('a contract keeps its signed copy; the monitoring tab shows which objectives a supplier misses', async () => {
  const buyer = await signInAs(browser, server, 'buyer', { at: '/app/suppliers' })
  await buyer.getByRole('link', { name: 'OFFICEPRO', exact: true }).click()
  await buyer.getByRole('tab', { name: 'Contracts' }).click()
  await buyer.getByRole('button', { name: '0 files — Office supplies framework' }).click()
  const dialog = buyer.getByRole('dialog', { name: 'Files of Office supplies framework' })
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'framework-signed.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 signed framework agreement'),
  })
  await dialog.getByRole('button', { name: 'Attach the file' }).click()
  await dialog.getByRole('link', { name: 'framework-signed.pdf' }).waitFor()
  expect(await accessibilityViolations(buyer)).toEqual([])
  await dialog.getByRole('button', { name: 'Close' }).click()
  await buyer.getByRole('button', { name: '1 file — Office supplies framework' }).waitFor()

  await buyer.goto(`${server.url}/app/suppliers`)
  await buyer.getByRole('link', { name: 'SAFEWORK', exact: true }).click()
  await buyer.getByRole('tab', { name: 'Monitoring' }).click()
  const objectives = buyer.getByRole('table', { name: 'Figures against their objectives' })
  await objectives.getByRole('row', { name: /Months without lost-time accident.*Below/ }).waitFor()
  await buyer.getByText('Below its objectives', { exact: false }).waitFor()
  expect(await accessibilityViolations(buyer)).toEqual([])
  expect(pageErrors(buyer)).toEqual([])
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
