import { join } from 'node:path'
import type { Browser } from 'playwright-core'
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

test('/ lands under /app; a guest meets the sign-in page, titled as the brief says', async () => {
  const page = await browser.newPage({ locale: 'en-GB' })
  await page.goto(`${server.url}/`)
  await page.getByRole('button', { name: 'Sign in' }).waitFor()
  const url = new URL(page.url())
  expect(url.pathname).toBe('/app/login')
  expect(url.searchParams.get('redirect')).toBe('/')
  expect(await page.title()).toBe('Procura - Purchasing management')
  await page.screenshot({ path: join(OUTPUT, 'login.png'), fullPage: true })
  await page.close()
})

test('an unknown route shows "This page does not exist." and leads back home', async () => {
  const page = await browser.newPage({ locale: 'en-GB' })
  await page.goto(`${server.url}/app/no/such/page`)
  await page.getByRole('heading', { name: 'This page does not exist.' }).waitFor()
  await page.screenshot({ path: join(OUTPUT, 'not-found.png'), fullPage: true })
  await page.getByRole('link', { name: 'Back to the dashboard' }).click()
  await page.getByRole('button', { name: 'Sign in' }).waitFor()
  await page.close()
})

test('the sign-in page follows the browser language', async () => {
  const page = await browser.newPage({ locale: 'fr-FR' })
  await page.goto(`${server.url}/app/`)
  await page.getByRole('button', { name: 'Se connecter' }).waitFor()
  expect(await page.getByLabel('Mot de passe').isVisible()).toBe(true)
  await page.close()
})

test('the footer opens the HTML modal fetched from the server', async () => {
  const page = await browser.newPage({ locale: 'en-GB' })
  await page.goto(`${server.url}/app/login`)
  await page.getByRole('textbox', { name: 'Login' }).fill('buyer')
  await page.getByLabel('Password').fill('Demo1234!')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
  await page.getByRole('contentinfo').getByRole('button', { name: 'About' }).click()
  const dialog = page.getByRole('dialog', { name: 'About Procura' })
  await dialog.waitFor()
  expect(await dialog.textContent()).toContain('Procura 0.1.0')
  await page.screenshot({ path: join(OUTPUT, 'about-modal.png') })
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await page.close()
})

test('a signed-in tab keeps one real-time socket while its texts load and its pages change', async () => {
  const context = await browser.newContext({ locale: 'en-GB' })
  const page = await context.newPage()
  const opened: string[] = []
  page.on('websocket', (socket) => opened.push(socket.url()))
  await page.goto(`${server.url}/app/login`)
  await page.getByRole('textbox', { name: 'Login' }).fill('buyer')
  await page.getByLabel('Password').fill('Demo1234!')
  await page.getByRole('button', { name: 'Sign in' }).click()
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await menu.waitFor()
  for (const name of ['Purchase orders', 'Requests', 'Suppliers', 'Dashboard']) {
    await menu.getByRole('link', { name, exact: true }).click()
    await page.getByRole('heading', { level: 1 }).first().waitFor()
  }
  await expect.poll(() => opened.length).toBeGreaterThan(0)
  expect(opened).toHaveLength(1)
  await context.close()
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
