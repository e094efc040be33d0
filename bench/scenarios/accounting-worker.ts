/**
 * One accounting export run in its own process (so its memory is its own): `procura` through the
 * export service (checks, claim, journal entries, CSV streamed to disk, invoices marked), or
 * `baseline`: the same invoices and lines read by raw SQL in batches and written as CSV lines with
 * no checks and no balancing. Prints one JSON line: invoices, seconds, invoices per second, peak
 * memory above the start.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runAccountingExport } from '@procura/api/services/accounting/export-run'
import { createTestApp } from '@procura/api/testing/app'
import { peakMemory, round } from '../measure'

const [mode, size] = process.argv.slice(2)
const count = Number(size)
if ((mode !== 'procura' && mode !== 'baseline') || !Number.isSafeInteger(count)) {
  process.stderr.write('usage: accounting-worker procura|baseline <invoices>\n')
  process.exit(2)
}

const t = await createTestApp({ checkResponses: false })
const one = async (sql: string) => (await t.client.execute(sql)).rows[0]
const buyer = Number((await one("SELECT id FROM users WHERE login = 'buyer'"))?.id)
const company = Number((await one("SELECT id FROM companies WHERE code = 'ACME'"))?.id)
const supplier = Number((await one("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"))?.id)
const now = Date.now()
await t.client.execute('UPDATE suppliers SET accounting_code = code')
await t.client.execute(
  `INSERT INTO accounting_entries (code, label, is_default, active, created_at, updated_at) VALUES ('606100', 'Supplies', 1, 1, ${now}, ${now})`,
)
for (const rate of ['5.5', '20'])
  await t.client.execute(
    `INSERT INTO accounting_vat_entries (code, label, vat_rate, vat_type, active, created_at, updated_at) VALUES ('44566${rate.replace('.', '')}', 'VAT ${rate}', '${rate}', 'on_debit', 1, ${now}, ${now})`,
  )
// The invoices: two lines each (20 % and 5.5 %), amounts from a fixed seed.
let seed = 7
const cents = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return 100 + (seed % 5_000_000)
}
const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`
for (let start = 0; start < count; start += 500) {
  const invoices: string[] = []
  const lines: string[] = []
  for (let i = start; i < Math.min(count, start + 500); i += 1) {
    const a = cents()
    const b = cents()
    const taxA = Math.round(a * 0.2)
    const taxB = Math.round(b * 0.055)
    const inc = money(a + b + taxA + taxB)
    invoices.push(
      `(${i + 1}, 'B-${i + 1}', 'F-${i + 1}', ${supplier}, ${company}, 'EUR', '2026-10-01', '2026-11-01', 'on_debit', 'validated', '${money(a + b)}', '${money(taxA + taxB)}', '${inc}', '${inc}', '[]', ${buyer}, ${now}, ${now})`,
    )
    lines.push(
      `(${i + 1}, 1, 'Paper', '${money(a)}', '20', 'free')`,
      `(${i + 1}, 2, 'Books', '${money(b)}', '5.5', 'free')`,
    )
  }
  await t.client.execute(
    `INSERT INTO supplier_invoices (id, code, label, supplier_id, company_id, currency_code, invoice_date, due_date, vat_type, status, amount_exctax, amount_tax, amount_inctax, payable_amount, vat_breakdown, created_by, created_at, updated_at) VALUES ${invoices.join(',')}`,
  )
  await t.client.execute(
    `INSERT INTO supplier_invoice_lines (supplier_invoice_id, position, label, amount_exctax, vat_rate, match_result) VALUES ${lines.join(',')}`,
  )
}
const storageDir = mkdtempSync(join(tmpdir(), 'procura-bench-accounting-'))

const procura = () =>
  peakMemory(async () => {
    const made = await runAccountingExport(
      { db: t.db, clock: { now: () => new Date() }, storageDir },
      { id: buyer, active: true, permissions: ['export_accounting'], real_user_id: null, buyer: true },
      { company_id: company, format: 'csv' },
    )
    if (!made.ok) throw new Error(`export refused: ${made.error.code}`)
    if (made.value.data.debit_total !== made.value.data.credit_total) throw new Error('unbalanced')
    return made.value.data.invoice_count
  })

const baseline = () =>
  peakMemory(async () => {
    const out = createWriteStream(join(storageDir, 'raw.csv'))
    const write = (text: string) =>
      new Promise<void>((done) => (out.write(text) ? done() : out.once('drain', done)))
    let after = 0
    let written = 0
    for (;;) {
      const invoices = (
        await t.client.execute({
          sql: 'SELECT i.id, i.code, i.label, i.invoice_date, i.amount_inctax, s.accounting_code FROM supplier_invoices i JOIN suppliers s ON s.id = i.supplier_id WHERE i.id > ? ORDER BY i.id LIMIT 500',
          args: [after],
        })
      ).rows
      if (invoices.length === 0) break
      after = Number(invoices[invoices.length - 1]?.id)
      const lines = (
        await t.client.execute({
          sql: 'SELECT supplier_invoice_id, amount_exctax, vat_rate FROM supplier_invoice_lines WHERE supplier_invoice_id > ? AND supplier_invoice_id <= ? ORDER BY supplier_invoice_id, position',
          args: [after - 500, after],
        })
      ).rows
      let text = ''
      for (const line of lines)
        text += `"ACH";"${String(line.supplier_invoice_id)}";"606100";"${String(line.amount_exctax)}";"0.00"\r\n`
      for (const invoice of invoices)
        text += `"ACH";"${String(invoice.code)}";"401${String(invoice.accounting_code)}";"0.00";"${String(invoice.amount_inctax)}"\r\n`
      await write(text)
      written += invoices.length
    }
    await new Promise<void>((done) => out.end(done))
    return written
  })

const run = mode === 'procura' ? await procura() : await baseline()
t.close()
rmSync(storageDir, { recursive: true, force: true })
process.stdout.write(
  `${JSON.stringify({
    invoices: run.value,
    seconds: round(run.seconds, 3),
    invoices_per_second: Math.round(run.value / run.seconds),
    peak_mb: run.peak_mb,
  })}\n`,
)
