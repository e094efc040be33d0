import { join } from 'node:path'
import { expect, test } from 'vitest'
import {
  accessibilityViolations,
  browserFile,
  cspTest,
  fillDate,
  OUTPUT,
  pageErrors,
  pickFromSearch,
  signInAs,
} from './browser'

const file = browserFile()

test('a buyer agrees paper prices with a supplier, a validator puts it in force, an order draws on it at the agreed price', async () => {
  const year = new Date().getUTCFullYear()
  const buyer = await signInAs(file.browser, file.server, 'buyer')
  await buyer
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Framework agreements' })
    .click()
  await buyer.getByRole('heading', { level: 1, name: 'Framework agreements' }).waitFor()
  await buyer.getByText('No framework agreement yet').waitFor()
  await buyer.getByRole('link', { name: 'New agreement' }).click()
  await buyer.getByRole('heading', { level: 1, name: 'New agreement' }).waitFor()
  await buyer.getByLabel('Label', { exact: true }).fill('Office paper')
  await pickFromSearch(buyer, 'Supplier', 'officepro', /OfficePro Supplies/)
  await fillDate(buyer, 'From', `${year}-01-01`)
  await fillDate(buyer, 'To', `${year}-12-31`)
  const line = buyer.getByRole('group', { name: 'Line 1' })
  await line.getByLabel('Article or label').fill('A4 paper, box of 5 reams')
  await line.getByLabel('Agreed unit price excl. tax').fill('4.50')
  await line.getByLabel('Ceiling', { exact: true }).fill('100')
  expect(await accessibilityViolations(buyer)).toEqual([])
  await buyer.getByRole('button', { name: 'Save' }).click()
  await buyer.getByRole('heading', { level: 1, name: /^AGR-/ }).waitFor()
  const code =
    /AGR-\d{4}-\d{5}/.exec((await buyer.getByRole('heading', { level: 1 }).textContent()) ?? '')?.[0] ?? ''
  await buyer.getByText('Draft', { exact: true }).waitFor()
  await buyer.getByRole('button', { name: 'Submit' }).click()
  await buyer.getByText(`${code} submitted for validation.`).waitFor()

  const validator = await signInAs(file.browser, file.server, 'validator', {
    at: '/app/framework-agreements',
  })
  await validator.getByRole('link', { name: code }).click()
  await validator.getByRole('button', { name: 'Valider' }).click()
  await validator.getByText(`${code} est en vigueur : les commandes peuvent y puiser.`).waitFor()
  expect(await accessibilityViolations(validator)).toEqual([])

  await buyer.goto(`${file.server.url}/app/purchase-orders/new`)
  await buyer.getByRole('heading', { name: 'New order' }).waitFor()
  await pickFromSearch(buyer, 'Supplier', 'officepro', /OfficePro Supplies/)
  const orderLine = buyer.getByRole('group', { name: 'Line 1' })
  await orderLine
    .getByLabel('Framework agreement')
    .selectOption({ label: `${code} – A4 paper, box of 5 reams at 4.50 (100 left)` })
  // The agreement's price fills the line.
  expect(await orderLine.getByLabel('Unit price excl. tax').inputValue()).toBe('4.50')
  await orderLine.getByLabel('Quantity').fill('60')
  await buyer.getByRole('button', { name: 'Save' }).click()
  await buyer.getByRole('heading', { level: 1 }).filter({ hasText: /PO-/ }).waitFor()
  await buyer
    .getByRole('definition')
    .filter({ hasText: `draws on ${code}, 60 % used` })
    .waitFor()
  await buyer.screenshot({ path: join(OUTPUT, 'order-draws-on-agreement.png'), fullPage: true })

  await buyer.getByRole('link', { name: code }).click()
  await buyer.getByText('60 % ordered').waitFor()
  const row = buyer.getByRole('row', { name: /A4 paper/ })
  await row.getByText('40 units').waitFor()
  expect(await accessibilityViolations(buyer)).toEqual([])
  await buyer.screenshot({ path: join(OUTPUT, 'agreement-page.png'), fullPage: true })
  for (const page of [buyer, validator]) expect(pageErrors(page)).toEqual([])
})

cspTest(file)
