import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { ciiXml, facturXPdf, SAMPLE, ublXml } from '../testing/e-invoice-samples'
import {
  type InvoiceBed,
  invoiceInput,
  invoiceSnapshot,
  openInvoiceBed,
  orderOf as orderRead,
  receivedOrder as orderReceived,
} from '../testing/invoice-bed'
import { bankDetails } from '../testing/payables'
import type { TestApp } from '../testing/test-app'

// Pending invoices: the files queued (PDF, Factur-X, CII, UBL), on hold, routed, and the
// e-invoices' lifecycle. The invoices themselves: invoices.test.ts.

type Json = Record<string, unknown>
let bed: InvoiceBed
let t: TestApp
let buyer: Agent
let payables: Agent
let supplier: number
let company: number

const json = async (response: Response) => (await response.json()) as Json
const idOf = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)

beforeEach(async () => {
  bed = await openInvoiceBed()
  ;({ t, buyer, payables, supplier, company } = bed)
})
afterEach(() => t.close())

const snapshot = () => invoiceSnapshot(bed)
const receivedOrder = () => orderReceived(bed)
const invoice = (lines: Json[], extra: Json = {}) => invoiceInput(bed, lines, extra)
const orderOf = (id: number) => orderRead(bed, id)

test('a pending invoice queues the file; the invoice made from it must carry its amounts', async () => {
  const order = await receivedOrder()
  const form = new FormData()
  form.set('supplier_id', String(supplier))
  form.set('label', 'INV 2026-0042')
  form.set('amount_exctax', '300.00')
  form.set('amount_inctax', '360.00')
  form.set(
    'file',
    new File([new TextEncoder().encode('%PDF-1.4 invoice')], 'invoice-0042.pdf', { type: 'application/pdf' }),
  )
  const queued = await payables.request('/bwapi/pending-invoices', { method: 'POST', form })
  expect(queued.status).toBe(201)
  const pendingId = ((await json(queued)).data as { id: number }).id
  const queue = await json(await payables.get('/bwapi/pending-invoices'))
  expect(queue.data).toMatchObject([{ id: pendingId, label: 'INV 2026-0042', file_name: 'invoice-0042.pdf' }])
  const file = await payables.get(`/bwapi/pending-invoices/${pendingId}/file`)
  expect(await file.text()).toBe('%PDF-1.4 invoice')
  const before = await snapshot()
  const mismatch = await payables.post(
    '/bwapi/supplier-invoices',
    invoice([{ purchase_order_line_id: order.goods, quantity: '5', vat_rate: '20' }], {
      pending_invoice_id: pendingId,
      amount_exctax: '250.00',
      amount_inctax: '300.00',
    }),
  )
  expect(await json(mismatch)).toMatchObject({ code: 'INVOICE_AMOUNT_MISMATCH' })
  expect(await snapshot()).toBe(before)
  const made = await payables.post(
    '/bwapi/supplier-invoices',
    invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], {
      pending_invoice_id: pendingId,
      amount_exctax: '300.00',
      amount_inctax: '360.00',
    }),
  )
  expect(made.status).toBe(201)
  expect((await json(await payables.get('/bwapi/pending-invoices'))).data).toEqual([])
})

test('a pending invoice waits on hold with its reason: not made into an invoice until released; refusals change nothing', async () => {
  const order = await receivedOrder()
  const queued = await payables.post('/bwapi/pending-invoices', {
    supplier_id: supplier,
    label: 'INV 2026-0043',
    amount_exctax: '300.00',
    amount_inctax: '360.00',
  })
  const id = ((await json(queued)).data as { id: number }).id
  expect((await json(await payables.get('/bwapi/pending-invoices'))).data).toMatchObject([
    { id, status: 'pending', actions: ['make', 'hold', 'reject'] },
  ])
  const requester = await signIn(t.app, 'requester')
  const before = await snapshot()
  // A hold says why; a requester may not hold; nothing to release yet.
  const reasonMissing = { errors: { reason: [expect.any(String)] } }
  for (const [agent, path, body, status, answer] of [
    [payables, 'hold', { reason: ' ' }, 422, reasonMissing],
    [payables, 'hold', {}, 422, reasonMissing],
    [requester, 'hold', { reason: 'Goods not received' }, 403, {}],
    [payables, 'release', {}, 409, { code: 'TRANSITION_NOT_ALLOWED' }],
  ] as const) {
    const refused = await agent.post(`/bwapi/pending-invoices/${id}/${path}`, body)
    expect(refused.status, path).toBe(status)
    expect(await json(refused)).toMatchObject(answer)
    expect(await snapshot()).toBe(before)
  }

  const held = await payables.post(`/bwapi/pending-invoices/${id}/hold`, { reason: 'Goods not received yet' })
  expect(await json(held)).toEqual({ data: { id, status: 'on_hold' } })
  // Still in the queue, with its reason and what may be done; not among what waits.
  const held_row = {
    id,
    status: 'on_hold',
    hold_reason: 'Goods not received yet',
    actions: ['release', 'reject'],
  }
  expect((await json(await payables.get('/bwapi/pending-invoices'))).data).toMatchObject([held_row])
  expect((await json(await payables.get('/bwapi/pending-invoices?status=on_hold'))).data).toMatchObject([
    held_row,
  ])
  expect((await json(await payables.get('/bwapi/pending-invoices?status=pending'))).data).toEqual([])
  const onHold = await snapshot()
  const capture = () =>
    payables.post(
      '/bwapi/supplier-invoices',
      invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], {
        pending_invoice_id: id,
        amount_exctax: '300.00',
        amount_inctax: '360.00',
      }),
    )
  const refused = await capture()
  expect(refused.status).toBe(409)
  expect(await json(refused)).toMatchObject({
    code: 'PENDING_INVOICE_ON_HOLD',
    message: expect.stringContaining('Goods not received yet'),
  })
  expect(await snapshot()).toBe(onHold)
  expect((await payables.post(`/bwapi/pending-invoices/${id}/hold`, { reason: 'Twice' })).status).toBe(409)
  expect(await snapshot()).toBe(onHold)

  // Released, it waits again (its reason kept in the trace) and is made into an invoice.
  expect(await json(await payables.post(`/bwapi/pending-invoices/${id}/release`, {}))).toEqual({
    data: { id, status: 'pending' },
  })
  const traces = await t.client.execute(
    `SELECT message FROM traces WHERE model = 'pending_invoice' AND model_id = '${id}' ORDER BY id`,
  )
  expect(traces.rows.map((r) => r.message)).toEqual([
    'Pending invoice INV 2026-0043 received',
    'Pending invoice INV 2026-0043 put on hold: Goods not received yet',
    'Pending invoice INV 2026-0043 released into the queue',
  ])
  expect((await capture()).status).toBe(201)
})

test('a Factur-X PDF, a CII or a UBL file queued arrives prefilled; totals that do not add up are reported', async () => {
  await t.client.execute({
    sql: "UPDATE suppliers SET intra_community_vat = 'FR83404833048' WHERE id = ?",
    args: [supplier],
  })
  const upload = async (name: string, bytes: Uint8Array, type: string) => {
    const form = new FormData()
    form.set('file', new File([bytes], name, { type }))
    return payables.request('/bwapi/pending-invoices', { method: 'POST', form })
  }
  expect((await upload('FA-2026-0815.pdf', await facturXPdf(), 'application/pdf')).status).toBe(201)
  expect(
    (
      await upload(
        'invoice.xml',
        new TextEncoder().encode(ublXml({ ...SAMPLE, number: 'UBL-1' })),
        'text/xml',
      )
    ).status,
  ).toBe(201)
  const wrong = { ...SAMPLE, number: 'CII-9', totals: { ...SAMPLE.totals, tax: '36.00' } }
  expect((await upload('cii.xml', new TextEncoder().encode(ciiXml(wrong)), 'text/xml')).status).toBe(201)
  // Queued in the same instant: read them in the order they were sent.
  const queue = ((await json(await payables.get('/bwapi/pending-invoices'))).data as Json[]).sort(
    (a, b) => Number(a.id) - Number(b.id),
  )
  expect(
    queue.map((p) => [p.label, p.supplier_id, p.invoice_date, p.amount_exctax, p.amount_inctax]),
  ).toEqual([
    ['FA-2026-0815', supplier, '2026-11-18', '179.70', '215.64'],
    ['UBL-1', supplier, '2026-11-18', '179.70', '215.64'],
    ['CII-9', supplier, '2026-11-18', '179.70', '215.64'],
  ])
  expect(queue[0]?.e_invoice).toMatchObject({
    syntax: 'facturx',
    lines: [{ label: 'Copy paper A4' }, { label: 'Toner' }],
  })
  expect(queue[0]?.e_invoice_issues).toEqual([])
  expect(queue[2]?.e_invoice_issues).toEqual([
    {
      code: 'E_INVOICE_TOTALS_MISMATCH',
      message: 'BR-CO-14: the VAT total (BT-110) says 36.00, but what it is made of adds up to 35.94.',
    },
    {
      code: 'E_INVOICE_TOTALS_MISMATCH',
      message: 'BR-CO-15: the total with VAT (BT-112) says 215.64, but what it is made of adds up to 215.7.',
    },
  ])
  // A foreign XML is refused, and nothing is queued.
  const before = await snapshot()
  const foreign = await upload('order.xml', new TextEncoder().encode('<Order/>'), 'text/xml')
  expect(foreign.status).toBe(422)
  expect(((await json(foreign)).errors as Record<string, string[]>).file?.[0]).toContain(
    'is not an e-invoice Procura reads',
  )
  expect(await snapshot()).toBe(before)
})

test('an e-invoice finds its supplier by the IBAN it asks to be paid on', async () => {
  await t.client.execute({
    sql: 'UPDATE suppliers SET intra_community_vat = NULL, siret = NULL WHERE id = ?',
    args: [supplier],
  })
  const account = await payables.post(`/bwapi/suppliers/${supplier}/bank-accounts`, {
    account_number: SAMPLE.seller.iban,
    holder_name: 'OfficePro Supplies',
    holder_country_code: 'FR',
  })
  expect(account.status).toBe(201)
  const form = new FormData()
  form.set('file', new File([new TextEncoder().encode(ublXml())], 'invoice.xml', { type: 'text/xml' }))
  expect((await payables.request('/bwapi/pending-invoices', { method: 'POST', form })).status).toBe(201)
  const [pending] = (await json(await payables.get('/bwapi/pending-invoices'))).data as Json[]
  expect(pending).toMatchObject({ supplier_id: supplier, label: 'FA-2026-0815' })
})

test('an e-invoice lands on the order its references name (BT-13, BT-16, BT-10), whatever the syntax; another supplier’s order is refused, named', async () => {
  await t.client.execute({
    sql: "UPDATE suppliers SET intra_community_vat = 'FR83404833048' WHERE id = ?",
    args: [supplier],
  })
  const { id } = await receivedOrder()
  const code = String(((await orderOf(id)) as Json).code)
  const delivery = String(
    (await t.client.execute(`SELECT code FROM deliveries WHERE purchase_order_id = ${id}`)).rows[0]?.code,
  )
  const upload = async (name: string, bytes: Uint8Array) => {
    const form = new FormData()
    form.set('file', new File([bytes], name))
    expect((await payables.request('/bwapi/pending-invoices', { method: 'POST', form })).status).toBe(201)
  }
  const sample = (number: string, references: Json) => ({
    ...SAMPLE,
    number,
    references,
    // BT-132: the seller's line 2 bills the order's line 2 whatever its label.
    lines: [
      { ...SAMPLE.lines[0], label: 'Papier', order_line: '1' },
      { ...SAMPLE.lines[1], order_line: '2' },
    ] as typeof SAMPLE.lines,
  })
  await upload('a.pdf', await facturXPdf(sample('FX-1', { order: code })))
  await upload('b.xml', new TextEncoder().encode(ciiXml(sample('CII-1', { despatch: delivery }))))
  await upload('c.xml', new TextEncoder().encode(ublXml(sample('UBL-1', { buyer: code }))))
  // An order of SafeWork named by an OfficePro invoice.
  const other = (
    (
      await json(
        await buyer.post('/bwapi/purchase-orders', {
          supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'SAFEWORK'"),
          company_id: company,
          currency_code: 'EUR',
          lines: [{ label: 'Gloves', quantity: '1', unit_price_exctax: '5', vat_rate: '20' }],
        }),
      )
    ).data as { code: string }
  ).code
  await upload('d.xml', new TextEncoder().encode(ublXml(sample('UBL-2', { order: other }))))
  const queue = ((await json(await payables.get('/bwapi/pending-invoices'))).data as Json[]).sort(
    (a, b) => Number(a.id) - Number(b.id),
  )
  expect(queue.map((p) => p.e_invoice_match)).toEqual([
    { rule: 'BT-13', order_id: id, order_code: code },
    { rule: 'BT-16', order_id: id, order_code: code },
    { rule: 'BT-10', order_id: id, order_code: code },
    null,
  ])
  expect(queue[3]?.e_invoice_issues).toEqual([
    {
      code: 'E_INVOICE_ORDER_OTHER_SUPPLIER',
      message: `The e-invoice names the order ${other} (BT-13), which is SafeWork Équipements’s: an invoice never lands on another supplier’s order. Check the supplier, or ask the seller for a corrected invoice.`,
    },
  ])
})

test('an e-invoice’s lifecycle: taken over, suspended for a document, refused with its reason code, approved with a dispute open, payment sent', async () => {
  const order = await receivedOrder()
  const code = String(((await orderOf(order.id)) as Json).code)
  const form = new FormData()
  const sample = {
    ...SAMPLE,
    number: 'INV 2026-0042',
    references: { order: code },
    lines: [{ label: 'Paper', quantity: '6', price: '50', amount: '300.00', rate: '20', order_line: '1' }],
    vat: [{ rate: '20', base: '300.00', tax: '60.00' }],
    totals: { lines: '300.00', exctax: '300.00', tax: '60.00', inctax: '360.00' },
  }
  form.set('supplier_id', String(supplier))
  form.set('file', new File([new TextEncoder().encode(ciiXml(sample))], 'invoice.xml'))
  const pending = (
    (await json(await payables.request('/bwapi/pending-invoices', { method: 'POST', form }))).data as {
      id: number
    }
  ).id
  const { id } = (
    await json(
      await payables.post(
        '/bwapi/supplier-invoices',
        invoice([{ purchase_order_line_id: order.goods, quantity: '6', vat_rate: '20' }], {
          amount_exctax: '300.00',
          amount_inctax: '360.00',
          pending_invoice_id: pending,
        }),
      ),
    )
  ).data as { id: number }
  const lifecycle = async () =>
    (
      (await json(await payables.get(`/bwapi/supplier-invoices/${id}`))).data as { lifecycle: Json[] }
    ).lifecycle.map((s) => [s.code, s.reason_code])
  expect(await lifecycle()).toEqual([['204', null]])
  await payables.post(`/bwapi/supplier-invoices/${id}/dispute`, {
    action: 'open',
    body: 'Please send the signed delivery note.',
    reason_code: 'JUSTIF_ABS',
  })
  expect(await lifecycle()).toEqual([
    ['204', null],
    ['208', 'JUSTIF_ABS'],
  ])
  // Sent on despite the dispute: confirmed.
  await payables.post(`/bwapi/supplier-invoices/${id}/submit`, { confirm: true })
  const validator = await signIn(t.app, 'validator')
  // A refusal of an e-invoice needs its reason code: refused, nothing changes.
  const before = await snapshot()
  const bare = await validator.post(`/bwapi/supplier-invoices/${id}/refuse`, {
    reason: 'Quantities do not match',
  })
  expect(Object.keys((await json(bare)).errors as Json)).toEqual(['reason_code'])
  expect(await snapshot()).toBe(before)
  // Nor with a reason the reform keeps for a dispute (BR-FR-CDV-CL-09: a quantity is disputed, not refused).
  const disputeReason = await validator.post(`/bwapi/supplier-invoices/${id}/refuse`, {
    reason: 'Quantities do not match',
    reason_code: 'QTE_ERR',
  })
  expect((await json(disputeReason)).errors).toEqual({
    reason_code: ["Cette valeur n'est pas dans la liste."],
  })
  expect(await snapshot()).toBe(before)
  await validator.post(`/bwapi/supplier-invoices/${id}/refuse`, {
    reason: 'Billed twice',
    reason_code: 'DOUBLON',
  })
  await payables.post(`/bwapi/supplier-invoices/${id}/back_to_draft`, {})
  await payables.post(`/bwapi/supplier-invoices/${id}/submit`, { confirm: true })
  await validator.post(`/bwapi/supplier-invoices/${id}/validate`, { confirm: true })
  // Approved while the dispute is still open (confirmed): partly approved.
  expect((await lifecycle()).slice(2)).toEqual([
    ['210', 'DOUBLON'],
    ['206', null],
  ])
  // A paper invoice has no lifecycle.
  const paper = (
    (
      await json(
        await payables.post(
          '/bwapi/supplier-invoices',
          invoice([{ label: 'Freight', amount_exctax: '15.00', vat_rate: '20' }], {
            label: 'PAPER-1',
            amount_exctax: '15.00',
            amount_inctax: '18.00',
          }),
        ),
      )
    ).data as { id: number }
  ).id
  expect(
    ((await json(await payables.get(`/bwapi/supplier-invoices/${paper}`))).data as Json).lifecycle,
  ).toEqual([])
  // Paid: the payment sent (211), once.
  await payables.post(`/bwapi/supplier-invoices/${id}/dispute`, {
    action: 'close',
    body: 'Delivery note received.',
  })
  const admin = await signIn(t.app, 'admin')
  await bankDetails(t, payables, admin)
  const group = (
    (
      await json(
        await payables.post('/bwapi/payment-groups', {
          payment_date: '2026-12-01',
          lines: [{ supplier_invoice_id: id }],
        }),
      )
    ).data as { id: number }
  ).id
  await payables.post(`/bwapi/payment-groups/${group}/submit`)
  expect((await (await signIn(t.app, 'finance')).post(`/bwapi/payment-groups/${group}/pay`, {})).status).toBe(
    200,
  )
  expect((await lifecycle()).slice(4)).toEqual([['211', null]])
})

test('an e-invoice addressed to a routing code lands in that department’s queue; an unknown code is reported', async () => {
  const admin = await signIn(t.app, 'admin')
  const department = await idOf("SELECT id FROM departments WHERE code = 'PURCH'")
  // A SIREN is nine digits: refused otherwise, nothing changes.
  const fields = { code: 'ACME', label: 'Acme Industries', currency_code: 'EUR' }
  const put = (siren: string) =>
    admin.request(`/bwapi/companies/${company}`, { method: 'PUT', body: { ...fields, siren } })
  expect((await put('12345')).status).toBe(422)
  expect((await put('123456789')).status).toBe(200)
  await t.client.execute(`UPDATE departments SET routing_code = 'ACHATS' WHERE id = ${department}`)
  const upload = async (name: string, bytes: Uint8Array) => {
    const form = new FormData()
    form.set('file', new File([bytes], name))
    expect((await payables.request('/bwapi/pending-invoices', { method: 'POST', form })).status).toBe(201)
  }
  await upload(
    'a.xml',
    new TextEncoder().encode(
      ciiXml({ ...SAMPLE, number: 'R-1', addressee: { address: '123456789_ACHATS' } }),
    ),
  )
  await upload(
    'b.xml',
    new TextEncoder().encode(
      ublXml({ ...SAMPLE, number: 'R-2', addressee: { address: '123456789_ACHATS' } }),
    ),
  )
  await upload(
    'c.xml',
    new TextEncoder().encode(
      ciiXml({ ...SAMPLE, number: 'R-3', addressee: { address: '123456789_LOGISTIQUE' } }),
    ),
  )
  await upload(
    'd.xml',
    new TextEncoder().encode(ublXml({ ...SAMPLE, number: 'R-4', addressee: { siren: '123456789' } })),
  )
  const rows = await t.client.execute(
    'SELECT label, company_id, department_id FROM pending_invoices ORDER BY id',
  )
  expect(rows.rows.map((r) => [r.label, r.company_id, r.department_id])).toEqual([
    ['R-1', company, department],
    ['R-2', company, department],
    ['R-3', company, null],
    ['R-4', company, null],
  ])
  const queue = (await json(await payables.get(`/bwapi/pending-invoices?department_id=${department}`)))
    .data as Json[]
  // Queued in the same instant: read them by label.
  expect(queue.map((p) => [p.label, p.department]).sort()).toEqual([
    ['R-1', 'Purchasing'],
    ['R-2', 'Purchasing'],
  ])
  const all = (await json(await payables.get('/bwapi/pending-invoices'))).data as Json[]
  expect(all.find((p) => p.label === 'R-3')?.e_invoice_issues).toEqual([
    expect.objectContaining({
      code: 'E_INVOICE_ROUTING_UNKNOWN',
      message: expect.stringContaining('LOGISTIQUE'),
    }),
  ])
})
