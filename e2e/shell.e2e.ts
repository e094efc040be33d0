import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { launchBrowser, OUTPUT, startTestServer, type TestServer } from './browser'

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

test('/ lands under /app on the dashboard, titled as the brief says', async () => {
  const page = await browser.newPage({ locale: 'en-GB' })
  await page.goto(`${server.url}/`)
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/app/')
  expect(await page.title()).toBe('Procura - Purchasing management')
  expect(await page.getByText('Welcome to Procura.').isVisible()).toBe(true)
  await page.screenshot({ path: join(OUTPUT, 'dashboard.png'), fullPage: true })
  await page.close()
})

test('an unknown route shows "This page does not exist." and leads back home', async () => {
  const page = await browser.newPage({ locale: 'en-GB' })
  await page.goto(`${server.url}/app/purchase-orders/does-not-exist`)
  const heading = page.getByRole('heading', { name: 'This page does not exist.' })
  await heading.waitFor()
  await page.screenshot({ path: join(OUTPUT, 'not-found.png'), fullPage: true })
  await page.getByRole('link', { name: 'Back to the dashboard' }).click()
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
  expect(new URL(page.url()).pathname).toMatch(/^\/app\/?$/)
  await page.close()
})

test('the language follows the browser, switches at once and survives a reload', async () => {
  const page = await browser.newPage({ locale: 'fr-FR' })
  await page.goto(`${server.url}/app/`)
  await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor()
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('es')
  await page.getByRole('heading', { name: 'Panel' }).waitFor()
  await page.reload()
  await page.getByRole('heading', { name: 'Panel' }).waitFor()
  await page.goto(`${server.url}/app/nowhere`)
  await page.getByRole('heading', { name: 'Esta página no existe.' }).waitFor()
  await page.close()
})
