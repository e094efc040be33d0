import { parse } from 'csv-parse/sync'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { bankDetails, validatedInvoice } from '../testing/payables'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
let t: TestApp
let buyer: Agent
let payables: Agent
let finance: Agent
let admin: Agent
let company: number
const json = async (response: Response) => (await response.json()) as Json
const rows = async (sql: string) => (await t.client.execute(sql)).rows
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    await rows('SELECT id, status, accounting_export_id, exported_at FROM supplier_invoices ORDER BY id'),
    await rows('SELECT id, status, running_company_id FROM accounting_exports ORDER BY id'),
  ])

/** The accounts of a small French chart: a default expense account, VAT at 20 % on debits. */
const chartOfAccounts = async () => {
  expect(
    (await admin.post('/bwapi/accounting-entries', { code: '606100', label: 'Supplies', is_default: true }))
      .status,
  ).toBe(201)
  expect(
    (
      await admin.post('/bwapi/accounting-vat-entries', {
        code: '445660',
        label: 'Deductible VAT 20 %',
        vat_rate: '20',
        vat_type: 'on_debit',
      })
    ).status,
  ).toBe(201)
  await t.client.execute("UPDATE suppliers SET accounting_code = 'OFFICEPRO' WHERE code = 'OFFICEPRO'")
}

beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  payables = await signIn(t.app, 'payables')
  finance = await signIn(t.app, 'finance')
  admin = await signIn(t.app, 'admin')
  company = Number((await rows("SELECT id FROM companies WHERE code = 'ACME'"))[0]?.id)
})
afterEach(() => t.close())

test('validated invoices become balanced journal entries in a CSV that reads back; never exported twice', async () => {
  await chartOfAccounts()
  const { invoice } = await validatedInvoice(t, buyer, 'F-2026-118')
  const check = await json(await payables.post('/bwapi/accounting-exports/check', { company_id: company }))
  expect(check.data).toMatchObject({ count: 1, problems: [], invoices: [{ id: invoice, ok: true }] })
  const made = await payables.post('/bwapi/accounting-exports', { company_id: company, format: 'csv' })
  expect(made.status).toBe(201)
  const data = (await json(made)).data as { id: number; debit_total: string; credit_total: string }
  expect(data).toMatchObject({ invoice_count: 1, debit_total: '600.00', credit_total: '600.00' })
  const file = await payables.get(`/bwapi/accounting-exports/${data.id}/file`)
  expect(file.headers.get('content-type')).toContain('text/csv')
  const lines = parse(await file.text(), { delimiter: ';', columns: true }) as Record<string, string>[]
  expect(lines.map((l) => [l.Account, l.Debit, l.Credit])).toEqual([
    ['606100', '500.00', '0.00'],
    ['445660', '100.00', '0.00'],
    ['401OFFICEPRO', '0.00', '600.00'],
  ])
  expect(lines[0]?.['Invoice number']).toBe('F-2026-118')
  const [exported] = await rows(
    `SELECT exported_at, accounting_export_id FROM supplier_invoices WHERE id = ${invoice}`,
  )
  expect(exported?.exported_at).not.toBeNull()
  // Nothing left for the company; naming the invoice again is refused; nothing changes.
  const before = await snapshot()
  expect((await json(await payables.post('/bwapi/accounting-exports', { company_id: company }))).code).toBe(
    'ACCOUNTING_NOTHING_TO_EXPORT',
  )
  expect(
    await json(
      await payables.post('/bwapi/accounting-exports', { company_id: company, invoice_ids: [invoice] }),
    ),
  ).toEqual({
    code: 'INVOICE_ALREADY_EXPORTED',
    message: `Invoice ${String((await rows(`SELECT code FROM supplier_invoices WHERE id = ${invoice}`))[0]?.code)} has already been exported.`,
  })
  expect(await snapshot()).toBe(before)
  // Checking the exported invoice again names the problem, and its row is not marked ok.
  const again = (await json(
    await payables.post('/bwapi/accounting-exports/check', { company_id: company, invoice_ids: [invoice] }),
  )) as { data: { problems: { code: string }[]; invoices: { id: number; ok: boolean }[] } }
  expect(again.data.problems.map((p) => p.code)).toContain('INVOICE_ALREADY_EXPORTED')
  expect(again.data.invoices).toEqual([expect.objectContaining({ id: invoice, ok: false })])
  // The prefix cannot change any more.
  expect(
    (
      await json(
        await admin.request('/bwapi/accounting-settings', {
          method: 'PUT',
          body: { accounting: { export_prefix: '411' } },
        }),
      )
    ).code,
  ).toBe('EXPORT_PREFIX_LOCKED')
  expect(
    (
      await admin.request('/bwapi/accounting-settings', {
        method: 'PUT',
        body: { accounting: { journal_code: 'HA' } },
      })
    ).status,
  ).toBe(200)
})

test('the FEC: 18 columns, the supplier on its auxiliary account, debits equal credits', async () => {
  await chartOfAccounts()
  await validatedInvoice(t, buyer)
  const made = (
    await json(await payables.post('/bwapi/accounting-exports', { company_id: company, format: 'fec' }))
  ).data as {
    id: number
  }
  const text = await (await payables.get(`/bwapi/accounting-exports/${made.id}/file`)).text()
  const [header, ...body] = text
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split('|'))
  expect(header).toHaveLength(18)
  expect(body.every((l) => l.length === 18)).toBe(true)
  const cents = (i: number) =>
    body.reduce((sum, l) => sum + Math.round(Number((l[i] ?? '0').replace(',', '.')) * 100), 0)
  expect(cents(11)).toBe(cents(12))
  expect(body.find((l) => l[6] === '401OFFICEPRO')?.[4]).toBe('401')
})

/** A FEC export read back as rows keyed by column name. */
const fecRows = async (exportId: number) => {
  const text = await (await payables.get(`/bwapi/accounting-exports/${exportId}/file`)).text()
  const [header = [], ...body] = text
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split('|'))
  return body.map((l) => Object.fromEntries(header.map((c, i) => [c, l[i] ?? ''])))
}

test('the FEC fills each column from the accounts’ and suppliers’ own names; paid payments come in a bank journal, lettered to their invoice', async () => {
  await chartOfAccounts()
  const { invoice } = await validatedInvoice(t, buyer, 'F-2026-200')
  const first = (
    await json(await payables.post('/bwapi/accounting-exports', { company_id: company, format: 'fec' }))
  ).data as { id: number; invoice_count: number; payment_count: number }
  expect(first).toMatchObject({ invoice_count: 1, payment_count: 0 })
  const code = String((await rows(`SELECT code FROM supplier_invoices WHERE id = ${invoice}`))[0]?.code)
  const purchases = await fecRows(first.id)
  expect(
    purchases.map((r) => [r.JournalCode, r.JournalLib, r.CompteNum, r.CompteLib, r.CompAuxNum, r.CompAuxLib]),
  ).toEqual([
    ['ACH', 'Achats', '606100', 'Supplies', '', ''],
    ['ACH', 'Achats', '445660', 'Deductible VAT 20 %', '', ''],
    ['ACH', 'Achats', '401', 'Fournisseurs', '401OFFICEPRO', 'OfficePro Supplies'],
  ])
  expect(
    purchases.every((r) => r.PieceRef === code && r.EcritureLib === 'OfficePro Supplies F-2026-200'),
  ).toBe(true)

  // Paid by hand, then exported: the bank journal debits the supplier and credits the bank.
  await bankDetails(t, payables, admin)
  const group = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-12-01',
    lines: [{ supplier_invoice_id: invoice }],
  })
  const groupId = ((await json(group)).data as { id: number }).id
  await payables.post(`/bwapi/payment-groups/${groupId}/submit`)
  expect((await finance.post(`/bwapi/payment-groups/${groupId}/pay`, {})).status).toBe(200)
  // The check says the payment waits for the bank journal, with no invoice left.
  const waiting = (
    await json(await payables.post('/bwapi/accounting-exports/check', { company_id: company }))
  ).data as { count: number; payment_count: number }
  expect(waiting).toMatchObject({ count: 0, payment_count: 1 })
  const second = (
    await json(await payables.post('/bwapi/accounting-exports', { company_id: company, format: 'fec' }))
  ).data as { id: number; invoice_count: number; payment_count: number }
  expect(second).toMatchObject({ invoice_count: 0, payment_count: 1 })
  const bank = await fecRows(second.id)
  expect(
    bank.map((r) => [
      r.JournalCode,
      r.JournalLib,
      r.CompteNum,
      r.CompteLib,
      r.CompAuxNum,
      r.Debit,
      r.Credit,
      r.EcritureLet,
    ]),
  ).toEqual([
    ['BQ', 'Banque', '401', 'Fournisseurs', '401OFFICEPRO', '600,00', '0,00', code],
    ['BQ', 'Banque', '512000', 'Banque', '', '0,00', '600,00', ''],
  ])
  expect(bank[0]?.DateLet).toMatch(/^\d{8}$/)
  // The supplier's account comes back to zero over both files.
  const supplierBalance = [...purchases, ...bank]
    .filter((r) => r.CompAuxNum === '401OFFICEPRO')
    .reduce(
      (sum, r) =>
        sum +
        Math.round(Number(r.Debit?.replace(',', '.')) * 100) -
        Math.round(Number(r.Credit?.replace(',', '.')) * 100),
      0,
    )
  expect(supplierBalance).toBe(0)
  // Exported once: nothing left.
  expect((await json(await payables.post('/bwapi/accounting-exports', { company_id: company }))).code).toBe(
    'ACCOUNTING_NOTHING_TO_EXPORT',
  )
})

test.each([
  ['no invoice', async () => ({ invoice_ids: [] }), 'PAYMENT_NO_INVOICE'],
  [
    'an invoice not validated',
    async () => {
      const { invoice } = await validatedInvoice(t, buyer, 'INV 3')
      await payables.post(`/bwapi/supplier-invoices/${invoice}/back_to_draft`, { confirm: true })
      return { invoice_ids: [invoice] }
    },
    'INVOICE_NOT_VALIDATED',
  ],
  [
    'a supplier without code',
    async () => {
      await t.client.execute('UPDATE suppliers SET accounting_code = NULL')
      return {}
    },
    'SUPPLIER_WITHOUT_CODE',
  ],
  [
    'a line without an accounting entry',
    async () => {
      await t.client.execute('UPDATE accounting_entries SET is_default = false')
      return {}
    },
    'MISSING_ACCOUNTING_ENTRY',
  ],
  [
    'a rate without a VAT account',
    async () => {
      await t.client.execute('DELETE FROM accounting_vat_entries')
      return {}
    },
    'MISSING_ACCOUNTING_ENTRY',
  ],
  [
    'invoices of two companies',
    async () => {
      const other = Number((await rows("SELECT id FROM companies WHERE code <> 'ACME'"))[0]?.id)
      const ids = (await rows('SELECT id FROM supplier_invoices')).map((r) => Number(r.id))
      await t.client.execute(`UPDATE supplier_invoices SET company_id = ${other} WHERE id = ${ids[0]}`)
      return { invoice_ids: ids }
    },
    'DIFFERENT_COMPANIES',
  ],
] as const)('refused, nothing changed: %s', async (_name, arrange, code) => {
  await chartOfAccounts()
  await validatedInvoice(t, buyer)
  await validatedInvoice(t, buyer, 'INV 2')
  const body = { company_id: company, ...(await arrange()) }
  const before = await snapshot()
  const refused = await payables.post('/bwapi/accounting-exports', body)
  expect(refused.status).toBe(422)
  expect((await json(refused)).code).toBe(code)
  expect(await snapshot()).toBe(before)
})

test('one export at a time per company', async () => {
  await chartOfAccounts()
  await validatedInvoice(t, buyer)
  const other = await signIn(t.app, 'payables')
  const answers = await Promise.all([
    payables.post('/bwapi/accounting-exports', { company_id: company }),
    other.post('/bwapi/accounting-exports', { company_id: company }),
  ])
  expect(answers.map((a) => a.status).sort()).toEqual([201, 422])
  const refused = answers.find((a) => a.status === 422) as Response
  expect(['EXPORT_IN_PROGRESS', 'ACCOUNTING_NOTHING_TO_EXPORT']).toContain((await json(refused)).code)
  expect(await rows("SELECT count(*) AS n FROM accounting_exports WHERE status = 'done'")).toEqual([
    expect.objectContaining({ n: 1 }),
  ])
})

test('an export is cancelled as a whole with confirmation; an invoice back to draft leaves its export', async () => {
  await chartOfAccounts()
  const first = (await validatedInvoice(t, buyer)).invoice
  const second = (await validatedInvoice(t, buyer, 'INV 2')).invoice
  const made = (await json(await payables.post('/bwapi/accounting-exports', { company_id: company })))
    .data as {
    id: number
  }
  // The list offers to cancel a done export (core accountingExportActionsFor).
  const listed = (await json(await payables.get('/bwapi/accounting-exports'))).data as {
    id: number
    actions: string[]
  }[]
  expect(listed.find((e) => e.id === made.id)?.actions).toEqual(['download', 'cancel'])
  const before = await snapshot()
  expect((await json(await payables.post(`/bwapi/accounting-exports/${made.id}/cancel`, {}))).code).toBe(
    'EXPORT_CANCEL_CONFIRMATION_REQUIRED',
  )
  expect(await snapshot()).toBe(before)
  expect((await payables.post(`/bwapi/accounting-exports/${made.id}/cancel`, { confirm: true })).status).toBe(
    200,
  )
  expect(await rows('SELECT count(*) AS n FROM supplier_invoices WHERE exported_at IS NOT NULL')).toEqual([
    expect.objectContaining({ n: 0 }),
  ])
  const again = (await json(await payables.post('/bwapi/accounting-exports', { company_id: company })))
    .data as {
    invoice_count: number
  }
  expect(again.invoice_count).toBe(2)
  // Back to draft (confirmed) takes one invoice out of its export.
  expect(
    (await payables.post(`/bwapi/supplier-invoices/${first}/back_to_draft`, { confirm: true })).status,
  ).toBe(200)
  expect(
    await rows(`SELECT accounting_export_id, exported_at FROM supplier_invoices WHERE id = ${first}`),
  ).toEqual([expect.objectContaining({ accounting_export_id: null, exported_at: null })])
  expect(await rows(`SELECT exported_at FROM supplier_invoices WHERE id = ${second}`)).not.toEqual([
    expect.objectContaining({ exported_at: null }),
  ])
  const history = (await json(await payables.get('/bwapi/accounting-exports'))).data as {
    status: string
    actions: string[]
  }[]
  expect(history.map((h) => [h.status, h.actions])).toEqual([
    ['done', ['download', 'cancel']],
    // A cancelled export's file stays in the history.
    ['canceled', ['download']],
  ])
  // Cancelled once: a second cancel is refused and changes nothing.
  const cancelled = await snapshot()
  expect(
    (await json(await payables.post(`/bwapi/accounting-exports/${made.id}/cancel`, { confirm: true }))).code,
  ).toBe('TRANSITION_NOT_ALLOWED')
  expect(await snapshot()).toBe(cancelled)
})

test('accounts are administered; one in use cannot be deleted, only disabled; others may not touch them', async () => {
  await chartOfAccounts()
  const spare = (
    (await json(await admin.post('/bwapi/accounting-entries', { code: '615000', label: 'Repairs' })))
      .data as {
      id: number
    }
  ).id
  expect((await admin.request(`/bwapi/accounting-entries/${spare}`, { method: 'DELETE' })).status).toBe(200)
  await validatedInvoice(t, buyer)
  await payables.post('/bwapi/accounting-exports', { company_id: company })
  const used = Number((await rows("SELECT id FROM accounting_entries WHERE code = '606100'"))[0]?.id)
  const before = await snapshot()
  expect(
    await json(await admin.request(`/bwapi/accounting-entries/${used}`, { method: 'DELETE' })),
  ).toMatchObject({
    code: 'ACCOUNTING_ENTRY_IN_USE',
  })
  expect(await snapshot()).toBe(before)
  expect((await admin.post(`/bwapi/accounting-entries/${used}/disable`)).status).toBe(200)
  expect(
    ((await json(await admin.get('/bwapi/accounting-entries?active=0'))).data as { code: string }[]).map(
      (e) => e.code,
    ),
  ).toEqual(['606100'])
  const vat = await json(
    await admin.post('/bwapi/accounting-vat-entries', {
      code: '445662',
      label: 'Reverse charge 20 %',
      vat_rate: '20',
      vat_type: 'reverse_charge',
    }),
  )
  expect(Object.keys(vat.errors as Json)).toEqual(['self_assessed_code'])
  expect((await buyer.get('/bwapi/accounting-entries')).status).toBe(403)
  expect(
    (await (await signIn(t.app, 'requester')).post('/bwapi/accounting-exports', { company_id: company }))
      .status,
  ).toBe(403)
})
