import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { validatedInvoice } from '../testing/payables'
import { createTestApp, type TestApp } from '../testing/test-app'

type Json = Record<string, unknown>
let t: TestApp
let admin: Agent
const json = async (response: Response) => (await response.json()) as Json
const rows = async (sql: string) => (await t.client.execute(sql)).rows
const stored = async () =>
  JSON.stringify([
    await rows('SELECT * FROM currencies ORDER BY code'),
    await rows(
      'SELECT currency_code, valid_from, rate FROM currency_rates ORDER BY currency_code, valid_from',
    ),
    await rows('SELECT * FROM languages ORDER BY code'),
  ])
const usd = { code: 'USD', label: 'US dollar', symbol: '$', position: 'before' }

/** The multi-currency module on, as an administrator turns it on. */
const multiCurrency = async () => {
  const current = (
    (await json(await admin.get('/bwapi/settings'))).data as { groups: { group: string; values: Json }[] }
  ).groups.find((g) => g.group === 'modules')?.values
  expect(
    (
      await admin.request('/bwapi/settings/modules', {
        method: 'PUT',
        body: { ...current, multi_currency: true },
      })
    ).status,
  ).toBe(200)
}

/** The chart of accounts the export needs (as accounting.test.ts sets it). */
const chartOfAccounts = async () => {
  await admin.post('/bwapi/accounting-entries', { code: '606100', label: 'Supplies', is_default: true })
  await admin.post('/bwapi/accounting-vat-entries', {
    code: '445660',
    label: 'Deductible VAT 20 %',
    vat_rate: '20',
    vat_type: 'on_debit',
  })
  await t.client.execute("UPDATE suppliers SET accounting_code = 'OFFICEPRO' WHERE code = 'OFFICEPRO'")
}

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
})
afterEach(() => t.close())

test('an administrator adds a currency and dates its rates; bad input is refused by field and changes nothing', async () => {
  const before = await stored()
  const refusals: [string, string, unknown, string][] = [
    ['POST', '/bwapi/currencies', { ...usd, code: 'CHF', rate: '0' }, 'rate'],
    ['POST', '/bwapi/currencies', { ...usd, code: 'CHF', rate: '0.9', rate_from: '2026-11-22' }, 'rate_from'],
    ['POST', '/bwapi/currencies', { ...usd, rate: '1.2' }, 'code'],
    ['PUT', '/bwapi/currencies/EUR', { ...usd, code: 'EUR', rate: '1.01' }, 'rate'],
  ]
  for (const [method, path, body, field] of refusals) {
    const answer = await admin.request(path, { method, body })
    expect([path, answer.status]).toEqual([path, 422])
    expect(Object.keys((await json(answer)).errors as Json)).toEqual([field])
  }
  const buyer = await signIn(t.app, 'buyer')
  expect((await buyer.post('/bwapi/currencies', { ...usd, code: 'CHF', rate: '0.93' })).status).toBe(403)
  expect((await buyer.get('/bwapi/currencies')).status).toBe(403)
  expect(await stored()).toBe(before)

  expect(
    (await admin.post('/bwapi/currencies', { ...usd, code: 'CHF', label: 'Swiss franc', rate: '0.93' }))
      .status,
  ).toBe(201)
  // A rate published earlier joins the history without replacing today's.
  expect(
    (
      await admin.request('/bwapi/currencies/CHF', {
        method: 'PUT',
        body: { ...usd, code: 'CHF', label: 'Swiss franc', rate: '0.95', rate_from: '2026-06-01' },
      })
    ).status,
  ).toBe(200)
  const list = (await json(await admin.get('/bwapi/currencies'))).data as {
    code: string
    rate: string
    rates: { valid_from: string; rate: string }[]
  }[]
  expect(list.find((c) => c.code === 'CHF')).toMatchObject({
    rate: '0.93',
    rates: [
      { valid_from: '2026-11-21', rate: '0.93' },
      { valid_from: '2026-06-01', rate: '0.95' },
    ],
  })
  expect(list[0]?.code).toBe('EUR')
})

test('a document keeps the rate of its own date; a later rate does not change it', async () => {
  await multiCurrency()
  // 1.10 from the 1st of January, 1.20 from the 1st of November.
  for (const [rate, rate_from] of [
    ['1.10', '2026-01-01'],
    ['1.20', '2026-11-01'],
  ])
    expect(
      (await admin.request('/bwapi/currencies/USD', { method: 'PUT', body: { ...usd, rate, rate_from } }))
        .status,
    ).toBe(200)
  const buyer = await signIn(t.app, 'buyer')
  const june = await validatedInvoice(t, buyer, 'US-1', { currency: 'USD', invoiceDate: '2026-06-15' })
  const november = await validatedInvoice(t, buyer, 'US-2', { currency: 'USD' })
  const rateOf = async (table: string, id: number) =>
    (await rows(`SELECT exchange_rate FROM ${table} WHERE id = ${id}`))[0]?.exchange_rate
  expect(await rateOf('supplier_invoices', june.invoice)).toBe('1.10')
  expect(await rateOf('supplier_invoices', november.invoice)).toBe('1.20')
  // The order is dated today (2026-11-21).
  expect(await rateOf('purchase_orders', june.order)).toBe('1.20')
  await admin.request('/bwapi/currencies/USD', { method: 'PUT', body: { ...usd, rate: '1.30' } })
  expect(await rateOf('supplier_invoices', november.invoice)).toBe('1.20')
})

test('the FEC books an invoice in dollars in the company’s euros at its date’s rate, with the dollars beside', async () => {
  await multiCurrency()
  await chartOfAccounts()
  await admin.request('/bwapi/currencies/USD', {
    method: 'PUT',
    body: { ...usd, rate: '1.25', rate_from: '2026-01-01' },
  })
  const buyer = await signIn(t.app, 'buyer')
  const { company } = await validatedInvoice(t, buyer, 'US-1', { currency: 'USD' })
  const payables = await signIn(t.app, 'payables')
  const made = (
    await json(await payables.post('/bwapi/accounting-exports', { company_id: company, format: 'fec' }))
  ).data as { id: number; debit_total: string }
  // 600.00 USD at 1.25 to the euro: 480.00 EUR.
  expect(made.debit_total).toBe('480.00')
  const text = await (await payables.get(`/bwapi/accounting-exports/${made.id}/file`)).text()
  const body = text
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((l) => l.split('|'))
  expect(body.map((l) => [l[4], l[11], l[12], l[16], l[17]])).toEqual([
    ['606100', '400,00', '0,00', '500,00', 'USD'],
    ['445660', '80,00', '0,00', '100,00', 'USD'],
    ['401', '0,00', '480,00', '600,00', 'USD'],
  ])
})

test('a currency in use, or the default one, is not deleted; an unused one is', async () => {
  await admin.post('/bwapi/currencies', { ...usd, code: 'CHF', label: 'Swiss franc', rate: '0.93' })
  await t.client.execute("UPDATE suppliers SET currency_code = 'GBP' WHERE code = 'OFFICEPRO'")
  const before = await stored()
  for (const code of ['EUR', 'GBP']) {
    const refused = await admin.request(`/bwapi/currencies/${code}`, { method: 'DELETE' })
    expect([code, (await json(refused)).code]).toEqual([code, 'REFERENCE_IN_USE'])
  }
  expect(await stored()).toBe(before)
  expect((await admin.request('/bwapi/currencies/CHF', { method: 'DELETE' })).status).toBe(200)
  expect(await rows("SELECT currency_code FROM currency_rates WHERE currency_code = 'CHF'")).toHaveLength(0)
})

test('languages: formats changed at once, one taken out of the selector, the last active one kept', async () => {
  const languages = (await json(await admin.get('/bwapi/languages'))).data as (Json & { code: string })[]
  const body = (code: string, change: Json) => {
    const { code: _c, ...row } = languages.find((l) => l.code === code) as Json
    return { ...row, ...change }
  }
  expect(
    (
      await admin.request('/bwapi/languages/fr', {
        method: 'PUT',
        body: body('fr', { date_format: 'DD.MM.YYYY' }),
      })
    ).status,
  ).toBe(200)
  expect(
    (await admin.request('/bwapi/languages/es', { method: 'PUT', body: body('es', { active: false }) }))
      .status,
  ).toBe(200)
  const infos = (await json(await admin.get('/bwapi/init-infos'))) as {
    languages?: Json[]
    data?: { languages: Json[] }
  }
  const offered = (infos.data?.languages ?? infos.languages ?? []).map((l) => [l.code, l.date_format])
  expect(offered).toEqual([
    ['en', expect.any(String)],
    ['fr', 'DD.MM.YYYY'],
  ])
  const before = await stored()
  for (const [code, change, field] of [
    ['fr', { date_format: 'MM/YYYY' }, 'date_format'],
    ['de', {}, null],
  ] as const) {
    const answer = await admin.request(`/bwapi/languages/${code}`, {
      method: 'PUT',
      body: body('fr', change),
    })
    if (field === null) expect(answer.status).toBe(404)
    else expect(Object.keys((await json(answer)).errors as Json)).toEqual([field])
  }
  expect(await stored()).toBe(before)
  await admin.request('/bwapi/languages/fr', { method: 'PUT', body: body('fr', { active: false }) })
  const kept = await stored()
  const last = await admin.request('/bwapi/languages/en', {
    method: 'PUT',
    body: body('en', { active: false }),
  })
  expect((await json(last)).errors).toEqual({ active: [expect.stringContaining('last active language')] })
  const buyer = await signIn(t.app, 'buyer')
  expect(
    (await buyer.request('/bwapi/languages/fr', { method: 'PUT', body: body('fr', { active: true }) }))
      .status,
  ).toBe(403)
  expect(await stored()).toBe(kept)
})
