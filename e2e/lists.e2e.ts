import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  callApi,
  cspViolations,
  launchBrowser,
  OUTPUT,
  pageErrors,
  pickFromSearch,
  signInAs,
  startTestServer,
  type TestServer,
} from './browser'
import { rowsOf } from './list-tour'

let server: TestServer
let browser: Browser

beforeAll(async () => {
  // The demo's year: lists long enough to page, filter, total and export.
  server = await startTestServer({ PROCURA_DEMO: '1' })
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})
test('a French buyer finds the supplier by typing, types an amount and picks a date as French is written', async () => {
  const buyer = await signInAs(browser, server, 'claire.buyer', {
    locale: 'fr-FR',
    at: '/app/purchase-orders/new',
  })
  await buyer.getByRole('heading', { name: 'Nouvelle commande' }).waitFor()
  // The supplier is found by typing, not picked in a list of every supplier.
  await pickFromSearch(buyer, 'Fournisseur', 'safe', /SafeWork Équipements/)
  const line = buyer.getByRole('group', { name: 'Ligne 1' })
  await line.getByLabel('Article').fill('Ramettes de papier recyclé')
  await line.getByLabel('Quantité').fill('2')
  await line.getByLabel('Prix unitaire HT').fill('1 234,50')
  await buyer.getByText(/Total 2\s469,00/).waitFor()
  await buyer.getByLabel('Adresse de livraison').fill('8 place Bellecour, 69002 Lyon')
  // The deadline is picked in the calendar, which starts its weeks on Monday.
  const deadline = buyer.getByRole('group', { name: 'Date limite', exact: true })
  await deadline.getByRole('button', { name: 'Calendrier' }).click()
  const calendar = buyer.getByRole('dialog', { name: 'Date limite' })
  const firstDay = await calendar.locator('thead th').first().textContent()
  expect(firstDay?.toLowerCase()).toMatch(/^l/)
  await calendar.getByRole('button', { name: 'Mois suivant' }).click()
  await calendar.getByRole('button', { name: /15 décembre 2026/ }).click()
  await buyer.getByRole('button', { name: 'Enregistrer' }).click()
  await buyer
    .getByRole('heading', { level: 1 })
    .filter({ hasText: /PO-\d{4}-\d{5}/ })
    .waitFor()
  const id = new URL(buyer.url()).pathname.split('/').pop()
  const order = (await callApi(buyer, `/bwapi/purchase-orders/${id}`)).json as {
    data: {
      supplier: { company_name: string }
      lines: { unit_price_exctax: string }[]
      delivery_address: { deadline: string | null }
    }
  }
  expect(order.data.supplier.company_name).toBe('SafeWork Équipements')
  expect(order.data.lines[0]?.unit_price_exctax).toBe('1234.50')
  expect(order.data.delivery_address.deadline).toBe('2026-12-15')
  expect(pageErrors(buyer)).toEqual([])
  await buyer.context().close()
})

test('a French buyer filters the orders by a supplier found by typing, keeps the view, and exports it', async () => {
  const buyer = await signInAs(browser, server, 'claire.buyer', { locale: 'fr-FR' })
  await buyer
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Commandes' })
    .click()
  await buyer.getByRole('heading', { name: 'Commandes', level: 1 }).waitFor()
  await expect.poll(() => rowsOf(buyer).count()).toBeGreaterThan(5)

  // The supplier filter is found by typing, then shows as a chip.
  const chip = buyer.getByRole('button', { name: /Retirer le filtre Fournisseur : SafeWork Équipements/ })
  await pickFromSearch(buyer, 'Fournisseur', 'safe', /SafeWork Équipements/, chip)
  await expect.poll(() => buyer.url()).toMatch(/supplier_id=\d+/)
  const filtered = (await callApi(buyer, `/bwapi/purchase-orders?${new URL(buyer.url()).searchParams}`))
    .json as { meta: { total: number } }
  expect(filtered.meta.total).toBeGreaterThan(0)
  // The totals row sums what the filter keeps.
  await buyer.getByRole('cell', { name: 'Total EUR' }).waitFor()

  // One column less, kept for the next visit.
  await buyer.getByRole('button', { name: 'Colonnes' }).click()
  await buyer
    .getByRole('dialog', { name: 'Colonnes affichées, dans l’ordre' })
    .getByRole('checkbox', { name: 'Acheteur' })
    .click()
  await buyer.keyboard.press('Escape')
  await expect.poll(() => buyer.getByRole('columnheader', { name: 'Acheteur' }).count()).toBe(0)

  // Saved as the default view: it survives a reload, and the bare list opens on it.
  await buyer.getByRole('button', { name: 'Enregistrer comme vue…' }).click()
  const dialog = buyer.getByRole('dialog', { name: 'Enregistrer comme vue…' })
  await dialog.getByLabel('Nom de la vue').fill('SafeWork')
  await dialog.getByLabel('Ouvrir la liste sur cette vue').check()
  await dialog.getByRole('button', { name: 'Enregistrer' }).click()
  await buyer.getByText('Vue « SafeWork » enregistrée.').waitFor()
  await buyer.reload()
  await buyer.getByRole('heading', { name: 'Commandes', level: 1 }).waitFor()
  await expect
    .poll(() => buyer.getByRole('combobox', { name: 'Vue' }).locator('option:checked').textContent())
    .toBe('SafeWork')
  await chip.waitFor()
  await buyer.goto(`${server.url}/app/purchase-orders`)
  await chip.waitFor()
  expect(await buyer.getByRole('columnheader', { name: 'Acheteur' }).count()).toBe(0)
  await buyer.screenshot({ path: join(OUTPUT, 'lists-orders-view-fr.png'), fullPage: true })

  // Export what is shown: the same rows, in the columns shown, as CSV and as Excel.
  const shown = (
    await callApi(buyer, `/bwapi/purchase-orders?${new URL(buyer.url()).searchParams}&per_page=200`)
  ).json as { data: { code: string }[]; meta: { total: number } }
  const [csvDownload] = await Promise.all([
    buyer.waitForEvent('download'),
    buyer.getByRole('link', { name: 'Fichier CSV' }).click(),
  ])
  const csvPath = join(OUTPUT, 'lists-orders.csv')
  await csvDownload.saveAs(csvPath)
  const [header, ...csvRows] = parse(readFileSync(csvPath, 'utf8'), {
    delimiter: ';',
    bom: true,
  }) as string[][]
  expect(header).not.toContain('Acheteur')
  expect(header?.[0]).toBe('Numéro')
  expect(csvRows.map((r) => r[0])).toEqual(shown.data.map((r) => r.code))
  const supplierAt = header?.indexOf('Fournisseur') ?? -1
  expect(new Set(csvRows.map((r) => r[supplierAt]))).toEqual(new Set(['SafeWork Équipements']))

  const [xlsxDownload] = await Promise.all([
    buyer.waitForEvent('download'),
    buyer.getByRole('link', { name: 'Classeur Excel' }).click(),
  ])
  const xlsxPath = join(OUTPUT, 'lists-orders.xlsx')
  await xlsxDownload.saveAs(xlsxPath)
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(xlsxPath)
  const sheet = book.worksheets[0]
  const codes: string[] = []
  sheet?.eachRow((row, n) => {
    if (n > 1) codes.push(String(row.getCell(1).value))
  })
  expect(codes).toEqual(shown.data.map((r) => r.code))
  expect(pageErrors(buyer)).toEqual([])
  await buyer.context().close()
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
