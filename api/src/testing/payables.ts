import { expect } from 'vitest'
import { type Agent, signIn } from './agent'
import type { TestApp } from './test-app'

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json
const idOf = async (t: TestApp, sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)

/**
 * A validated invoice for tests of paying: an order of 10 units at 50.00 (20 % VAT) to OFFICEPRO
 * for ACME, validated, sent and received in full by the buyer, invoiced in full (600.00 to pay) by
 * accounts payable and validated: who orders is not who handles the invoice.
 */
export const validatedInvoice = async (
  t: TestApp,
  buyer: Agent,
  label = 'INV 1',
  /** Another currency than the default one needs the multi-currency module on. */
  { currency = 'EUR', invoiceDate = '2026-11-21' } = {},
) => {
  const payables = await signIn(t.app, 'payables')
  const supplier = await idOf(t, "SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  const company = await idOf(t, "SELECT id FROM companies WHERE code = 'ACME'")
  const order = (
    (
      await json(
        await buyer.post('/bwapi/purchase-orders', {
          supplier_id: supplier,
          company_id: company,
          currency_code: currency,
          lines: [{ label: 'Paper', quantity: '10', unit_price_exctax: '50', vat_rate: '20' }],
        }),
      )
    ).data as { id: number }
  ).id
  const validator = await signIn(t.app, 'validator')
  await buyer.post(`/bwapi/purchase-orders/${order}/submit`)
  await validator.post(`/bwapi/purchase-orders/${order}/validate`)
  await buyer.post(`/bwapi/purchase-orders/${order}/consider_sent`)
  await buyer.post(`/bwapi/purchase-orders/${order}/receive-all`, { delivery_date: '2026-11-20' })
  const line = (
    (await json(await buyer.get(`/bwapi/purchase-orders/${order}`))).data as { lines: { id: number }[] }
  ).lines[0]
  const invoice = (
    (
      await json(
        await payables.post('/bwapi/supplier-invoices', {
          label,
          supplier_id: supplier,
          company_id: company,
          currency_code: currency,
          invoice_date: invoiceDate,
          amount_exctax: '500.00',
          amount_inctax: '600.00',
          lines: [{ purchase_order_line_id: line?.id, quantity: '10', vat_rate: '20' }],
        }),
      )
    ).data as { id: number }
  ).id
  await payables.post(`/bwapi/supplier-invoices/${invoice}/submit`)
  expect((await validator.post(`/bwapi/supplier-invoices/${invoice}/validate`)).status).toBe(200)
  return { invoice, order, supplier, company }
}

/**
 * Bank details for paying: ACME's account (administrators), OFFICEPRO's IBAN entered by the buyer
 * and validated by the administrator (the second person). Returns the supplier account's id.
 */
export const bankDetails = async (
  t: TestApp,
  buyer: Agent,
  admin: Agent,
  holder = 'OfficePro Supplies',
): Promise<number> => {
  const supplier = await idOf(t, "SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  const company = await idOf(t, "SELECT id FROM companies WHERE code = 'ACME'")
  const own = await admin.post(`/bwapi/companies/${company}/bank-accounts`, {
    account_number: 'FR76 3000 6000 0112 3456 7890 189',
    bic: 'AGRIFRPP',
    holder_name: 'Acmé Industries',
    holder_country_code: 'FR',
    main: true,
  })
  expect(own.status).toBe(201)
  const added = await buyer.post(`/bwapi/suppliers/${supplier}/bank-accounts`, {
    account_number: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
    holder_name: holder,
    holder_country_code: 'DE',
    main: true,
  })
  const { id } = (await json(added)).data as { id: number }
  expect((await admin.post(`/bwapi/suppliers/${supplier}/bank-accounts/${id}/validate`, {})).status).toBe(200)
  return id
}
