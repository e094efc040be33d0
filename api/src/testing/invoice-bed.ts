import { expect } from 'vitest'
import { type Agent, signIn } from './agent'
import { createTestApp, type TestApp } from './test-app'
import { tableCounts } from './test-database'

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json

/**
 * What the supplier invoices' API tests share (invoices.test.ts, pending-invoices.test.ts): a
 * database of the test's own with the buyer and accounts payable signed in, and OFFICEPRO and
 * ACME, the supplier and the company their invoices are between.
 */
export type InvoiceBed = { t: TestApp; buyer: Agent; payables: Agent; supplier: number; company: number }

export const openInvoiceBed = async (): Promise<InvoiceBed> => {
  const t = await createTestApp()
  const idOf = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
  return {
    t,
    buyer: await signIn(t.app, 'buyer'),
    payables: await signIn(t.app, 'payables'),
    supplier: await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
  }
}

/** Everything an invoice may touch: counts, invoices, what the orders billed, pending invoices. */
export const invoiceSnapshot = async ({ t }: InvoiceBed) =>
  JSON.stringify([
    await tableCounts(t.client),
    (
      await t.client.execute(
        'SELECT id, status, payment_status, dispute_status, amount_exctax FROM supplier_invoices ORDER BY id',
      )
    ).rows,
    (
      await t.client.execute(
        'SELECT id, billed_quantity, billed_amount_exctax, billing_status FROM purchase_order_lines ORDER BY id',
      )
    ).rows,
    (
      await t.client.execute(
        'SELECT id, billed_amount_exctax, billing_status, lock_version FROM purchase_orders ORDER BY id',
      )
    ).rows,
    (await t.client.execute('SELECT id, status, hold_reason FROM pending_invoices ORDER BY id')).rows,
  ])

/** A sent order of 10 units at 50.00 and a service of 300.00 (by amount); 6 units received. */
export const receivedOrder = async ({ t, buyer, supplier, company }: InvoiceBed) => {
  const created = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: supplier,
    company_id: company,
    currency_code: 'EUR',
    lines: [
      { label: 'Paper', quantity: '10', unit_price_exctax: '50', vat_rate: '20' },
      {
        label: 'Installation',
        quantity: '1',
        unit_price_exctax: '300',
        vat_rate: '20',
        receipt_mode: 'amount',
      },
    ],
  })
  const id = ((await json(created)).data as { id: number }).id
  await buyer.post(`/bwapi/purchase-orders/${id}/submit`)
  await (await signIn(t.app, 'validator')).post(`/bwapi/purchase-orders/${id}/validate`)
  await buyer.post(`/bwapi/purchase-orders/${id}/consider_sent`)
  const lines = (
    (await json(await buyer.get(`/bwapi/purchase-orders/${id}`))).data as { lines: { id: number }[] }
  ).lines
  const [goods, service] = lines.map((l) => l.id) as [number, number]
  expect(
    (
      await buyer.post('/bwapi/deliveries', {
        purchase_order_id: id,
        delivery_date: '2026-11-20',
        lines: [{ purchase_order_line_id: goods, quantity: '6' }],
      })
    ).status,
  ).toBe(201)
  return { id, goods, service }
}

/** An invoice's input from OFFICEPRO to ACME: INV 2026-0042, 315.00 before VAT. */
export const invoiceInput = ({ supplier, company }: InvoiceBed, lines: Json[], extra: Json = {}) => ({
  label: 'INV 2026-0042',
  supplier_id: supplier,
  company_id: company,
  currency_code: 'EUR',
  invoice_date: '2026-11-21',
  amount_exctax: '315.00',
  amount_inctax: '378.00',
  lines,
  ...extra,
})

/** An order as the buyer reads it. */
export const orderOf = async ({ buyer }: InvoiceBed, id: number) =>
  (await json(await buyer.get(`/bwapi/purchase-orders/${id}`))).data as Json & {
    lines: { billed_amount_exctax: string; billing_status: string }[]
  }
