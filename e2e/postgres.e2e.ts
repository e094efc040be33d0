import { join } from 'node:path'
import { type Cluster, startThrowawayCluster } from '@procura/api/testing/pg-cluster'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  cspViolations,
  launchBrowser,
  OUTPUT,
  pageErrors,
  signInAs,
  startTestServer,
  type TestServer,
} from './browser'

/**
 * The product on PostgreSQL (a throwaway cluster), with the full demo: the same app, the same data
 * (the demo year's fixture copied in, as `procura db copy` moves an install to PostgreSQL).
 */
let cluster: Cluster
let server: TestServer
let browser: Browser

beforeAll(async () => {
  cluster = await startThrowawayCluster()
  server = await startTestServer({ PROCURA_DATABASE_URL: cluster.url, PROCURA_DEMO: '1' })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  cluster?.stop()
})

test('on PostgreSQL, the buyer signs in, finds the demo year of orders and opens one', async () => {
  const buyer = await signInAs(browser, server, 'buyer')
  await buyer
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Purchase orders' })
    .click()
  const first = buyer.getByRole('link', { name: /^PO-\d{4}-\d{5}$/ }).first()
  await first.waitFor()
  expect(await buyer.getByRole('link', { name: /^PO-\d{4}-\d{5}$/ }).count()).toBeGreaterThan(5)
  const code = (await first.textContent()) ?? ''
  await first.click()
  await buyer.getByRole('heading', { level: 1 }).filter({ hasText: code }).waitFor()
  expect(await buyer.locator('main').textContent()).toMatch(/€\d{1,3}(,\d{3})*\.\d{2}/)
  await buyer.screenshot({ path: join(OUTPUT, 'postgres-order.png'), fullPage: true })
  expect(pageErrors(buyer)).toEqual([])
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
