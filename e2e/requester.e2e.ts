import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  cspViolations,
  fillDate,
  launchBrowser,
  OUTPUT,
  signInAs,
  startTestServer,
  type TestServer,
} from './browser'

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

test('a requester picks a catalogue article for a request line: label, price and step come with it', async () => {
  const requester = await signInAs(browser, server, 'requester', { at: '/app/needs/new' })
  await requester.getByLabel('Subject').fill('Chairs for the meeting room')
  await requester.getByLabel('Buyer').selectOption({ label: 'Bruno Buyer' })
  await requester.getByLabel('Purchase family').fill('FURNITURE')
  const line = requester.getByRole('group', { name: 'Line 1' })
  await line.getByRole('combobox', { name: 'Catalogue article' }).pressSequentially('Meeting chair')
  const option = requester.getByRole('option').first()
  const label = ((await option.locator('span').first().textContent()) ?? '').trim()
  await option.click()
  await expect.poll(() => line.getByLabel('Description').inputValue()).toBe(label)
  expect(Number(await line.getByLabel('Estimated unit price excl. tax').inputValue())).toBeGreaterThan(0)
  await requester.screenshot({ path: join(OUTPUT, 'requester-picker.png'), fullPage: true })
  await requester.getByRole('button', { name: 'Save' }).click()
  await requester
    .getByRole('heading', { level: 1 })
    .filter({ hasText: 'Chairs for the meeting room' })
    .waitFor()
  await requester.getByRole('cell', { name: label }).waitFor()
})

test('a requester’s cart is sent as a request, which waits for its validator', async () => {
  const requester = await signInAs(browser, server, 'requester')
  const found = await requester.request.get(`${server.url}/bwapi/articles/search?search=Ballpoint`)
  const [article] = (
    (await found.json()) as { data: { id: number; label: string; quantity_step: string | null }[] }
  ).data
  const warehouses = await requester.request.get(`${server.url}/bwapi/warehouses`)
  const [warehouse] = ((await warehouses.json()) as { data: { id: number }[] }).data
  await requester.goto(`${server.url}/app/warehouses/${warehouse?.id}/articles/${article?.id}/add-to-cart`)
  const add = requester.getByRole('dialog', { name: 'Add to cart' })
  await add.getByLabel('Quantity').fill(article?.quantity_step ?? '1')
  await add.getByRole('button', { name: 'Add to cart' }).click()
  const cart = requester.getByRole('complementary', { name: 'Cart (1)' })
  await cart
    .getByRole('listitem')
    .filter({ hasText: article?.label ?? '' })
    .waitFor()
  await expect(cart.getByRole('button', { name: 'Create draft orders' }).count()).resolves.toBe(0)
  await cart.getByRole('button', { name: 'Send as a request' }).click()
  // The request gets its subject, date and comment before it goes.
  const details = requester.getByRole('dialog', { name: 'Send as a request' })
  await details.getByLabel('Subject').fill('Paper for the workshop')
  await fillDate(details, 'Wanted by', '2026-12-18')
  await details.getByLabel('Comment').fill('Before the inventory.')
  await details.getByRole('button', { name: 'Send as a request' }).click()
  await requester.getByText(/^Request REQ-\d{4}-\d{5} made and sent for approval\.$/).waitFor()
  // The requester lands on the request made.
  await requester.getByRole('heading', { level: 1 }).filter({ hasText: 'Awaiting validation' }).waitFor()
  await requester.getByRole('heading', { level: 1 }).filter({ hasText: 'Paper for the workshop' }).waitFor()
  await requester.getByText('Waiting for: Victor Validator').waitFor()
  // The comment typed with it is on the request's page.
  await requester.getByRole('definition').filter({ hasText: 'Before the inventory.' }).waitFor()
  await requester.screenshot({ path: join(OUTPUT, 'requester-cart-request.png'), fullPage: true })
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
