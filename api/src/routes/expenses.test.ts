import { parse } from 'csv-parse/sync'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { projectBudget } from '../testing/budgets'
import { bankDetails } from '../testing/payables'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'
import { SEPA_SCHEMA, xmllint } from '../testing/xmllint'

type Json = Record<string, unknown>
let t: TestApp
let requester: Agent
let validator: Agent
const json = async (response: Response) => (await response.json()) as Json
const rows = async (sql: string) => (await t.client.execute(sql)).rows
const idOf = async (sql: string) => Number((await rows(sql))[0]?.id)
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    await rows('SELECT id, amount_inctax, expense_report_id, payment_status FROM expenses ORDER BY id'),
    await rows('SELECT id, status, amount_inctax, lock_version FROM expense_reports ORDER BY id'),
  ])
const type = (code: string) => idOf(`SELECT id FROM expense_types WHERE code = '${code}'`)

beforeEach(async () => {
  t = await createTestApp()
  requester = await signIn(t.app, 'requester')
  validator = await signIn(t.app, 'validator')
})
afterEach(() => t.close())

/** A mileage expense in a 3 CV car (no other expense of the demo is on that vehicle). */
const drive = async (who: Agent, date: string, distance: string, extra: Json = {}) =>
  who.post('/bwapi/expenses', {
    expense_date: date,
    expense_type_id: await type('KM'),
    values: { distance },
    transport_mean: 'car',
    fiscal_horsepower: 3,
    ...extra,
  })
const meal = async (who: Agent, exctax: string, inctax: string, vat: string, currency = 'EUR') =>
  who.post('/bwapi/expenses', {
    expense_date: '2026-11-18',
    expense_type_id: await type('MEAL'),
    label: 'Lunch',
    currency_code: currency,
    amount_exctax: exctax,
    amount_inctax: inctax,
    vat: [{ rate: '10', amount: vat }],
    values: { meal: 'Lunch' },
  })
const created = async (response: Response) => {
  expect(response.status).toBe(201)
  return (await json(response)).data as { id: number; amount_inctax: string; code: string }
}
const amountOf = async (id: number) =>
  String((await rows(`SELECT amount_inctax FROM expenses WHERE id = ${id}`))[0]?.amount_inctax)

test('mileage is priced from the scale on the year’s distance: a band change within the year is exact', async () => {
  const first = await created(await drive(requester, '2026-03-02', '3000'))
  expect(first.amount_inctax).toBe('1587.00') // 3,000 × 0.529
  // 7,000 km in the year: 7,000 × 0.316 + 1,065 = 3,277, so this trip is granted 3,277 − 1,587.
  const second = await created(await drive(requester, '2026-04-02', '4000'))
  expect(second.amount_inctax).toBe('1690.00')
  // The first one deleted, the year's distance is 4,000 km: 4,000 × 0.529.
  expect((await requester.request(`/bwapi/expenses/${first.id}`, { method: 'DELETE' })).status).toBe(200)
  expect(await amountOf(second.id)).toBe('2116.00')
  // An electric car is another vehicle: its own year, 20 % more.
  const electric = await created(await drive(requester, '2026-04-03', '1000', { electric: true }))
  expect(electric.amount_inctax).toBe('634.80') // 1,000 × 0.529 × 1.2
})

test('a mileage expense without a scale for its date, or without its distance, is refused and changes nothing', async () => {
  const before = await snapshot()
  const old = await drive(requester, '2019-06-01', '100')
  expect(old.status).toBe(422)
  expect((await json(old)).code).toBe('NO_KILOMETER_SCALE')
  const missing = await drive(requester, '2026-06-01', '')
  expect(((await json(missing)).errors as Record<string, unknown>)['values.distance']).toBeDefined()
  expect(await snapshot()).toBe(before)
  // No distance service is configured: the form says so, and the distance is entered by hand.
  const form = (await json(await requester.get('/bwapi/expenses/form-data'))).data as Json
  expect(form.distance_service).toEqual({ configured: false, message: 'NO_GOOGLE_API_KEY' })
})

test('excluding and including tax must agree with the VAT details; a refusal changes nothing', async () => {
  const before = await snapshot()
  const wrong = await meal(requester, '20.00', '22.50', '2.00')
  expect(wrong.status).toBe(422)
  expect(JSON.stringify(await json(wrong))).toContain('The prices excluding and including tax do not match.')
  expect(await snapshot()).toBe(before)
  expect((await created(await meal(requester, '20.00', '22.00', '2.00'))).amount_inctax).toBe('22.00')
})

test('a report holds the user’s own expenses of one currency, at least one, in no other report', async () => {
  const euros = await created(await meal(requester, '20.00', '22.00', '2.00'))
  const dollars = await created(await meal(requester, '10.00', '11.00', '1.00', 'USD'))
  const buyer = await signIn(t.app, 'buyer')
  const theirs = await created(await meal(buyer, '10.00', '11.00', '1.00'))
  const before = await snapshot()
  for (const [ids, code] of [
    [[], 'EXPENSE_REPORT_EMPTY'],
    [[euros.id, dollars.id], 'DIFFERENT_CURRENCIES'],
    [[euros.id, theirs.id], 'ITEM_NOT_FOUND'],
  ] as const) {
    const refused = await requester.post('/bwapi/expense-reports', { expense_ids: ids })
    expect((await json(refused)).code).toBe(code)
  }
  expect(await snapshot()).toBe(before)
  await created(await requester.post('/bwapi/expense-reports', { expense_ids: [euros.id] }))
  const again = await snapshot()
  expect((await json(await requester.post('/bwapi/expense-reports', { expense_ids: [euros.id] }))).code).toBe(
    'ITEMS_ALREADY_PAID_OR_PENDING',
  )
  // An expense in a report is not changed nor deleted.
  const locked = await requester.request(`/bwapi/expenses/${euros.id}`, { method: 'DELETE' })
  expect((await json(locked)).code).toBe('EXPENSE_IN_REPORT')
  expect(await snapshot()).toBe(again)
})

test('two reports taking the same expense at once: one gets it', async () => {
  const expense = await created(await meal(requester, '20.00', '22.00', '2.00'))
  const answers = await Promise.all(
    [1, 2].map(() => requester.post('/bwapi/expense-reports', { expense_ids: [expense.id] })),
  )
  const statuses = answers.map((a) => a.status).sort()
  expect(statuses[0]).toBe(201)
  expect([409, 422]).toContain(statuses[1])
  expect(await rows('SELECT count(*) AS n FROM expense_reports')).toEqual([{ n: 1 }])
})

test('a mileage expense and a meal, reported, validated and paid by SEPA to the employee’s validated account', async () => {
  const admin = await signIn(t.app, 'admin')
  const payables = await signIn(t.app, 'payables')
  const finance = await signIn(t.app, 'finance')
  await bankDetails(t, payables, admin)
  const trip = await created(await drive(requester, '2026-11-16', '120'))
  const lunch = await created(await meal(requester, '20.00', '22.00', '2.00'))
  const report = await created(
    await requester.post('/bwapi/expense-reports', { label: 'Site visit', expense_ids: [trip.id, lunch.id] }),
  )
  const total = '85.48' // 120 × 0.529 = 63.48, and 22.00
  const read = async (who: Agent = requester) =>
    (await json(await who.get(`/bwapi/expense-reports/${report.id}`))).data as Json
  expect(await read()).toMatchObject({
    status: 'draft',
    amount_inctax: total,
    expense_count: 2,
    actions: ['submit', 'edit'],
  })
  // Not validated: not payable.
  let before = await snapshot()
  const early = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-11-30',
    expense_reports: [{ expense_report_id: report.id }],
  })
  expect((await json(early)).code).toBe('ITEMS_ALREADY_PAID_OR_PENDING')
  expect(await snapshot()).toBe(before)
  expect((await requester.post(`/bwapi/expense-reports/${report.id}/submit`)).status).toBe(200)
  // The employee does not approve their own claim; the circuit's validator does.
  expect((await requester.post(`/bwapi/expense-reports/${report.id}/validate`)).status).toBe(422)
  expect(await read(validator)).toMatchObject({ status: 'awaiting', actions: ['validate', 'refuse'] })
  // It waits for the validator: counted in their actions to do, linked to the list.
  const todo = (await json(await validator.get('/bwapi/actions-to-do'))) as { actions: Json[] }
  expect(todo.actions).toContainEqual(
    expect.objectContaining({
      label: 'Notes de frais à valider',
      link: '/expense-reports?status=awaiting',
      count: 1,
    }),
  )
  expect(await read(payables)).toMatchObject({ payable: false })
  expect((await validator.post(`/bwapi/expense-reports/${report.id}/validate`)).status).toBe(200)
  expect((await read()).status).toBe('validated')
  // Validated: accounts payable may put it in a payment; its employee may not.
  expect(await read(payables)).toMatchObject({ payable: true })
  expect(await read()).toMatchObject({ payable: false })
  // Without a validated account of the employee, the file cannot be made; the account waits for a second person.
  const me = await idOf("SELECT id FROM users WHERE login = 'requester'")
  const account = await created(
    await requester.post(`/bwapi/users/${me}/bank-accounts`, {
      account_number: 'FR76 3000 4000 0312 3456 7890 143',
      holder_name: 'Rita Requester',
      holder_type: 'individual',
      holder_country_code: 'FR',
      main: true,
    }),
  )
  expect((await requester.post(`/bwapi/users/${me}/bank-accounts/${account.id}/validate`, {})).status).toBe(
    403,
  )
  expect((await admin.post(`/bwapi/users/${me}/bank-accounts/${account.id}/validate`, {})).status).toBe(200)
  const made = await created(
    await payables.post('/bwapi/payment-groups', {
      payment_date: '2026-11-30',
      expense_reports: [{ expense_report_id: report.id }],
    }),
  )
  expect(made.amount_inctax).toBe(total)
  // In a payment: no longer offered to pay again.
  expect(await read(payables)).toMatchObject({ payable: false })
  expect((await payables.post(`/bwapi/payment-groups/${made.id}/submit`)).status).toBe(200)
  const file = await finance.post(`/bwapi/payment-groups/${made.id}/sepa`, {})
  expect(file.status).toBe(201)
  const exported = (await json(file)).data as { id: number }
  const xml = await (await finance.get(`/bwapi/payment-groups/${made.id}/exports/${exported.id}/file`)).text()
  expect(xmllint(xml, SEPA_SCHEMA('09'))).toBe('')
  expect(xml).toContain('FR7630004000031234567890143')
  expect(xml).toContain('<Nm>Rita Requester</Nm>')
  expect(xml).toContain(`<InstdAmt Ccy="EUR">${total}</InstdAmt>`)
  // Paid: the report and its expenses say so, with the payment date.
  expect((await finance.post(`/bwapi/payment-groups/${made.id}/pay`)).status).toBe(200)
  expect(await read()).toMatchObject({ status: 'paid', payment_date: '2026-11-21' })
  expect(
    await rows(`SELECT DISTINCT payment_status FROM expenses WHERE expense_report_id = ${report.id}`),
  ).toEqual([{ payment_status: 'paid' }])
  // Booked by the company's accounting export: the report in the purchase journal (the employee
  // credited), its payment in the bank journal (the employee debited), both lettered by the report.
  expect(
    (
      await admin.post('/bwapi/accounting-vat-entries', {
        code: '445661',
        label: 'VAT 10 %',
        vat_rate: '10',
        vat_type: 'on_debit',
      })
    ).status,
  ).toBe(201)
  const company = await idOf("SELECT id FROM companies WHERE code = 'ACME'")
  const booked = await payables.post('/bwapi/accounting-exports', { company_id: company, format: 'csv' })
  expect(booked.status).toBe(201)
  const exportId = ((await json(booked)).data as { id: number }).id
  const csv = await (await payables.get(`/bwapi/accounting-exports/${exportId}/file`)).text()
  const journal = (parse(csv, { delimiter: ';', columns: true }) as Record<string, string>[])
    .filter((l) => l['Invoice number']?.startsWith(report.code))
    .map((l) => [l.Account, l.Debit, l.Credit])
  expect(journal).toEqual([
    ['625110', '63.48', '0.00'],
    ['625700', '20.00', '0.00'],
    ['445661', '2.00', '0.00'],
    ['421REQUESTER', '0.00', '85.48'],
    ['421REQUESTER', '85.48', '0.00'],
    ['512000', '0.00', '85.48'],
  ])
  // Paid once: never again.
  before = await snapshot()
  const twice = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-11-30',
    expense_reports: [{ expense_report_id: report.id }],
  })
  expect((await json(twice)).code).toBe('ITEMS_ALREADY_PAID_OR_PENDING')
  expect(await snapshot()).toBe(before)
})

test('a payment pays one employee’s reports; a refused report goes back to its employee', async () => {
  const buyer = await signIn(t.app, 'buyer')
  const payables = await signIn(t.app, 'payables')
  const reportOf = async (who: Agent) => {
    const expense = await created(await meal(who, '20.00', '22.00', '2.00'))
    const report = await created(await who.post('/bwapi/expense-reports', { expense_ids: [expense.id] }))
    await who.post(`/bwapi/expense-reports/${report.id}/submit`)
    return report.id
  }
  const mine = await reportOf(requester)
  const theirs = await reportOf(buyer)
  for (const id of [mine, theirs]) await validator.post(`/bwapi/expense-reports/${id}/validate`)
  const before = await snapshot()
  const mixed = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-11-30',
    expense_reports: [{ expense_report_id: mine }, { expense_report_id: theirs }],
  })
  expect((await json(mixed)).code).toBe('DIFFERENT_USERS')
  expect(await snapshot()).toBe(before)
  const refused = await reportOf(requester)
  const refusal = await validator.post(`/bwapi/expense-reports/${refused}/refuse`, { reason: 'No receipt' })
  expect(refusal.status).toBe(200)
  const page = (await json(await requester.get(`/bwapi/expense-reports/${refused}`))).data as Json
  expect(page).toMatchObject({ status: 'refused', actions: ['reopen', 'edit'], editable: true })
  expect((await requester.post(`/bwapi/expense-reports/${refused}/reopen`)).status).toBe(200)
  // Another employee reads neither the report nor its expenses.
  expect((await buyer.get(`/bwapi/expense-reports/${refused}`)).status).toBe(404)
})

test('its employee withdraws a submitted report while nobody has decided; once a step is decided it stays', async () => {
  const admin = await signIn(t.app, 'admin')
  // Two steps: the validator's, then the administrator's.
  const chart = await admin.request('/bwapi/circuits/expense_report', {
    method: 'PUT',
    body: {
      rows: [
        { weight: 1, criteria: { default: '1' }, validator_login: 'validator' },
        { weight: 2, criteria: { default: '1' }, validator_login: 'admin' },
      ],
    },
  })
  expect(chart.status).toBe(200)
  const expense = await created(await meal(requester, '20.00', '22.00', '2.00'))
  const report = await created(await requester.post('/bwapi/expense-reports', { expense_ids: [expense.id] }))
  const read = async (who: Agent = requester) =>
    (await json(await who.get(`/bwapi/expense-reports/${report.id}`))).data as Json
  expect((await requester.post(`/bwapi/expense-reports/${report.id}/submit`)).status).toBe(200)
  expect(await read()).toMatchObject({ status: 'awaiting', actions: ['withdraw'], waiting_on: ['validator'] })
  // Nobody else withdraws it.
  let before = await snapshot()
  const theirs = await validator.post(`/bwapi/expense-reports/${report.id}/withdraw`)
  expect(theirs.status).toBe(403)
  expect(await snapshot()).toBe(before)
  const withdrawn = await requester.post(`/bwapi/expense-reports/${report.id}/withdraw`)
  expect(withdrawn.status).toBe(200)
  expect(await read()).toMatchObject({
    status: 'draft',
    actions: ['submit', 'edit'],
    editable: true,
    waiting_on: [],
  })
  // Submitted again, its first step validated: the decision stands, it is not withdrawn.
  expect((await requester.post(`/bwapi/expense-reports/${report.id}/submit`)).status).toBe(200)
  expect((await validator.post(`/bwapi/expense-reports/${report.id}/validate`)).status).toBe(200)
  expect(await read()).toMatchObject({ status: 'awaiting', actions: [], waiting_on: ['admin'] })
  before = await snapshot()
  const refused = await requester.post(`/bwapi/expense-reports/${report.id}/withdraw`)
  expect(refused.status).toBe(409)
  expect(await json(refused)).toMatchObject({ code: 'EXPENSE_REPORT_DECIDED' })
  expect(await snapshot()).toBe(before)
})

test('expense types: one mileage field at most; a used type is disabled, not deleted', async () => {
  const admin = await signIn(t.app, 'admin')
  const before = await snapshot()
  const two = await admin.post('/bwapi/expense-types', {
    code: 'KM2',
    label: 'Two trips',
    fields: [
      { key: 'out', label: 'Out', kind: 'mileage' },
      { key: 'back', label: 'Back', kind: 'mileage' },
    ],
  })
  expect(JSON.stringify(await json(two))).toContain('An expense type may have only one mileage field.')
  expect((await requester.post('/bwapi/expense-types', { code: 'X', label: 'X' })).status).toBe(403)
  expect(await snapshot()).toBe(before)
  await created(await meal(requester, '20.00', '22.00', '2.00'))
  const used = await admin.request(`/bwapi/expense-types/${await type('MEAL')}`, { method: 'DELETE' })
  expect(used.status).toBe(409)
  expect((await json(used)).code).toBe('EXPENSE_REFERENCE_IN_USE')
})

test('a validated report spends its expenses in the budgets of the company and their project', async () => {
  const finance = await signIn(t.app, 'finance')
  const company = await idOf("SELECT id FROM companies WHERE code = 'ACME'")
  const budget = await projectBudget(finance, company, 'P-SITE', '500', 'block')
  const onSite = await created(await drive(requester, '2026-11-16', '120', { allocation1: 'P-SITE' }))
  const elsewhere = await created(await meal(requester, '20.00', '22.00', '2.00'))
  const report = await created(
    await requester.post('/bwapi/expense-reports', { expense_ids: [onSite.id, elsewhere.id] }),
  )
  await requester.post(`/bwapi/expense-reports/${report.id}/submit`)
  const read = async () => (await json(await finance.get(`/bwapi/budgets/${budget}`))).data as Json
  expect(await read()).toMatchObject({ actual: '0.00' })
  expect((await validator.post(`/bwapi/expense-reports/${report.id}/validate`)).status).toBe(200)
  // Only the trip on the project's site: 120 × 0.529 = 63.48 excluding tax.
  const held = await read()
  expect(held).toMatchObject({ actual: '63.48' })
  expect(held.documents).toEqual([
    expect.objectContaining({
      model: 'expense_report',
      code: report.code,
      page: `/expense-reports/${report.id}`,
    }),
  ])
})

test('trips saved at once are settled one after the other: the year still adds up', async () => {
  const answers = await Promise.all(['3000', '4000', '14000'].map((d) => drive(requester, '2026-05-04', d)))
  expect(answers.map((a) => a.status)).toEqual([201, 201, 201])
  const [sum] = await rows(
    'SELECT sum(CAST(amount_inctax AS REAL)) AS total, sum(CAST(distance AS REAL)) AS km FROM expenses WHERE fiscal_horsepower = 3',
  )
  // 21,000 km in the year: 21,000 × 0.370, whatever order they were saved in.
  expect(Number(sum?.km)).toBe(21000)
  expect(Number(sum?.total).toFixed(2)).toBe('7770.00')
})

test('the shipped expense types and their fields read in the reader’s language; a type the organisation renamed as written', async () => {
  const id = (await created(await meal(requester, '20.00', '22.00', '2.00'))).id
  expect((await requester.post('/bwapi/language/change', { code: 'fr' })).status).toBe(200)
  const form = (await json(await requester.get('/bwapi/expenses/form-data'))).data as {
    types: { code: string; label: string; fields: { key: string; label: string }[] }[]
  }
  const byCode = Object.fromEntries(form.types.map((t) => [t.code, t]))
  expect(byCode.MEAL?.label).toBe('Repas')
  expect(byCode.MEAL?.fields.map((f) => f.label)).toEqual(['Repas', 'Invités'])
  expect(byCode.KM?.label).toBe('Indemnités kilométriques')
  const list = (await json(await requester.get('/bwapi/expenses'))).data as { id: number; type: string }[]
  expect(list.find((e) => e.id === id)?.type).toBe('Repas')
  expect(((await json(await requester.get(`/bwapi/expenses/${id}`))).data as { type: string }).type).toBe(
    'Repas',
  )
  // Renamed by the organisation: its own name, in every language.
  await t.client.execute("UPDATE expense_types SET label = 'Déjeuner d’affaires' WHERE code = 'MEAL'")
  const renamed = (await json(await requester.get('/bwapi/expenses/form-data'))).data as typeof form
  expect(renamed.types.find((t) => t.code === 'MEAL')?.label).toBe('Déjeuner d’affaires')
})
