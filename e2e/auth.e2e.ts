import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { cspViolations, launchBrowser, OUTPUT, signInWith, startTestServer, type TestServer } from './browser'

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

test('admin signs in, works in French, acts as the requester, gets back and signs out', async () => {
  const page = await browser.newPage({ locale: 'en-GB' })
  await page.goto(`${server.url}/app/users`)
  // A guest is sent to sign in, and comes back to the page they wanted.
  await page.getByRole('button', { name: 'Sign in' }).waitFor()
  await signInWith(page, 'admin', 'Demo1234!')
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

test('a wrong password is refused, and repeated failures are throttled', async () => {
  const page = await browser.newPage({ locale: 'en-GB' })
  await page.goto(`${server.url}/app/login`)
  await signInWith(page, 'buyer', 'not-the-password')
  await page.getByRole('alert').filter({ hasText: 'Invalid username and/or password' }).waitFor()
  for (let i = 0; i < 3; i += 1) {
    await signInWith(page, 'buyer', `wrong-${i}`)
    await page.getByRole('alert').filter({ hasText: 'Invalid username and/or password' }).waitFor()
  }
  await signInWith(page, 'buyer', 'wrong-again')
  await page
    .getByRole('alert')
    .filter({ hasText: /Too many attempts, retry in \d+ seconds/ })
    .waitFor()
  // Even the right password waits now.
  await signInWith(page, 'buyer', 'Demo1234!')
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
