import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SEPA_SCHEMA, xmllint } from '@procura/api/testing/xmllint'
import { expect, test } from 'vitest'
import {
  accessibilityViolations,
  browserFile,
  cspTest,
  OUTPUT,
  overflowsSideways,
  pageErrors,
  signInAs,
} from './browser'

// The demo's history: the requester's IBAN is validated, the payments' circuit names finance.
const file = browserFile({ PROCURA_DEMO: '1' })

/** A receipt as a phone's camera gives it (a tiny PNG). */
const RECEIPT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
)

test('on a phone, a user records a mileage expense and a meal with its receipt, reports them; validated, the report is paid in a SEPA file', async () => {
  const phone = { width: 390, height: 844 }
  const requester = await signInAs(file.browser, file.server, 'requester', { viewport: phone })
  // The mileage: 120 km in a 3 CV car, priced from the kilometer scale (120 × 0.529).
  await requester.goto(`${file.server.url}/app/expenses/new`)
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
  await requester.goto(`${file.server.url}/app/expenses/new`)
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
  await requester.goto(`${file.server.url}/app/expense-reports/new`)
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
  const validator = await signInAs(file.browser, file.server, 'validator', { locale: 'fr-FR' })
  await validator.goto(reportUrl)
  await validator.getByRole('heading', { level: 1, name: /En attente de validation/ }).waitFor()
  await validator.getByRole('cell', { name: '85,48 €' }).first().waitFor()
  await validator.getByRole('button', { name: 'Valider' }).click()
  await validator.getByRole('heading', { level: 1, name: /Validée/ }).waitFor()

  // Accounts payable pays it; finance validates the payment and exports the SEPA file.
  const payables = await signInAs(file.browser, file.server, 'payables')
  await payables.goto(reportUrl)
  await payables.getByRole('button', { name: 'Pay this report' }).click()
  await payables.getByRole('heading', { level: 1, name: /^PAY-\d{4}-\d{5} Draft$/ }).waitFor()
  await payables.getByRole('link', { name: /^Expense report ER-/ }).waitFor()
  await payables.getByRole('button', { name: 'Submit' }).click()
  await payables.getByRole('heading', { level: 1, name: /Awaiting validation$/ }).waitFor()
  const finance = await signInAs(file.browser, file.server, 'finance')
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

cspTest(file)
