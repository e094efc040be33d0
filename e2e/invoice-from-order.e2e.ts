import { expect, test } from 'vitest'
import { accessibilityViolations, browserFile, callApi, cspTest, pageErrors, signInAs } from './browser'

const file = browserFile()

test('accounts payable records the supplier’s invoice from the order’s page: its lines only, filled with what is left', async () => {
  const buyer = await signInAs(file.browser, file.server, 'buyer')
  const form = (await callApi(buyer, '/bwapi/purchase-orders/create')).json as {
    suppliers: { id: number; code: string }[]
    companies: { id: number; code: string }[]
  }
  const created = await callApi(buyer, '/bwapi/purchase-orders', {
    supplier_id: form.suppliers.find((s) => s.code === 'OFFICEPRO')?.id,
    company_id: form.companies.find((c) => c.code === 'ACME')?.id,
    currency_code: 'EUR',
    lines: [{ label: 'Filing cabinet', quantity: '3', unit_price_exctax: '210', vat_rate: '20' }],
  })
  const orderId = (created.json.data as { id: number }).id
  await callApi(buyer, `/bwapi/purchase-orders/${orderId}/submit`, {})
  await callApi(
    await signInAs(file.browser, file.server, 'validator'),
    `/bwapi/purchase-orders/${orderId}/validate`,
    {},
  )
  await callApi(buyer, `/bwapi/purchase-orders/${orderId}/consider_sent`, {})
  await callApi(buyer, `/bwapi/purchase-orders/${orderId}/receive-all`, { delivery_date: '2026-11-20' })
  const code = ((await callApi(buyer, `/bwapi/purchase-orders/${orderId}`)).json.data as { code: string })
    .code

  const payables = await signInAs(file.browser, file.server, 'payables', {
    at: `/app/purchase-orders/${orderId}`,
  })
  await payables.getByRole('link', { name: 'Record the supplier’s invoice' }).click()
  await payables.getByText(`The lines of order ${code} only.`).waitFor()
  expect(await payables.getByLabel('Quantity billed — Filing cabinet').inputValue()).toBe('3')
  expect(await payables.getByRole('combobox', { name: 'Supplier', exact: true }).inputValue()).toContain(
    'OfficePro Supplies',
  )
  expect(await accessibilityViolations(payables)).toEqual([])
  expect(pageErrors(payables)).toEqual([])
})

cspTest(file)
