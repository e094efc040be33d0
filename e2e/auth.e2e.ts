import { join } from 'node:path'
import { startOidcProvider } from '@procura/api/testing/oidc-provider'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { cspViolations, launchBrowser, OUTPUT, startTestServer, type TestServer } from './browser'

let server: TestServer
let browser: Browser

beforeAll(async () => {
  server = await startTestServer()
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const signIn = async (
  page: Page,
  login: string,
  password: string,
  labels = { login: 'Login', password: 'Password', submit: 'Sign in' },
) => {
  await page.getByRole('textbox', { name: labels.login }).fill(login)
  await page.getByLabel(labels.password).fill(password)
  await page.getByRole('button', { name: labels.submit }).click()
}

test('admin signs in, works in French, acts as the requester, gets back and signs out', async () => {
  const page = await browser.newPage({ locale: 'en-GB' })
  await page.goto(`${server.url}/app/users`)
  // A guest is sent to sign in, and comes back to the page they wanted.
  await page.getByRole('button', { name: 'Sign in' }).waitFor()
  await signIn(page, 'admin', 'Demo1234!')
  await page.getByRole('heading', { name: 'Users' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/app/users')

  // The interface switches to French at once.
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('fr')
  await page.getByRole('heading', { name: 'Utilisateurs' }).waitFor()
  await page.getByRole('cell', { name: 'Rita Requester', exact: true }).waitFor()
  await page.screenshot({ path: join(OUTPUT, 'users-fr.png'), fullPage: true })

  // Act as the requester from the row's contextual menu.
  await page.getByRole('button', { name: 'Actions: Rita Requester' }).click()
  await page.getByRole('menuitem', { name: 'Agir en tant que cet utilisateur' }).click()
  // The requester's own language (English) applies while acting as them.
  const userMenu = page.getByRole('button', { name: 'User menu: Alice Admin → Rita Requester' })
  await userMenu.waitFor()
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
  expect(new URL(page.url()).pathname).toMatch(/^\/app\/?$/)
  expect(await userMenu.textContent()).toBe('Alice Admin → Rita Requester')
  expect(await page.getByRole('navigation', { name: 'Main menu' }).textContent()).not.toContain('Users')
  await page.screenshot({ path: join(OUTPUT, 'impersonating.png'), fullPage: true })

  // Get back as the admin, in the admin's French.
  await userMenu.click()
  await page.getByRole('menuitem', { name: 'Get back as Alice Admin' }).click()
  await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor()
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Utilisateurs' })
    .waitFor()

  // Sign out.
  await page.getByRole('button', { name: 'Menu utilisateur: Alice Admin' }).click()
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click()
  await page.getByRole('button', { name: 'Se connecter' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/app/login')
  expect(await page.evaluate(() => localStorage.getItem('procura.authenticated'))).toBeNull()
  await page.goto(`${server.url}/app/users`)
  await page.getByRole('button', { name: 'Se connecter' }).waitFor()
  await page.close()
})

test('an administrator turns single sign-on on; a person then signs in through the OpenID provider', async () => {
  const provider = await startOidcProvider(
    [`${server.url}/sso/callback`],
    [{ login: 'bruno.sso', email: 'buyer@procura.example', name: 'Bruno Buyer' }],
  )
  try {
    const admin = await browser.newPage({ locale: 'en-GB' })
    await admin.goto(`${server.url}/app/settings?tab=customer`)
    await signIn(admin, 'admin', 'Demo1234!')
    // (The first test left the administrator working in French.)
    await admin
      .getByRole('banner')
      .getByRole('combobox', { name: /Language|Langue/ })
      .selectOption('en')
    const customer = admin.getByRole('form', { name: 'Customer' })
    await customer.getByLabel('Single sign-on: provider (issuer URL)').fill(provider.issuer)
    await customer.getByLabel('Single sign-on: client id').fill(provider.clientId)
    await customer.getByLabel('Single sign-on: client secret').fill(provider.clientSecret)
    await customer.getByRole('button', { name: 'Save the Customer settings' }).click()
    await admin.getByText('Customer settings saved: they apply at once.').waitFor()
    await admin.getByRole('tab', { name: 'Modules' }).click()
    const modules = admin.getByRole('form', { name: 'Modules' })
    await modules.getByLabel('Single sign-on').check()
    await modules.getByRole('button', { name: 'Save the Modules settings' }).click()
    await admin.getByText('Modules settings saved: they apply at once.').waitFor()

    const person = await browser.newPage({ locale: 'en-GB' })
    await person.goto(`${server.url}/app/purchase-orders`)
    await person.getByRole('link', { name: 'Sign in with your organisation (single sign-on)' }).click()
    // The provider's own pages: its sign-in, then its consent.
    await person.getByPlaceholder('Enter any login').fill('bruno.sso')
    await person.getByPlaceholder('and password').fill('anything')
    await person.getByRole('button', { name: 'Sign-in' }).click()
    await person.getByRole('button', { name: 'Continue' }).click()
    // Back in Procura, signed in as the buyer found by their e-mail, on the page asked for.
    await person.getByRole('heading', { level: 1, name: 'Purchase orders' }).waitFor()
    expect(new URL(person.url()).pathname).toBe('/app/purchase-orders')
    await person.getByRole('button', { name: 'Bruno Buyer' }).waitFor()
    await person.screenshot({ path: join(OUTPUT, 'sso-signed-in.png'), fullPage: true })

    // Single sign-on off again: the other tests sign in with passwords.
    await modules.getByLabel('Single sign-on').uncheck()
    await modules.getByRole('button', { name: 'Save the Modules settings' }).click()
    await admin.getByText('Modules settings saved: they apply at once.').last().waitFor()
  } finally {
    await provider.close()
  }
})

test('a wrong password is refused, and repeated failures are throttled', async () => {
  const page = await browser.newPage({ locale: 'en-GB' })
  await page.goto(`${server.url}/app/login`)
  await signIn(page, 'buyer', 'not-the-password')
  await page.getByRole('alert').filter({ hasText: 'Invalid username and/or password' }).waitFor()
  for (let i = 0; i < 3; i += 1) {
    await signIn(page, 'buyer', `wrong-${i}`)
    await page.getByRole('alert').filter({ hasText: 'Invalid username and/or password' }).waitFor()
  }
  await signIn(page, 'buyer', 'wrong-again')
  await page
    .getByRole('alert')
    .filter({ hasText: /Too many attempts, retry in \d+ seconds/ })
    .waitFor()
  // Even the right password waits now.
  await signIn(page, 'buyer', 'Demo1234!')
  await page
    .getByRole('alert')
    .filter({ hasText: /Too many attempts/ })
    .waitFor()
  expect(new URL(page.url()).pathname).toBe('/app/login')
  await page.screenshot({ path: join(OUTPUT, 'throttled.png'), fullPage: true })
  await page.close()
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
