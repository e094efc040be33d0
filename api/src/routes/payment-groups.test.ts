import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { validatedInvoice as validInvoice } from '../testing/payables'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
let t: TestApp
let buyer: Agent
let payables: Agent
const json = async (response: Response) => (await response.json()) as Json
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT id, amount_inctax, status FROM payment_lines ORDER BY id')).rows,
    (await t.client.execute('SELECT id, lock_version FROM supplier_invoices ORDER BY id')).rows,
  ])

beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  payables = await signIn(t.app, 'payables')
})
afterEach(() => t.close())

const validatedInvoice = async (label = 'INV 1') => (await validInvoice(t, buyer, label)).invoice

test('a validated invoice is proposed when due, paid in part, then what remains; never more', async () => {
  const invoice = await validatedInvoice()
  const proposal = await json(await payables.get('/bwapi/payment-groups/proposal?due_by=2027-12-31'))
  expect(proposal.data).toMatchObject([{ currency_code: 'EUR', invoice_ids: [invoice] }])
  expect((await json(await payables.get('/bwapi/payment-groups/proposal?due_by=2026-11-22'))).data).toEqual(
    [],
  )
  const part = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-12-01',
    lines: [{ supplier_invoice_id: invoice, amount_inctax: '200' }],
  })
  expect(part.status).toBe(201)
  const made = (await json(part)).data as { id: number }
  expect(made).toMatchObject({
    code: expect.stringMatching(/^PAY-2026-\d{5}$/),
    amount_inctax: '200.00',
  })
  const before = await snapshot()
  const tooMuch = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-12-01',
    lines: [{ supplier_invoice_id: invoice, amount_inctax: '400.01' }],
  })
  expect(await json(tooMuch)).toEqual({
    code: 'PAYMENT_EXCEEDS_REMAINING',
    message: 'The amount including tax exceeds the remaining amount to pay (400.00).',
  })
  expect(await snapshot()).toBe(before)
  const rest = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-12-02',
    lines: [{ supplier_invoice_id: invoice }],
  })
  expect(((await json(rest)).data as Json).amount_inctax).toBe('400.00')
  const group = (await json(await payables.get(`/bwapi/payment-groups/${made.id}`))).data as {
    lines: Json[]
  }
  expect(group.lines).toMatchObject([
    { supplier_invoice_id: invoice, amount_inctax: '200.00', status: 'draft' },
  ])
})

test('a disputed invoice is not payable, and nothing is written', async () => {
  const invoice = await validatedInvoice()
  await payables.post(`/bwapi/supplier-invoices/${invoice}/dispute`, {
    action: 'open',
    body: 'Wrong quantity billed',
  })
  const before = await snapshot()
  const refused = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-12-01',
    lines: [{ supplier_invoice_id: invoice }],
  })
  expect(refused.status).toBe(422)
  expect((await json(refused)).code).toBe('INVOICE_DISPUTED')
  expect(await snapshot()).toBe(before)
})

test('two groups paying the same invoice at once cannot pay more than it owes', async () => {
  const invoice = await validatedInvoice()
  const other = await signIn(t.app, 'payables')
  const body = { payment_date: '2026-12-01', lines: [{ supplier_invoice_id: invoice }] }
  const answers = await Promise.all([
    payables.post('/bwapi/payment-groups', body),
    other.post('/bwapi/payment-groups', body),
  ])
  expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
  expect([409, 422]).toContain(answers.find((a) => a.status !== 201)?.status)
  const paid = (await t.client.execute('SELECT amount_inctax FROM payment_lines')).rows.map(
    (r) => r.amount_inctax,
  )
  expect(paid).toEqual(['600.00'])
})

test('paying is the accounts-payable team’s', async () => {
  const invoice = await validatedInvoice()
  const requester = await signIn(t.app, 'requester')
  const before = await snapshot()
  expect(
    (
      await requester.post('/bwapi/payment-groups', {
        payment_date: '2026-12-01',
        lines: [{ supplier_invoice_id: invoice }],
      })
    ).status,
  ).toBe(403)
  expect(await snapshot()).toBe(before)
})
