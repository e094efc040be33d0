import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { runRfqsJob } from '../services/sourcing/rfq-jobs'
import { type Agent, signIn } from '../testing/agent'
import { attachmentsOf, decodedText, startTestSmtp, type TestSmtp } from '../testing/smtp'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
type Quote = { rfq_line_id: number; unit_price_exctax: string }
type Page = {
  status: string
  sealed: boolean
  lines: { id: number; label: string; awarded_supplier_id: number | null }[]
  suppliers: { supplier_id: number; answered_at: unknown; file_name: string | null; quotes: Quote[] }[]
  orders: { id: number; code: string; supplier_id: number }[]
  actions: string[]
}
let t: TestApp
let smtp: TestSmtp
let buyer: Agent
let contact: Agent
let officePro: number
let safeWork: number
let paperCo: number
let company: number
const json = async (response: Response) => (await response.json()) as Json
const idOf = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT id, status, award_reason FROM rfqs ORDER BY id')).rows,
    (await t.client.execute('SELECT id, answered_at FROM rfq_suppliers ORDER BY id')).rows,
    (await t.client.execute('SELECT id, status, processing FROM needs ORDER BY id')).rows,
  ])

beforeEach(async () => {
  smtp = await startTestSmtp()
  t = await createTestApp({ smtpUrl: smtp.url })
  buyer = await signIn(t.app, 'buyer')
  contact = await signIn(t.app, 'supplier')
  officePro = await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  safeWork = await idOf("SELECT id FROM suppliers WHERE code = 'SAFEWORK'")
  company = await idOf("SELECT id FROM companies WHERE code = 'ACME'")
  const made = await buyer.post('/bwapi/suppliers', {
    code: 'PAPERCO',
    company_name: 'Paper & Co',
    currency_code: 'EUR',
  })
  paperCo = ((await json(made)).data as { id: number }).id
  await buyer.post(`/bwapi/suppliers/${paperCo}/contacts`, {
    name: 'Pablo',
    email: 'ventas@paperco.example',
    language: 'es',
    main_order_contact: true,
  })
})
afterEach(async () => {
  t.close()
  await smtp.close()
})

const rfqInput = (changes: Json = {}) => ({
  title: 'Meeting room furniture',
  company_id: company,
  currency_code: 'EUR',
  reply_by: '2026-11-30',
  comment: 'Delivery to the Grenoble office.',
  suppliers: [{ supplier_id: officePro }, { supplier_id: safeWork }, { supplier_id: paperCo }],
  lines: [
    { label: 'Meeting chair', quantity: '12', wanted_on: '2026-12-15' },
    { label: 'Meeting table', quantity: '2' },
  ],
  ...changes,
})
const page = async (agent: Agent, id: number) =>
  (await json(await agent.get(`/bwapi/rfqs/${id}`))).data as Page
/** A sent RFQ to the three suppliers: its id and its two line ids. */
const sentRfq = async (changes: Json = {}) => {
  const created = await buyer.post('/bwapi/rfqs', rfqInput(changes))
  expect(created.status).toBe(201)
  const id = ((await json(created)).data as { id: number }).id
  expect((await buyer.post(`/bwapi/rfqs/${id}/send`)).status).toBe(200)
  const lines = (await page(buyer, id)).lines
  return { id, chairs: lines[0]?.id ?? 0, tables: lines[1]?.id ?? 0 }
}
const answer = (agent: Agent, id: number, supplier: number, lines: Json[], extra: Json = {}) =>
  agent.request(`/bwapi/rfqs/${id}/quotes/${supplier}`, { method: 'PUT', body: { lines, ...extra } })
const pdfText = (pdf: Buffer) => {
  const file = join(t.dir, 'rfq.pdf')
  writeFileSync(file, pdf)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

test('an RFQ goes to three suppliers, is answered sealed (one through the portal), compared and awarded per line into two draft orders', async () => {
  const rfq = await sentRfq()
  // Each invited contact gets the mail and the RFQ's PDF in its language.
  const mails = await smtp.waitFor(3)
  const to = (address: string) => mails.find((m) => m.to.includes(address))?.raw ?? ''
  expect(decodedText(to('orders@safework.example'))).toContain(
    'la demande de prix RFQ-2026-00001 Meeting room furniture jointe',
  )
  const french = pdfText(attachmentsOf(to('orders@safework.example'))[0]?.content ?? Buffer.alloc(0))
  expect(french).toContain('Demande de prix RFQ-2026-00001')
  expect(french).toMatch(/Meeting chair\s+12/)
  expect(french).toContain('Réponse avant le: 30/11/2026')
  const spanish = pdfText(attachmentsOf(to('ventas@paperco.example'))[0]?.content ?? Buffer.alloc(0))
  expect(spanish).toContain('Solicitud de cotización RFQ-2026-00001')
  expect(decodedText(to('supplier@procura.example'))).toContain('answer by 30/11/2026')

  // The portal: OfficePro's contact finds the RFQ, answers for its company only.
  const listed = (await json(await contact.get('/bwapi/rfqs'))).data as { id: number }[]
  expect(listed.map((r) => r.id)).toEqual([rfq.id])
  expect(
    (
      await answer(contact, rfq.id, officePro, [
        { rfq_line_id: rfq.chairs, unit_price_exctax: '85', lead_time_days: 10 },
        { rfq_line_id: rfq.tables, unit_price_exctax: '640', lead_time_days: 20 },
      ])
    ).status,
  ).toBe(200)
  const before = await snapshot()
  expect(
    (await answer(contact, rfq.id, safeWork, [{ rfq_line_id: rfq.chairs, unit_price_exctax: '1' }])).status,
  ).toBe(404)
  expect(await snapshot()).toBe(before)
  // The buyer was told; and sees who answered, not the prices, until the RFQ closes.
  expect(t.pushed.some((p) => p.event.type === 'notification')).toBe(true)
  const sealed = await page(buyer, rfq.id)
  expect(sealed.sealed).toBe(true)
  expect(sealed.suppliers.find((s) => s.supplier_id === officePro)).toMatchObject({ quotes: [] })
  expect(sealed.suppliers.find((s) => s.supplier_id === officePro)?.answered_at).not.toBeNull()
  const early = await buyer.get(`/bwapi/rfqs/${rfq.id}/comparison`)
  expect(early.status).toBe(409)
  expect(((await json(early)) as { code: string }).code).toBe('RFQ_SEALED')

  // The buyer enters the two quotes received by mail.
  await answer(buyer, rfq.id, safeWork, [
    { rfq_line_id: rfq.chairs, unit_price_exctax: '79.5', lead_time_days: 15, valid_until: '2027-01-31' },
    { rfq_line_id: rfq.tables, unit_price_exctax: '700', lead_time_days: 8 },
  ])
  await answer(buyer, rfq.id, paperCo, [
    { rfq_line_id: rfq.chairs, unit_price_exctax: '90', min_quantity: '20' },
    { rfq_line_id: rfq.tables, unit_price_exctax: '610', lead_time_days: 30 },
  ])
  // A contact still sees its own answer only.
  const own = await page(contact, rfq.id)
  expect(own.suppliers.map((s) => s.supplier_id)).toEqual([officePro])
  expect(own.suppliers[0]?.quotes.map((q) => q.unit_price_exctax)).toEqual(['85', '640'])

  expect((await json(await buyer.post(`/bwapi/rfqs/${rfq.id}/close`))).data).toMatchObject({
    status: 'closed',
  })
  const comparison = (await json(await buyer.get(`/bwapi/rfqs/${rfq.id}/comparison`))).data as {
    suppliers: { supplier_id: number; amount_exctax: string; complete: boolean }[]
    cheapest_basket: number
    cheapest_per_line: { rfq_line_id: number; supplier_id: number }[]
    lines: {
      cells: { supplier_id: number; quantity: string; best_price: boolean; best_lead_time: boolean }[]
    }[]
  }
  // SafeWork 12 × 79.50 + 2 × 700 = 2,354.00; OfficePro 1,020 + 1,280 = 2,300.00;
  // Paper & Co 20 (its minimum) × 90 + 2 × 610 = 3,020.00.
  expect(comparison.suppliers.map((s) => [s.supplier_id, s.amount_exctax])).toEqual(
    expect.arrayContaining([
      [officePro, '2300.00'],
      [safeWork, '2354.00'],
      [paperCo, '3020.00'],
    ]),
  )
  expect(comparison.cheapest_basket).toBe(officePro)
  expect(comparison.cheapest_per_line).toEqual([
    { rfq_line_id: rfq.chairs, supplier_id: safeWork },
    { rfq_line_id: rfq.tables, supplier_id: paperCo },
  ])
  expect(comparison.lines[0]?.cells.find((c) => c.supplier_id === paperCo)?.quantity).toBe('20')

  // Awarded per line to the cheapest of each: no reason needed; two draft orders at the quoted prices.
  smtp.received.length = 0
  const awarded = await buyer.post(`/bwapi/rfqs/${rfq.id}/award`, {
    lines: [
      { rfq_line_id: rfq.chairs, supplier_id: safeWork },
      { rfq_line_id: rfq.tables, supplier_id: paperCo },
    ],
  })
  expect(awarded.status).toBe(200)
  const result = (await json(awarded)).data as {
    status: string
    orders: { id: number; supplier_id: number }[]
  }
  expect(result.status).toBe('awarded')
  expect(result.orders.map((o) => o.supplier_id).sort()).toEqual([safeWork, paperCo].sort())
  const lines = await t.client.execute(
    `SELECT o.supplier_id, o.status, o.rfq_id, l.label, l.quantity, l.unit_price_exctax, l.amount_exctax
       FROM purchase_orders o JOIN purchase_order_lines l ON l.purchase_order_id = o.id
      WHERE o.rfq_id = ${rfq.id} ORDER BY l.label`,
  )
  expect(lines.rows.map((r) => ({ ...r }))).toEqual([
    {
      supplier_id: safeWork,
      status: 'draft',
      rfq_id: rfq.id,
      label: 'Meeting chair',
      quantity: '12',
      unit_price_exctax: '79.5',
      amount_exctax: '954.00',
    },
    {
      supplier_id: paperCo,
      status: 'draft',
      rfq_id: rfq.id,
      label: 'Meeting table',
      quantity: '2',
      unit_price_exctax: '610',
      amount_exctax: '1220.00',
    },
  ])
  // OfficePro answered and won nothing: it is told, in its language.
  const [lost] = await smtp.waitFor(1)
  expect(lost?.to).toEqual(['supplier@procura.example'])
  expect(decodedText(lost?.raw ?? '')).toContain('has chosen another offer this time')
  const order = (await json(await buyer.get(`/bwapi/purchase-orders/${result.orders[0]?.id}`))).data as Json
  expect(order.rfq).toEqual({ id: rfq.id, code: 'RFQ-2026-00001' })
  // Its history, read by its buyer, holds the contact's answer through the portal.
  const history = (await json(await buyer.get(`/bwapi/traces?model=rfq&model_id=${rfq.id}`))).data as Json[]
  expect(history.map((h) => h.message)).toContain(
    'Request for quotation RFQ-2026-00001: answer of OfficePro Supplies (2 lines) through the portal',
  )
  const done = await page(buyer, rfq.id)
  expect(done.orders).toHaveLength(2)
  expect(done.lines.map((l) => l.awarded_supplier_id)).toEqual([safeWork, paperCo])
})

test('awarding to a dearer supplier needs a reason; an expired quotation is never awarded; nothing changes on refusal', async () => {
  const rfq = await sentRfq()
  await answer(buyer, rfq.id, officePro, [
    { rfq_line_id: rfq.chairs, unit_price_exctax: '85' },
    { rfq_line_id: rfq.tables, unit_price_exctax: '640' },
  ])
  await answer(buyer, rfq.id, safeWork, [
    { rfq_line_id: rfq.chairs, unit_price_exctax: '70', valid_until: '2026-11-25' },
    { rfq_line_id: rfq.tables, unit_price_exctax: '700' },
  ])
  await buyer.post(`/bwapi/rfqs/${rfq.id}/close`)
  t.clock.set('2026-11-26T10:00:00Z')
  buyer = await signIn(t.app, 'buyer')
  const before = await snapshot()
  const expired = await buyer.post(`/bwapi/rfqs/${rfq.id}/award`, {
    lines: [{ rfq_line_id: rfq.chairs, supplier_id: safeWork }],
    reason: 'Cheaper',
  })
  expect(expired.status).toBe(422)
  expect(((await json(expired)) as { code: string }).code).toBe('RFQ_QUOTE_EXPIRED')
  const noReason = await buyer.post(`/bwapi/rfqs/${rfq.id}/award`, {
    lines: [{ rfq_line_id: rfq.tables, supplier_id: safeWork }],
  })
  expect(((await json(noReason)) as { code: string }).code).toBe('RFQ_AWARD_REASON_REQUIRED')
  expect(await snapshot()).toBe(before)
  // With the expired quote out, OfficePro is the cheapest basket: the whole RFQ to it needs no reason.
  const whole = await buyer.post(`/bwapi/rfqs/${rfq.id}/award`, {
    lines: [
      { rfq_line_id: rfq.chairs, supplier_id: officePro },
      { rfq_line_id: rfq.tables, supplier_id: officePro },
    ],
    tell_losers: false,
  })
  expect(whole.status).toBe(200)
  expect(((await json(whole)).data as { orders: unknown[] }).orders).toHaveLength(1)
})

test('after the reply day an answer is refused; the job closes the RFQ and tells its buyer', async () => {
  const rfq = await sentRfq({ reply_by: '2026-11-22' })
  t.clock.set('2026-11-23T09:00:00Z')
  contact = await signIn(t.app, 'supplier')
  const before = await snapshot()
  const late = await answer(contact, rfq.id, officePro, [
    { rfq_line_id: rfq.chairs, unit_price_exctax: '85' },
  ])
  expect(late.status).toBe(409)
  expect(((await json(late)) as { code: string }).code).toBe('RFQ_ANSWER_LATE')
  expect(await snapshot()).toBe(before)
  expect(await runRfqsJob({ db: t.db, clock: t.clock })).toBe(1)
  buyer = await signIn(t.app, 'buyer')
  expect((await page(buyer, rfq.id)).status).toBe('closed')
  const told = await t.client.execute(
    `SELECT n.kind FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.login = 'buyer' AND n.model = 'rfq'`,
  )
  expect(told.rows.map((r) => r.kind)).toEqual(['rfq_closed'])
  expect(await runRfqsJob({ db: t.db, clock: t.clock })).toBe(0)
})

test('approved requests become an RFQ’s lines; its award puts them on order with their allocations', async () => {
  const requester = await signIn(t.app, 'requester')
  const validator = await signIn(t.app, 'validator')
  const made = await requester.post('/bwapi/needs', {
    title: 'Chairs for the new room',
    purchase_family: 'FURNITURE',
    buyer_id: await idOf("SELECT id FROM users WHERE login = 'buyer'"),
    lines: [{ description: 'Meeting chair', quantity: '6', unit_price_exctax: '80' }],
  })
  const needId = ((await json(made)).data as { id: number }).id
  await requester.post(`/bwapi/needs/${needId}/submit`)
  await validator.post(`/bwapi/needs/${needId}/approve`)
  const from = (await json(await buyer.get(`/bwapi/rfqs/from-needs?ids=${needId}`))).data as {
    lines: Json[]
  }
  expect(from.lines).toMatchObject([{ label: 'Meeting chair', quantity: '6' }])
  const created = await buyer.post(
    '/bwapi/rfqs',
    rfqInput({
      suppliers: [{ supplier_id: officePro }, { supplier_id: safeWork }],
      lines: from.lines.map(({ need: _need, ...l }) => l),
    }),
  )
  const id = ((await json(created)).data as { id: number }).id
  const state = async () =>
    (await t.client.execute(`SELECT processing, purchase_order_id FROM needs WHERE id = ${needId}`)).rows[0]
  expect(await state()).toMatchObject({ processing: 'processing', purchase_order_id: null })
  await buyer.post(`/bwapi/rfqs/${id}/send`)
  const line = (await page(buyer, id)).lines[0]?.id ?? 0
  await answer(buyer, id, officePro, [{ rfq_line_id: line, unit_price_exctax: '75' }])
  await buyer.post(`/bwapi/rfqs/${id}/close`)
  const awarded = await buyer.post(`/bwapi/rfqs/${id}/award`, {
    lines: [{ rfq_line_id: line, supplier_id: officePro }],
  })
  const order = ((await json(awarded)).data as { orders: { id: number }[] }).orders[0]?.id
  expect(await state()).toMatchObject({ processing: 'po_submitted', purchase_order_id: order })
  // A request already on order cannot start another RFQ.
  const again = await buyer.get(`/bwapi/rfqs/from-needs?ids=${needId}`)
  expect(((await json(again)) as { code: string }).code).toBe('RFQ_NEED_NOT_APPROVED')
})

test('who may do what: a requester writes no RFQ, a contact never sees a draft nor another’s answer; bad input changes nothing', async () => {
  const requester = await signIn(t.app, 'requester')
  const before = await snapshot()
  expect((await requester.post('/bwapi/rfqs', rfqInput())).status).toBe(403)
  const twice = await buyer.post(
    '/bwapi/rfqs',
    rfqInput({ suppliers: [{ supplier_id: officePro }, { supplier_id: officePro }] }),
  )
  expect(twice.status).toBe(422)
  const past = await buyer.post('/bwapi/rfqs', rfqInput({ reply_by: '2026-11-01' }))
  expect(((await json(past)) as { errors: Json }).errors).toHaveProperty('reply_by')
  expect(await snapshot()).toBe(before)

  const draft = ((await json(await buyer.post('/bwapi/rfqs', rfqInput()))).data as { id: number }).id
  expect((await contact.get(`/bwapi/rfqs/${draft}`)).status).toBe(404)
  expect((await json(await contact.get('/bwapi/rfqs'))).data).toEqual([])
  // A supplier without a contact cannot be sent to: refused, named, nothing sent.
  const bare = (
    (
      await json(
        await buyer.post('/bwapi/suppliers', {
          code: 'BARE',
          company_name: 'Bare Ltd',
          currency_code: 'EUR',
        }),
      )
    ).data as { id: number }
  ).id
  await buyer.request(`/bwapi/rfqs/${draft}`, {
    method: 'PUT',
    body: rfqInput({ suppliers: [{ supplier_id: officePro }, { supplier_id: bare }] }),
  })
  const unchanged = await snapshot()
  const refused = await buyer.post(`/bwapi/rfqs/${draft}/send`)
  expect(await json(refused)).toMatchObject({
    code: 'RFQ_NO_CONTACT',
    message: expect.stringContaining('Bare Ltd'),
  })
  expect(await snapshot()).toBe(unchanged)
  expect(smtp.received).toHaveLength(0)
  expect((await page(buyer, draft)).actions).toEqual(['send', 'cancel'])
  // The discussion and files are the purchasing people's: a contact does not reach them.
  expect(
    (await buyer.post(`/bwapi/rfqs/${draft}/comments`, { body: 'Ask Bare for a catalogue too.' })).status,
  ).toBe(201)
  const thread = (await json(await (await signIn(t.app, 'validator')).get(`/bwapi/rfqs/${draft}/comments`)))
    .data as { body: string }[]
  expect(thread.map((c) => c.body)).toEqual(['Ask Bare for a catalogue too.'])
  expect((await contact.get(`/bwapi/rfqs/${draft}/comments`)).status).toBe(403)
  expect((await requester.get(`/bwapi/rfqs/${draft}/comments`)).status).toBe(404)
})

test('two buyers awarding the same RFQ at once make one set of orders', async () => {
  const rfq = await sentRfq()
  await answer(buyer, rfq.id, officePro, [
    { rfq_line_id: rfq.chairs, unit_price_exctax: '85' },
    { rfq_line_id: rfq.tables, unit_price_exctax: '640' },
  ])
  await buyer.post(`/bwapi/rfqs/${rfq.id}/close`)
  const award = {
    lines: [
      { rfq_line_id: rfq.chairs, supplier_id: officePro },
      { rfq_line_id: rfq.tables, supplier_id: officePro },
    ],
    tell_losers: false,
  }
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => buyer.post(`/bwapi/rfqs/${rfq.id}/award`, award)),
  )
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
  const orders = await t.client.execute(`SELECT COUNT(*) AS n FROM purchase_orders WHERE rfq_id = ${rfq.id}`)
  expect(Number(orders.rows[0]?.n)).toBe(1)
})

test('a received quote’s file is kept with the answer, sealed until the RFQ closes, then read back', async () => {
  const rfq = await sentRfq()
  const upload = (agent: Agent, supplier: number) => {
    const form = new FormData()
    form.set('file', new File([new TextEncoder().encode('%PDF-1.4 quote')], 'quote-safework.pdf'))
    return agent.request(`/bwapi/rfqs/${rfq.id}/quotes/${supplier}/file`, { method: 'POST', form })
  }
  expect((await upload(buyer, safeWork)).status).toBe(200)
  // A contact attaches only to its own company's answer.
  expect((await upload(contact, safeWork)).status).toBe(404)
  expect((await buyer.get(`/bwapi/rfqs/${rfq.id}/quotes/${safeWork}/file`)).status).toBe(404)
  await buyer.post(`/bwapi/rfqs/${rfq.id}/close`)
  const file = await buyer.get(`/bwapi/rfqs/${rfq.id}/quotes/${safeWork}/file`)
  expect(await file.text()).toBe('%PDF-1.4 quote')
  expect((await page(buyer, rfq.id)).suppliers.find((s) => s.supplier_id === safeWork)).toMatchObject({
    file_name: 'quote-safework.pdf',
  })
  // Closed: no file is taken any more.
  expect((await upload(buyer, safeWork)).status).toBe(409)
})
