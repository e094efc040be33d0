import { join } from 'node:path'
import { expect, test } from 'vitest'
import { accessibilityViolations, browserFile, cspTest, OUTPUT, pageErrors, signInAs } from './browser'

/** An administrator's authorizations and imports. */
const file = browserFile()

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
