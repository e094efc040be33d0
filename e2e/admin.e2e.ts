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

test('an administrator gives a user an authorization on one company, in the app', async () => {
  const admin = await signInAs(file.browser, file.server, 'admin')
  const users = (await admin.evaluate(async () => (await fetch('/bwapi/users?per_page=100')).json())) as {
    data: { id: number; login: string }[]
  }
  const requester = users.data.find((u) => u.login === 'requester')?.id
  await admin.goto(`${file.server.url}/app/users/${requester}/permissions`)
  await admin.getByRole('button', { name: 'Add an authorization' }).click()
  const row = admin.getByRole('group', { name: 'Authorization 1' })
  await row.getByLabel('On').selectOption('company')
  await row.getByLabel('Code').fill('ACME')
  await row.getByLabel('Access').selectOption('read')
  expect(await accessibilityViolations(admin)).toEqual([])
  await admin.getByRole('button', { name: 'Save' }).click()
  await admin.getByText('Saved.').first().waitFor()
  await admin.reload()
  await expect
    .poll(() => admin.getByRole('group', { name: 'Authorization 1' }).getByLabel('Code').inputValue())
    .toBe('ACME')
  expect(await admin.getByRole('group', { name: 'Authorization 1' }).getByLabel('Access').inputValue()).toBe(
    'read',
  )
  expect(pageErrors(admin)).toEqual([])
})

test('an administrator imports purchase types from a file; the order form offers them in their order', async () => {
  const admin = await signInAs(file.browser, file.server, 'admin', { at: '/app/reference-lists' })
  await admin.getByRole('main').getByRole('link', { name: 'Purchase types' }).click()
  await admin.getByRole('heading', { level: 1, name: 'Purchase types' }).waitFor()
  await admin.getByRole('cell', { name: 'Stock replenishment', exact: true }).waitFor()
  await admin.getByRole('button', { name: 'Import a file' }).click()
  const dialog = admin.getByRole('dialog')
  await dialog.getByText('code;label;position;active').waitFor()
  const input = dialog.locator('input[type="file"]')
  const csvFile = (lines: string[]) => ({
    name: 'purchase-types.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['code;label;position;active', ...lines].join('\n')),
  })
  // A line without its label: the check names it and nothing is written.
  await input.setInputFiles(csvFile(['LEASE;Leasing;0;1', 'RENT;;5;1']))
  await dialog.getByRole('button', { name: 'Check the file' }).click()
  await dialog.getByRole('status').filter({ hasText: 'Line 3' }).waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await input.setInputFiles(csvFile(['LEASE;Leasing;0;1', 'DIRECT;Direct purchase;9;0']))
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await dialog.getByText('(1 created, 1 updated)').waitFor()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await admin.getByRole('cell', { name: 'Leasing', exact: true }).waitFor()
  await admin.screenshot({ path: join(OUTPUT, 'admin-purchase-types.png'), fullPage: true })

  const buyer = await signInAs(file.browser, file.server, 'buyer', { at: '/app/purchase-orders/new' })
  await buyer.getByRole('heading', { name: 'New order' }).waitFor()
  // Leasing first (position 0); Direct purchase disabled by the file.
  expect(await buyer.getByLabel('Purchase type').locator('option').allTextContents()).toEqual([
    '—',
    'Leasing',
    'Stock replenishment',
    'Subcontracting',
    'Warehouse transfer',
  ])
  for (const page of [admin, buyer]) expect(pageErrors(page)).toEqual([])
})

cspTest(file)
