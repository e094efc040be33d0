import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { deleteOldRateWindows } from '../services/platform/platform'
import { pushStatuses } from '../services/platform/status-push'
import { readSetting, writeSetting } from '../services/settings'
import { type Agent, signIn } from '../testing/agent'
import { ciiXml, facturXPdf, SAMPLE, type SampleInvoice, ublXml } from '../testing/e-invoice-samples'
import { bankDetails } from '../testing/payables'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'
import { CDAR_SCHEMA, xmllint } from '../testing/xmllint'

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
  await t.client.execute("UPDATE companies SET siren = '552100554' WHERE code = 'ACME'")
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
  // The same statuses as CDAR D22B messages, each valid against the official schema.
  const cdar = (
    await json(
      await t.app.request('/platform/statuses?format=cdar', {
        headers: { authorization: `Bearer ${token}` },
      }),
    )
  ).data as { idempotency_key: string; cdar: string }[]
  expect(cdar.map((s) => s.idempotency_key)).toEqual(first.data.map((s) => s.idempotency_key))
  for (const status of cdar) expect(xmllint(status.cdar, CDAR_SCHEMA), status.idempotency_key).toBe('')
  const refusal = cdar[3]?.cdar ?? ''
  expect(refusal).toContain('<ram:IssuerAssignedID>CII-1</ram:IssuerAssignedID>')
  expect(refusal).toContain('<ram:ProcessConditionCode>210</ram:ProcessConditionCode>')
  expect(refusal).toContain('<ram:ReasonCode>DOUBLON</ram:ReasonCode><ram:Reason>Billed twice</ram:Reason>')
  expect(refusal).toMatch(
    /<ram:IssuerTradeParty><ram:GlobalID schemeID="0002">\d{9}<\/ram:GlobalID><ram:Name>[^<]+<\/ram:Name><ram:RoleCode>BY/,
  )
  expect(
    (await t.app.request('/platform/statuses?format=pdf', { headers: { authorization: `Bearer ${token}` } }))
      .status,
  ).toBe(422)
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

test('a token makes at most the limit of calls a minute: the next is refused with the wait, until the minute ends', async () => {
  const current = ((await readSetting(t.db, 'settings')) ?? {}) as Json
  await writeSetting(t.db, t.clock, 'settings', {
    ...current,
    api: { ...((current.api as Json) ?? {}), enabled: true, rate_limit_per_minute: 3 },
  })
  const { token } = await newToken()
  t.clock.set('2026-11-21T10:00:15Z')
  for (let i = 0; i < 3; i += 1) expect((await platform(token).statuses()).status).toBe(200)
  const before = await tableCounts(t.client)
  const refused = await platform(token).statuses()
  expect([refused.status, refused.headers.get('retry-after'), ((await refused.json()) as Json).code]).toEqual(
    [429, '45', 'API_RATE_LIMITED'],
  )
  // Refused, the call changed nothing but its counter: not traced, not counted as a use.
  expect({ ...(await tableCounts(t.client)), piece_counters: 0 }).toEqual({ ...before, piece_counters: 0 })
  t.clock.set('2026-11-21T10:01:00Z')
  expect((await platform(token).statuses()).status).toBe(200)
  // The traces job forgets the counters of past minutes.
  expect(await deleteOldRateWindows(t.db, t.clock.now())).toBe(1)
  const left = await t.client.execute("SELECT period FROM piece_counters WHERE series = 'api_calls'")
  expect(left.rows.length).toBe(1)
})

test('in push mode the statuses are posted in order with their idempotency key, retried with backoff, kept once', async () => {
  // The platform: answers each post as its script says — 503, or the answer lost (it kept the
  // status, then the connection dropped), or 202 — and keeps each status by its key.
  const script = ['503', 'lost']
  const received: { key: string; auth: string | undefined; code: string }[] = []
  const kept = new Map<string, string>()
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { status: { code: string } }
    const key = String(request.headers['idempotency-key'])
    received.push({ key, auth: request.headers.authorization, code: body.status.code })
    const answer = script.shift() ?? '202'
    if (answer === '503') return void response.writeHead(503).end()
    if (!kept.has(key)) kept.set(key, body.status.code)
    if (answer === 'lost') return void response.socket?.destroy()
    response.writeHead(202).end()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  try {
    const current = ((await readSetting(t.db, 'settings')) ?? {}) as Json
    await writeSetting(t.db, t.clock, 'settings', {
      ...current,
      api: {
        enabled: true,
        status_push_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/statuses`,
        status_push_token: 'platform-secret',
      },
    })
    const { token } = await newToken()
    const supplier = await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
    const company = await idOf("SELECT id FROM companies WHERE code = 'ACME'")
    const invoices: number[] = []
    for (const number of ['PUSH-1', 'PUSH-2']) {
      await platform(token).push(`${number}.xml`, new TextEncoder().encode(ciiXml({ ...SAMPLE, number })))
      const pending = await idOf(`SELECT id FROM pending_invoices WHERE label = '${number}'`)
      const made = await payables.post('/bwapi/supplier-invoices', {
        label: number,
        supplier_id: supplier,
        company_id: company,
        currency_code: 'EUR',
        invoice_date: '2026-11-18',
        amount_exctax: '179.70',
        amount_inctax: '215.64',
        pending_invoice_id: pending,
        lines: [
          { label: 'Copy paper A4', amount_exctax: '49.90', vat_rate: '20' },
          { label: 'Toner', amount_exctax: '129.80', vat_rate: '20' },
        ],
      })
      invoices.push(Number(((await json(made)).data as Json).id))
    }
    await payables.post(`/bwapi/supplier-invoices/${invoices[0]}/dispute`, {
      action: 'open',
      body: 'The toner price is not the agreed one.',
      reason_code: 'PU_ERR',
    })
    const deps = { db: t.db, clock: t.clock }
    const outbox = async () =>
      (
        await t.client.execute(
          'SELECT attempts, next_attempt_at, last_error, acknowledged_at FROM e_invoice_outbox ORDER BY id',
        )
      ).rows.map((r) => [Number(r.attempts), r.last_error, r.acknowledged_at !== null])
    // 503: nothing delivered, the first status waits 30 s and the later ones wait behind it.
    expect(await pushStatuses(deps)).toBe(0)
    expect(await outbox()).toEqual([
      [1, 'HTTP 503', false],
      [0, null, false],
      [0, null, false],
    ])
    // The tokens page says where the statuses stand.
    expect((await json(await admin.get('/bwapi/api-tokens'))).meta).toEqual({
      outbox: {
        mode: 'push',
        push_url: expect.stringMatching(/\/statuses$/),
        waiting: 3,
        last_error: 'HTTP 503',
        next_attempt_at: '2026-11-21T10:00:30.000Z',
      },
    })
    expect(await pushStatuses(deps)).toBe(0)
    t.clock.set('2026-11-21T10:00:29Z')
    expect(await pushStatuses(deps)).toBe(0)
    expect(received.length).toBe(1)
    // 30 s later: the platform keeps it but its answer is lost; the next try waits 1 minute more.
    t.clock.set('2026-11-21T10:00:30Z')
    expect(await pushStatuses(deps)).toBe(0)
    expect((await outbox())[0]?.slice(0, 1)).toEqual([2])
    t.clock.set('2026-11-21T10:01:29Z')
    expect(await pushStatuses(deps)).toBe(0)
    t.clock.set('2026-11-21T10:01:30Z')
    // Two servers push at once: each status is posted by one of them.
    const runs = await Promise.all([pushStatuses(deps), pushStatuses(deps)])
    expect(runs[0] + runs[1]).toBe(3)
    expect(await outbox()).toEqual([
      [3, null, true],
      [1, null, true],
      [1, null, true],
    ])
    expect(received.map((r) => r.code)).toEqual(['204', '204', '204', '204', '207'])
    expect(new Set(received.map((r) => r.auth))).toEqual(new Set(['Bearer platform-secret']))
    // The first status came three times, always with its key: the platform kept it once.
    expect(new Set(received.slice(0, 3).map((r) => r.key)).size).toBe(1)
    expect([...kept.values()]).toEqual(['204', '204', '207'])
    // Delivered, they are neither pushed again nor answered to a collecting platform.
    expect(await pushStatuses(deps)).toBe(0)
    expect(((await json(await platform(token).statuses())).data as Json[]).length).toBe(0)
    // The API off, nothing is pushed.
    await payables.post(`/bwapi/supplier-invoices/${invoices[1]}/dispute`, {
      action: 'open',
      body: 'Quantity to check.',
      reason_code: 'QTE_ERR',
    })
    await apiOn(false)
    expect(await pushStatuses(deps)).toBe(0)
    expect(received.length).toBe(5)
  } finally {
    await new Promise((done) => server.close(done))
  }
})

test('in push mode with the CDAR format, each status is posted as its CDAR D22B message (XML), valid against the schema', async () => {
  const received: { type: string | undefined; key: string; body: string }[] = []
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    received.push({
      type: request.headers['content-type'],
      key: String(request.headers['idempotency-key']),
      body: Buffer.concat(chunks).toString(),
    })
    response.writeHead(202).end()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  try {
    const current = ((await readSetting(t.db, 'settings')) ?? {}) as Json
    await writeSetting(t.db, t.clock, 'settings', {
      ...current,
      api: {
        enabled: true,
        status_push_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/statuses`,
        status_push_format: 'cdar',
      },
    })
    const { token } = await newToken()
    await platform(token).push(
      'CDAR-1.xml',
      new TextEncoder().encode(ciiXml({ ...SAMPLE, number: 'CDAR-1' })),
    )
    const made = await payables.post('/bwapi/supplier-invoices', {
      label: 'CDAR-1',
      supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
      company_id: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
      currency_code: 'EUR',
      invoice_date: '2026-11-18',
      amount_exctax: '179.70',
      amount_inctax: '215.64',
      pending_invoice_id: await idOf("SELECT id FROM pending_invoices WHERE label = 'CDAR-1'"),
      lines: [
        { label: 'Copy paper A4', amount_exctax: '49.90', vat_rate: '20' },
        { label: 'Toner', amount_exctax: '129.80', vat_rate: '20' },
      ],
    })
    expect(made.status).toBe(201)
    expect(await pushStatuses({ db: t.db, clock: t.clock })).toBe(1)
    expect(received).toHaveLength(1)
    const [sent] = received
    expect(sent?.type).toBe('application/xml')
    expect(sent?.body).toContain('<ram:ProcessConditionCode>204</ram:ProcessConditionCode>')
    expect(sent?.body).toContain(`<ram:ID>${sent?.key}</ram:ID>`)
    expect(xmllint(sent?.body ?? '', CDAR_SCHEMA)).toBe('')
  } finally {
    server.close()
  }
})
