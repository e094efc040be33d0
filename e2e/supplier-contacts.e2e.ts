import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { accessibilityViolations, browserFile, cspTest, pageErrors, signInAs } from './browser'

// The demo with its year of history: its supplier records, documents and approvals.
const file = browserFile({ PROCURA_DEMO: '1' })

test('an invited contact chooses its password from the e-mail, signs in and acknowledges its company’s order', async () => {
  const buyer = await signInAs(file.browser, file.server, 'buyer', { at: '/app/suppliers' })
  await buyer.getByRole('link', { name: 'OFFICEPRO', exact: true }).click()
  await buyer.getByRole('tab', { name: 'Contact informations' }).click()
  const add = buyer.getByRole('form', { name: 'Add the contact' })
  await add.getByLabel('Name').fill('Paula Martin')
  await add.getByLabel('E-mail').fill('paula@officepro.example')
  await add.getByRole('button', { name: 'Add the contact' }).click()
  await buyer.getByRole('button', { name: 'Invite Paula Martin to the portal' }).click()
  await buyer.getByText('Invitation sent to paula@officepro.example.').waitFor()
  // The e-mail went to the outbox (no SMTP server here): its link opens the password page.
  const outbox = join(file.server.dir, 'outbox')
  const mail = readdirSync(outbox)
    .filter((f) => f.includes('paula'))
    .map((f) => readFileSync(join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))[0]
  const link = /(http\S+\/password-reset\/[\w-]+)/.exec(mail ?? '')?.[1]
  expect(link).toBeDefined()
  const paula = await (await file.browser.newContext({ locale: 'en-GB' })).newPage()
  await paula.goto(link ?? '')
  await paula.getByLabel('New password', { exact: true }).fill('Paula2026!')
  await paula.getByLabel('Confirm the new password').fill('Paula2026!')
  await paula.getByRole('button', { name: 'Save' }).click()
  await paula.getByText('Your password was changed. You can sign in with it now.').waitFor()
  await paula.getByRole('link', { name: 'Back to sign-in' }).click()
  await paula.getByRole('textbox', { name: 'Login' }).fill('paula@officepro.example')
  await paula.getByLabel('Password').fill('Paula2026!')
  await paula.getByRole('button', { name: 'Sign in' }).click()
  await paula.getByRole('navigation').first().getByRole('link', { name: 'Our documents' }).waitFor()
  // Its company's sent orders: it acknowledges one.
  await paula.getByRole('navigation').first().getByRole('link', { name: 'Purchase orders' }).click()
  const sent = paula.getByRole('row').filter({ hasText: 'Sent' }).first()
  await sent.getByRole('link').first().click()
  await paula.getByRole('button', { name: 'Acknowledge' }).click()
  await paula.getByText('Acknowledged', { exact: false }).first().waitFor()
  expect(await accessibilityViolations(paula)).toEqual([])
  expect(pageErrors(paula)).toEqual([])
})

test('a buyer checks a contacts file, reads the refused line, then imports the corrected file', async () => {
  const buyer = await signInAs(file.browser, file.server, 'buyer', { at: '/app/suppliers' })
  await buyer.getByRole('link', { name: 'Import', exact: true }).click()
  const dialog = buyer.getByRole('dialog', { name: 'Import' })
  await dialog.getByLabel('The file holds').selectOption({ label: 'Suppliers’ contacts' })
  await dialog.getByText('id;supplier_code;name;email', { exact: false }).waitFor()
  const csvFile = (rows: string[]) => ({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['id;supplier_code;name;email;phone', ...rows].join('\n')),
  })
  const input = dialog.locator('input[type="file"]')
  // The second contact has neither e-mail nor phone: the check names its line and writes nothing.
  await input.setInputFiles(
    csvFile([';OFFICEPRO;Hugo Lenoir;hugo@officepro.example;', ';OFFICEPRO;Inès Roy;;']),
  )
  await dialog.getByRole('button', { name: 'Check the file' }).click()
  const summary = dialog.getByRole('status').filter({ hasText: 'Line 3' })
  await summary.waitFor()
  expect(await accessibilityViolations(buyer)).toEqual([])
  await input.setInputFiles(
    csvFile([';OFFICEPRO;Hugo Lenoir;hugo@officepro.example;', ';OFFICEPRO;Inès Roy;;+33 4 72 00 00 00']),
  )
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await dialog.getByText('(2 created, 0 updated)').waitFor()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await buyer.getByRole('link', { name: 'OFFICEPRO', exact: true }).click()
  await buyer.getByRole('tab', { name: /Contact informations/ }).click()
  await buyer.getByText('Inès Roy').first().waitFor()
  expect(pageErrors(buyer)).toEqual([])
})

cspTest(file)
