import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
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
  server = await startTestServer({ PROCURA_DEMO: '1' })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test('the demo’s validated invoices are checked, exported and downloaded as balanced journal entries', async () => {
  const payables = await signInAs(browser, server, 'payables')
  await payables
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Accounting exports' })
    .click()
  await payables.getByRole('heading', { level: 1, name: 'Accounting exports' }).waitFor()
  // The demo's first export is in the history.
  const history = payables.getByRole('table', { name: 'Accounting exports' })
  await history.getByText('Done', { exact: true }).first().waitFor()
  const form = payables.getByRole('form', { name: 'New export' })
  await form.getByRole('button', { name: 'Check' }).click()
  await payables.getByText('Every invoice can be booked: ready to export.').waitFor()
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.screenshot({ path: join(OUTPUT, 'accounting-check.png'), fullPage: true })
  // One invoice is left out of this export: it waits for the next.
  const listed = payables.getByRole('table', { name: 'The invoices of the export (the first 200)' })
  const boxes = listed.getByRole('checkbox')
  const waiting = await boxes.count()
  await boxes.first().uncheck()
  // Counted texts agree with their number (plural forms).
  const invoices = (n: number) => `${n} invoice${n === 1 ? '' : 's'}`
  await form.getByRole('button', { name: `Export ${invoices(waiting - 1)}` }).click()
  await payables.getByText(`${invoices(waiting - 1)} exported.`).waitFor()
  await form.getByRole('button', { name: 'Check' }).click()
  await payables.getByRole('heading', { name: '1 invoice to export' }).waitFor()
  await form.getByRole('button', { name: 'Export 1 invoice' }).click()
  await expect.poll(() => history.getByText('Done', { exact: true }).count()).toBe(3)
  const link = history.getByRole('link', { name: /\.csv$/ }).first()
  const [download] = await Promise.all([payables.waitForEvent('download'), link.click()])
  const rows = parse(readFileSync((await download.path()) ?? '', 'utf8'), {
    delimiter: ';',
    columns: true,
  }) as Record<string, string>[]
  expect(rows.length).toBeGreaterThanOrEqual(3)
  const cents = (key: 'Debit' | 'Credit') =>
    rows.reduce((sum, r) => sum + Math.round(Number(r[key]) * 100), 0)
  expect(cents('Debit')).toBe(cents('Credit'))
  // Entry by entry too: each piece balances.
  const pieces = new Map<string, number>()
  for (const r of rows)
    pieces.set(
      r.Piece ?? '',
      (pieces.get(r.Piece ?? '') ?? 0) +
        Math.round(Number(r.Debit) * 100) -
        Math.round(Number(r.Credit) * 100),
    )
  expect([...pieces.values()].every((v) => v === 0)).toBe(true)
  // Nothing is left to export now.
  await form.getByRole('button', { name: 'Check' }).click()
  await payables.getByText('No validated invoice is waiting to be exported.').waitFor()
  await payables.screenshot({ path: join(OUTPUT, 'accounting-exported.png'), fullPage: true })
  expect(pageErrors(payables)).toEqual([])
})

test('the administrator keeps the accounts and sees the prefix locked', async () => {
  const admin = await signInAs(browser, server, 'admin', { at: '/app/accounting-entries' })
  await admin.getByRole('heading', { level: 1, name: 'Accounting entries' }).waitFor()
  await admin.getByRole('cell', { name: '606100', exact: true }).waitFor()
  // An account is added in a dialog over the list, then found by searching.
  await admin.getByRole('button', { name: 'Add an account' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Add an account' })
  await dialog.getByLabel('Account', { exact: true }).fill('606990')
  await dialog.getByLabel('Label', { exact: true }).fill('Trade fair supplies')
  expect(await accessibilityViolations(admin)).toEqual([])
  await dialog.getByRole('button', { name: 'Save' }).click()
  await admin.getByText('Account 606990 saved.').waitFor()
  await admin.getByRole('searchbox', { name: 'Search' }).fill('60699')
  await admin.getByRole('cell', { name: '606990', exact: true }).waitFor()
  // The search has applied once the other accounts left the list.
  await admin.getByRole('cell', { name: '606100', exact: true }).waitFor({ state: 'detached' })
  expect(await accessibilityViolations(admin)).toEqual([])
  await admin.goto(`${server.url}/app/accounting-vat-entries`)
  await admin.getByRole('heading', { level: 1, name: 'VAT accounts' }).waitFor()
  await admin.getByRole('cell', { name: '445200' }).first().waitFor()
  await admin.goto(`${server.url}/app/accounting-exports`)
  await admin.getByText('Locked: exports already use it.').waitFor()
  expect(await accessibilityViolations(admin)).toEqual([])
  expect(pageErrors(admin)).toEqual([])
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
