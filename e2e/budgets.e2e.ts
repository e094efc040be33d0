import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  accessibilityViolations,
  cspViolations,
  launchBrowser,
  OUTPUT,
  pageErrors,
  pickFromSearch,
  signInAs,
  startTestServer,
  type TestServer,
} from './browser'

let server: TestServer
let browser: Browser

beforeAll(async () => {
  // The demo's year of history: Site safety has 500 € left and blocks.
  server = await startTestServer({ PROCURA_DEMO: '1' })
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test('a buyer’s order is blocked by a full budget; raised, the budget lets it through, the analysis shows it', async () => {
  const year = new Date().getUTCFullYear()
  const buyer = await signInAs(browser, server, 'buyer', { at: '/app/purchase-orders/new' })
  await buyer.getByRole('heading', { name: 'New order' }).waitFor()
  await pickFromSearch(buyer, 'Supplier', 'officepro', /OfficePro Supplies/)
  const line = buyer.getByRole('group', { name: 'Line 1' })
  await line.getByLabel('Item').fill('Safety harnesses')
  await line.getByLabel('Quantity').fill('4')
  await line.getByLabel('Unit price excl. tax').fill('200')
  // The projects are a list of the codes the buyer may use, not a box to type in.
  await line.getByRole('combobox', { name: 'Allocation 1' }).selectOption('P-SAFETY')
  await buyer.getByRole('button', { name: 'Save' }).click()
  const heading = buyer.getByRole('heading', { level: 1 })
  await heading.filter({ hasText: /PO-\d{4}-\d{5}/ }).waitFor()
  const orderUrl = buyer.url()
  await buyer.getByRole('button', { name: 'Submit for validation' }).click()
  await buyer.getByText('Awaiting validation').first().waitFor()

  // The validator (in French) is refused: 800 € on a budget with 500 € left, under "block".
  const validator = await signInAs(browser, server, 'validator', { locale: 'fr-FR' })
  await validator.goto(orderUrl)
  await validator.getByRole('button', { name: 'Valider' }).click()
  await validator
    .getByText(`Le budget Site safety ${year} est dépassé de 300,00 : cette action est bloquée.`)
    .waitFor()
  await validator.getByRole('heading', { level: 1 }).filter({ hasText: 'En attente de validation' }).waitFor()

  // Finance raises the budget by 1,000 €.
  const finance = await signInAs(browser, server, 'finance')
  await finance.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Budgets' }).click()
  await finance.getByRole('heading', { level: 1, name: 'Budgets' }).waitFor()
  await finance
    .getByRole('row', { name: new RegExp(`Site safety ${year}`) })
    .getByRole('link')
    .first()
    .click()
  await finance.getByRole('heading', { level: 1, name: `Site safety ${year}` }).waitFor()
  await finance.getByRole('button', { name: 'Edit the budget' }).click()
  const amount = finance.getByLabel('Budget (excl. tax)')
  const raised = (Number(await amount.inputValue()) + 1000).toFixed(2)
  await amount.fill(raised)
  await finance.getByRole('button', { name: 'Save' }).click()
  await finance.getByText('Budget saved.').waitFor()

  // Validated now; the budget shows the order among what holds it.
  await validator.reload()
  await validator.getByRole('button', { name: 'Valider' }).click()
  await validator.getByRole('heading', { level: 1 }).filter({ hasText: 'Validé' }).waitFor()
  const code = (await validator.getByRole('heading', { level: 1 }).innerText()).match(/PO-\d{4}-\d{5}/)?.[0]
  await finance.reload()
  await finance.getByRole('table', { name: 'What holds it' }).getByRole('link', { name: code }).waitFor()
  await finance.getByRole('figure', { name: 'Budget against what holds it' }).locator('svg').first().waitFor()
  await finance.getByText('€700.00').first().waitFor()
  expect(await accessibilityViolations(finance)).toEqual([])
  await finance.screenshot({ path: join(OUTPUT, 'budget-page.png'), fullPage: true })
  await finance.getByRole('link', { name: 'Budgets' }).first().click()
  await finance.getByRole('heading', { level: 1, name: 'Budgets' }).waitFor()
  expect(await accessibilityViolations(finance)).toEqual([])
  await finance.screenshot({ path: join(OUTPUT, 'budgets-list.png'), fullPage: true })
  // The analysis: this year's budgets against what holds them, the order in Site safety's figures.
  await finance.getByRole('link', { name: 'Budget analysis' }).click()
  await finance.getByRole('heading', { level: 1, name: 'Budget analysis' }).waitFor()
  await finance
    .getByRole('figure', { name: /against what holds them/ })
    .locator('svg')
    .first()
    .waitFor()
  await finance
    .getByRole('row', { name: new RegExp(`Site safety ${year}`) })
    .getByText('€700.00')
    .waitFor()
  expect(await accessibilityViolations(finance)).toEqual([])
  await finance.screenshot({ path: join(OUTPUT, 'budget-analysis.png'), fullPage: true })
  for (const page of [buyer, finance]) expect(pageErrors(page)).toEqual([])
  // The validator's page logged only the refused call itself (the browser reports every 4xx).
  expect(pageErrors(validator).every((e) => e.includes('status of 409'))).toBe(true)
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
