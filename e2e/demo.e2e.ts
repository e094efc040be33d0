import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { cspViolations, launchBrowser, OUTPUT, signInAs, startTestServer, type TestServer } from './browser'

let server: TestServer
let browser: Browser

beforeAll(async () => {
  // The demo a newcomer gets from `npm start`: the organisation and its year of history.
  server = await startTestServer({ PROCURA_DEMO: '1' })
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** The lists each documented demo user opens from the menu, and a row each must show. */
const WALKS = [
  {
    login: 'admin',
    lists: ['Requests', 'Purchase orders', 'Deliveries', 'Supplier invoices', 'Payments', 'Suppliers'],
  },
  // Buyers order and receive; accounts payable handles invoices and payments; finance pays.
  {
    login: 'buyer',
    lists: [
      'Requests',
      'Purchase orders',
      'Framework agreements',
      'Requests for quotation',
      'Deliveries',
      'Suppliers',
    ],
  },
  { login: 'payables', lists: ['Supplier invoices', 'Payments', 'Suppliers'] },
  { login: 'finance', lists: ['Payments'] },
  { login: 'requester', lists: ['Requests'] },
  {
    login: 'validator',
    lists: ['Demandes', 'Commandes', 'Livraisons', 'Factures fournisseurs'],
    locale: 'fr-FR' as const,
  },
  { login: 'supplier', lists: ['Purchase orders', 'Requests for quotation'] },
]

test.each(WALKS)('$login signs in and finds rows in $lists', async ({ login, lists, locale }) => {
  const page = await signInAs(browser, server, login, { locale })
  const menu = page.getByRole('navigation').first()
  for (const list of lists) {
    const link = menu.getByRole('link', { name: list, exact: true })
    const href = (await link.getAttribute('href')) ?? ''
    await link.click()
    await page.waitForURL((url) => url.pathname === href)
    // Data rows: rows holding cells (the header row holds column headers), counted once shown.
    const dataRows = page
      .getByRole('main')
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
    await expect
      .poll(() => dataRows.count(), { message: `${login}: ${list}`, timeout: 10_000 })
      .toBeGreaterThan(1)
  }
  await page.screenshot({ path: join(OUTPUT, `demo-${login}.png`), fullPage: true })
  await page.context().close()
})

test('the supplier’s menu holds its portal only', async () => {
  const page = await signInAs(browser, server, 'supplier')
  // The menu arrives from the server after the page: wait for it before reading it.
  await page.getByRole('navigation').first().getByRole('link', { name: 'Deliveries' }).waitFor()
  const links = await page.getByRole('navigation').first().getByRole('link').allTextContents()
  expect(links.map((l) => l.trim())).toEqual([
    'Dashboard',
    'Purchase orders',
    'Requests for quotation',
    'Deliveries',
    'Our documents',
  ])
  await page.context().close()
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
