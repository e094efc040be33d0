import { afterEach, beforeEach, expect, test } from 'vitest'
import { readSetting, writeSetting } from '../services/settings'
import { type Agent, signIn } from '../testing/agent'
import { bankDetails, validatedInvoice } from '../testing/payables'
import {
  bankAnswer,
  bankReport,
  groupDetail,
  openPaymentBed,
  type PaymentBed,
  paymentGroup,
  paymentSnapshot,
  sepaExport,
} from '../testing/payment-bed'
import type { TestApp } from '../testing/test-app'
import { SEPA_SCHEMA, xmllint } from '../testing/xmllint'

type Json = Record<string, unknown>
let bed: PaymentBed
let t: TestApp
let buyer: Agent
let payables: Agent
let finance: Agent
let admin: Agent
const json = async (response: Response) => (await response.json()) as Json
const rows = async (sql: string) => (await t.client.execute(sql)).rows

beforeEach(async () => {
  bed = await openPaymentBed()
  ;({ t, buyer, payables, finance, admin } = bed)
})
afterEach(() => t.close())

const snapshot = () => paymentSnapshot(bed)
const group = (invoice: number, amount?: string, paymentDate?: string) =>
  paymentGroup(bed, invoice, amount, paymentDate)
const detail = (id: number, who = payables) => groupDetail(who, id)
const exportFile = (id: number, format?: '09' | '03') => sepaExport(bed, id, format)
const report = bankReport
const answer = (xml: string) => bankAnswer(bed, xml)

test('a validated invoice paid: submitted, exported to a valid SEPA file, settled by the bank; statuses follow', async () => {
  const { invoice, order } = await validatedInvoice(t, buyer, 'F 2026-118')
  await bankDetails(t, payables, admin, 'Papeterie Ærø & Fils — 東京')
  const id = await group(invoice)
  expect((await detail(id)).actions).toEqual(['submit', 'cancel'])
  // No payments chart: the organisation validates payments at once.
  expect(await json(await payables.post(`/bwapi/payment-groups/${id}/submit`))).toEqual({
    data: { id, moved: 1 },
  })
  expect((await detail(id)).status).toBe('validated')
  const file = await exportFile(id)
  expect(xmllint(file.xml, SEPA_SCHEMA('09'))).toBe('')
  expect(file.xml).toContain('<InstdAmt Ccy="EUR">600.00</InstdAmt>')
  expect(file.xml).toContain('<CtrlSum>600.00</CtrlSum>')
  expect(file.xml).toContain('<Nm>Papeterie AEro + Fils -</Nm>')
  expect(file.xml).toMatch(/<Ustrd>F 2026-118 \S+<\/Ustrd>/)
  expect(file.xml).toContain('<IBAN>FR7630006000011234567890189</IBAN>')
  const exported = await detail(id)
  expect(exported.status).toBe('planified')
  // The same lines cannot go out twice.
  const before = await snapshot()
  const again = await finance.post(`/bwapi/payment-groups/${id}/sepa`, {})
  expect(await json(again)).toEqual({
    code: 'EXPORT_IN_PROGRESS',
    message: 'An export is already in progress.',
  })
  expect(await snapshot()).toBe(before)
  // The bank settles it.
  const ref = `${exported.code}-${exported.lines[0]?.id}`
  const settled = await answer(report(file.message_id, [{ ref, status: 'ACSC' }]))
  expect(await json(settled)).toEqual({
    data: { payment_group_id: id, paid: 1, rejected: 0, blocked: 0, failed: 0, unchanged: 0, unknown: [] },
  })
  expect((await detail(id)).status).toBe('paid')
  expect(await rows(`SELECT payment_status FROM supplier_invoices WHERE id = ${invoice}`)).toEqual([
    expect.objectContaining({ payment_status: 'complete' }),
  ])
  expect(await rows(`SELECT payment_status FROM purchase_orders WHERE id = ${order}`)).toEqual([
    expect.objectContaining({ payment_status: 'complete' }),
  ])
  // The same report again changes nothing.
  const twice = await snapshot()
  expect(
    ((await json(await answer(report(file.message_id, [{ ref, status: 'ACSC' }])))).data as Json).unchanged,
  ).toBe(1)
  expect(await snapshot()).toBe(twice)
})

test('a group dated in the past exports a valid file asking for the next business day, and says so', async () => {
  const { invoice } = await validatedInvoice(t, buyer)
  await bankDetails(t, payables, admin)
  // The test's clock is Saturday 21 November 2026: the next business day is Monday the 23rd.
  const id = await group(invoice, undefined, '2026-07-23')
  await payables.post(`/bwapi/payment-groups/${id}/submit`)
  const file = await exportFile(id)
  expect(file).toMatchObject({ execution_date: '2026-11-23', requested_date: '2026-07-23', date_moved: true })
  expect(xmllint(file.xml, SEPA_SCHEMA('09'))).toBe('')
  expect(file.xml).toContain('<ReqdExctnDt><Dt>2026-11-23</Dt></ReqdExctnDt>')
  expect(file.xml).not.toContain('2026-07-23')
  const exports = (await json(await finance.get(`/bwapi/payment-groups/${id}/exports`))).data as Json[]
  expect(exports[0]).toMatchObject({ execution_date: '2026-11-23' })
})

test('version 03 on request; paid in part, the invoice and order are partly paid', async () => {
  const { invoice, order } = await validatedInvoice(t, buyer)
  await bankDetails(t, payables, admin)
  const id = await group(invoice, '250.55')
  await payables.post(`/bwapi/payment-groups/${id}/submit`)
  const file = await exportFile(id, '03')
  expect(xmllint(file.xml, SEPA_SCHEMA('03'))).toBe('')
  expect(file.xml).toContain('pain.001.001.03')
  expect(file.control_sum).toBe('250.55')
  // Marked paid by hand, without a bank report.
  expect((await json(await finance.post(`/bwapi/payment-groups/${id}/pay`, {}))).data).toEqual({
    id,
    moved: 1,
  })
  expect(await rows(`SELECT payment_status FROM supplier_invoices WHERE id = ${invoice}`)).toEqual([
    expect.objectContaining({ payment_status: 'partial' }),
  ])
  expect(await rows(`SELECT payment_status FROM purchase_orders WHERE id = ${order}`)).toEqual([
    expect.objectContaining({ payment_status: 'partial' }),
  ])
})

test('with a payments chart the validator decides; a refused payment is final and a new one is made', async () => {
  const { invoice } = await validatedInvoice(t, buyer)
  await bankDetails(t, payables, admin)
  const chart = await admin.request('/bwapi/circuits/payment', {
    method: 'PUT',
    body: { rows: [{ weight: 1, criteria: { company: 'ACME' }, validator_login: 'finance' }] },
  })
  expect(chart.status).toBe(200)
  const id = await group(invoice)
  await payables.post(`/bwapi/payment-groups/${id}/submit`)
  expect((await detail(id)).status).toBe('awaiting')
  // Nobody else validates, and exporting waits for the validation.
  let before = await snapshot()
  expect((await json(await payables.post(`/bwapi/payment-groups/${id}/validate`))).code).toBe(
    'NOT_CURRENT_VALIDATOR',
  )
  expect((await json(await finance.post(`/bwapi/payment-groups/${id}/sepa`, {}))).code).toBe(
    'PAYMENT_NOTHING_TO_EXPORT',
  )
  expect(await snapshot()).toBe(before)
  // Finance validates payments (it neither ordered nor validated the order).
  const validator = finance
  expect((await detail(id, validator)).actions).toEqual(['validate', 'refuse'])
  await validator.post(`/bwapi/payment-groups/${id}/refuse`, { reason: 'Wrong account' })
  expect((await detail(id)).status).toBe('refused')
  before = await snapshot()
  expect(await json(await finance.post(`/bwapi/payment-groups/${id}/pay`, {}))).toMatchObject({
    code: 'PAYMENT_REFUSED_NEW_REQUIRED',
  })
  expect(await snapshot()).toBe(before)
  // A new payment: the refused one gave its amount back.
  const next = await group(invoice)
  await payables.post(`/bwapi/payment-groups/${next}/submit`)
  await validator.post(`/bwapi/payment-groups/${next}/validate`)
  expect((await detail(next)).status).toBe('validated')
})

test('separation of duties: who validated the order cannot validate its payment; the buyer cannot pay at all', async () => {
  const { invoice } = await validatedInvoice(t, buyer)
  await bankDetails(t, payables, admin)
  // The payments chart names the validator who also validated the order.
  await admin.request('/bwapi/circuits/payment', {
    method: 'PUT',
    body: { rows: [{ weight: 1, criteria: { company: 'ACME' }, validator_login: 'validator' }] },
  })
  const id = await group(invoice)
  // A buyer neither builds nor submits payments.
  expect(
    (
      await buyer.post('/bwapi/payment-groups', {
        payment_date: '2026-12-01',
        lines: [{ supplier_invoice_id: invoice }],
      })
    ).status,
  ).toBe(403)
  expect((await buyer.post(`/bwapi/payment-groups/${id}/submit`)).status).toBe(403)
  await payables.post(`/bwapi/payment-groups/${id}/submit`)
  const validator = await signIn(t.app, 'validator')
  const before = await snapshot()
  expect(await json(await validator.post(`/bwapi/payment-groups/${id}/validate`))).toEqual({
    code: 'PAYMENT_SAME_PERSON',
    message:
      'Vous avez créé ou validé une commande que ce paiement règle : une autre personne valide son paiement.',
  })
  expect(await snapshot()).toBe(before)
  // An administrator may loosen the control; then the same person validates.
  const stored = (await readSetting(t.db, 'settings')) as Record<string, unknown>
  await writeSetting(t.db, t.clock, 'settings', { ...stored, misc: { payment_separation_of_duties: false } })
  expect((await validator.post(`/bwapi/payment-groups/${id}/validate`)).status).toBe(200)
  expect((await detail(id)).status).toBe('validated')
})

test('SEPA needs the payer’s and the supplier’s bank details, and a supplier’s changed IBAN is not paid until validated', async () => {
  const { invoice, supplier } = await validatedInvoice(t, buyer)
  const id = await group(invoice)
  await payables.post(`/bwapi/payment-groups/${id}/submit`)
  let before = await snapshot()
  expect(await json(await finance.post(`/bwapi/payment-groups/${id}/sepa`, {}))).toEqual({
    code: 'SEPA_MISSING_PAYER_BANK_DETAILS',
    message: expect.any(String),
  })
  expect(await snapshot()).toBe(before)
  const account = await bankDetails(t, payables, admin)
  // The supplier's IBAN changes: it waits for a second person, and the file cannot be made meanwhile.
  await payables.request(`/bwapi/suppliers/${supplier}/bank-accounts/${account}`, {
    method: 'PUT',
    body: {
      account_number: 'NL91 ABNA 0417 1643 00',
      holder_name: 'OfficePro Supplies',
      holder_country_code: 'FR',
      main: true,
    },
  })
  before = await snapshot()
  const missing = await json(await finance.post(`/bwapi/payment-groups/${id}/sepa`, {}))
  expect(missing.code).toBe('SEPA_MISSING_SUPPLIER_BANK_DETAILS')
  expect(missing.message).toContain('OfficePro')
  expect(await snapshot()).toBe(before)
  await admin.post(`/bwapi/suppliers/${supplier}/bank-accounts/${account}/validate`, {})
  const file = await exportFile(id)
  expect(file.xml).toContain('<IBAN>NL91ABNA0417164300</IBAN>')
})

test('an order’s deposit is paid the same way and sets deposit_paid_at; never twice', async () => {
  await bankDetails(t, payables, admin)
  const supplier = Number((await rows("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"))[0]?.id)
  const company = Number((await rows("SELECT id FROM companies WHERE code = 'ACME'"))[0]?.id)
  const order = (
    (
      await json(
        await buyer.post('/bwapi/purchase-orders', {
          supplier_id: supplier,
          company_id: company,
          currency_code: 'EUR',
          deposit: '150.25',
          lines: [{ label: 'Desk', quantity: '1', unit_price_exctax: '900', vat_rate: '20' }],
        }),
      )
    ).data as { id: number }
  ).id
  const body = { payment_date: '2026-12-01', deposits: [{ purchase_order_id: order }] }
  // Not validated yet: not payable.
  let before = await snapshot()
  expect((await json(await payables.post('/bwapi/payment-groups', body))).code).toBe(
    'ITEMS_ALREADY_PAID_OR_PENDING',
  )
  expect(await snapshot()).toBe(before)
  const validator = await signIn(t.app, 'validator')
  await buyer.post(`/bwapi/purchase-orders/${order}/submit`)
  await validator.post(`/bwapi/purchase-orders/${order}/validate`)
  const made = await payables.post('/bwapi/payment-groups', body)
  expect(made.status).toBe(201)
  const id = ((await json(made)).data as { id: number; amount_inctax: string }).id
  before = await snapshot()
  expect((await json(await payables.post('/bwapi/payment-groups', body))).code).toBe(
    'ITEMS_ALREADY_PAID_OR_PENDING',
  )
  expect(await snapshot()).toBe(before)
  await payables.post(`/bwapi/payment-groups/${id}/submit`)
  const file = await exportFile(id)
  expect(xmllint(file.xml, SEPA_SCHEMA('09'))).toBe('')
  expect(file.xml).toContain('<InstdAmt Ccy="EUR">150.25</InstdAmt>')
  expect(file.xml).toMatch(/<Ustrd>Deposit \S+<\/Ustrd>/)
  await finance.post(`/bwapi/payment-groups/${id}/pay`, {})
  const [paid] = await rows(`SELECT deposit_paid_at, payment_status FROM purchase_orders WHERE id = ${order}`)
  expect(paid?.deposit_paid_at).not.toBeNull()
  expect(paid?.payment_status).toBe('partial')
})

test('who does not prepare or make payments sees only the groups whose circuit names them', async () => {
  const { invoice } = await validatedInvoice(t, buyer)
  await admin.request('/bwapi/circuits/payment', {
    method: 'PUT',
    body: { rows: [{ weight: 1, criteria: { company: 'ACME' }, validator_login: 'validator' }] },
  })
  const named = await group(invoice, '100')
  await payables.post(`/bwapi/payment-groups/${named}/submit`)
  const draft = await group(invoice, '100')
  const codes = async (who: Agent) =>
    ((await json(await who.get('/bwapi/payment-groups'))).data as { id: number }[]).map((g) => g.id).sort()
  expect(await codes(payables)).toEqual([named, draft].sort())
  // Ordering is not paying: the buyer sees no payment.
  expect(await codes(buyer)).toEqual([])
  expect(await codes(await signIn(t.app, 'validator'))).toEqual([named])
  const requester = await signIn(t.app, 'requester')
  expect(await codes(requester)).toEqual([])
  expect((await requester.get(`/bwapi/payment-groups/${named}`)).status).toBe(403)
})
