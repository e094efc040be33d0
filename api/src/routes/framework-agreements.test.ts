import { afterEach, beforeEach, expect, test } from 'vitest'
import { runAgreementsJob } from '../services/sourcing/agreement-jobs'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
type Line = { id: number; drawn: string; remaining: string; used_percent: number; received: string }
let t: TestApp
let buyer: Agent
let validator: Agent
let supplier: number
let company: number
const json = async (response: Response) => (await response.json()) as Json
const idOf = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT id, status FROM framework_agreements ORDER BY id')).rows,
    (await t.client.execute('SELECT id, drawn_units FROM framework_agreement_lines ORDER BY id')).rows,
  ])

beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  validator = await signIn(t.app, 'validator')
  supplier = await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  company = await idOf("SELECT id FROM companies WHERE code = 'ACME'")
})
afterEach(() => t.close())

const agreementInput = (changes: Json = {}) => ({
  label: 'Office paper 2026',
  supplier_id: supplier,
  company_id: company,
  currency_code: 'EUR',
  starts_on: '2026-01-01',
  ends_on: '2026-12-31',
  lines: [
    { label: 'A4 paper, box of 5 reams', unit_price_exctax: '4.50', vat_rate: '20', ceiling: '100' },
    { label: 'Toner', unit_price_exctax: '80', vat_rate: '20', ceiling_kind: 'amount', ceiling: '1000.00' },
  ],
  ...changes,
})

/** An agreement written by the buyer and validated by the validator: its id and line ids. */
const activeAgreement = async (changes: Json = {}) => {
  const made = (await json(await buyer.post('/bwapi/framework-agreements', agreementInput(changes))))
    .data as {
    id: number
  }
  expect((await buyer.post(`/bwapi/framework-agreements/${made.id}/submit`)).status).toBe(200)
  expect((await validator.post(`/bwapi/framework-agreements/${made.id}/validate`)).status).toBe(200)
  const page = await agreement(made.id)
  return { id: made.id, paper: page.lines[0]?.id ?? 0, toner: page.lines[1]?.id ?? 0 }
}
const agreement = async (id: number) =>
  (await json(await buyer.get(`/bwapi/framework-agreements/${id}`))).data as {
    status: string
    used_percent: number
    lines: Line[]
    orders: { code: string }[]
  }
const order = (lines: Json[], changes: Json = {}) =>
  buyer.post('/bwapi/purchase-orders', {
    supplier_id: supplier,
    company_id: company,
    currency_code: 'EUR',
    lines,
    ...changes,
  })
const paper = (line: number, quantity: string, changes: Json = {}) => ({
  label: 'Paper',
  quantity,
  unit_price_exctax: '9.99',
  vat_rate: '5.5',
  agreement_line_id: line,
  ...changes,
})

test('an agreement is written, submitted and validated by someone else; bad input and wrong people change nothing', async () => {
  const before = await snapshot()
  const bad = await buyer.post(
    '/bwapi/framework-agreements',
    agreementInput({ ends_on: '2025-12-31', lines: [] }),
  )
  expect(Object.keys((await json(bad)).errors as Json).sort()).toEqual(['ends_on', 'lines'])
  expect((await validator.post('/bwapi/framework-agreements', agreementInput())).status).toBe(403)
  expect(await snapshot()).toBe(before)
  const made = (await json(await buyer.post('/bwapi/framework-agreements', agreementInput()))).data as {
    id: number
    code: string
  }
  expect(made.code).toBe('AGR-2026-00001')
  // An order cannot draw on a draft.
  const draftLine = (await agreement(made.id)).lines[0]?.id ?? 0
  expect((await json(await order([paper(draftLine, '1')]))).code).toBe('AGREEMENT_NOT_ACTIVE')
  await buyer.post(`/bwapi/framework-agreements/${made.id}/submit`)
  // The buyer who wrote it does not validate it; a refusal needs its reason.
  expect((await buyer.post(`/bwapi/framework-agreements/${made.id}/validate`)).status).toBe(403)
  expect(
    Object.keys(
      (await json(await validator.post(`/bwapi/framework-agreements/${made.id}/refuse`))).errors as Json,
    ),
  ).toEqual(['reason'])
  // Waiting, it counts in the validator's actions to do (not in its buyer's).
  const todo = async (who: Agent) =>
    ((await json(await who.get('/bwapi/actions-to-do'))).actions as { link: string; count: number }[]).find(
      (a) => a.link === '/framework-agreements?status=awaiting',
    )?.count ?? 0
  expect([await todo(validator), await todo(buyer)]).toEqual([1, 0])
  expect((await validator.post(`/bwapi/framework-agreements/${made.id}/validate`)).status).toBe(200)
  expect((await agreement(made.id)).status).toBe('active')
  expect(await todo(validator)).toBe(0)
  expect((await json(await validator.post(`/bwapi/framework-agreements/${made.id}/validate`))).code).toBe(
    'TRANSITION_NOT_ALLOWED',
  )
})

test('an agreement follows the orders’ circuit on what it commits to: from 5,000 the validator, then the administrator', async () => {
  // 100 boxes at 4.50 and 5,000.00 of toner: 5,450.00 — the demo chart's two steps.
  const made = (
    await json(
      await buyer.post(
        '/bwapi/framework-agreements',
        agreementInput({
          lines: [
            { label: 'A4 paper', unit_price_exctax: '4.50', vat_rate: '20', ceiling: '100' },
            { label: 'Toner', unit_price_exctax: '80', ceiling_kind: 'amount', ceiling: '5000.00' },
          ],
        }),
      ),
    )
  ).data as { id: number }
  await buyer.post(`/bwapi/framework-agreements/${made.id}/submit`)
  const admin = await signIn(t.app, 'admin')
  const waiting = async () =>
    ((await json(await buyer.get(`/bwapi/framework-agreements/${made.id}`))).data as Json).waiting_on
  expect(await waiting()).toEqual(['validator'])
  // The administrator is not the current step: refused as an order's circuit refuses, nothing changes.
  const before = await snapshot()
  expect((await json(await admin.post(`/bwapi/framework-agreements/${made.id}/validate`))).code).toBe(
    'NOT_CURRENT_VALIDATOR',
  )
  expect(await snapshot()).toBe(before)
  expect(
    (await json(await validator.post(`/bwapi/framework-agreements/${made.id}/validate`))).data,
  ).toMatchObject({
    status: 'awaiting',
  })
  expect(await waiting()).toEqual(['admin'])
  expect(
    (await json(await admin.post(`/bwapi/framework-agreements/${made.id}/validate`))).data,
  ).toMatchObject({
    status: 'active',
  })
  expect((await agreement(made.id)).status).toBe('active')
})

test('an order drawing on an agreement is priced from it; the ceiling is reached exactly, not passed; a cancelled order gives back', async () => {
  const { id, paper: line } = await activeAgreement()
  const first = await order([paper(line, '60')])
  expect(first.status).toBe(201)
  const firstId = ((await json(first)).data as { id: number }).id
  const written = (await json(await buyer.get(`/bwapi/purchase-orders/${firstId}`))).data as {
    amount_exctax: string
    lines: { unit_price_exctax: string; vat_rate: string; agreement_line_id: number }[]
  }
  expect(written.lines[0]).toMatchObject({
    unit_price_exctax: '4.50',
    vat_rate: '20',
    agreement_line_id: line,
  })
  expect(written.amount_exctax).toBe('270.00')
  // 60 × 4.50 = 270.00 of 450.00 + 1,000.00 agreed: 19 % used, said on the order.
  expect((await json(await buyer.get(`/bwapi/purchase-orders/${firstId}`))).data).toMatchObject({
    agreements: [{ id, code: 'AGR-2026-00001', label: 'Office paper 2026', used_percent: 19 }],
  })
  expect((await agreement(id)).lines[0]).toMatchObject({ drawn: '60', remaining: '40', used_percent: 60 })
  // The list and what the order form offers say the same.
  const list = (await json(await buyer.get('/bwapi/framework-agreements?status=active'))).data as Json[]
  expect(list).toEqual([
    expect.objectContaining({ id, code: 'AGR-2026-00001', used_percent: 19, status: 'active' }),
  ])
  expect((await json(await buyer.get('/bwapi/framework-agreements?status=draft'))).data).toEqual([])
  const offers = (await json(await buyer.get(`/bwapi/framework-agreements/offers?supplier_id=${supplier}`)))
    .data as { id: number; lines: { id: number; remaining: string; unit_price_exctax: string }[] }[]
  expect(offers.map((o) => o.id)).toEqual([id])
  expect(offers[0]?.lines[0]).toMatchObject({ id: line, remaining: '40', unit_price_exctax: '4.50' })

  const before = await snapshot()
  const over = await order([paper(line, '41')])
  expect(over.status).toBe(422)
  expect(await json(over)).toEqual({
    code: 'AGREEMENT_CEILING_EXCEEDED',
    message:
      'The agreement AGR-2026-00001 has 40 left on “A4 paper, box of 5 reams”: order at most that, or beyond it without the agreement.',
  })
  expect(await snapshot()).toBe(before)
  expect((await order([paper(line, '40')])).status).toBe(201)
  // Nothing remains on the paper, but the toner line still has its amount: not done yet.
  expect((await agreement(id)).status).toBe('active')
  expect(
    (
      await order([
        {
          label: 'Toner',
          quantity: '12',
          unit_price_exctax: '1',
          vat_rate: '20',
          agreement_line_id: (await agreement(id)).lines[1]?.id,
        },
      ])
    ).status,
  ).toBe(201)
  expect((await agreement(id)).lines[1]).toMatchObject({ drawn: '960', remaining: '40' })
  expect(
    (
      await order([
        {
          label: 'Toner',
          quantity: '0.5',
          unit_price_exctax: '1',
          vat_rate: '20',
          agreement_line_id: (await agreement(id)).lines[1]?.id,
        },
      ])
    ).status,
  ).toBe(201)
  expect((await agreement(id)).status).toBe('done')
  expect((await json(await order([paper(line, '1')]))).code).toBe('AGREEMENT_CEILING_EXCEEDED')

  // Cancelling the first order gives its 60 back: the agreement is in force again.
  expect((await buyer.post(`/bwapi/purchase-orders/${firstId}/cancel`)).status).toBe(200)
  const after = await agreement(id)
  expect(after.status).toBe('active')
  expect(after.lines[0]).toMatchObject({ drawn: '40', remaining: '60' })
  expect(after.orders.length).toBe(4)
})

test('an edited order draws its new quantity; the over-draw allowance applies on the original ceiling', async () => {
  const admin = await signIn(t.app, 'admin')
  const settings = (
    (await json(await admin.get('/bwapi/settings'))).data as { groups: { group: string; values: Json }[] }
  ).groups.find((g) => g.group === 'prices')?.values
  await admin.request('/bwapi/settings/prices', {
    method: 'PUT',
    body: { ...settings, agreement_overdraw_percent: 10 },
  })
  const { id, paper: line } = await activeAgreement()
  const made = ((await json(await order([paper(line, '100')]))).data as { id: number }).id
  const edit = (quantity: string) =>
    buyer.request(`/bwapi/purchase-orders/${made}`, {
      method: 'PUT',
      body: {
        supplier_id: supplier,
        company_id: company,
        currency_code: 'EUR',
        lines: [paper(line, quantity)],
      },
    })
  expect((await edit('110')).status).toBe(200)
  expect((await agreement(id)).lines[0]).toMatchObject({ drawn: '110', used_percent: 110 })
  expect((await json(await edit('110.5'))).code).toBe('AGREEMENT_CEILING_EXCEEDED')
  expect((await agreement(id)).lines[0]).toMatchObject({ drawn: '110' })
  expect((await edit('20')).status).toBe(200)
  expect((await agreement(id)).lines[0]).toMatchObject({ drawn: '20', remaining: '80' })
})

test('another supplier or an expired agreement is refused; the job expires agreements at their end', async () => {
  const { id, paper: line } = await activeAgreement({ ends_on: '2026-11-30' })
  const other = await idOf("SELECT id FROM suppliers WHERE code = 'SAFEWORK'")
  expect((await json(await order([paper(line, '1')], { supplier_id: other }))).code).toBe(
    'AGREEMENT_OTHER_SUPPLIER',
  )
  // Nine days before its end (within the 30 notice days): its buyer is warned, once.
  expect(await runAgreementsJob({ db: t.db, clock: t.clock })).toBe(1)
  expect(await runAgreementsJob({ db: t.db, clock: t.clock })).toBe(0)
  const notes = (
    await t.client.execute("SELECT model_id FROM notifications WHERE kind = 'agreement_expiring'")
  ).rows.map((r) => r.model_id)
  expect(notes).toEqual([String(id)])
  t.clock.set('2026-12-01T10:00:00Z')
  buyer = await signIn(t.app, 'buyer')
  const late = await order([paper(line, '1')])
  expect([late.status, await json(late)]).toEqual([
    422,
    expect.objectContaining({ code: 'AGREEMENT_EXPIRED' }),
  ])
  // Past its end and before the job runs, its page and the list already say expired, never in force.
  expect((await agreement(id)).status).toBe('expired')
  const listed = async (status: string) =>
    (
      (await json(await buyer.get(`/bwapi/framework-agreements?status=${status}`))).data as { id: number }[]
    ).map((a) => a.id)
  expect(await listed('expired')).toContain(id)
  expect(await listed('active')).not.toContain(id)
  expect(await runAgreementsJob({ db: t.db, clock: t.clock })).toBe(1)
  expect((await agreement(id)).status).toBe('expired')
  expect(await runAgreementsJob({ db: t.db, clock: t.clock })).toBe(0)
})

test('50 orders drawing on one agreement at once never pass its ceiling', async () => {
  const { id, paper: line } = await activeAgreement()
  const answers = await Promise.all(Array.from({ length: 50 }, () => order([paper(line, '3')])))
  const passed = answers.filter((a) => a.status === 201).length
  expect(passed).toBe(33)
  expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 422)).toBe(true)
  expect((await agreement(id)).lines[0]).toMatchObject({ drawn: '99', remaining: '1' })
  const ordered = (
    await t.client.execute(
      `SELECT count(*) AS n FROM purchase_order_lines WHERE agreement_line_id = ${line} AND agreement_draw_units > 0`,
    )
  ).rows[0]?.n
  expect(Number(ordered)).toBe(33)
})

test('a catalogue article under an agreement is priced from it in the cart, and the cart’s order draws on it', async () => {
  const main = await idOf("SELECT id FROM warehouses WHERE code = 'MAIN'")
  const article = await idOf(
    "SELECT a.id FROM articles a JOIN supplier_articles s ON s.article_id = a.id WHERE s.supplier_id = (SELECT id FROM suppliers WHERE code = 'OFFICEPRO') AND s.main = true AND a.quantity_step IS NULL ORDER BY a.id LIMIT 1",
  )
  const made = (
    await json(
      await buyer.post(
        '/bwapi/framework-agreements',
        agreementInput({
          lines: [
            {
              article_id: article,
              label: 'Agreed article',
              unit_price_exctax: '1.25',
              vat_rate: '20',
              ceiling: '10',
            },
          ],
        }),
      ),
    )
  ).data as { id: number }
  await buyer.post(`/bwapi/framework-agreements/${made.id}/submit`)
  await validator.post(`/bwapi/framework-agreements/${made.id}/validate`)
  const base = `/bwapi/warehouses/${main}/articles`
  // The catalogue's list and the article's page show the agreed price, its agreement and supplier.
  const shown = { code: 'AGR-2026-00001', supplier: 'OfficePro Supplies', unit_price_exctax: '1.25' }
  const reference = String(
    (await t.client.execute(`SELECT reference FROM articles WHERE id = ${article}`)).rows[0]?.reference,
  )
  const listed = (await json(await buyer.get(`${base}?search=${encodeURIComponent(reference)}`)))
    .data as Json[]
  expect(
    listed.map((r) => [r.id, r.reference]),
    `${article} ${reference}`,
  ).toContainEqual([article, reference])
  expect(listed.find((r) => r.id === article)?.agreement).toMatchObject(shown)
  const page = (await json(await buyer.get(`${base}?per_page=100`))).data as Json[]
  expect(page.filter((r) => r.id !== article).every((r) => r.agreement === null)).toBe(true)
  const read = await json(await buyer.get(`${base}/${article}/show`))
  expect(read).toMatchObject({ data: { agreement: shown } })
  await buyer.post(`${base}/${article}/add-to-cart`, { quantity: '4' })
  const cart = (await json(await buyer.get(`${base}/get-cart`))).data as { items: Json[] }
  expect(cart.items[0]).toMatchObject({
    unit_price_exctax: '1.25',
    agreement: 'AGR-2026-00001',
    amount_exctax: '5.00',
  })
  const ordered = (await json(await buyer.post(`${base}/create-purchase-order?mode=draft`))).data as {
    orders: { id: number }[]
  }
  const orderId = ordered.orders[0]?.id ?? 0
  const line = (
    await t.client.execute(
      `SELECT unit_price_exctax, agreement_line_id, agreement_draw_units FROM purchase_order_lines WHERE purchase_order_id = ${orderId}`,
    )
  ).rows[0]
  expect({ ...line }).toMatchObject({ unit_price_exctax: '1.25', agreement_draw_units: 4000 })
  expect((await agreement(made.id)).lines[0]).toMatchObject({ drawn: '4', remaining: '6' })
  // Past what remains, the cart falls back on the catalogue's price and the order draws nothing.
  await buyer.post(`${base}/${article}/add-to-cart`, { quantity: '7' })
  const over = (await json(await buyer.get(`${base}/get-cart`))).data as { items: Json[] }
  expect(over.items[0]).toMatchObject({ agreement: null })
  expect(over.items[0]?.unit_price_exctax).not.toBe('1.25')
})
