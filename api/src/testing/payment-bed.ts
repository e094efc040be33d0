import { expect } from 'vitest'
import { type Agent, signIn } from './agent'
import { createTestApp, type TestApp } from './test-app'
import { tableCounts } from './test-database'

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json

/**
 * What the payments' API tests share (payment-flow.test.ts, bank-answers.test.ts): a database of
 * the test's own with the buyer, accounts payable, finance and the administrator signed in.
 */
export type PaymentBed = { t: TestApp; buyer: Agent; payables: Agent; finance: Agent; admin: Agent }

export const openPaymentBed = async (): Promise<PaymentBed> => {
  const t = await createTestApp()
  return {
    t,
    buyer: await signIn(t.app, 'buyer'),
    payables: await signIn(t.app, 'payables'),
    finance: await signIn(t.app, 'finance'),
    admin: await signIn(t.app, 'admin'),
  }
}

/** Everything a payment may touch: counts, lines, invoices' and orders' payment statuses, groups. */
export const paymentSnapshot = async ({ t }: PaymentBed) => {
  const rows = async (sql: string) => (await t.client.execute(sql)).rows
  return JSON.stringify([
    await tableCounts(t.client),
    await rows('SELECT id, status, reason_code, payment_export_id, paid_at FROM payment_lines ORDER BY id'),
    await rows('SELECT id, payment_status FROM supplier_invoices ORDER BY id'),
    await rows('SELECT id, payment_status, deposit_paid_at FROM purchase_orders ORDER BY id'),
    await rows('SELECT id, lock_version, circuit FROM payment_groups ORDER BY id'),
  ])
}

/** A payment group of one invoice (all it owes, or `amount`), made by accounts payable. */
export const paymentGroup = async (
  { payables }: PaymentBed,
  invoice: number,
  amount?: string,
  paymentDate = '2026-12-01',
) => {
  const made = await payables.post('/bwapi/payment-groups', {
    payment_date: paymentDate,
    lines: [{ supplier_invoice_id: invoice, ...(amount === undefined ? {} : { amount_inctax: amount }) }],
  })
  expect(made.status).toBe(201)
  return ((await json(made)).data as { id: number; code: string }).id
}

/** A payment group as `who` reads it. */
export const groupDetail = async (who: Agent, id: number) =>
  (await json(await who.get(`/bwapi/payment-groups/${id}`))).data as {
    code: string
    status: string
    actions: string[]
    lines: { id: number; status: string; reason_code: string | null }[]
    exports: { id: number; message_id: string }[]
  }

/** Finance exports the group's SEPA file (version 09 unless `format`), read back. */
export const sepaExport = async ({ finance }: PaymentBed, id: number, format?: '09' | '03') => {
  const made = await finance.post(`/bwapi/payment-groups/${id}/sepa`, format === undefined ? {} : { format })
  expect(made.status).toBe(201)
  const data = (await json(made)).data as { id: number; message_id: string; control_sum: string }
  const file = await finance.get(`/bwapi/payment-groups/${id}/exports/${data.id}/file`)
  expect(file.headers.get('content-type')).toBe('application/xml')
  return { ...data, xml: await file.text() }
}

/** A pain.002 status report answering one file, a status per transaction. */
export const bankReport = (
  messageId: string,
  transactions: { ref: string; status: string; reason?: string }[],
  groupStatus?: string,
) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>BANK-1</MsgId><CreDtTm>2026-12-02T08:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId>${groupStatus === undefined ? '' : `<GrpSts>${groupStatus}</GrpSts>`}</OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts><OrgnlPmtInfId>${messageId}</OrgnlPmtInfId>
      ${transactions
        .map(
          (tx) =>
            `<TxInfAndSts><OrgnlEndToEndId>${tx.ref}</OrgnlEndToEndId><TxSts>${tx.status}</TxSts>${tx.reason === undefined ? '' : `<StsRsnInf><Rsn><Cd>${tx.reason}</Cd></Rsn></StsRsnInf>`}</TxInfAndSts>`,
        )
        .join('')}
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`
/** Finance imports the bank's answer. */
export const bankAnswer = ({ finance }: PaymentBed, xml: string) => {
  const form = new FormData()
  form.set('file', new File([xml], 'pain002.xml', { type: 'application/xml' }))
  return finance.request('/bwapi/payment-groups/bank-answers', { method: 'POST', form })
}
