import { join } from 'node:path'
import { expect, test } from 'vitest'
import { accessibilityViolations, browserFile, cspTest, OUTPUT, pageErrors, signInAs } from './browser'

const file = browserFile()

test('the maintenance screen: a job run now, the data check, a server message everyone reads, maintenance mode, an order deleted', async () => {
  const admin = await signInAs(file.browser, file.server, 'admin', { at: '/app/config' })
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
  const requester = await signInAs(file.browser, file.server, 'requester')
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
  const buyer = await signInAs(file.browser, file.server, 'buyer')
  const form = (await (
    await buyer.request.get(`${file.server.url}/bwapi/purchase-orders/create`)
  ).json()) as {
    suppliers: { id: number }[]
    companies: { id: number }[]
  }
  const token = (await buyer.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? ''
  const made = await buyer.request.post(`${file.server.url}/bwapi/purchase-orders`, {
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
  const order = (await (
    await buyer.request.get(`${file.server.url}/bwapi/purchase-orders/${id}`)
  ).json()) as {
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

cspTest(file)

test('backups: turned on in the settings, the day’s archive written by its job, listed with its size and checked', async () => {
  const folder = join(OUTPUT, `backups-${Date.now()}`)
  const admin = await signInAs(file.browser, file.server, 'admin', { at: '/app/settings?tab=backups' })
  await admin.getByLabel('Write a backup every day').check()
  await admin.getByLabel('At (hour of the day, 0–23)').fill('0')
  await admin.getByLabel('Into the folder (on the server)').fill(folder)
  await admin.getByRole('button', { name: 'Save the Backups settings' }).click()
  await admin.getByText('Backups settings saved: they apply at once.').waitFor()

  await admin.goto(`${file.server.url}/app/maintenance`)
  const panel = admin.getByRole('region', { name: 'Backups' })
  await panel.getByText(`writes one archive a day into ${folder}`, { exact: false }).waitFor()
  await admin.getByRole('button', { name: 'Run Backups now' }).click()
  await admin.getByText('Backups: 1 changed.').waitFor({ timeout: 30_000 })
  const archive = panel.getByRole('rowheader', { name: /^procura-\d{8}-\d{6}\.tar\.gz$/ })
  await archive.waitFor()
  const name = (await archive.textContent()) ?? ''
  await panel.getByRole('button', { name: `Check ${name}` }).click()
  await admin
    .getByText(`${name} is sound: every file and the database check out.`)
    .waitFor({ timeout: 30_000 })
  expect(await accessibilityViolations(admin)).toEqual([])
  expect(pageErrors(admin)).toEqual([])
}, 90_000)
