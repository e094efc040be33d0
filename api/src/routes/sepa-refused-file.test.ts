import { afterEach, beforeEach, expect, test } from 'vitest'
import { signIn } from '../testing/agent'
import { bankDetails, validatedInvoice } from '../testing/payables'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

// The builder writes what the database holds; the screens and imports check a BIC, so a file the
// schema refuses comes only from a row written around them (an old import, a hand-made fix): this
// is how the rule that such a file is never kept is proved, by the real validation worker.
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
  const account = await bankDetails(t, payables, await signIn(t.app, 'admin'), 'Papeterie')
  await t.client.execute({ sql: "UPDATE bank_accounts SET bic = 'cobadeff?' WHERE id = ?", args: [account] })
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
