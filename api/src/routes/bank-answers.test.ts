import { afterEach, beforeEach, expect, test } from 'vitest'
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

// The bank's answers to a SEPA file (pain.002), and what cancels a payment. The flow itself:
// payment-flow.test.ts.

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

test('a rejection by the beneficiary’s bank keeps its reason and reopens what remains to pay', async () => {
  const { invoice } = await validatedInvoice(t, buyer)
  await bankDetails(t, payables, admin)
  const id = await group(invoice)
  await payables.post(`/bwapi/payment-groups/${id}/submit`)
  const file = await exportFile(id)
  const { code, lines } = await detail(id)
  // While the line is on its way, nothing remains to pay.
  const blocked = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-12-03',
    lines: [{ supplier_invoice_id: invoice }],
  })
  expect((await json(blocked)).code).toBe('ITEMS_ALREADY_PAID_OR_PENDING')
  const rejected = await answer(
    report(file.message_id, [{ ref: `${code}-${lines[0]?.id}`, status: 'RJCT', reason: 'AC04' }]),
  )
  expect(((await json(rejected)).data as Json).rejected).toBe(1)
  expect((await detail(id)).lines).toMatchObject([
    { status: 'rejected_beneficiary_bank', reason_code: 'AC04' },
  ])
  // Who prepared the payment is notified, with the bank's reason.
  const notes = (await json(await payables.get('/bwapi/notifications'))).data as Json[]
  expect(notes[0]).toMatchObject({ kind: 'payment_rejected', link: `/payments/${id}` })
  expect(String(notes[0]?.text)).toContain('AC04')
  const again = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-12-03',
    lines: [{ supplier_invoice_id: invoice }],
  })
  expect(again.status).toBe(201)
  expect(((await json(again)).data as Json).amount_inctax).toBe('600.00')
})

test('a whole file rejected by the holder’s bank, and a line pending for lack of funds is blocked', async () => {
  const { invoice } = await validatedInvoice(t, buyer)
  const second = (await validatedInvoice(t, buyer, 'INV 2')).invoice
  await bankDetails(t, payables, admin)
  const made = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-12-01',
    lines: [{ supplier_invoice_id: invoice }, { supplier_invoice_id: second }],
  })
  const id = ((await json(made)).data as { id: number }).id
  await payables.post(`/bwapi/payment-groups/${id}/submit`)
  const file = await exportFile(id)
  const { code, lines } = await detail(id)
  const summary = await json(
    await answer(
      report(file.message_id, [{ ref: `${code}-${lines[0]?.id}`, status: 'PDNG', reason: 'AM04' }], 'RJCT'),
    ),
  )
  expect(summary.data).toMatchObject({ blocked: 1, rejected: 1 })
  expect((await detail(id)).lines.map((l) => l.status)).toEqual(['blocked', 'rejected_holder_bank'])
  expect((await detail(id)).status).toBe('mixed')
})

test('two exports of the same lines at once: one file, the other refused', async () => {
  const { invoice } = await validatedInvoice(t, buyer)
  await bankDetails(t, payables, admin)
  const id = await group(invoice)
  await payables.post(`/bwapi/payment-groups/${id}/submit`)
  const other = await signIn(t.app, 'finance')
  const answers = await Promise.all([
    finance.post(`/bwapi/payment-groups/${id}/sepa`, {}),
    other.post(`/bwapi/payment-groups/${id}/sepa`, {}),
  ])
  expect(answers.map((a) => a.status).sort()).toEqual([201, 422])
  expect(await rows('SELECT count(*) AS n FROM payment_exports')).toEqual([expect.objectContaining({ n: 1 })])
})

test('a report for no file of ours, or not a report, is refused and changes nothing', async () => {
  const before = await snapshot()
  expect((await json(await answer(report('NOT-OURS', [])))).code).toBe('BANK_ANSWER_UNKNOWN')
  expect((await json(await answer('<html></html>'))).code).toBe('BANK_ANSWER_INVALID')
  expect(await snapshot()).toBe(before)
})

test('lines are cancelled by hand; a cancelled line gives its amount back', async () => {
  const { invoice } = await validatedInvoice(t, buyer)
  const id = await group(invoice, '100')
  const { lines } = await detail(id)
  expect(
    (await json(await payables.post(`/bwapi/payment-groups/${id}/cancel`, { line_ids: [lines[0]?.id] })))
      .data,
  ).toEqual({
    id,
    moved: 1,
  })
  expect((await detail(id)).status).toBe('canceled')
  const before = await snapshot()
  expect(
    (await json(await payables.post(`/bwapi/payment-groups/${id}/cancel`, { line_ids: [999999] }))).code,
  ).toBe('ITEM_NOT_FOUND')
  expect(await snapshot()).toBe(before)
  const requester = await signIn(t.app, 'requester')
  expect((await requester.post(`/bwapi/payment-groups/${id}/submit`)).status).toBe(403)
  expect((await json(await payables.get('/bwapi/payment-groups?line_status=canceled'))).data).toMatchObject([
    { id },
  ])
  expect((await json(await payables.get('/bwapi/payment-groups?line_status=paid'))).data).toEqual([])
})

test('an invoice back to draft cancels its payments not yet at the bank; one at the bank refuses it', async () => {
  const { invoice } = await validatedInvoice(t, buyer)
  await bankDetails(t, payables, admin)
  const waiting = await group(invoice, '100')
  const sent = await group(invoice, '200')
  await payables.post(`/bwapi/payment-groups/${sent}/submit`)
  await exportFile(sent)
  let before = await snapshot()
  const refused = await payables.post(`/bwapi/supplier-invoices/${invoice}/back_to_draft`, { confirm: true })
  expect((await json(refused)).code).toBe('EXPORT_IN_PROGRESS')
  expect(await snapshot()).toBe(before)
  const { code, lines } = await detail(sent)
  const file = (await detail(sent)).exports[0]
  await answer(
    report(file?.message_id ?? '', [{ ref: `${code}-${lines[0]?.id}`, status: 'RJCT', reason: 'AC01' }]),
  )
  before = await snapshot()
  expect(
    (await payables.post(`/bwapi/supplier-invoices/${invoice}/back_to_draft`, { confirm: true })).status,
  ).toBe(200)
  expect(await snapshot()).not.toBe(before)
  expect((await detail(waiting)).lines.map((l) => l.status)).toEqual(['canceled'])
  expect((await detail(sent)).lines.map((l) => l.status)).toEqual(['rejected_beneficiary_bank'])
})

test('a file the bank could not process puts its lines in error; cancelled, the invoice is payable again', async () => {
  const { invoice } = await validatedInvoice(t, buyer)
  await bankDetails(t, payables, admin)
  const id = await group(invoice)
  await payables.post(`/bwapi/payment-groups/${id}/submit`)
  const file = await exportFile(id)
  const summary = await json(
    await answer(
      report(file.message_id, [], 'RJCT').replace(
        '</OrgnlGrpInfAndSts>',
        '<StsRsnInf><Rsn><Cd>FF01</Cd></Rsn></StsRsnInf></OrgnlGrpInfAndSts>',
      ),
    ),
  )
  expect(summary.data).toMatchObject({ failed: 1, rejected: 0 })
  expect((await detail(id)).lines).toMatchObject([{ status: 'error', reason_code: 'FF01' }])
  expect((await detail(id)).actions).toEqual(['cancel'])
  await payables.post(`/bwapi/payment-groups/${id}/cancel`, {})
  expect(
    (
      await payables.post('/bwapi/payment-groups', {
        payment_date: '2026-12-05',
        lines: [{ supplier_invoice_id: invoice }],
      })
    ).status,
  ).toBe(201)
})
