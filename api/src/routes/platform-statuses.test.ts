import { cdarStatusMessage, type LifecycleCode } from '@procura/core/invoice'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { readSetting, writeSetting } from '../services/settings'
import { type Agent, signIn } from '../testing/agent'
import { ciiXml, SAMPLE } from '../testing/e-invoice-samples'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'
import { CDAR_SCHEMA, xmllint } from '../testing/xmllint'

// The statuses a platform reports on the e-invoices Procura receives (POST /platform/statuses), and
// the lifecycle of an e-invoice while it waits in the queue (208 when put on hold).

type Json = Record<string, unknown>
let t: TestApp
let payables: Agent
let token: string
const json = async (response: Response) => (await response.json()) as Json

beforeEach(async () => {
  t = await createTestApp()
  const admin = await signIn(t.app, 'admin')
  payables = await signIn(t.app, 'payables')
  const current = ((await readSetting(t.db, 'settings')) ?? {}) as Json
  await writeSetting(t.db, t.clock, 'settings', {
    ...current,
    api: { ...(current.api as Json), enabled: true },
  })
  // The sample's seller is OfficePro, known by its SIRET; ACME is the buyer, by its SIREN.
  await t.client.execute("UPDATE suppliers SET siret = '40483304800022' WHERE code = 'OFFICEPRO'")
  await t.client.execute("UPDATE companies SET siren = '552100554' WHERE code = 'ACME'")
  const made = await admin.post('/bwapi/api-tokens', {
    label: 'Chorus platform',
    scopes: ['e_invoices:write', 'statuses:read'],
  })
  token = ((await json(made)).data as { token: string }).token
})
afterEach(() => t.close())

const SELLER_SIREN = '404833048'

/** The platform's status on the sample e-invoice, as the CDAR D22B message it sends. */
const platformCdar = (id: string, code: LifecycleCode, at: string, number = SAMPLE.number) =>
  cdarStatusMessage({
    id,
    at: new Date(at),
    code,
    reason_code: null,
    comment: null,
    invoice: { number, issue_date: SAMPLE.date, credit_note: false },
    buyer: { name: 'ACME', siren: '552100554' },
    seller: { name: 'OfficePro Supplies', siren: SELLER_SIREN },
  })

const report = (body: string, type = 'application/xml', bearer = token) =>
  t.app.request('/platform/statuses', {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': type },
    body,
  })

const receive = async () => {
  const pushed = await t.app.request('/platform/e-invoices?name=fa.xml', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: new TextEncoder().encode(ciiXml()),
  })
  expect(pushed.status).toBe(201)
  return ((await json(pushed)).data as { id: number }).id
}

const lifecycleRows = async () =>
  (
    await t.client.execute(
      'SELECT code, source, reason_code, comment, pending_invoice_id, supplier_invoice_id FROM invoice_lifecycle ORDER BY id',
    )
  ).rows.map((r) => ({ ...r }))

test('the platform’s statuses are kept on the e-invoice in the queue, its hold raises 208, and all of them move to the invoice made from it', async () => {
  const pending = await receive()
  // 202 received by the platform, as CDAR (valid against the schema, as a platform sends it).
  const received = platformCdar('PA-MSG-1', '202', '2026-11-18T08:00:00Z')
  expect(xmllint(received, CDAR_SCHEMA)).toBe('')
  const first = await report(received)
  expect(first.status).toBe(201)
  expect((await json(first)).data).toEqual([
    expect.objectContaining({
      code: '202',
      pending_invoice_id: pending,
      supplier_invoice_id: null,
      repeated: false,
    }),
  ])
  // Delivered again (the platform lost our answer): answered as kept, written once.
  const kept = await lifecycleRows()
  const again = await report(received)
  expect(again.status).toBe(201)
  expect((await json(again)).data).toEqual([expect.objectContaining({ repeated: true })])
  expect(await lifecycleRows()).toEqual(kept)

  // Put on hold for a missing document: 208 with the reason code and the clerk's words, sent back.
  const hold = await payables.post(`/bwapi/pending-invoices/${pending}/hold`, {
    reason: 'The delivery note is missing',
    reason_code: 'JUSTIF_ABS',
  })
  expect(hold.status).toBe(200)
  const collected = (await json(
    await t.app.request('/platform/statuses?format=cdar', { headers: { authorization: `Bearer ${token}` } }),
  )) as { data: { invoice: Json; status: Json; cdar: string }[] }
  // Only Procura's statuses go back: the platform's own 202 is not echoed.
  expect(collected.data.map((s) => [s.status.code, s.status.reason_code, s.invoice.number])).toEqual([
    ['208', 'JUSTIF_ABS', SAMPLE.number],
  ])
  expect(xmllint(collected.data[0]?.cdar ?? '', CDAR_SCHEMA)).toBe('')
  // The seller completes it (209), as JSON this time.
  const completed = await report(
    JSON.stringify({
      id: 'PA-MSG-2',
      invoice: { number: SAMPLE.number, issue_date: SAMPLE.date, seller: { siren: '40483304800022' } },
      status: { code: '209', comment: 'Delivery note attached', at: '2026-11-21T10:00:00Z' },
    }),
    'application/json',
  )
  expect(completed.status).toBe(201)
  expect((await payables.post(`/bwapi/pending-invoices/${pending}/release`)).status).toBe(200)

  // Captured: the queue's statuses move to the invoice, then 204.
  const supplier = Number(
    (await t.client.execute("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")).rows[0]?.id,
  )
  const company = Number((await t.client.execute("SELECT id FROM companies WHERE code = 'ACME'")).rows[0]?.id)
  const made = await payables.post('/bwapi/supplier-invoices', {
    label: SAMPLE.number,
    supplier_id: supplier,
    company_id: company,
    currency_code: 'EUR',
    invoice_date: SAMPLE.date,
    amount_exctax: '179.70',
    amount_inctax: '215.64',
    pending_invoice_id: pending,
    lines: SAMPLE.lines.map((l) => ({ label: l.label, amount_exctax: l.amount, vat_rate: l.rate })),
  })
  expect(made.status).toBe(201)
  const invoice = ((await json(made)).data as { id: number }).id
  const read = (await json(await payables.get(`/bwapi/supplier-invoices/${invoice}`))).data as {
    lifecycle: Json[]
  }
  expect(read.lifecycle.map((s) => [s.code, s.source, s.reason_code, s.comment])).toEqual([
    ['202', 'platform', null, null],
    ['208', 'buyer', 'JUSTIF_ABS', 'The delivery note is missing'],
    ['209', 'platform', null, 'Delivery note attached'],
    ['204', 'buyer', null, null],
  ])
  // Later statuses land on the invoice itself: the seller cashed the payment (212).
  const cashed = await report(platformCdar('PA-MSG-3', '212', '2026-12-20T10:00:00Z'))
  expect((await json(cashed)).data).toEqual([
    expect.objectContaining({ code: '212', supplier_invoice_id: invoice, pending_invoice_id: null }),
  ])
  expect((await lifecycleRows()).map((r) => [r.code, r.supplier_invoice_id])).toEqual(
    ['202', '208', '209', '204', '212'].map((code) => [code, invoice]),
  )
})

test('a status Procura cannot place refuses the whole delivery and changes nothing', async () => {
  const pending = await receive()
  // Everything but the traces (each use of a token is traced, refused or not).
  const state = async () => {
    const { traces: _traces, ...counts } = await tableCounts(t.client)
    const held = await t.client.execute('SELECT status, hold_reason FROM pending_invoices')
    return JSON.stringify([counts, await lifecycleRows(), held.rows])
  }
  const before = await state()
  const refused = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status)
    // A business refusal names its code; a form's refusal, its fields.
    const body = await json(response)
    expect(body.code ?? Object.keys((body.errors as Json | undefined) ?? {}).join(', ')).toBe(code)
    expect(await state()).toBe(before)
  }
  // A status of the buyer's own (approved) is not the platform's to send.
  await refused(
    await report(platformCdar('PA-X1', '205', '2026-11-18T08:00:00Z')),
    422,
    'LIFECYCLE_NOT_INBOUND',
  )
  // An invoice Procura never received.
  await refused(
    await report(platformCdar('PA-X2', '202', '2026-11-18T08:00:00Z', 'FA-UNKNOWN')),
    422,
    'E_INVOICE_NOT_RECEIVED',
  )
  // Not a CDAR message; not XML at all; an entity that would expand is not expanded.
  await refused(await report('<Invoice/>'), 422, 'LIFECYCLE_MESSAGE_UNREADABLE')
  await refused(await report('<CrossDomain'), 422, 'LIFECYCLE_MESSAGE_UNREADABLE')
  const laughs =
    '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
    '<CrossDomainAcknowledgementAndResponse><AcknowledgementDocument><ReferenceReferencedDocument>' +
    '<IssuerAssignedID>&b;</IssuerAssignedID></ReferenceReferencedDocument></AcknowledgementDocument></CrossDomainAcknowledgementAndResponse>'
  await refused(await report(laughs), 422, 'id, invoice.seller.siren, status.code, status.at')
  // JSON missing the seller; two statuses of which the second is unknown: neither is kept.
  await refused(
    await report(
      JSON.stringify({
        id: 'PA-X3',
        invoice: { number: SAMPLE.number },
        status: { code: '202', at: '2026-11-18T08:00:00Z' },
      }),
      'application/json',
    ),
    422,
    'invoice.seller',
  )
  const good = {
    id: 'PA-X4',
    invoice: { number: SAMPLE.number, seller: { siren: SELLER_SIREN } },
    status: { code: '203', at: '2026-11-18T08:00:00Z' },
  }
  await refused(
    await report(
      JSON.stringify([good, { ...good, id: 'PA-X5', invoice: { ...good.invoice, number: 'FA-NONE' } }]),
      'application/json',
    ),
    422,
    'E_INVOICE_NOT_RECEIVED',
  )
  // A hold's reason code that 208 does not take is refused, the pending invoice left as it was.
  await refused(
    await payables.post(`/bwapi/pending-invoices/${pending}/hold`, {
      reason: 'Wrong price',
      reason_code: 'PU_ERR',
    }),
    422,
    'reason_code',
  )
  // A token that may only read statuses cannot report one.
  const admin = await signIn(t.app, 'admin')
  const reader = (
    (await json(await admin.post('/bwapi/api-tokens', { label: 'R', scopes: ['statuses:read'] }))).data as {
      token: string
    }
  ).token
  const counts = await tableCounts(t.client)
  expect(
    (await report(platformCdar('PA-X6', '202', '2026-11-18T08:00:00Z'), 'application/xml', reader)).status,
  ).toBe(403)
  expect((await tableCounts(t.client)).invoice_lifecycle).toBe(counts.invoice_lifecycle)
})

test('an e-invoice rejected in the queue is refused to its seller (210), with a reason code it must give', async () => {
  const pending = await receive()
  const state = async () =>
    JSON.stringify([
      await lifecycleRows(),
      (await t.client.execute('SELECT status FROM pending_invoices')).rows,
    ])
  const before = await state()
  // Without a reason code, or with one 210 does not take: refused, nothing changed.
  const bare = await payables.post(`/bwapi/pending-invoices/${pending}/reject`, {})
  expect(bare.status).toBe(422)
  expect(Object.keys((await json(bare)).errors as Json)).toEqual(['reason_code'])
  expect(
    (await payables.post(`/bwapi/pending-invoices/${pending}/reject`, { reason_code: 'QTE_ERR' })).status,
  ).toBe(422)
  expect(await state()).toBe(before)
  const rejected = await payables.post(`/bwapi/pending-invoices/${pending}/reject`, {
    reason_code: 'DOUBLON',
    reason: 'Already received as FA-2026-0814',
  })
  expect(rejected.status).toBe(200)
  expect(
    (await lifecycleRows()).map((r) => [r.code, r.reason_code, r.comment, r.pending_invoice_id]),
  ).toEqual([['210', 'DOUBLON', 'Already received as FA-2026-0814', pending]])
  const collected = (await json(
    await t.app.request('/platform/statuses', { headers: { authorization: `Bearer ${token}` } }),
  )) as { data: { invoice: Json; status: Json }[] }
  expect(collected.data.map((s) => [s.invoice.number, s.status.code, s.status.reason_code])).toEqual([
    [SAMPLE.number, '210', 'DOUBLON'],
  ])
})
