import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accessibilityViolations, browserFile, cspTest, OUTPUT, pageErrors, signInAs } from './browser'

type Login = 'buyer' | 'payables' | 'finance' | 'admin'

/** The buyer's lists, then the back office's: one file each per width, so they run side by side. */
export const BUYING: readonly Login[] = ['buyer']
export const BACK_OFFICE: readonly Login[] = ['payables', 'finance', 'admin']

/** Every list of the app, grouped by the person who works with it and opens it from the menu. */
const LISTS: { login: Login; lists: { name: string; heading?: RegExp; path?: string }[] }[] = [
  {
    login: 'buyer',
    lists: [
      { name: 'Purchase orders' },
      { name: 'Catalogue', heading: /^Articles — / },
      { name: 'Requests' },
      { name: 'Deliveries' },
      { name: 'Suppliers' },
    ],
  },
  {
    login: 'payables',
    lists: [
      { name: 'Supplier invoices' },
      { name: 'Pending invoices', path: '/app/pending-invoices' },
      { name: 'Accounting exports' },
    ],
  },
  { login: 'finance', lists: [{ name: 'Payments' }] },
  {
    login: 'admin',
    lists: [
      { name: 'Users' },
      { name: 'Accounting entries', path: '/app/accounting-entries' },
      { name: 'VAT accounts', path: '/app/accounting-vat-entries' },
    ],
  },
]

export const rowsOf = (page: Page) =>
  page
    .getByRole('main')
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell') })

/**
 * Each list at one width, on the demo's year: opened as its user opens it (from the menu, or by
 * its address for the lists the menu reaches through another page), with rows, the column chooser,
 * saved views and both exports, and no serious axe violation or console error. One sign-in per
 * person: their lists are visited one after the other in the same page, as a person goes through
 * them (a list's test starts where the one before left the page).
 */
export const listTour = (viewport: { width: number; height: number }, logins: readonly Login[]) =>
  describe(`at ${viewport.width} px`, () => {
    const file = browserFile({ PROCURA_DEMO: '1' })
    for (const { login, lists } of LISTS.filter((person) => logins.includes(person.login)))
      describe(`as ${login}`, () => {
        let page: Page
        beforeAll(async () => {
          page = await signInAs(file.browser, file.server, login, { viewport })
        })
        afterAll(async () => {
          await page?.context().close()
        })
        for (const list of lists)
          test(`${list.name} has its column chooser, saved views and export, and passes axe`, async () => {
            if (list.path === undefined) {
              if (viewport.width < 640) await page.getByRole('button', { name: 'Main menu' }).click()
              const menu = page.getByRole('navigation', { name: 'Main menu' })
              await menu.getByRole('link', { name: list.name, exact: true }).click()
            } else await page.goto(`${file.server.url}${list.path}`)
            await page.getByRole('heading', { name: list.heading ?? list.name, level: 1 }).waitFor()
            await expect.poll(() => rowsOf(page).count(), { message: list.name }).toBeGreaterThan(0)
            await page.getByRole('button', { name: 'Columns' }).waitFor()
            await page.getByRole('combobox', { name: 'View' }).waitFor()
            await page.getByRole('button', { name: 'Save as a view…' }).waitFor()
            expect(await page.getByRole('link', { name: 'CSV file' }).getAttribute('href')).toMatch(
              /\/export\?/,
            )
            expect(await page.getByRole('link', { name: 'Excel workbook' }).getAttribute('href')).toMatch(
              /format=xlsx/,
            )
            expect(await accessibilityViolations(page)).toEqual([])
            expect(pageErrors(page)).toEqual([])
            // On a laptop a row's actions show without scrolling the table sideways.
            if (viewport.width >= 1366)
              expect(
                await page.evaluate(() => {
                  const actions = document.querySelector('main tbody .pc-table__row-actions')
                  const table = document.querySelector('main .pc-table__scroll')
                  return actions === null || table === null
                    ? true
                    : actions.getBoundingClientRect().right <= table.getBoundingClientRect().right + 1
                }),
                'row actions in view',
              ).toBe(true)
            if (list.name === 'Supplier invoices' || viewport.width < 640)
              await page.screenshot({
                path: join(
                  OUTPUT,
                  `lists-${list.name.toLowerCase().replace(/ /g, '-')}-${viewport.width}.png`,
                ),
                fullPage: viewport.width > 640,
              })
          })
      })
    cspTest(file)
  })
