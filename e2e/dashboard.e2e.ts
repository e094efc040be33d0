import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  accessibilityViolations,
  cspViolations,
  launchBrowser,
  OUTPUT,
  pageErrors,
  signInAs,
  startTestServer,
  type TestServer,
} from './browser'

let server: TestServer
let browser: Browser

beforeAll(async () => {
  // The demo's year of history: the dashboard draws from it.
  server = await startTestServer({ PROCURA_DEMO: '1' })
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test('the buyer’s dashboard draws its charts from the demo; a figure opens its list, filtered', async () => {
  const buyer = await signInAs(browser, server, 'buyer')
  await buyer.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  await buyer.getByRole('figure', { name: /Ordered over 12 months against a year before/ }).waitFor()
  for (const axis of ['supplier', 'family', 'department'])
    await buyer
      .getByRole('figure', { name: `Ordered over 3 months, by ${axis}` })
      .locator('svg')
      .first()
      .waitFor()
  // The suppliers' figures as a table: each a link to that supplier's orders of the period.
  const bySupplier = buyer.getByRole('figure', { name: 'Ordered over 3 months, by supplier' })
  await bySupplier.locator('summary').click()
  const first = bySupplier.getByRole('table').getByRole('link').first()
  expect(await first.getAttribute('href')).toMatch(/\/purchase-orders\?supplier_id=\d+&created_from=/)
  expect(await accessibilityViolations(buyer)).toEqual([])
  await buyer.screenshot({ path: join(OUTPUT, 'dashboard-buyer.png'), fullPage: true })

  const waiting = buyer.getByRole('region', { name: 'What waits' })
  const count = Number(
    await waiting
      .getByRole('link', { name: /Orders to validate/ })
      .locator('strong')
      .innerText(),
  )
  expect(count).toBeGreaterThan(0)
  await waiting.getByRole('link', { name: /Orders to validate/ }).click()
  await buyer.waitForURL(/\/purchase-orders\?status=awaiting/)
  await expect
    .poll(() => buyer.getByRole('row').filter({ hasText: 'Awaiting validation' }).count())
    .toBe(count)
  expect(pageErrors(buyer)).toEqual([])
})

test('a supplier’s contact gets its own orders’ figures and no spend of the organisation', async () => {
  const contact = await signInAs(browser, server, 'supplier')
  await contact.getByRole('heading', { level: 2, name: 'Orders by status' }).waitFor()
  expect(await contact.getByRole('figure').count()).toBe(0)
  expect(pageErrors(contact)).toEqual([])
})

test('an administrator reads who did what: the traces, one trace, an order’s history', async () => {
  const admin = await signInAs(browser, server, 'admin')
  await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Traces' }).click()
  await admin.getByRole('heading', { level: 1, name: 'Traces' }).waitFor()
  const row = admin
    .getByRole('row')
    .filter({ has: admin.getByRole('link', { name: /^\d/ }) })
    .first()
  await row.waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  await row.getByRole('link').first().click()
  await admin.getByRole('heading', { level: 1, name: /^Trace \d+$/ }).waitFor()
  await admin.getByText('What happened').waitFor()

  await admin.goto(`${server.url}/app/purchase-orders`)
  await admin.getByRole('row').nth(1).getByRole('link').first().click()
  await admin.getByRole('tab', { name: 'History' }).click()
  const history = admin.getByRole('region', { name: 'History' })
  await history.getByRole('listitem').first().waitFor()
  // Its steps read as the buttons and statuses do, not as the audit line's codes.
  const steps = await history.getByRole('listitem').allTextContents()
  expect(steps.some((step) => /→ [A-Z]/.test(step))).toBe(true)
  expect(steps.filter((step) => /→ [a-z_]+(\/[a-z_]+)?$/.test(step))).toEqual([])
  expect(await accessibilityViolations(admin)).toEqual([])
  expect(pageErrors(admin)).toEqual([])
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
