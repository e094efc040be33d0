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

// The demo's history: the requester's IBAN is validated, the payments' circuit names finance.
const file = browserFile({ PROCURA_DEMO: '1' })

/** A receipt as a phone's camera gives it (a tiny PNG). */
const _RECEIPT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
)

test('the lists and the administrator’s scales are populated in the demo', async () => {
  const admin = await signInAs(file.browser, file.server, 'admin', { at: '/app/expense-reports' })
  await admin.getByRole('heading', { level: 1, name: 'Expense reports' }).waitFor()
  for (const status of ['Paid', 'Validated', 'Awaiting validation', 'Refused', 'Draft'])
    await admin.getByRole('table').getByText(status, { exact: true }).first().waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await admin.goto(`${file.server.url}/app/expenses`)
  await admin.getByRole('heading', { level: 1, name: 'Expenses' }).waitFor()
  await admin.getByRole('table').getByText('Mileage').first().waitFor()
  await admin.goto(`${file.server.url}/app/expense-settings?tab=scales`)
  await admin.getByRole('table').getByText('Car 3 CV, 5000–20000 km').first().waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await admin.screenshot({ path: join(OUTPUT, 'expense-scales.png'), fullPage: true })
  expect(pageErrors(admin)).toEqual([])
})

test('accounts payable records an external charge in its modal; it opens as the invoice it is', async () => {
  const payables = await signInAs(file.browser, file.server, 'payables')
  await payables
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'External charges' })
    .click()
  await payables.getByRole('heading', { level: 1, name: 'External charges' }).waitFor()
  // The demo's electricity bills are there.
  await payables.getByRole('table').getByText('Solaris Énergie').first().waitFor()
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.getByRole('link', { name: 'Record an external charge' }).click()
  const form = payables.getByRole('form', { name: 'Record an external charge' })
  await pickFromSearch(form, 'Supplier', 'solaris', 'Solaris Énergie (SOLARIS)')
  await form.getByLabel('Document number').fill('SOL-EXTRA-1')
  await form.getByLabel('What it is').fill('Generator rental')
  await form.getByRole('group', { name: 'Line 1' }).getByLabel('Amount excl. tax').fill('500')
  // The projects are offered, not typed.
  await form.getByRole('combobox', { name: 'Project (allocation 1)' }).selectOption('P-SITE')
  await form.getByText('Lines: €500.00 excl. tax, €600.00 incl. tax').waitFor()
  const declared = form.getByRole('group', { name: 'Amounts on the supplier’s document' })
  await declared.getByLabel('Amount excl. tax').fill('500')
  await declared.getByLabel('Amount incl. tax').fill('600')
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.screenshot({ path: join(OUTPUT, 'external-charge-create.png'), fullPage: true })
  await form.getByRole('button', { name: 'Save' }).click()
  await payables.getByText('External charge recorded: submit it for validation from its page.').waitFor()
  await payables.getByRole('heading', { level: 1, name: /Draft/ }).waitFor()
  expect(payables.url()).toMatch(/\/external-charges\/\d+$/)
  await payables.getByText('Generator rental').first().waitFor()
  // A draft is changed in the same form: the rental was 550.
  await payables.getByRole('link', { name: 'Edit' }).click()
  const edit = payables.getByRole('form', { name: /^Change / })
  await edit.getByRole('group', { name: 'Line 1' }).getByLabel('Amount excl. tax').fill('550')
  const amounts = edit.getByRole('group', { name: 'Amounts on the supplier’s document' })
  await amounts.getByLabel('Amount excl. tax').fill('550')
  await amounts.getByLabel('Amount incl. tax').fill('660')
  expect(await accessibilityViolations(payables)).toEqual([])
  await edit.getByRole('button', { name: 'Save' }).click()
  await payables.getByRole('heading', { level: 1, name: /Draft/ }).waitFor()
  await payables.getByText('€660.00').first().waitFor()
  expect(pageErrors(payables)).toEqual([])
})

cspTest(file)
