import { join } from 'node:path'
import { expect, test } from 'vitest'
import {
  accessibilityViolations,
  browserFile,
  cspTest,
  OUTPUT,
  pageErrors,
  pickFromSearch,
  signInAs,
} from './browser'

const file = browserFile()

test('an administrator changes the amount decimals: refused beyond its bounds, then every amount shows three', async () => {
  const admin = await signInAs(file.browser, file.server, 'admin', { at: '/app/config' })
  await admin.getByRole('main').getByRole('link', { name: 'Customer settings' }).click()
  await admin.getByRole('heading', { level: 1, name: 'Customer settings' }).waitFor()
  await admin.getByRole('tab', { name: 'Formats' }).click()
  const form = admin.getByRole('form', { name: 'Formats' })
  await form.getByText('From 0 to 6').waitFor()
  await form.getByLabel('Decimals in amounts').fill('7')
  await form.getByRole('button', { name: 'Save the Formats settings' }).click()
  await form.getByText('Action not possible: there are errors in the form.').waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await form.getByLabel('Decimals in amounts').fill('3')
  await form.getByRole('button', { name: 'Save the Formats settings' }).click()
  await admin.getByText('Formats settings saved: they apply at once.').waitFor()
  await admin.screenshot({ path: join(OUTPUT, 'settings-formats.png'), fullPage: true })
  // An amount recorded now shows three decimals.
  await admin.goto(`${file.server.url}/app/expenses/new`)
  await admin.getByLabel('Type').selectOption({ label: 'Meal' })
  await admin.getByLabel('Meal', { exact: true }).selectOption('Lunch')
  await admin.getByLabel('Amount incl. tax').fill('22')
  await admin.getByLabel('VAT rate (%)').fill('10')
  // The receipt's parts are filled to the new decimals.
  await expect.poll(() => admin.getByLabel('VAT amount').inputValue()).toBe('2.000')
  expect(await admin.getByLabel('Amount excl. tax').inputValue()).toBe('20.000')
  await admin.getByRole('button', { name: 'Save' }).click()
  await admin.getByRole('heading', { level: 1, name: /^Meal/ }).waitFor()
  await admin.getByText('€22.000').first().waitFor()
  expect(pageErrors(admin).every((e) => e.includes('status of 422'))).toBe(true)
})

test('an administrator adds a required custom field to orders: a new order is refused without it, then shows it and filters by it', async () => {
  const admin = await signInAs(file.browser, file.server, 'admin', { at: '/app/reference-lists' })
  await admin.getByRole('main').getByRole('link', { name: 'Custom fields' }).click()
  await admin.getByRole('heading', { level: 1, name: 'Custom fields' }).waitFor()
  await admin.getByRole('button', { name: 'Add' }).click()
  const dialog = admin.getByRole('dialog')
  await dialog.getByLabel('Document').selectOption({ label: 'Purchase orders' })
  await dialog.getByLabel('Code').fill('site')
  await dialog.getByLabel('Label').fill('Delivery site')
  await dialog.getByLabel('Type').selectOption({ label: 'Choice' })
  await dialog.getByLabel('Choices').fill('Dock A\nDock B')
  await dialog.getByLabel('Required').check()
  await dialog.getByLabel('Column and filter of the list').check()
  expect(await accessibilityViolations(admin)).toEqual([])
  await dialog.getByRole('button', { name: 'Save' }).click()
  await admin
    .getByRole('row', { name: /Delivery site/ })
    .getByText('Dock A, Dock B')
    .waitFor()

  const buyer = await signInAs(file.browser, file.server, 'buyer', { at: '/app/purchase-orders/new' })
  await buyer.getByRole('heading', { name: 'New order' }).waitFor()
  await pickFromSearch(buyer, 'Supplier', 'officepro', /OfficePro Supplies/)
  const line = buyer.getByRole('group', { name: 'Line 1' })
  await line.getByLabel('Item').fill('Pallet wrap')
  await line.getByLabel('Quantity').fill('4')
  await line.getByLabel('Unit price excl. tax').fill('12.50')
  await buyer.getByRole('button', { name: 'Save' }).click()
  // Refused by the server, the field named; nothing saved.
  await buyer.getByRole('group', { name: 'Other information' }).getByText('This field is required').waitFor()
  expect(await accessibilityViolations(buyer)).toEqual([])
  await buyer.getByLabel('Delivery site *').selectOption('Dock B')
  await buyer.getByRole('button', { name: 'Save' }).click()
  await buyer.getByRole('heading', { level: 1 }).filter({ hasText: /PO-/ }).waitFor()
  await buyer.getByRole('definition').filter({ hasText: 'Dock B' }).waitFor()
  await buyer.screenshot({ path: join(OUTPUT, 'order-custom-field.png'), fullPage: true })
  // The orders list filters by it.
  const answer = await buyer.request.get(`${file.server.url}/bwapi/purchase-orders?cf_site=Dock%20B`)
  expect(((await answer.json()) as { data: { cf_site: string }[] }).data.map((r) => r.cf_site)).toEqual([
    'Dock B',
  ])
  // Fields added after a test are left: the next ones do not order.
  expect(pageErrors(admin)).toEqual([])
  expect(pageErrors(buyer).filter((e) => !e.includes('422'))).toEqual([])
  await admin.goto(`${file.server.url}/app/custom-fields`)
  await admin.getByRole('link', { name: 'Disable Delivery site' }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Disable Delivery site' }).click()
  await admin.getByText('Delivery site disabled.').waitFor()
})

test('an administrator dates a new dollar rate, takes Spanish out of the language switch, and rewrites a mail in French', async () => {
  const admin = await signInAs(file.browser, file.server, 'admin', { at: '/app/config' })
  await admin.getByRole('main').getByRole('link', { name: 'Currencies and languages' }).click()
  await admin.getByRole('heading', { level: 1, name: 'Currencies and languages' }).waitFor()
  await admin.getByText('The multi-currency module is off').waitFor()
  await admin.getByRole('button', { name: 'Edit US dollar' }).click()
  const currency = admin.getByRole('dialog')
  await currency.getByLabel('Rate (units for 1 of the default currency)').fill('1.1234')
  await currency.getByLabel('Rate applies from').fill('2026-11-02')
  await currency.getByRole('button', { name: 'Save' }).click()
  await admin.getByText('Saved.').first().waitFor()
  const history = admin.getByRole('table', { name: 'Rates by date' })
  await history.getByRole('row', { name: /USD .* 1\.1234/ }).waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  // A rate from tomorrow is refused where it is typed.
  await admin.getByRole('button', { name: 'Edit US dollar' }).click()
  await currency.getByLabel('Rate applies from').fill('2099-01-01')
  await currency.getByRole('button', { name: 'Save' }).click()
  await currency.getByText('A rate applies from today or an earlier day').waitFor()
  await currency.getByRole('button', { name: 'Back' }).click()

  await admin.getByRole('button', { name: 'Edit Español' }).click()
  await admin.getByRole('dialog').getByLabel('Active').uncheck()
  await admin.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await admin.getByText('Saved.').first().waitFor()
  await expect
    .poll(async () => admin.getByRole('combobox', { name: 'Language' }).locator('option').allTextContents())
    .not.toContain('Español')
  await admin.screenshot({ path: join(OUTPUT, 'admin-currencies.png'), fullPage: true })
  await admin.getByRole('button', { name: 'Edit Español' }).click()
  await admin.getByRole('dialog').getByLabel('Active').check()
  await admin.getByRole('dialog').getByRole('button', { name: 'Save' }).click()

  await admin.goto(`${file.server.url}/app/config`)
  await admin.getByRole('main').getByRole('link', { name: 'Mail templates' }).click()
  await admin.getByRole('heading', { level: 1, name: 'Mail templates' }).waitFor()
  await admin.getByLabel('Mail').selectOption({ label: 'A document waits for validation' })
  await admin.locator('dt').getByText('{onBehalf}').waitFor()
  await admin.getByRole('tab', { name: 'French' }).click()
  const form = admin.getByRole('form', { name: 'A document waits for validation (fr)' })
  await form.getByLabel('Subject').fill('À valider : {document} ({price})')
  await form.getByRole('button', { name: 'Save' }).click()
  await form.getByText('Unknown variable {price}').waitFor()
  await form.getByLabel('Subject').fill('À valider : {document} ({amount})')
  await form.getByRole('button', { name: 'Preview' }).click()
  await form.getByText('À valider : La commande PO-2026-0042 (1,234.50 EUR)').waitFor()
  await form.getByRole('button', { name: 'Save' }).click()
  await admin.getByText('“A document waits for validation” saved').waitFor()
  await admin.getByRole('tab', { name: 'French · rewritten' }).waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await admin.screenshot({ path: join(OUTPUT, 'admin-mail-templates.png'), fullPage: true })
  await admin
    .getByRole('form', { name: 'A document waits for validation (fr)' })
    .getByRole('button', { name: 'Back to Procura’s text' })
    .click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Back to Procura’s text' }).click()
  await admin.getByText('is back to Procura’s text').waitFor()
  expect(pageErrors(admin).every((e) => e.includes('status of 422'))).toBe(true)
})

test('an administrator creates an API token for the e-invoicing platform, sees it once, then revokes it', async () => {
  const admin = await signInAs(file.browser, file.server, 'admin', { at: '/app/api-tokens' })
  await admin.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor()
  await admin.getByText('No token yet.').waitFor()
  await admin.getByText(/^Lifecycle statuses: the platform collects them/).waitFor()
  await admin.getByLabel('Name').fill('Chorus platform')
  await admin.getByLabel('Collect the lifecycle statuses').uncheck()
  await admin.getByRole('button', { name: 'Create the token' }).click()
  const dialog = admin.getByRole('dialog', { name: 'The new token' })
  const token = (await dialog.getByTestId('new-token').textContent()) ?? ''
  expect(token).toMatch(/^prc_/)
  expect(await accessibilityViolations(admin)).toEqual([])
  await dialog.getByRole('button', { name: 'Close' }).click()
  const row = admin.getByRole('row').filter({ hasText: 'Chorus platform' })
  await row.getByText('Never used').waitFor()
  expect(await row.textContent()).not.toContain(token.slice(12))
  expect(await row.textContent()).toContain('Hand e-invoices in')
  await row.getByRole('button', { name: 'Revoke Chorus platform' }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Revoke Chorus platform' }).click()
  await admin.getByText('Chorus platform revoked.').waitFor()
  await row.getByText(/^Revoked on/).waitFor()
  expect(pageErrors(admin)).toEqual([])
})

cspTest(file)
