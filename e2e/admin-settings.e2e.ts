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

cspTest(file)
