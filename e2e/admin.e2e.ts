import { join } from 'node:path'
import { expect, test } from 'vitest'
import { accessibilityViolations, browserFile, cspTest, OUTPUT, pageErrors, signInAs } from './browser'

const file = browserFile()

test('an administrator disables a department from its list: a new order no longer offers it', async () => {
  const admin = await signInAs(file.browser, file.server, 'admin')
  await admin
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Reference lists' })
    .click()
  await admin.getByRole('heading', { level: 1, name: 'Reference lists' }).waitFor()
  await admin.getByRole('main').getByRole('link', { name: 'Departments' }).click()
  await admin.getByRole('heading', { level: 1, name: 'Departments' }).waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await admin.getByRole('link', { name: 'Disable Maintenance' }).click()
  // The confirmation is a route of its own (spec §2: departments/{id}/disable).
  expect(admin.url()).toMatch(/\/departments\/\d+\/disable$/)
  const dialog = admin.getByRole('dialog')
  await dialog.getByText('It is no longer offered in forms').waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await dialog.getByRole('button', { name: 'Disable Maintenance' }).click()
  await admin.getByText('Maintenance disabled.').waitFor()
  await admin.getByRole('link', { name: 'Enable Maintenance' }).waitFor()
  expect(admin.url()).toMatch(/\/departments$/)
  await admin.screenshot({ path: join(OUTPUT, 'admin-departments.png'), fullPage: true })
  // An unused department is deleted (one in use is refused: the API tests each list).
  await admin.getByRole('link', { name: 'Delete Logistics UK' }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete Logistics UK' }).click()
  await admin.getByText('Logistics UK deleted.').waitFor()

  const buyer = await signInAs(file.browser, file.server, 'buyer', { at: '/app/purchase-orders/new' })
  await buyer.getByRole('heading', { name: 'New order' }).waitFor()
  const options = await buyer.getByLabel('Department').locator('option').allTextContents()
  expect(options).not.toContain('Maintenance')
  expect(options.length).toBeGreaterThan(0)
  for (const page of [admin, buyer]) expect(pageErrors(page)).toEqual([])
})

test('allocation codes are administered level by level, a code under one of the level above', async () => {
  const admin = await signInAs(file.browser, file.server, 'admin', { at: '/app/reference-lists' })
  await admin.getByRole('link', { name: 'Allocations 1 (projects)' }).click()
  await admin.getByRole('heading', { level: 1, name: 'Allocations 1 (projects)' }).waitFor()
  await admin.getByRole('button', { name: 'Add' }).click()
  const first = admin.getByRole('dialog')
  await first.getByLabel('Code').fill('P-LYON')
  await first.getByLabel('Label').fill('Lyon site')
  await first.getByRole('button', { name: 'Save' }).click()
  await admin
    .getByRole('row', { name: /Lyon site/ })
    .getByRole('link', { name: 'Disable Lyon site' })
    .waitFor()
  await admin.goto(`${file.server.url}/app/allocation2s`)
  await admin.getByRole('heading', { level: 1, name: 'Allocations 2 (subprojects)' }).waitFor()
  await admin.getByRole('button', { name: 'Add' }).click()
  const second = admin.getByRole('dialog')
  await second.getByLabel('Code').fill('S-LYON-1')
  await second.getByLabel('Label').fill('Lyon, building 1')
  await second.getByLabel('Under').selectOption({ label: 'Lyon site' })
  await second.getByRole('button', { name: 'Save' }).click()
  await admin
    .getByRole('row', { name: /Lyon, building 1/ })
    .getByText('Lyon site')
    .waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  expect(pageErrors(admin)).toEqual([])
})

cspTest(file)
