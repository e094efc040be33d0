import { join } from 'node:path'
import { expect, test } from 'vitest'
import { accessibilityViolations, browserFile, cspTest, OUTPUT, pageErrors, watchErrors } from './browser'

/** The browser's first run (issue 49 §1): a server started with PROCURA_DEMO=0 has no user yet. */
const file = browserFile({ PROCURA_DEMO: '0' })

test('the first visitor sets up the administrator and the company, and is signed in; never again afterwards', async () => {
  const page = watchErrors(await file.browser.newPage({ locale: 'en-GB' }))
  await page.goto(`${file.server.url}/app/`)
  // Nobody can sign in yet: the sign-in page gives way to the setup.
  await page.getByRole('heading', { name: 'Set up Procura' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/app/setup')
  expect(await accessibilityViolations(page)).toEqual([])
  const admin = page.getByRole('group', { name: 'The first administrator' })
  await admin.getByLabel('Login', { exact: true }).fill('ada')
  await admin.getByLabel('Full name').fill('Ada Lovelace')
  await admin.getByLabel('E-mail', { exact: true }).fill('ada@example.org')
  await admin.getByLabel('Password', { exact: true }).fill('short')
  await admin.getByLabel('The same password again').fill('short')
  const company = page.getByRole('group', { name: 'The company' })
  await company.getByLabel('Company code').fill('NORD')
  await company.getByLabel('Company name').fill('Nord Fournitures')
  await company.getByLabel('Country').selectOption('BE')
  // A weak password is refused on the spot, in place.
  await page.getByRole('button', { name: 'Set up and sign in' }).click()
  await admin.getByText('The password must have at least 8 characters.').waitFor()
  await admin.getByLabel('Password', { exact: true }).fill('Setup-2026!')
  await admin.getByLabel('The same password again').fill('Setup-2026!')
  await page.screenshot({ path: join(OUTPUT, 'first-run.png'), fullPage: true })
  await page.getByRole('button', { name: 'Set up and sign in' }).click()
  // Signed in as the new administrator, on the dashboard, with the administration at hand (where
  // it stopped otherwise, and what it said, name a failure).
  await page
    .getByRole('heading', { name: 'Dashboard' })
    .waitFor()
    .catch(async (error: Error) => {
      await page.screenshot({ path: join(OUTPUT, 'first-run-stopped.png'), fullPage: true })
      const said = await page.locator('[role=alert], [role=status]').allTextContents()
      throw new Error(
        `${error.message}\nat ${page.url()}, saying ${JSON.stringify(said)}; ${pageErrors(page).join('; ')}`,
      )
    })
  await page.getByRole('button', { name: /^User menu: Ada Lovelace/ }).waitFor()
  await page.goto(`${file.server.url}/app/settings`)
  await page.getByRole('heading', { name: 'Customer settings' }).waitFor()
  // The setup is gone for good: a guest gets the sign-in form, and /setup sends them to it.
  const guest = await file.browser.newPage({ locale: 'en-GB' })
  await guest.goto(`${file.server.url}/app/setup`)
  await guest.getByRole('button', { name: 'Sign in' }).waitFor()
  expect(new URL(guest.url()).pathname).toBe('/app/login')
  await guest.getByLabel('Login').fill('ada')
  await guest.getByLabel('Password').fill('Setup-2026!')
  await guest.getByRole('button', { name: 'Sign in' }).click()
  await guest.getByRole('heading', { name: 'Dashboard' }).waitFor()
  expect(pageErrors(page)).toEqual([])
})

cspTest(file)
