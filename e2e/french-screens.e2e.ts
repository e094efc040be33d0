import { namesOnlyInEnglish } from '@procura/core/i18n'
import { expect, test } from 'vitest'
import { browserFile, cspTest, pageErrors, signInAs } from './browser'
import { rowsOf } from './list-tour'

/** The demo's year in French: the text scan of the screens a buyer reads most. */
const file = browserFile({ PROCURA_DEMO: '1' })

test('a French reader’s screens name the reference data in French, and never write "(s)"', async () => {
  const page = await signInAs(file.browser, file.server, 'buyer', { locale: 'fr-FR' })
  // The buyer reads English by choice: it chooses French, as from the header's language switch.
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Français' })
  await page.getByRole('combobox', { name: 'Langue' }).waitFor()
  const english = new Set(namesOnlyInEnglish('fr'))
  const found: string[] = []
  for (const path of [
    '/',
    '/needs',
    '/purchase-orders',
    '/deliveries',
    '/warehouses',
    '/suppliers',
    '/expenses',
  ]) {
    // As a person moves: through the menu (a full load per page only repeats the first one's work).
    const heading = page.getByRole('heading', { level: 1 }).first()
    if (path !== '/') {
      const before = await heading.textContent()
      // Clicked again if the click was lost (the header redrawn in French under the pointer).
      const link = page.getByRole('navigation').first().locator(`a[href="/app${path}"]`)
      await expect
        .poll(
          async () => {
            const at = new URL(page.url()).pathname
            if (at !== `/app${path}`) await link.click({ timeout: 5_000 }).catch(() => undefined)
            return new URL(page.url()).pathname
          },
          { timeout: 30_000 },
        )
        .toBe(`/app${path}`)
      // The new screen is drawn (the previous one may stay while its code loads).
      await expect.poll(() => heading.textContent()).not.toBe(before)
    }
    await heading.waitFor()
    // Its rows (or the dashboard's charts) are in.
    await expect
      .poll(() => (path === '/' ? page.locator('main svg') : rowsOf(page)).count())
      .toBeGreaterThan(0)
    await page.waitForFunction(() => document.querySelector('.pc-table[aria-busy="true"]') === null)
    const text = (await page.locator('main').textContent()) ?? ''
    if (/\(s\)/.test(text)) found.push(`${path}: "(s)"`)
    // Each piece of text on its own (a cell, an option, a chart's label, a badge), a code after it
    // set aside: a supplier named "OfficePro Supplies" is a name, not reference data.
    const pieces = await page.locator('main').evaluate((main) =>
      [...main.querySelectorAll('*')]
        .filter((e) => e.children.length === 0 || e.tagName === 'OPTION')
        // A chart's label wraps in lines (tspans): read it whole.
        .map((e) => e.closest('text') ?? e)
        .map((e) => (e.textContent ?? '').trim().replace(/ \([A-Z0-9_-]+\)$/, '')),
    )
    for (const piece of new Set(pieces)) if (english.has(piece)) found.push(`${path}: ${piece}`)
  }
  expect(found).toEqual([])
  expect(pageErrors(page)).toEqual([])
})

cspTest(file)
