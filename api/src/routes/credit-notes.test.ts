import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { SAMPLE, ublXml } from '../testing/e-invoice-samples'
import { bankDetails, validatedInvoice } from '../testing/payables'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'
import { SEPA_SCHEMA, xmllint } from '../testing/xmllint'

type Json = Record<string, unknown>
let t: TestApp
let buyer: Agent
let payables: Agent
/** INV 1: 10 units at 50.00 (20 % VAT) received and billed in full, validated. */
let paid: { invoice: number; order: number; supplier: number; company: number }
let line: number

const json = async (response: Response) => (await response.json()) as Json

beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  payables = await signIn(t.app, 'payables')
  paid = await validatedInvoice(t, buyer)
  const order = (await json(await buyer.get(`/bwapi/purchase-orders/${paid.order}`))).data as {
    lines: { id: number }[]
  }
  line = order.lines[0]?.id ?? 0
})
afterEach(() => t.close())

/** Two of the ten units go back to the supplier. */
const returnTwo = async () =>
  expect(
    (
      await buyer.post('/bwapi/deliveries', {
        purchase_order_id: paid.order,
        delivery_date: '2026-11-22',
        lines: [{ purchase_order_line_id: line, quantity: '-2' }],
      })
    ).status,
  ).toBe(201)

const creditNote = (quantity: string, extra: Json = {}) => {
  const exc = (Number(quantity) * 50).toFixed(2)
  return {
    kind: 'credit_note',
    corrects_invoice_id: paid.invoice,
    label: 'CN 7',
    supplier_id: paid.supplier,
    company_id: paid.company,
    currency_code: 'EUR',
    invoice_date: '2026-11-23',
    amount_exctax: exc,
    amount_inctax: (Number(exc) * 1.2).toFixed(2),
    lines: [{ purchase_order_line_id: line, quantity, vat_rate: '20' }],
    ...extra,
  }
}

/** What a capture may touch: counts, the documents, what the order's line billed. */
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT id, kind, status, amount_exctax FROM supplier_invoices ORDER BY id'))
      .rows,
    (
      await t.client.execute(
        'SELECT id, billed_quantity, billed_amount_exctax, billing_status FROM purchase_order_lines ORDER BY id',
      )
    ).rows,
  ])

test('a credit note for goods returned: its own document, negative, matched against the return, linked both ways', async () => {
  await returnTwo()
  const created = await payables.post('/bwapi/supplier-invoices', creditNote('-2'))
  expect(created.status).toBe(201)
  const { id } = (await json(created)).data as { id: number }
  const note = (await json(await payables.get(`/bwapi/supplier-invoices/${id}`))).data as Json & {
    lines: { match_result: string; amount_exctax: string }[]
  }
  expect(note).toMatchObject({
    kind: 'credit_note',
    status: 'draft',
    amount_exctax: '-100.00',
    amount_inctax: '-120.00',
    corrects: { id: paid.invoice, label: 'INV 1', status: 'validated', amount_inctax: '600.00' },
    credit_notes: [],
  })
  expect(note.lines.map((l) => [l.match_result, l.amount_exctax])).toEqual([['credit_return', '-100.00']])
  // The order line is billed for what it kept: 8 units.
  const order = (await json(await buyer.get(`/bwapi/purchase-orders/${paid.order}`))).data as {
    lines: { billed_quantity: string; billed_amount_exctax: string }[]
  }
  expect(order.lines[0]).toMatchObject({ billed_amount_exctax: '400.00' })
  expect(Number(order.lines[0]?.billed_quantity)).toBe(8)
  // The invoice it corrects lists it.
  const invoice = (await json(await payables.get(`/bwapi/supplier-invoices/${paid.invoice}`))).data as Json
  expect(invoice).toMatchObject({ kind: 'invoice', corrects: null, credit_notes: [{ id, label: 'CN 7' }] })
  // It goes through validation like an invoice.
  const submitted = await payables.post(`/bwapi/supplier-invoices/${id}/submit`)
  expect(submitted.status, await submitted.clone().text()).toBe(200)
  const validator = await signIn(t.app, 'validator')
  expect((await validator.post(`/bwapi/supplier-invoices/${id}/validate`)).status).toBe(200)
  // Validated, it takes 120.00 off what remains to pay on INV 1: proposed, paid and sent net.
  const proposal = (await json(await payables.get('/bwapi/payment-groups/proposal?due_by=2027-12-31')))
    .data as {
    invoices: { id: number; remaining: string }[]
  }[]
  const lines = proposal.flatMap((g) => g.invoices)
  expect(lines.find((l) => l.id === paid.invoice)?.remaining).toBe('480.00')
  expect(lines.some((l) => l.id === id)).toBe(false)
  const corrected = (await json(await payables.get(`/bwapi/supplier-invoices/${paid.invoice}`))).data as Json
  expect(corrected.payment_status).toBe('partial')
  // The credit note itself is settled: what it takes off was still owed on INV 1.
  const settled = (await json(await payables.get(`/bwapi/supplier-invoices/${id}`))).data as Json
  expect(settled.payment_status).toBe('complete')
  await bankDetails(t, payables, await signIn(t.app, 'admin'))
  const group = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-11-30',
    lines: [{ supplier_invoice_id: paid.invoice, amount_inctax: null }],
  })
  expect(group.status).toBe(201)
  const made = (await json(group)).data as { id: number; amount_inctax: string }
  expect(made.amount_inctax).toBe('480.00')
  // The transfer pays 480.00 and tells the supplier why: net of the credit note.
  await payables.post(`/bwapi/payment-groups/${made.id}/submit`)
  const finance = await signIn(t.app, 'finance')
  const exported = (await json(await finance.post(`/bwapi/payment-groups/${made.id}/sepa`, {}))).data as {
    id: number
  }
  const xml = await (await finance.get(`/bwapi/payment-groups/${made.id}/exports/${exported.id}/file`)).text()
  expect(xmllint(xml, SEPA_SCHEMA('09'))).toBe('')
  expect(xml).toContain('<InstdAmt Ccy="EUR">480.00</InstdAmt>')
  expect(xml).toMatch(/<Ustrd>INV 1 \S+ net of CN 7<\/Ustrd>/)
  // Listed as a credit note, and found by its kind.
  const list = (await json(await payables.get('/bwapi/supplier-invoices?kind=credit_note'))).data as {
    id: number
  }[]
  expect(list.map((r) => r.id)).toEqual([id])
})

test('the form for a credit note offers the lines billed (of the invoice it corrects), what came back, and the invoices to correct', async () => {
  await returnTwo()
  const form = async (query: string) =>
    (await json(
      await payables.get(`/bwapi/supplier-invoices/create-form?supplier_id=${paid.supplier}${query}`),
    )) as {
      lines: { id: number; returned_quantity: string }[]
      correctable: { id: number; label: string }[]
    }
  // An invoice: the line is billed in full, nothing to offer.
  expect((await form('')).lines).toEqual([])
  const credit = await form(`&kind=credit_note&corrects_invoice_id=${paid.invoice}`)
  expect(credit.lines.map((l) => [l.id, Number(l.returned_quantity)])).toEqual([[line, 2]])
  expect(credit.correctable).toEqual([{ id: paid.invoice, code: expect.any(String), label: 'INV 1' }])
})

test('a credit beyond what was returned (a price or goodwill credit) passes, said so to the validator', async () => {
  const created = await payables.post('/bwapi/supplier-invoices', creditNote('-1'))
  expect(created.status).toBe(201)
  const { id } = (await json(created)).data as { id: number }
  const note = (await json(await payables.get(`/bwapi/supplier-invoices/${id}`))).data as {
    lines: { match_result: string }[]
  }
  expect(note.lines.map((l) => l.match_result)).toEqual(['credit_other'])
})

test('refused, nothing changed: a credit note that is not negative, a negative invoice, a credit past what was billed, a foreign invoice to correct', async () => {
  await returnTwo()
  const before = await snapshot()
  const refusal = async (body: Json) => {
    const response = await payables.post('/bwapi/supplier-invoices', body)
    expect(response.status).toBe(422)
    return (await json(response)) as Json & { code: string; errors?: Record<string, { code: string }[]> }
  }
  expect((await refusal(creditNote('2'))).code).toBe('CREDIT_NOTE_NOT_NEGATIVE')
  expect((await refusal(creditNote('-2', { kind: 'invoice', corrects_invoice_id: null }))).code).toBe(
    'INVOICE_TOTAL_NEGATIVE',
  )
  const beyond = await refusal(creditNote('-11'))
  expect(beyond.code).toBe('CREDIT_BEYOND_BILLED')
  expect(beyond.message).toBe('Crediting 550.00 takes the order line below what was billed on it (500.00).')
  // The invoice to correct: one that exists; and only a credit note names one.
  expect((await refusal(creditNote('-2', { corrects_invoice_id: 999_999 }))).errors).toMatchObject({
    corrects_invoice_id: ['This value is not in the list.'],
  })
  const invoiceNaming = creditNote('2', { kind: 'invoice', label: 'INV 3' })
  expect((await refusal(invoiceNaming)).errors).toMatchObject({
    corrects_invoice_id: ['This value is not in the list.'],
  })
  expect(await snapshot()).toBe(before)
  // A draft is corrected by editing it, not by a credit note.
  const draft = await payables.post('/bwapi/supplier-invoices', {
    ...creditNote('2', { kind: 'invoice', corrects_invoice_id: null, label: 'INV 2' }),
    amount_exctax: '0.00',
    amount_inctax: '0.00',
    lines: [{ label: 'Handling', amount_exctax: '0', vat_rate: '20' }],
  })
  expect(draft.status).toBe(201)
  const draftId = ((await json(draft)).data as { id: number }).id
  const afterDraft = await snapshot()
  expect((await refusal(creditNote('-2', { corrects_invoice_id: draftId }))).errors).toMatchObject({
    corrects_invoice_id: ['This value is not in the list.'],
  })
  expect(await snapshot()).toBe(afterDraft)
})

test('an e-invoice of type 381 arrives as a negative pending invoice and is captured as a credit note, not as an invoice', async () => {
  await returnTwo()
  const note = ublXml(
    {
      ...SAMPLE,
      number: 'CN-2026-0007',
      lines: [{ label: 'Paper', quantity: '2', price: '50.00', amount: '100.00', rate: '20' }],
      vat: [{ rate: '20', base: '100.00', tax: '20.00' }],
      totals: { lines: '100.00', exctax: '100.00', tax: '20.00', inctax: '120.00' },
    },
    'CreditNote',
  )
  const form = new FormData()
  form.set('file', new File([new TextEncoder().encode(note)], 'cn.xml', { type: 'text/xml' }))
  const queued = await payables.request('/bwapi/pending-invoices', { method: 'POST', form })
  expect(queued.status).toBe(201)
  const pendingId = ((await json(queued)).data as { id: number }).id
  const pending = (await json(await payables.get('/bwapi/pending-invoices'))).data as {
    id: number
    amount_exctax: string
    amount_inctax: string
  }[]
  expect(pending.find((p) => p.id === pendingId)).toMatchObject({
    amount_exctax: '-100.00',
    amount_inctax: '-120.00',
  })
  const capture = (kind: string) =>
    payables.post('/bwapi/supplier-invoices', {
      ...creditNote('-2', { kind, corrects_invoice_id: kind === 'credit_note' ? paid.invoice : null }),
      label: 'CN-2026-0007',
      pending_invoice_id: pendingId,
    })
  const asInvoice = await capture('invoice')
  expect(asInvoice.status).toBe(422)
  expect(((await json(asInvoice)) as { code: string }).code).toBe('INVOICE_TOTAL_NEGATIVE')
  expect((await capture('credit_note')).status).toBe(201)
  // Taken over (204): the platform is told it is a credit note.
  const [message] = (await t.client.execute('SELECT payload FROM e_invoice_outbox')).rows
  const payload = typeof message?.payload === 'string' ? JSON.parse(message.payload) : message?.payload
  expect(payload).toMatchObject({
    invoice: { number: 'CN-2026-0007', credit_note: true },
    status: { code: '204' },
  })
})

test('a credit note naming no invoice is taken off the supplier’s open invoices, oldest due first, and given back when it leaves', async () => {
  const validator = await signIn(t.app, 'validator')
  const remaining = async () =>
    Object.fromEntries(
      (
        (await json(await payables.get('/bwapi/payment-groups/proposal?due_by=2027-12-31'))).data as {
          invoices: { label: string; remaining: string }[]
        }[]
      )
        .flatMap((g) => g.invoices)
        .map((i) => [i.label, i.remaining]),
    )
  const statusOf = async (id: number) =>
    ((await json(await payables.get(`/bwapi/supplier-invoices/${id}`))).data as Json).payment_status
  // A goodwill credit of 700.00 incl. tax, on no invoice: more than INV 1 (600.00) still owes.
  const created = await payables.post(
    '/bwapi/supplier-invoices',
    creditNote('0', {
      corrects_invoice_id: null,
      label: 'CN 9',
      amount_exctax: '-583.33',
      amount_inctax: '-700.00',
      lines: [{ label: 'Goodwill', amount_exctax: '-583.33', amount_inctax: '-700.00', vat_rate: '20' }],
    }),
  )
  expect(created.status, await created.clone().text()).toBe(201)
  const { id } = (await json(created)).data as { id: number }
  expect((await payables.post(`/bwapi/supplier-invoices/${id}/submit`)).status).toBe(200)
  expect((await validator.post(`/bwapi/supplier-invoices/${id}/validate`)).status).toBe(200)
  // Validated: INV 1 takes 600.00 of it (nothing left to pay), 100.00 stays open.
  expect((await remaining())['INV 1']).toBeUndefined()
  expect(await statusOf(paid.invoice)).toBe('complete')
  expect(await statusOf(id)).toBe('partial')
  // The supplier's next invoice takes the rest when it is validated.
  const next = await validatedInvoice(t, buyer, 'INV 2')
  expect((await remaining())['INV 2']).toBe('500.00')
  expect(await statusOf(id)).toBe('complete')
  expect(await statusOf(next.invoice)).toBe('partial')
  const allocations = await t.client.execute(
    'SELECT supplier_invoice_id, amount FROM credit_allocations ORDER BY supplier_invoice_id',
  )
  expect(allocations.rows.map((r) => [Number(r.supplier_invoice_id), String(r.amount)])).toEqual([
    [paid.invoice, '600.00'],
    [next.invoice, '100.00'],
  ])
  // Each page says it: the note where its credit went, the invoice which notes it took.
  const read = async (doc: number) =>
    ((await json(await payables.get(`/bwapi/supplier-invoices/${doc}`))).data as { credit_applied: Json[] })
      .credit_applied
  expect((await read(id)).map((a) => [a.label, a.amount])).toEqual([
    ['INV 1', '600.00'],
    ['INV 2', '100.00'],
  ])
  expect((await read(next.invoice)).map((a) => [a.id, a.label, a.amount])).toEqual([[id, 'CN 9', '100.00']])
  // INV 2 is paid net, and the transfer says so.
  await bankDetails(t, payables, await signIn(t.app, 'admin'))
  const group = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-11-30',
    lines: [{ supplier_invoice_id: next.invoice, amount_inctax: null }],
  })
  expect(group.status).toBe(201)
  const made = (await json(group)).data as { id: number; amount_inctax: string }
  expect(made.amount_inctax).toBe('500.00')
  await payables.post(`/bwapi/payment-groups/${made.id}/submit`)
  const finance = await signIn(t.app, 'finance')
  const exported = (await json(await finance.post(`/bwapi/payment-groups/${made.id}/sepa`, {}))).data as {
    id: number
  }
  const xml = await (await finance.get(`/bwapi/payment-groups/${made.id}/exports/${exported.id}/file`)).text()
  expect(xmllint(xml, SEPA_SCHEMA('09'))).toBe('')
  expect(xml).toMatch(/<Ustrd>INV 2 \S+ net of CN 9<\/Ustrd>/)
  // The credit note taken back: what it had set against both invoices is owed again.
  expect(
    (await payables.post(`/bwapi/supplier-invoices/${id}/back_to_draft`, { confirm: true })).status,
  ).toBe(200)
  expect((await t.client.execute('SELECT count(*) AS n FROM credit_allocations')).rows[0]?.n).toBe(0)
  expect((await remaining())['INV 1']).toBe('600.00')
  expect(await statusOf(paid.invoice)).toBe('no')
  expect(await statusOf(id)).toBe('no')
})
