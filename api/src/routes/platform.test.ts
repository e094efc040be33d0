import { afterEach, beforeEach, expect, test } from 'vitest'
import { readSetting, writeSetting } from '../services/settings'
import { type Agent, signIn } from '../testing/agent'
import { ciiXml, facturXPdf, SAMPLE, type SampleInvoice, ublXml } from '../testing/e-invoice-samples'
import { bankDetails } from '../testing/payables'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
let t: TestApp
let admin: Agent
let buyer: Agent
let payables: Agent
const json = async (response: Response) => (await response.json()) as Json
const idOf = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  buyer = await signIn(t.app, 'buyer')
  payables = await signIn(t.app, 'payables')
  await apiOn(true)
})

/** The API for machine clients on or off (a setting, off by default), the other settings kept. */
const apiOn = async (enabled: boolean) => {
  const current = ((await readSetting(t.db, 'settings')) ?? {}) as Json
  await writeSetting(t.db, t.clock, 'settings', {
    ...current,
    api: { ...((current.api as Json) ?? {}), enabled },
  })
}
afterEach(() => t.close())

/** What a platform does: a bearer token, no session, no CSRF. */
const platform = (token: string) => ({
  push: (name: string, bytes: Uint8Array) =>
    t.app.request(`/platform/e-invoices?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: bytes,
    }),
  statuses: (after = 0) =>
    t.app.request(`/platform/statuses?after=${after}`, { headers: { authorization: `Bearer ${token}` } }),
  ack: (ids: number[]) =>
    t.app.request('/platform/statuses/ack', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
    }),
})

const newToken = async (scopes = ['e_invoices:write', 'statuses:read']) => {
  const made = await admin.post('/bwapi/api-tokens', { label: 'Chorus platform', scopes })
  expect(made.status).toBe(201)
  return (await json(made)).data as { id: number; token: string }
}

test('an administrator creates a token shown once and kept as a hash; a wrong, unscoped or revoked token is refused', async () => {
  const before = await tableCounts(t.client)
  expect((await buyer.post('/bwapi/api-tokens', { label: 'X', scopes: ['statuses:read'] })).status).toBe(403)
  expect((await admin.post('/bwapi/api-tokens', { label: 'X', scopes: [] })).status).toBe(422)
  expect(await tableCounts(t.client)).toEqual(before)
  const { id, token } = await newToken(['statuses:read'])
  expect(token).toMatch(/^prc_[\w-]{43}$/)
  const stored = (await t.client.execute('SELECT token_hash, prefix FROM api_tokens')).rows[0]
  expect(stored?.token_hash).not.toContain(token)
  expect(JSON.stringify((await json(await admin.get('/bwapi/api-tokens'))).data)).not.toContain(token)
  expect((await platform('prc_wrong').statuses()).status).toBe(401)
  expect((await t.app.request('/platform/statuses')).status).toBe(401)
  // Its scope is reading statuses: handing an invoice in is not allowed.
  expect((await platform(token).push('a.xml', new TextEncoder().encode(ciiXml()))).status).toBe(403)
  expect((await platform(token).statuses()).status).toBe(200)
  const uses = await t.client.execute(
    "SELECT message FROM traces WHERE model = 'api_token' AND action = 'use'",
  )
  expect(uses.rows.map((r) => r.message)).toContain('API token "Chorus platform": GET /platform/statuses')
  // The API off (its default), even a valid token reaches nothing.
  await apiOn(false)
  const off = await platform(token).statuses()
  expect([off.status, ((await off.json()) as Json).code]).toEqual([403, 'API_DISABLED'])
  await apiOn(true)
  expect((await admin.post(`/bwapi/api-tokens/${id}/revoke`)).status).toBe(200)
  expect((await platform(token).statuses()).status).toBe(401)
})

test('a platform pushes e-invoices of the three syntaxes, then collects their statuses in order, once each', async () => {
  await t.client.execute(
    "UPDATE suppliers SET intra_community_vat = 'FR83404833048' WHERE code = 'OFFICEPRO'",
  )
  const supplier = await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  const company = await idOf("SELECT id FROM companies WHERE code = 'ACME'")
  const order = (
    await json(
      await buyer.post('/bwapi/purchase-orders', {
        supplier_id: supplier,
        company_id: company,
        currency_code: 'EUR',
        lines: [{ label: 'Paper', quantity: '10', unit_price_exctax: '50', vat_rate: '20' }],
      }),
    )
  ).data as { id: number; code: string }
  const validator = await signIn(t.app, 'validator')
  await buyer.post(`/bwapi/purchase-orders/${order.id}/submit`)
  await validator.post(`/bwapi/purchase-orders/${order.id}/validate`)
  await buyer.post(`/bwapi/purchase-orders/${order.id}/consider_sent`)
  await buyer.post(`/bwapi/purchase-orders/${order.id}/receive-all`, { delivery_date: '2026-11-20' })
  const sample = (number: string, quantity: string): SampleInvoice => {
    const amount = (Number(quantity) * 50).toFixed(2)
    const tax = (Number(quantity) * 10).toFixed(2)
    const inctax = (Number(quantity) * 60).toFixed(2)
    return {
      ...SAMPLE,
      number,
      references: { order: order.code },
      lines: [{ label: 'Paper', quantity, price: '50', amount, rate: '20', order_line: '1' }],
      vat: [{ rate: '20', base: amount, tax }],
      totals: { lines: amount, exctax: amount, tax, inctax },
    }
  }
  const { token } = await newToken()
  const p = platform(token)
  expect((await p.push('a.pdf', await facturXPdf(sample('FX-1', '4')))).status).toBe(201)
  expect((await p.push('b.xml', new TextEncoder().encode(ciiXml(sample('CII-1', '3'))))).status).toBe(201)
  expect((await p.push('c.xml', new TextEncoder().encode(ublXml(sample('UBL-1', '3'))))).status).toBe(201)
  const before = await tableCounts(t.client)
  expect((await p.push('d.txt', new TextEncoder().encode('hello'))).status).toBe(422)
  expect((await tableCounts(t.client)).pending_invoices).toBe(before.pending_invoices)
  const queue = ((await json(await payables.get('/bwapi/pending-invoices'))).data as Json[]).sort(
    (a, b) => Number(a.id) - Number(b.id),
  )
  expect(queue.map((q) => [q.label, (q.e_invoice_match as Json | null)?.rule])).toEqual([
    ['FX-1', 'BT-13'],
    ['CII-1', 'BT-13'],
    ['UBL-1', 'BT-13'],
  ])
  const line = (
    (await json(await buyer.get(`/bwapi/purchase-orders/${order.id}`))).data as { lines: { id: number }[] }
  ).lines[0]?.id
  const capture = async (pending: Json, quantity: string) =>
    (
      (
        await json(
          await payables.post('/bwapi/supplier-invoices', {
            label: pending.label,
            supplier_id: supplier,
            company_id: company,
            currency_code: 'EUR',
            invoice_date: '2026-11-18',
            amount_exctax: pending.amount_exctax,
            amount_inctax: pending.amount_inctax,
            pending_invoice_id: pending.id,
            lines: [{ purchase_order_line_id: line, quantity, vat_rate: '20' }],
          }),
        )
      ).data as { id: number }
    ).id
  // FX-1: disputed; CII-1: refused with its reason; UBL-1: validated, then paid.
  const disputed = await capture(queue[0] as Json, '4')
  await payables.post(`/bwapi/supplier-invoices/${disputed}/dispute`, {
    action: 'open',
    body: 'Price to confirm.',
    reason_code: 'PU_ERR',
  })
  const refused = await capture(queue[1] as Json, '3')
  await payables.post(`/bwapi/supplier-invoices/${refused}/submit`)
  await validator.post(`/bwapi/supplier-invoices/${refused}/refuse`, {
    reason: 'Billed twice',
    reason_code: 'DOUBLON',
  })
  const paid = await capture(queue[2] as Json, '3')
  await payables.post(`/bwapi/supplier-invoices/${paid}/submit`)
  await validator.post(`/bwapi/supplier-invoices/${paid}/validate`)
  const read = async () => (await json(await p.statuses())) as { data: Json[]; meta: Json }
  const first = await read()
  expect(
    first.data.map((s) => [
      (s.invoice as Json).number,
      (s.status as Json).code,
      (s.status as Json).reason_code,
    ]),
  ).toEqual([
    ['FX-1', '204', null],
    ['FX-1', '207', 'PU_ERR'],
    ['CII-1', '204', null],
    ['CII-1', '210', 'DOUBLON'],
    ['UBL-1', '204', null],
    ['UBL-1', '205', null],
  ])
  expect(new Set(first.data.map((s) => s.idempotency_key)).size).toBe(6)
  // Acknowledged, they are not answered again; read again before acknowledging, the same keys come back.
  expect((await json(await read().then(() => p.statuses()))).data).toEqual(first.data)
  await p.ack(first.data.map((s) => Number(s.id)))
  expect((await read()).data).toEqual([])
  // Paid: the payment sent comes next, alone.
  await bankDetails(t, payables, admin)
  const group = (
    (
      await json(
        await payables.post('/bwapi/payment-groups', {
          payment_date: '2026-12-01',
          lines: [{ supplier_invoice_id: paid }],
        }),
      )
    ).data as { id: number }
  ).id
  await payables.post(`/bwapi/payment-groups/${group}/submit`)
  await (await signIn(t.app, 'finance')).post(`/bwapi/payment-groups/${group}/pay`, {})
  expect((await read()).data.map((s) => [(s.invoice as Json).number, (s.status as Json).code])).toEqual([
    ['UBL-1', '211'],
  ])
  // The supplier's contact reads, on its order in the portal, where each of its e-invoices stands.
  const contact = await signIn(t.app, 'supplier')
  const seen = (await json(await contact.get(`/bwapi/purchase-orders/${order.id}`))).data as {
    e_invoices: Json[]
  }
  expect(seen.e_invoices.map((e) => [e.number, e.code, e.reason_code])).toEqual([
    ['FX-1', '207', 'PU_ERR'],
    ['CII-1', '210', 'DOUBLON'],
    ['UBL-1', '211', null],
  ])
})
