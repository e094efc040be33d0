import { expect, test } from 'vitest'
import { accessibilityViolations, browserFile, callApi, cspTest, pageErrors, signInAs } from './browser'
import { rowsOf } from './list-tour'

/** Filters that take more than a value: a range of dates, a link's filter the list refuses (the demo's year). */
const file = browserFile({ PROCURA_DEMO: '1' })

test('a clerk picks a range of invoice dates in one calendar: two chips, the rows within it', async () => {
  const payables = await signInAs(file.browser, file.server, 'payables', {
    locale: 'en-GB',
    at: '/app/supplier-invoices',
  })
  await payables.getByRole('heading', { name: 'Supplier invoices', level: 1 }).waitFor()
  const range = payables.getByRole('group', { name: 'Invoice date', exact: true })
  await range.getByRole('button', { name: 'Calendar' }).click()
  const calendar = payables.getByRole('dialog', { name: 'Invoice date' })
  await calendar.getByRole('button', { name: /\b1 November 2026/ }).click()
  await calendar.getByRole('button', { name: /\b20 November 2026/ }).click()
  await expect.poll(() => new URL(payables.url()).searchParams.get('invoice_date_to')).toBe('2026-11-20')
  expect(new URL(payables.url()).searchParams.get('invoice_date_from')).toBe('2026-11-01')
  await payables.getByRole('button', { name: 'Remove the filter Invoice date from: 01/11/2026' }).waitFor()
  await payables.getByRole('button', { name: 'Remove the filter Invoice date to: 20/11/2026' }).waitFor()
  const shown = (await callApi(payables, `/bwapi/supplier-invoices?${new URL(payables.url()).searchParams}`))
    .json as { data: { invoice_date: string }[] }
  expect(shown.data.length).toBeGreaterThan(0)
  expect(shown.data.every((r) => r.invoice_date >= '2026-11-01' && r.invoice_date <= '2026-11-20')).toBe(true)
  expect(await accessibilityViolations(payables)).toEqual([])
  expect(pageErrors(payables)).toEqual([])
  await payables.context().close()
})

test('a link with a filter the list refuses keeps the page, says why and clears the filters', async () => {
  const buyer = await signInAs(file.browser, file.server, 'buyer', {
    locale: 'en-GB',
    at: '/app/purchase-orders?status=lost',
  })
  await buyer.getByRole('heading', { name: 'Purchase orders', level: 1 }).waitFor()
  const alert = buyer.getByRole('alert').filter({ hasText: 'This list cannot show these filters' })
  await alert.waitFor()
  await alert.getByRole('button', { name: 'Clear the filters' }).click()
  await expect.poll(() => rowsOf(buyer).count()).toBeGreaterThan(0)
  expect(new URL(buyer.url()).searchParams.get('status')).toBeNull()
  // The browser logs the refused request itself (422); nothing else went wrong.
  expect(pageErrors(buyer).filter((e) => !e.includes('status=lost') || !e.includes('422'))).toEqual([])
  await buyer.context().close()
})

cspTest(file)
