import { join } from 'node:path'
import { expect, test } from 'vitest'
import { browserFile, cspTest, OUTPUT, signInAs } from './browser'

/** The lists each documented demo user opens from the menu, and a row each must show. */
export const WALKS = [
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

/**
 * The demo a newcomer gets from `npm start` (the organisation and its year of history), walked by
 * some of its documented users (two files share the seven, so both run at once): each signs in and
 * finds rows in the lists its menu offers. `more` adds the file's other tests.
 */
export const demoWalks = (
  logins: readonly string[],
  more: (file: ReturnType<typeof browserFile>) => void = () => {},
) => {
  const file = browserFile({ PROCURA_DEMO: '1' })
  test.each(WALKS.filter((w) => logins.includes(w.login)))(
    '$login signs in and finds rows in $lists',
    async ({ login, lists, locale }) => {
      const page = await signInAs(file.browser, file.server, login, { locale })
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
    },
  )
  more(file)
  cspTest(file)
}
