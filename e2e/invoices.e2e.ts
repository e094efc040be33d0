import { join } from 'node:path'
import { expect, test } from 'vitest'
import {
  accessibilityViolations,
  browserFile,
  callApi,
  cspTest,
  OUTPUT,
  pageErrors,
  pickFromSearch,
  signInAs,
} from './browser'

const file = browserFile()

test('an invoice is captured from a pending invoice, matched to the received order, validated; the order shows billed', async () => {
  const buyer = await signInAs(file.browser, file.server, 'buyer')
  // A sent order of 4 chairs at 125.00, all received (set up through the API).
  const form = (await callApi(buyer, '/bwapi/purchase-orders/create')).json as {
    suppliers: { id: number; code: string }[]
    companies: { id: number; code: string }[]
  }
  const supplier = form.suppliers.find((s) => s.code === 'OFFICEPRO')?.id
  const created = await callApi(buyer, '/bwapi/purchase-orders', {
    supplier_id: supplier,
    company_id: form.companies.find((c) => c.code === 'ACME')?.id,
    currency_code: 'EUR',
    lines: [{ label: 'Office chair', quantity: '4', unit_price_exctax: '125', vat_rate: '20' }],
  })
  const orderId = (created.json.data as { id: number }).id
  await callApi(buyer, `/bwapi/purchase-orders/${orderId}/submit`, {})
  const validator = await signInAs(file.browser, file.server, 'validator')
  await callApi(validator, `/bwapi/purchase-orders/${orderId}/validate`, {})
  await callApi(buyer, `/bwapi/purchase-orders/${orderId}/consider_sent`, {})
  expect(
    (await callApi(buyer, `/bwapi/purchase-orders/${orderId}/receive-all`, { delivery_date: '2026-11-20' }))
      .status,
  ).toBe(201)

  // The supplier's PDF arrives at accounts payable (not the buyer who ordered): it is queued with what it says.
  const payables = await signInAs(file.browser, file.server, 'payables')
  await payables
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Supplier invoices' })
    .click()
  await payables.getByRole('heading', { level: 1, name: 'Supplier invoices' }).waitFor()
  await payables.getByRole('link', { name: 'Pending invoices' }).click()
  await payables.getByRole('button', { name: 'Queue the file' }).click()
  const queue = payables.getByRole('form', { name: 'Queue the file' })
  // The supplier is found by typing, among all of them.
  await pickFromSearch(queue, 'Supplier', 'officepro', 'OfficePro Supplies (OFFICEPRO)')
  await queue.getByLabel('Invoice number').fill('OP-2026-118')
  await queue.getByLabel('Amount excl. tax').fill('500.00')
  await queue.getByLabel('Amount incl. tax').fill('600.00')
  // The file is dropped on the zone, as from a file manager.
  const dropped = await payables.evaluateHandle(() => {
    const transfer = new DataTransfer()
    transfer.items.add(
      new File(['%PDF-1.4\n% OfficePro invoice OP-2026-118\n'], 'OP-2026-118.pdf', {
        type: 'application/pdf',
      }),
    )
    return transfer
  })
  await queue
    .getByText('Drop the file here, or click to choose it')
    .dispatchEvent('drop', { dataTransfer: dropped })
  await queue.getByText('OP-2026-118.pdf').waitFor()
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.getByRole('dialog').getByRole('button', { name: 'Queue the file' }).click()
  const row = payables.getByRole('row').filter({ hasText: 'OP-2026-118' })
  await row.waitFor()
  expect(await row.textContent()).toContain('OfficePro Supplies')
  expect(await accessibilityViolations(payables)).toEqual([])
  // Put on hold with its reason: it stays in the queue, saying why, and cannot be made until released.
  await row.getByRole('button', { name: 'Actions: OP-2026-118' }).click()
  await payables.getByRole('menuitem', { name: 'Put on hold' }).click()
  const hold = payables.getByRole('dialog', { name: 'Put OP-2026-118 on hold' })
  await hold.getByRole('button', { name: 'Put on hold' }).click()
  await hold.getByText('At least 3 characters.').waitFor()
  await hold.getByLabel('Why it waits').fill('Waiting for the credit of a damaged chair')
  expect(await accessibilityViolations(payables)).toEqual([])
  await hold.getByRole('button', { name: 'Put on hold' }).click()
  await payables.getByText('OP-2026-118 put on hold.').waitFor()
  await row.getByText('On hold: Waiting for the credit of a damaged chair').waitFor()
  expect(await row.getByRole('button', { name: 'Capture', exact: true }).count()).toBe(0)
  await row.getByRole('button', { name: 'Release' }).click()
  await payables.getByText('OP-2026-118 back in the queue.').waitFor()
  await row.getByRole('button', { name: 'Capture', exact: true }).click()

  // The form arrives prefilled from the pending invoice: the order line, what is left to bill.
  await payables.getByRole('heading', { level: 1, name: 'Invoice from the pending OP-2026-118' }).waitFor()
  expect(await payables.getByLabel('Quantity billed — Office chair').inputValue()).toBe('4')
  await payables.getByRole('button', { name: 'Check the match' }).click()
  await payables.getByText('Matched').waitFor()
  expect(await accessibilityViolations(payables)).toEqual([])
  await payables.screenshot({ path: join(OUTPUT, 'invoice-form.png'), fullPage: true })
  await payables.getByRole('button', { name: 'Capture' }).click()
  await payables.getByRole('heading', { level: 1, name: /Draft/ }).waitFor()
  // The draft reopens with what it bills, and saves again unchanged.
  await payables.getByRole('link', { name: 'Edit' }).click()
  await payables.getByRole('heading', { level: 1, name: /^Edit / }).waitFor()
  expect(await payables.getByLabel('Quantity billed — Office chair').inputValue()).toBe('4')
  expect(await payables.getByLabel('Invoice number').inputValue()).toBe('OP-2026-118')
  await payables.getByRole('button', { name: 'Capture' }).click()
  await payables.getByRole('heading', { level: 1, name: /Draft/ }).waitFor()
  await payables.getByRole('button', { name: 'Submit for validation' }).click()
  await payables.getByRole('heading', { level: 1, name: /Awaiting validation/ }).waitFor()
  const invoiceUrl = payables.url()

  // The validator works in French; the invoice waits in their actions to do.
  await validator.goto(invoiceUrl)
  await validator.getByRole('button', { name: 'À faire 1' }).click()
  await validator.getByRole('link', { name: 'Factures à valider' }).waitFor()
  await validator.getByRole('button', { name: 'Valider' }).click()
  await validator.getByRole('heading', { level: 1, name: /Validée/ }).waitFor()
  expect(await accessibilityViolations(validator)).toEqual([])
  await validator.screenshot({ path: join(OUTPUT, 'invoice-validated.png'), fullPage: true })

  await buyer.goto(`${file.server.url}/app/purchase-orders/${orderId}`)
  await buyer.getByText('Billing: Billed').waitFor()
  expect(pageErrors(buyer)).toEqual([])
  expect(pageErrors(payables)).toEqual([])
  expect(pageErrors(validator)).toEqual([])
})

cspTest(file)
