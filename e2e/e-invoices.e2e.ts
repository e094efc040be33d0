import { join } from 'node:path'
import { facturXPdf, SAMPLE, ublXml } from '@procura/api/testing/e-invoice-samples'
import { lifecycleReasonsFor } from '@procura/core/invoice'
import { expect, test } from 'vitest'
import {
  accessibilityViolations,
  browserFile,
  callApi,
  cspTest,
  dateValue,
  OUTPUT,
  pageErrors,
  signInAs,
} from './browser'

const file = browserFile()

test('a Factur-X PDF queued arrives prefilled: its number, supplier, date and totals, and its lines to compare', async () => {
  const payables = await signInAs(file.browser, file.server, 'payables', { at: '/app/pending-invoices' })
  await payables.getByRole('button', { name: 'Queue the file' }).click()
  const queue = payables.getByRole('form', { name: 'Queue the file' })
  await queue.getByLabel('File (PDF, image or e-invoice)').setInputFiles({
    name: 'FA-2026-0815.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await facturXPdf()),
  })
  await payables.getByRole('dialog').getByRole('button', { name: 'Queue the file' }).click()
  const row = payables.getByRole('row').filter({ hasText: 'FA-2026-0815' })
  await row.waitFor()
  expect(await row.textContent()).toContain('E-invoice: Factur-X')
  expect(await row.textContent()).toContain('OfficePro Supplies')
  await row.getByRole('button', { name: 'Capture', exact: true }).click()
  await payables.getByRole('heading', { level: 1, name: 'Invoice from the pending FA-2026-0815' }).waitFor()
  expect(await payables.getByLabel('Invoice number').inputValue()).toBe('FA-2026-0815')
  expect(await dateValue(payables, 'Invoice date')).toBe('2026-11-18')
  expect(await payables.getByLabel('Amount excl. tax').inputValue()).toBe('179.70')
  expect(await payables.getByLabel('Amount incl. tax').inputValue()).toBe('215.64')
  const lines = payables.getByRole('table', { name: 'What the e-invoice (Factur-X) says' })
  await lines.getByRole('cell', { name: 'Toner' }).waitFor()
  // No open order line has these labels here: they arrive as free lines, with their amounts.
  const others = payables.getByRole('group', { name: 'Other lines (freight, fees)' })
  expect(await others.getByLabel('Item').nth(1).inputValue()).toBe('Toner')
  expect(await others.getByLabel('Amount billed excl. tax').nth(1).inputValue()).toBe('129.80')
  await payables.getByRole('button', { name: 'Capture' }).click()
  await payables.getByRole('heading', { level: 1, name: /Draft/ }).waitFor()
  await payables.getByText('FA-2026-0815.pdf').waitFor()
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.screenshot({ path: join(OUTPUT, 'invoice-from-facturx.png'), fullPage: true })
  expect(pageErrors(payables)).toEqual([])
})

test('an e-invoice lands on the order its BT-13 names, bills the line its BT-132 names, and shows its lifecycle', async () => {
  const buyer = await signInAs(file.browser, file.server, 'buyer')
  const form = (await callApi(buyer, '/bwapi/purchase-orders/create')).json as {
    suppliers: { id: number; code: string }[]
    companies: { id: number; code: string }[]
  }
  const created = await callApi(buyer, '/bwapi/purchase-orders', {
    supplier_id: form.suppliers.find((s) => s.code === 'OFFICEPRO')?.id,
    company_id: form.companies.find((c) => c.code === 'ACME')?.id,
    currency_code: 'EUR',
    lines: [{ label: 'Meeting table', quantity: '2', unit_price_exctax: '125', vat_rate: '20' }],
  })
  const order = created.json.data as { id: number; code: string }
  await callApi(buyer, `/bwapi/purchase-orders/${order.id}/submit`, {})
  const validator = await signInAs(file.browser, file.server, 'validator')
  await callApi(validator, `/bwapi/purchase-orders/${order.id}/validate`, {})
  await callApi(buyer, `/bwapi/purchase-orders/${order.id}/consider_sent`, {})
  await callApi(buyer, `/bwapi/purchase-orders/${order.id}/receive-all`, { delivery_date: '2026-11-20' })
  // The seller calls the line its own way, but names the order (BT-13) and its line (BT-132).
  const pdf = await facturXPdf({
    ...SAMPLE,
    number: 'FX-2026-2001',
    references: { order: order.code },
    lines: [
      {
        label: 'Table de réunion',
        quantity: '2',
        price: '125',
        amount: '250.00',
        rate: '20',
        order_line: '1',
      },
    ],
    vat: [{ rate: '20', base: '250.00', tax: '50.00' }],
    totals: { lines: '250.00', exctax: '250.00', tax: '50.00', inctax: '300.00' },
  })
  const payables = await signInAs(file.browser, file.server, 'payables', { at: '/app/pending-invoices' })
  await payables.getByRole('button', { name: 'Queue the file' }).click()
  await payables
    .getByRole('form', { name: 'Queue the file' })
    .getByLabel('File (PDF, image or e-invoice)')
    .setInputFiles({ name: 'FX-2026-2001.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) })
  await payables.getByRole('dialog').getByRole('button', { name: 'Queue the file' }).click()
  const row = payables.getByRole('row').filter({ hasText: 'FX-2026-2001' })
  await row.getByText(`Order ${order.code}, found by its purchase order reference (BT-13)`).waitFor()
  // Put on hold: an e-invoice's hold is a 208 sent to the seller, its reason code among those 208 takes.
  await row.getByRole('button', { name: 'Actions: FX-2026-2001' }).click()
  await payables.getByRole('menuitem', { name: 'Put on hold' }).click()
  const hold = payables.getByRole('dialog', { name: 'Put FX-2026-2001 on hold' })
  const reasons = hold.getByRole('combobox', { name: 'Reason code' })
  expect(
    await reasons.locator('option').evaluateAll((o) => o.map((e) => (e as HTMLOptionElement).value)),
  ).toEqual(['', ...lifecycleReasonsFor('put_on_hold')])
  await reasons.selectOption('JUSTIF_ABS')
  await hold.getByLabel('Why it waits').fill('The delivery note is missing')
  await hold.getByRole('button', { name: 'Put on hold' }).click()
  await payables.getByText('FX-2026-2001 put on hold.').waitFor()
  await row.getByRole('button', { name: 'Release' }).click()
  await payables.getByText('FX-2026-2001 back in the queue.').waitFor()
  await row.getByRole('button', { name: 'Capture', exact: true }).click()
  await payables.getByRole('heading', { level: 1, name: 'Invoice from the pending FX-2026-2001' }).waitFor()
  expect(await payables.getByLabel('Quantity billed — Meeting table').inputValue()).toBe('2')
  await payables.getByRole('button', { name: 'Capture' }).click()
  await payables.getByRole('heading', { level: 1, name: /Draft/ }).waitFor()
  await payables.getByRole('tab', { name: 'Lifecycle' }).click()
  await payables.getByRole('cell', { name: '204 — Taken over' }).waitFor()
  // What it went through in the queue came with it.
  const suspended = payables.getByRole('row').filter({ hasText: '208 — Suspended' })
  expect(await suspended.textContent()).toContain('JUSTIF_ABS')
  expect(await suspended.textContent()).toContain('The delivery note is missing')
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.screenshot({ path: join(OUTPUT, 'e-invoice-lifecycle.png'), fullPage: true })
  expect(pageErrors(payables)).toEqual([])
})

test('an e-invoice rejected from the queue tells its seller why: a reason code of those a refusal takes', async () => {
  const payables = await signInAs(file.browser, file.server, 'payables', { at: '/app/pending-invoices' })
  await payables.getByRole('button', { name: 'Queue the file' }).click()
  await payables
    .getByRole('form', { name: 'Queue the file' })
    .getByLabel('File (PDF, image or e-invoice)')
    .setInputFiles({
      name: 'FA-2026-0900.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(ublXml({ ...SAMPLE, number: 'FA-2026-0900' })),
    })
  await payables.getByRole('dialog').getByRole('button', { name: 'Queue the file' }).click()
  const row = payables.getByRole('row').filter({ hasText: 'FA-2026-0900' })
  await row.getByRole('button', { name: 'Actions: FA-2026-0900' }).click()
  await payables.getByRole('menuitem', { name: 'Reject' }).click()
  const dialog = payables.getByRole('dialog', { name: 'Reject FA-2026-0900' })
  const reasons = dialog.getByRole('combobox', { name: 'Reason code' })
  expect(
    await reasons.locator('option').evaluateAll((o) => o.map((e) => (e as HTMLOptionElement).value)),
  ).toEqual(['', ...lifecycleReasonsFor('refused')])
  // Without a reason code the seller could not be told: refused, said at the field.
  await dialog.getByRole('button', { name: 'Reject' }).click()
  await dialog.getByText('This field is required').waitFor()
  await reasons.selectOption('DOUBLON')
  await dialog.getByLabel('Why, in words (sent to the seller)').fill('Already received as FA-2026-0815')
  expect(await accessibilityViolations(payables)).toEqual([])
  await dialog.getByRole('button', { name: 'Reject' }).click()
  await payables.getByText('FA-2026-0900 taken out of the queue.').waitFor()
  expect(pageErrors(payables).filter((e) => !e.includes('422'))).toEqual([])
})

cspTest(file)
