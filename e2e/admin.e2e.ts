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
  server = await startTestServer()
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test('an administrator disables a department from its list: a new order no longer offers it', async () => {
  const admin = await signInAs(browser, server, 'admin')
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

  const buyer = await signInAs(browser, server, 'buyer', { at: '/app/purchase-orders/new' })
  await buyer.getByRole('heading', { name: 'New order' }).waitFor()
  const options = await buyer.getByLabel('Department').locator('option').allTextContents()
  expect(options).not.toContain('Maintenance')
  expect(options.length).toBeGreaterThan(0)
  for (const page of [admin, buyer]) expect(pageErrors(page)).toEqual([])
})

test('allocation codes are administered level by level, a code under one of the level above', async () => {
  const admin = await signInAs(browser, server, 'admin', { at: '/app/reference-lists' })
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
  await admin.goto(`${server.url}/app/allocation2s`)
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

test('an administrator changes the amount decimals: refused beyond its bounds, then every amount shows three', async () => {
  const admin = await signInAs(browser, server, 'admin', { at: '/app/config' })
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
  await admin.goto(`${server.url}/app/expenses/new`)
  await admin.getByLabel('Type').selectOption({ label: 'Meal' })
  await admin.getByLabel('Meal', { exact: true }).selectOption('Lunch')
  await admin.getByLabel('Amount incl. tax').fill('22')
  await admin.getByLabel('VAT rate (%)').fill('10')
  await admin.getByRole('button', { name: 'Save' }).click()
  await admin.getByRole('heading', { level: 1, name: /^Meal/ }).waitFor()
  await admin.getByText('€22.000').first().waitFor()
  expect(pageErrors(admin).every((e) => e.includes('status of 422'))).toBe(true)
})

test('an administrator gives a user an authorization on one company, in the app', async () => {
  const admin = await signInAs(browser, server, 'admin')
  const users = (await admin.evaluate(async () => (await fetch('/bwapi/users?per_page=100')).json())) as {
    data: { id: number; login: string }[]
  }
  const requester = users.data.find((u) => u.login === 'requester')?.id
  await admin.goto(`${server.url}/app/users/${requester}/permissions`)
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
  const admin = await signInAs(browser, server, 'admin', { at: '/app/reference-lists' })
  await admin.getByRole('main').getByRole('link', { name: 'Purchase types' }).click()
  await admin.getByRole('heading', { level: 1, name: 'Purchase types' }).waitFor()
  await admin.getByRole('cell', { name: 'Stock replenishment', exact: true }).waitFor()
  await admin.getByRole('button', { name: 'Import a file' }).click()
  const dialog = admin.getByRole('dialog')
  await dialog.getByText('code;label;position;active').waitFor()
  const input = dialog.locator('input[type="file"]')
  const file = (lines: string[]) => ({
    name: 'purchase-types.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['code;label;position;active', ...lines].join('\n')),
  })
  // A line without its label: the check names it and nothing is written.
  await input.setInputFiles(file(['LEASE;Leasing;0;1', 'RENT;;5;1']))
  await dialog.getByRole('button', { name: 'Check the file' }).click()
  await dialog.getByRole('status').filter({ hasText: 'Line 3' }).waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await input.setInputFiles(file(['LEASE;Leasing;0;1', 'DIRECT;Direct purchase;9;0']))
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await dialog.getByText('(1 created, 1 updated)').waitFor()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await admin.getByRole('cell', { name: 'Leasing', exact: true }).waitFor()
  await admin.screenshot({ path: join(OUTPUT, 'admin-purchase-types.png'), fullPage: true })

  const buyer = await signInAs(browser, server, 'buyer', { at: '/app/purchase-orders/new' })
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

test('the maintenance screen: a job run now, the data check, a server message everyone reads, maintenance mode, an order deleted', async () => {
  const admin = await signInAs(browser, server, 'admin', { at: '/app/config' })
  await admin.getByRole('main').getByRole('link', { name: 'Maintenance' }).click()
  await admin.getByRole('heading', { level: 1, name: 'Maintenance' }).waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])

  // A job run now becomes its last run.
  // (The server ran every job when it started: each shows that run.)
  const traces = admin.getByRole('row').filter({ hasText: 'Old traces' })
  await traces.getByText(/: \d+ changed$/).waitFor()
  await admin.getByRole('button', { name: 'Run Old traces now' }).click()
  await admin.getByText(/^Old traces: \d+ changed\.$/).waitFor()

  // The demo's figures agree.
  await admin.getByRole('button', { name: 'Run the check' }).click()
  await admin
    .getByText(/^Everything agrees: \d+ orders and \d+ budgets checked\.$/)
    .waitFor({ timeout: 30_000 })

  // A server message is read above every page by everyone.
  const messages = admin.getByRole('form', { name: 'Show the message' })
  await messages.getByLabel('Message').fill('Inventory on Friday: no receipts after 16:00')
  await messages.getByLabel('Kind').selectOption({ label: 'Warning' })
  await messages.getByRole('button', { name: 'Show the message' }).click()
  await admin
    .getByRole('button', { name: 'Take down “Inventory on Friday: no receipts after 16:00”' })
    .waitFor()
  const requester = await signInAs(browser, server, 'requester')
  await requester.getByText('Inventory on Friday: no receipts after 16:00').waitFor()

  // Maintenance mode asks first; the requester then reads the 503 page, the administrator goes on.
  await admin.getByLabel('Message shown to people').fill('Upgrade to 3.0')
  await admin.getByLabel('Maintenance mode on').check()
  await admin.getByRole('button', { name: 'Save the maintenance mode' }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Turn it on' }).click()
  await admin.getByText('Maintenance mode is on: only administrators get in.').waitFor()
  await requester.reload()
  await requester.getByRole('heading', { name: 'The site is currently under maintenance.' }).waitFor()
  await requester.getByText('Upgrade to 3.0').waitFor()
  await admin.getByLabel('Maintenance mode on').uncheck()
  await admin.getByRole('button', { name: 'Save the maintenance mode' }).click()
  await admin.getByText('Maintenance mode is off.').waitFor()
  await admin
    .getByRole('button', { name: 'Take down “Inventory on Friday: no receipts after 16:00”' })
    .click()
  await admin.getByText('No message is shown.').waitFor()

  // A draft order made by mistake is deleted for good, its number typed again.
  const buyer = await signInAs(browser, server, 'buyer')
  const form = (await (await buyer.request.get(`${server.url}/bwapi/purchase-orders/create`)).json()) as {
    suppliers: { id: number }[]
    companies: { id: number }[]
  }
  const token = (await buyer.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? ''
  const made = await buyer.request.post(`${server.url}/bwapi/purchase-orders`, {
    headers: { 'x-xsrf-token': decodeURIComponent(token) },
    data: {
      supplier_id: form.suppliers[0]?.id,
      company_id: form.companies[0]?.id,
      currency_code: 'EUR',
      lines: [{ label: 'Ordered by mistake', quantity: '1', unit_price_exctax: '10', vat_rate: '20' }],
    },
  })
  expect(made.status()).toBe(201)
  const { id } = ((await made.json()) as { data: { id: number } }).data
  const order = (await (await buyer.request.get(`${server.url}/bwapi/purchase-orders/${id}`)).json()) as {
    data: { code: string }
  }
  const code = order.data.code
  await admin.getByLabel('Order number').fill(code)
  await admin.getByRole('button', { name: 'Find the order' }).click()
  await admin.getByText(new RegExp(`^${code}: Draft, .+ excl\\. tax; versions: 1\\.$`)).waitFor()
  await admin.getByRole('button', { name: `Delete ${code}` }).click()
  const confirm = admin.getByRole('dialog')
  await confirm.getByLabel(`Type ${code} to confirm`).fill('nope')
  await confirm.getByRole('button', { name: 'Delete for good' }).click()
  await confirm.getByText(`Type ${code} exactly to confirm.`).waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await confirm.getByLabel(`Type ${code} to confirm`).fill(code)
  await confirm.getByRole('button', { name: 'Delete for good' }).click()
  await admin.getByText(`${code} deleted.`).waitFor()
  await admin.screenshot({ path: join(OUTPUT, 'admin-maintenance.png'), fullPage: true })
  // The typed-again refusal (422) and the requester's 503 are the answers the test asked for.
  expect(
    pageErrors(admin).filter((e) => !e.includes(`purchase-orders/${code}`) || !e.includes('422')),
  ).toEqual([])
  expect(pageErrors(requester).filter((e) => !e.includes('503'))).toEqual([])
  expect(pageErrors(buyer)).toEqual([])
})

test('an administrator adds a required custom field to orders: a new order is refused without it, then shows it and filters by it', async () => {
  const admin = await signInAs(browser, server, 'admin', { at: '/app/reference-lists' })
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

  const buyer = await signInAs(browser, server, 'buyer', { at: '/app/purchase-orders/new' })
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
  const answer = await buyer.request.get(`${server.url}/bwapi/purchase-orders?cf_site=Dock%20B`)
  expect(((await answer.json()) as { data: { cf_site: string }[] }).data.map((r) => r.cf_site)).toEqual([
    'Dock B',
  ])
  // Fields added after a test are left: the next ones do not order.
  expect(pageErrors(admin)).toEqual([])
  expect(pageErrors(buyer).filter((e) => !e.includes('422'))).toEqual([])
  await admin.goto(`${server.url}/app/custom-fields`)
  await admin.getByRole('link', { name: 'Disable Delivery site' }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Disable Delivery site' }).click()
  await admin.getByText('Delivery site disabled.').waitFor()
})

test('an administrator dates a new dollar rate, takes Spanish out of the language switch, and rewrites a mail in French', async () => {
  const admin = await signInAs(browser, server, 'admin', { at: '/app/config' })
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

  await admin.goto(`${server.url}/app/config`)
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
  const admin = await signInAs(browser, server, 'admin', { at: '/app/api-tokens' })
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

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
