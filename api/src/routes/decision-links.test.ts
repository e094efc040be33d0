import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, agent, signIn } from '../testing/agent'
import { bankDetails, validatedInvoice } from '../testing/payables'
import { decodedText, startTestSmtp, type TestSmtp } from '../testing/smtp'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

/**
 * Deciding from the e-mail: the validation request mail, read from a real SMTP server, carries a
 * "Validate" and a "Refuse" link; following one changes nothing, confirming decides once, and every
 * stale, reused, expired or forged link is answered without a change.
 */
type Json = Record<string, unknown>
let t: TestApp
let smtp: TestSmtp
let buyer: Agent
let guest: Agent
const json = async (response: Response) => (await response.json()) as Json
const rows = async (sql: string) => (await t.client.execute(sql)).rows
const idOf = async (sql: string) => Number((await rows(sql))[0]?.id)
/** Everything a decision could touch: a refused link must leave it as it was. */
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    await rows('SELECT id, status, lock_version, circuit FROM purchase_orders ORDER BY id'),
    await rows('SELECT id, status, lock_version, circuit FROM needs ORDER BY id'),
    await rows('SELECT nonce_hash, used_at FROM decision_links ORDER BY nonce_hash'),
  ])

beforeEach(async () => {
  smtp = await startTestSmtp()
  t = await createTestApp({ smtpUrl: smtp.url })
  buyer = await signIn(t.app, 'buyer')
  guest = agent(t.app)
  await guest.get('/sanctum/csrf-cookie')
  await t.client.execute("UPDATE users SET language = 'en' WHERE login IN ('validator', 'finance')")
  await t.client.execute(
    "UPDATE suppliers SET max_per_year = NULL, max_per_order = NULL WHERE code = 'OFFICEPRO'",
  )
})
afterEach(async () => {
  t.close()
  await smtp.close()
})

/** The decision links of the last mail to `to`: their tokens. */
const linksOf = async (to: string, count: number) => {
  const mails = await smtp.waitFor(count)
  const mail = mails.filter((m) => m.to.includes(to)).at(-1)
  const text = decodedText(mail?.raw ?? '')
  const token = (label: string) => new RegExp(`${label}: \\S*/decide/([A-Za-z0-9_-]+)`).exec(text)?.[1] ?? ''
  return { text, validate: token('Validate'), refuse: token('Refuse') }
}

const submittedOrder = async () => {
  const made = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    lines: [{ label: 'Copy paper A4', quantity: '10', unit_price_exctax: '4.99', vat_rate: '20' }],
  })
  expect(made.status).toBe(201)
  const id = ((await json(made)).data as { id: number }).id
  expect((await buyer.post(`/bwapi/purchase-orders/${id}/submit`)).status).toBe(200)
  return id
}
const orderStatus = async (id: number) =>
  String((await rows(`SELECT status FROM purchase_orders WHERE id = ${id}`))[0]?.status)
const decisionTraces = async () =>
  rows(
    "SELECT action, model, model_id, severity FROM traces WHERE action IN ('decision_link_refused', 'email_decision') ORDER BY id",
  )

test('the validator’s mail carries its links; reading one changes nothing, confirming validates once', async () => {
  const id = await submittedOrder()
  const links = await linksOf('validator@procura.example', 1)
  expect(links.text).toMatch(/Validate: http\S+\/decide\//)
  expect(links.text).toMatch(/Refuse: http\S+\/decide\//)
  expect(links.validate).not.toBe(links.refuse)
  // A mail scanner following the link: nothing changes.
  const before = await snapshot()
  const read = await guest.get(`/bwapi/decision-links/${links.validate}`)
  expect(read.status).toBe(200)
  expect((await json(read)).data).toMatchObject({
    model: 'purchase_order',
    id,
    decision: 'validate',
    status: 'awaiting',
    amount: '49.90',
    currency_code: 'EUR',
    party: expect.any(String),
    author: 'Bruno Buyer',
    step: 1,
    reader: 'Victor Validator',
    language: 'en',
    page: `/purchase-orders/${id}`,
    problem: null,
  })
  expect(await snapshot()).toBe(before)
  const done = await guest.post(`/bwapi/decision-links/${links.validate}`, {})
  expect(done.status).toBe(200)
  expect((await json(done)).data).toMatchObject({ id, status: 'validated' })
  expect(await orderStatus(id)).toBe('validated')
  // The same link again, or its sibling: refused, the first traced, nothing changed.
  const after = await snapshot()
  const again = await guest.post(`/bwapi/decision-links/${links.validate}`, {})
  expect(again.status).toBe(409)
  expect((await json(again)).code).toBe('DECISION_LINK_USED')
  const sibling = await guest.post(`/bwapi/decision-links/${links.refuse}`, { reason: 'Too late' })
  expect((await json(sibling)).code).toBe('DECISION_LINK_DECIDED')
  expect(await orderStatus(id)).toBe('validated')
  expect(await decisionTraces()).toEqual([
    expect.objectContaining({ action: 'email_decision', model: 'purchase_order', severity: 'info' }),
    expect.objectContaining({
      action: 'decision_link_refused',
      model: 'purchase_order',
      severity: 'warning',
    }),
  ])
  expect((await rows("SELECT user_id FROM traces WHERE action = 'email_decision'"))[0]?.user_id).toBe(
    await idOf("SELECT id FROM users WHERE login = 'validator'"),
  )
  expect(JSON.parse(await snapshot())[0]).toEqual({
    ...JSON.parse(after)[0],
    traces: JSON.parse(after)[0].traces + 1,
  })
  // Reading it now says it was used, in the reader's language.
  const reread = (await json(await guest.get(`/bwapi/decision-links/${links.validate}`))).data as Json
  expect(reread.problem).toEqual({
    code: 'DECISION_LINK_USED',
    message: expect.stringMatching(/already used/),
  })
})

test('refusing asks for the reason: without one nothing changes and the link still works', async () => {
  await t.client.execute("UPDATE users SET language = 'fr' WHERE login = 'validator'")
  const id = await submittedOrder()
  const links = await linksOf('validator@procura.example', 1)
  expect(links.text).toContain('Valider : ')
  const frLinks = {
    validate: /Valider : \S*\/decide\/(\S+)/.exec(links.text)?.[1] ?? '',
    refuse: /Refuser : \S*\/decide\/(\S+)/.exec(links.text)?.[1] ?? '',
  }
  const read = (await json(await guest.get(`/bwapi/decision-links/${frLinks.refuse}`))).data as Json
  expect(read).toMatchObject({ decision: 'refuse', language: 'fr' })
  const before = await snapshot()
  const bare = await guest.post(`/bwapi/decision-links/${frLinks.refuse}`, { reason: '  ' })
  expect(bare.status).toBe(422)
  expect(await snapshot()).toBe(before)
  const refused = await guest.post(`/bwapi/decision-links/${frLinks.refuse}`, { reason: 'Wrong supplier' })
  expect(refused.status).toBe(200)
  expect(await orderStatus(id)).toBe('refused')
  expect(
    JSON.stringify((await rows(`SELECT circuit FROM purchase_orders WHERE id = ${id}`))[0]?.circuit),
  ).toContain('Wrong supplier')
})

test('a forged or altered link is refused and traced; an expired one says so; nothing changes', async () => {
  const id = await submittedOrder()
  const links = await linksOf('validator@procura.example', 1)
  const payload = links.validate.slice(0, -43)
  const signature = links.validate.slice(-43)
  // Claims rewritten (another document, the same signature), a signature changed, garbage.
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[]
  claims[1] = Number(claims[1]) + 1
  const rewritten = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}${signature}`
  const flipped = `${payload}${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`
  const before = await snapshot()
  for (const token of [rewritten, flipped, 'not-a-link', payload, `${links.validate}.`]) {
    const read = await guest.get(`/bwapi/decision-links/${token}`)
    expect(read.status).toBe(404)
    expect((await json(read)).code).toBe('DECISION_LINK_INVALID')
    const post = await guest.post(`/bwapi/decision-links/${token}`, {})
    expect((await json(post)).code).toBe('DECISION_LINK_INVALID')
  }
  const traced = await decisionTraces()
  expect(traced).toHaveLength(10)
  expect(traced[0]).toMatchObject({
    action: 'decision_link_refused',
    model: 'decision_link',
    severity: 'warning',
  })
  expect(JSON.parse(await snapshot())[1]).toEqual(JSON.parse(before)[1])
  // 72 hours later (the default setting), the genuine link has expired.
  t.clock.set(new Date(t.clock.now().getTime() + 73 * 3_600_000).toISOString())
  const late = await guest.post(`/bwapi/decision-links/${links.validate}`, {})
  expect(late.status).toBe(409)
  expect((await json(late)).code).toBe('DECISION_LINK_EXPIRED')
  expect(await orderStatus(id)).toBe('awaiting')
})

test('a request changed or cancelled since the mail: its links say so and change nothing', async () => {
  const requester = await signIn(t.app, 'requester')
  const made = await requester.post('/bwapi/needs', {
    title: 'Chairs',
    buyer_id: await idOf("SELECT id FROM users WHERE login = 'buyer'"),
    purchase_family: 'FURNITURE',
    lines: [{ description: 'Office chair', quantity: '2', unit_price_exctax: '150' }],
  })
  const id = ((await json(made)).data as { id: number }).id
  expect((await requester.post(`/bwapi/needs/${id}/submit`)).status).toBe(200)
  const first = await linksOf('validator@procura.example', 1)
  expect(first.text).toMatch(/^Request REQ-/m)
  // Taken back to draft and submitted again: the first mail's links are stale.
  expect((await requester.post(`/bwapi/needs/${id}/back_to_draft`)).status).toBe(200)
  expect((await requester.post(`/bwapi/needs/${id}/submit`)).status).toBe(200)
  const second = await linksOf('validator@procura.example', 2)
  const before = await snapshot()
  const stale = await guest.post(`/bwapi/decision-links/${first.validate}`, {})
  expect(stale.status).toBe(409)
  expect((await json(stale)).code).toBe('DECISION_LINK_CHANGED')
  expect(await snapshot()).toBe(before)
  // Cancelled: the fresh links have nothing left to decide.
  expect((await requester.post(`/bwapi/needs/${id}/cancel`)).status).toBe(200)
  const gone = await guest.post(`/bwapi/decision-links/${second.validate}`, {})
  expect((await json(gone)).code).toBe('DECISION_LINK_CANCELLED')
  const read = (await json(await guest.get(`/bwapi/decision-links/${second.refuse}`))).data as Json
  expect(read.problem).toMatchObject({ code: 'DECISION_LINK_CANCELLED' })
})

test('the delegate’s own link decides within the delegation’s limit, as in the app', async () => {
  const validator = await signIn(t.app, 'validator')
  const now = t.clock.now().getTime()
  expect(
    (
      await validator.post('/bwapi/delegations', {
        delegate_login: 'finance',
        starts_at: new Date(now - 3_600_000).toISOString(),
        ends_at: new Date(now + 30 * 86_400_000).toISOString(),
        default_limit: '10',
        notify_delegate: true,
      })
    ).status,
  ).toBe(201)
  const id = await submittedOrder()
  const links = await linksOf('finance@procura.example', 2)
  expect(links.text).toContain('as the delegate of Victor Validator')
  const before = await snapshot()
  const over = await guest.post(`/bwapi/decision-links/${links.validate}`, {})
  expect((await json(over)).code).toBe('DELEGATION_DEFAULT_LIMIT_EXCEEDED')
  expect(await snapshot()).toBe(before)
  await validator.request('/bwapi/delegations', { method: 'GET' })
  await t.client.execute("UPDATE delegations SET default_limit = '1000'")
  expect((await guest.post(`/bwapi/decision-links/${links.validate}`, {})).status).toBe(200)
  expect(await orderStatus(id)).toBe('validated')
})

test('budgets apply as in the app: a blocking one refuses, a warning asks to confirm', async () => {
  const admin = await signIn(t.app, 'admin')
  const created = async (response: Response) => {
    expect(response.status).toBe(201)
    return ((await json(response)).data as { id: number }).id
  }
  const period = await created(
    await admin.post('/bwapi/fiscal-periods', {
      code: 'FY2026',
      label: 'FY 2026',
      starts_on: '2026-01-01',
      ends_on: '2026-12-31',
    }),
  )
  for (const [project, overrun_action] of [
    ['P1', 'block'],
    ['P2', 'notify'],
  ]) {
    await created(await admin.post('/bwapi/allocations', { level: 1, code: project, label: project }))
    await created(
      await admin.post('/bwapi/budgets', {
        fiscal_period_id: period,
        allocation1: project,
        label: `${project} 2026`,
        amount: '100',
        overrun_action,
      }),
    )
  }
  const orderOn = async (project: string) => {
    const made = await buyer.post('/bwapi/purchase-orders', {
      supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
      company_id: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
      currency_code: 'EUR',
      lines: [
        { label: 'Work', quantity: '1', unit_price_exctax: '150', vat_rate: '20', allocation1: project },
      ],
    })
    const id = ((await json(made)).data as { id: number }).id
    smtp.received.length = 0
    expect((await buyer.post(`/bwapi/purchase-orders/${id}/submit`)).status).toBe(200)
    return { id, links: await linksOf('validator@procura.example', 1) }
  }
  const blocked = await orderOn('P1')
  let before = await snapshot()
  const refused = await guest.post(`/bwapi/decision-links/${blocked.links.validate}`, {})
  expect(refused.status).toBe(409)
  expect((await json(refused)).code).toBe('BUDGET_OVERRUN_BLOCKED')
  expect(await snapshot()).toBe(before)

  const warned = await orderOn('P2')
  before = await snapshot()
  const asked = await guest.post(`/bwapi/decision-links/${warned.links.validate}`, {})
  expect(asked.status).toBe(409)
  expect((await json(asked)).code).toBe('BUDGET_OVERRUN_WARNING')
  expect(await snapshot()).toBe(before)
  expect((await guest.post(`/bwapi/decision-links/${warned.links.validate}`, { confirm: true })).status).toBe(
    200,
  )
  expect(await orderStatus(warned.id)).toBe('validated')
})

test('expense reports and framework agreements carry links too', async () => {
  const requester = await signIn(t.app, 'requester')
  const expense = await requester.post('/bwapi/expenses', {
    expense_date: '2026-11-18',
    expense_type_id: await idOf("SELECT id FROM expense_types WHERE code = 'MEAL'"),
    label: 'Lunch',
    currency_code: 'EUR',
    amount_exctax: '20.00',
    amount_inctax: '22.00',
    vat: [{ rate: '10', amount: '2.00' }],
    values: { meal: 'Lunch' },
  })
  const expenseId = ((await json(expense)).data as { id: number }).id
  const report = await requester.post('/bwapi/expense-reports', { label: 'Visit', expense_ids: [expenseId] })
  const reportId = ((await json(report)).data as { id: number }).id
  expect((await requester.post(`/bwapi/expense-reports/${reportId}/submit`)).status).toBe(200)
  const reportLinks = await linksOf('validator@procura.example', 1)
  expect(reportLinks.text).toMatch(/Expense report ER-\S+ \(22\.00/)
  const read = (await json(await guest.get(`/bwapi/decision-links/${reportLinks.validate}`))).data as Json
  expect(read).toMatchObject({ model: 'expense_report', amount: '22.00', party: 'Rita Requester' })
  expect((await guest.post(`/bwapi/decision-links/${reportLinks.validate}`, {})).status).toBe(200)
  expect((await rows(`SELECT status FROM expense_reports WHERE id = ${reportId}`))[0]?.status).toBe(
    'validated',
  )

  const agreement = await buyer.post('/bwapi/framework-agreements', {
    label: 'Office paper 2026',
    supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    starts_on: '2026-01-01',
    ends_on: '2026-12-31',
    lines: [{ label: 'A4 paper', unit_price_exctax: '4.50', vat_rate: '20', ceiling: '100' }],
  })
  const agreementId = ((await json(agreement)).data as { id: number }).id
  expect((await buyer.post(`/bwapi/framework-agreements/${agreementId}/submit`)).status).toBe(200)
  const agreementLinks = await linksOf('validator@procura.example', 2)
  expect(agreementLinks.text).toMatch(/Framework agreement AGR-/)
  const refused = await guest.post(`/bwapi/decision-links/${agreementLinks.refuse}`, {
    reason: 'Price too high',
  })
  expect(refused.status).toBe(200)
  expect(
    await rows(`SELECT status, refusal_reason FROM framework_agreements WHERE id = ${agreementId}`),
  ).toEqual([{ status: 'draft', refusal_reason: 'Price too high' }])
})

test('with the setting at 0 the mail carries no links', async () => {
  const admin = await signIn(t.app, 'admin')
  const groups = (
    (await json(await admin.get('/bwapi/settings'))).data as { groups: { group: string; values: Json }[] }
  ).groups
  const misc = groups.find((g) => g.group === 'misc')?.values ?? {}
  const put = await admin.request('/bwapi/settings/misc', {
    method: 'PUT',
    body: { ...misc, email_decision_hours: 0 },
  })
  expect(put.status).toBe(200)
  await submittedOrder()
  const links = await linksOf('validator@procura.example', 1)
  expect(links.text).toContain('waits for your validation')
  expect(links.text).not.toContain('/decide/')
  expect(await rows('SELECT count(*) AS n FROM decision_links')).toEqual([{ n: 0 }])
})

test('a payment group’s validator decides from the mail too', async () => {
  const admin = await signIn(t.app, 'admin')
  const payables = await signIn(t.app, 'payables')
  const { invoice } = await validatedInvoice(t, buyer)
  await bankDetails(t, payables, admin)
  const chart = await admin.request('/bwapi/circuits/payment', {
    method: 'PUT',
    body: { rows: [{ weight: 1, criteria: { company: 'ACME' }, validator_login: 'finance' }] },
  })
  expect(chart.status).toBe(200)
  const made = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-12-01',
    lines: [{ supplier_invoice_id: invoice }],
  })
  const id = ((await json(made)).data as { id: number }).id
  smtp.received.length = 0
  expect((await payables.post(`/bwapi/payment-groups/${id}/submit`)).status).toBe(200)
  const links = await linksOf('finance@procura.example', 1)
  expect(links.text).toMatch(/Payment PAY-\S+ \(/)
  const read = (await json(await guest.get(`/bwapi/decision-links/${links.validate}`))).data as Json
  expect(read).toMatchObject({
    model: 'payment_group',
    status: 'awaiting',
    reader: 'Fiona Finance',
    problem: null,
  })
  expect((await guest.post(`/bwapi/decision-links/${links.validate}`, {})).status).toBe(200)
  expect(await rows(`SELECT status FROM payment_lines WHERE payment_group_id = ${id}`)).toEqual([
    { status: 'validated' },
  ])
})
