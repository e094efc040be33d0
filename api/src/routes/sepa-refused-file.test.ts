import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { signIn } from '../testing/agent'
import { bankDetails, validatedInvoice } from '../testing/payables'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

// The schema's refusal, as the validation worker would answer a file the bank would refuse (the
// builder makes none such: this is how the rule that such a file is never kept is proved).
vi.mock('../services/payments/sepa-validate', async (original) => ({
  ...(await original<typeof import('../services/payments/sepa-validate')>()),
  sepaSchemaErrors: async () => ["Element 'IBAN': [facet 'pattern'] The value is not accepted."],
}))

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

test('a file the schema refuses is neither kept nor served, and its lines stay validated', async () => {
  const buyer = await signIn(t.app, 'buyer')
  const payables = await signIn(t.app, 'payables')
  const finance = await signIn(t.app, 'finance')
  const { invoice } = await validatedInvoice(t, buyer, 'F 2026-200')
  await bankDetails(t, payables, await signIn(t.app, 'admin'), 'Papeterie')
  const made = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-12-01',
    lines: [{ supplier_invoice_id: invoice }],
  })
  const id = ((await made.json()) as { data: { id: number } }).data.id
  expect((await payables.post(`/bwapi/payment-groups/${id}/submit`)).status).toBe(200)
  const snapshot = async () =>
    JSON.stringify([
      await tableCounts(t.client),
      (await t.client.execute('SELECT id, status, payment_export_id FROM payment_lines ORDER BY id')).rows,
    ])
  const before = await snapshot()
  const refused = await finance.post(`/bwapi/payment-groups/${id}/sepa`, {})
  expect(refused.status).toBe(500)
  expect(await snapshot()).toBe(before)
  expect(t.logger.lines.some((l) => l.includes('SEPA file invalid against pain.001.001.09'))).toBe(true)
})
