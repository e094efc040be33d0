import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SEPA_SCHEMA, xmllint } from '@procura/api/testing/xmllint'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  accessibilityViolations,
  cspViolations,
  launchBrowser,
  OUTPUT,
  overflowsSideways,
  pageErrors,
  pickFromSearch,
  signInAs,
  startTestServer,
  type TestServer,
} from './browser'

let server: TestServer
let browser: Browser

beforeAll(async () => {
  // The demo's history: the requester's IBAN is validated, the payments' circuit names finance.
  server = await startTestServer({ PROCURA_DEMO: '1' })
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** A receipt as a phone's camera gives it (a tiny PNG). */
const RECEIPT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
)

test('on a phone, a user records a mileage expense and a meal with its receipt, reports them; validated, the report is paid in a SEPA file', async () => {
  const phone = { width: 390, height: 844 }
  const requester = await signInAs(browser, server, 'requester', { viewport: phone })
  // The mileage: 120 km in a 3 CV car, priced from the kilometer scale (120 × 0.529).
  await requester.goto(`${server.url}/app/expenses/new`)
  await requester.getByRole('heading', { level: 1, name: 'Record an expense' }).waitFor()
  await requester.getByLabel('Type').selectOption({ label: 'Mileage' })
  await requester.getByLabel('Label').fill('Visit of the Lyon site')
  await requester
    .getByText('Enter the distance travelled: it is not computed from the addresses here.')
    .waitFor()
  await requester.getByLabel('Distance (km)').fill('120')
  await requester.getByLabel('Vehicle').selectOption('car')
  await requester.getByLabel('Fiscal horsepower (CV)').fill('3')
  expect(await accessibilityViolations(requester)).toEqual([])
  expect(await overflowsSideways(requester)).toBe(false)
  await requester.getByRole('button', { name: 'Save' }).click()
  await requester.getByText('Expense recorded: €63.48.').waitFor()
  await requester.getByRole('heading', { level: 1, name: /^Mileage/ }).waitFor()

  // The meal: 22.00 including 10 % VAT; the VAT and the amount excluding tax fill themselves.
  await requester.goto(`${server.url}/app/expenses/new`)
  await requester.getByLabel('Type').selectOption({ label: 'Meal' })
  await requester.getByLabel('Label').fill('Lunch on the Lyon site')
  await requester.getByLabel('Meal', { exact: true }).selectOption('Lunch')
  await requester.getByLabel('Amount incl. tax').fill('22.00')
  await requester.getByLabel('VAT rate (%)').fill('10')
  await requester.getByLabel('Amount excl. tax').click()
  expect(await requester.getByLabel('Amount excl. tax').inputValue()).toBe('20.00')
  await requester.getByRole('button', { name: 'Save' }).click()
  await requester.getByText('Expense recorded: €22.00.').waitFor()
  await requester.getByRole('heading', { level: 1, name: /^Meal/ }).waitFor()
  // Its receipt, from the phone.
  await requester
    .locator('input[type="file"]')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT })
  await requester.getByRole('button', { name: 'Attach' }).click()
  await requester.getByRole('link', { name: 'receipt.png' }).waitFor()
  expect(await accessibilityViolations(requester)).toEqual([])
  expect(await overflowsSideways(requester)).toBe(false)
  await requester.screenshot({ path: join(OUTPUT, 'expense-phone.png'), fullPage: true })

  // The report of the two, submitted.
  await requester.goto(`${server.url}/app/expense-reports/new`)
  await requester.getByRole('heading', { level: 1, name: 'Make an expense report' }).waitFor()
  await requester.getByLabel('Label').fill('Lyon site visit')
  await requester.getByLabel(/Mileage \(Visit of the Lyon site\)/).check()
  await requester.getByLabel(/Meal \(Lunch on the Lyon site\)/).check()
  await requester.getByText('2 expenses chosen: €85.48').waitFor()
  await requester.getByRole('button', { name: 'Make the report' }).click()
  await requester.getByRole('heading', { level: 1, name: /^ER-\d{4}-\d{5}/ }).waitFor()
  const reportUrl = requester.url()
  await requester.getByRole('button', { name: 'Submit' }).click()
  await requester.getByRole('heading', { level: 1, name: /Awaiting validation/ }).waitFor()
  expect(await accessibilityViolations(requester)).toEqual([])

  // The validator (in French) validates it.
  const validator = await signInAs(browser, server, 'validator', { locale: 'fr-FR' })
  await validator.goto(reportUrl)
  await validator.getByRole('heading', { level: 1, name: /En attente de validation/ }).waitFor()
  await validator.getByRole('cell', { name: '85,48 €' }).first().waitFor()
  await validator.getByRole('button', { name: 'Valider' }).click()
  await validator.getByRole('heading', { level: 1, name: /Validée/ }).waitFor()

  // Accounts payable pays it; finance validates the payment and exports the SEPA file.
  const payables = await signInAs(browser, server, 'payables')
  await payables.goto(reportUrl)
  await payables.getByRole('button', { name: 'Pay this report' }).click()
  await payables.getByRole('heading', { level: 1, name: /^PAY-\d{4}-\d{5} Draft$/ }).waitFor()
  await payables.getByRole('link', { name: /^Expense report ER-/ }).waitFor()
  await payables.getByRole('button', { name: 'Submit' }).click()
  await payables.getByRole('heading', { level: 1, name: /Awaiting validation$/ }).waitFor()
  const finance = await signInAs(browser, server, 'finance')
  await finance.goto(payables.url())
  await finance.getByRole('button', { name: 'Validate' }).click()
  await finance.getByRole('heading', { level: 1, name: /Validated$/ }).waitFor()
  await finance.getByRole('button', { name: 'Export to SEPA' }).click()
  await finance.getByRole('dialog').getByRole('button', { name: 'Export to SEPA' }).click()
  const link = finance.getByRole('link', { name: /\.xml$/ })
  await link.waitFor()
  const [download] = await Promise.all([finance.waitForEvent('download'), link.click()])
  const xml = readFileSync((await download.path()) ?? '', 'utf8')
  expect(xmllint(xml, SEPA_SCHEMA('09'))).toBe('')
  expect(xml).toContain('<InstdAmt Ccy="EUR">85.48</InstdAmt>')
  expect(xml).toContain('<Nm>Rita Requester</Nm>')
  expect(xml).toContain('FR7630004000031234567890143')
  // The bank settled it: marked paid, the report says so.
  await finance.getByRole('button', { name: 'Mark paid' }).first().click()
  const confirm = finance.getByRole('dialog')
  if (await confirm.count()) await confirm.getByRole('button', { name: 'Mark paid' }).click()
  await finance.getByRole('heading', { level: 1, name: /Paid$/ }).waitFor()
  await requester.goto(reportUrl)
  await requester.getByRole('heading', { level: 1, name: /Paid/ }).waitFor()
  await requester.screenshot({ path: join(OUTPUT, 'expense-report-paid.png'), fullPage: true })
  for (const page of [requester, validator, payables, finance]) expect(pageErrors(page)).toEqual([])
})

test('the lists and the administrator’s scales are populated in the demo', async () => {
  const admin = await signInAs(browser, server, 'admin', { at: '/app/expense-reports' })
  await admin.getByRole('heading', { level: 1, name: 'Expense reports' }).waitFor()
  for (const status of ['Paid', 'Validated', 'Awaiting validation', 'Refused', 'Draft'])
    await admin.getByRole('table').getByText(status, { exact: true }).first().waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await admin.goto(`${server.url}/app/expenses`)
  await admin.getByRole('heading', { level: 1, name: 'Expenses' }).waitFor()
  await admin.getByRole('table').getByText('Mileage').first().waitFor()
  await admin.goto(`${server.url}/app/expense-settings?tab=scales`)
  await admin.getByRole('table').getByText('Car 3 CV, 5000–20000 km').first().waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await admin.screenshot({ path: join(OUTPUT, 'expense-scales.png'), fullPage: true })
  expect(pageErrors(admin)).toEqual([])
})

test('accounts payable records an external charge in its modal; it opens as the invoice it is', async () => {
  const payables = await signInAs(browser, server, 'payables')
  await payables
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'External charges' })
    .click()
  await payables.getByRole('heading', { level: 1, name: 'External charges' }).waitFor()
  // The demo's electricity bills are there.
  await payables.getByRole('table').getByText('Solaris Énergie').first().waitFor()
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.getByRole('link', { name: 'Record an external charge' }).click()
  const form = payables.getByRole('form', { name: 'Record an external charge' })
  await pickFromSearch(form, 'Supplier', 'solaris', 'Solaris Énergie (SOLARIS)')
  await form.getByLabel('Document number').fill('SOL-EXTRA-1')
  await form.getByLabel('What it is').fill('Generator rental')
  await form.getByRole('group', { name: 'Line 1' }).getByLabel('Amount excl. tax').fill('500')
  // The projects are offered, not typed.
  await form.getByRole('combobox', { name: 'Project (allocation 1)' }).selectOption('P-SITE')
  await form.getByText('Lines: €500.00 excl. tax, €600.00 incl. tax').waitFor()
  const declared = form.getByRole('group', { name: 'Amounts on the supplier’s document' })
  await declared.getByLabel('Amount excl. tax').fill('500')
  await declared.getByLabel('Amount incl. tax').fill('600')
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.screenshot({ path: join(OUTPUT, 'external-charge-create.png'), fullPage: true })
  await form.getByRole('button', { name: 'Save' }).click()
  await payables.getByText('External charge recorded: submit it for validation from its page.').waitFor()
  await payables.getByRole('heading', { level: 1, name: /Draft/ }).waitFor()
  expect(payables.url()).toMatch(/\/external-charges\/\d+$/)
  await payables.getByText('Generator rental').first().waitFor()
  // A draft is changed in the same form: the rental was 550.
  await payables.getByRole('link', { name: 'Edit' }).click()
  const edit = payables.getByRole('form', { name: /^Change / })
  await edit.getByRole('group', { name: 'Line 1' }).getByLabel('Amount excl. tax').fill('550')
  const amounts = edit.getByRole('group', { name: 'Amounts on the supplier’s document' })
  await amounts.getByLabel('Amount excl. tax').fill('550')
  await amounts.getByLabel('Amount incl. tax').fill('660')
  expect(await accessibilityViolations(payables)).toEqual([])
  await edit.getByRole('button', { name: 'Save' }).click()
  await payables.getByRole('heading', { level: 1, name: /Draft/ }).waitFor()
  await payables.getByText('€660.00').first().waitFor()
  expect(pageErrors(payables)).toEqual([])
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
