import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { schema } from '@procura/api/db'
import { createTestDatabase, type TestDatabase } from '@procura/api/testing'
import { ciiXml, SAMPLE, ublXml } from '@procura/api/testing/e-invoice-samples'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { main } from './main'
import { scriptedIo } from './testing'

/**
 * Each test imports into a database of its own holding the demo organisation (as `procura db
 * seed --base` leaves it): a SQLite file, or under `npm run test:pg` a PostgreSQL database — the
 * command line imports through the same engine on both.
 */
let t: TestDatabase
let dir: string
let url: string
beforeEach(async () => {
  t = await createTestDatabase('demo')
  dir = t.dir
  url = t.url
})
afterEach(() => t.close())

const run = (args: string[], io = scriptedIo()) => main(['node', 'procura', ...args], io.io)
const rows = async (sql: string) => (await t.client.execute(sql)).rows
const file = (name: string, lines: string[]) => {
  const path = join(dir, name)
  writeFileSync(path, `${lines.join('\r\n')}\r\n`)
  return path
}

test('procura import suppliers: all or nothing, errors by line, a dry run writes nothing, JSON for scripts', async () => {
  const before = JSON.stringify(await rows('SELECT * FROM suppliers ORDER BY id'))
  const header = 'id;code;company_name;currency_code;siret;max_per_order'
  const broken = file('broken.csv', [
    header,
    ';"PAPERCO";"Paper & Co";"EUR";"40483304800022";"5000"',
    ';"BADCUR";"Bad currency";"XXX";;',
    ';"OFFICEPRO";"Same code as the demo";"EUR";;',
  ])
  const refused = scriptedIo()
  expect(await run(['import', 'suppliers', broken, '--database', url], refused)).toBe(1)
  expect(refused.err).toEqual(
    expect.arrayContaining([
      'line 3: currency_code: Unknown currency: XXX.',
      'line 4: code: This value is already used.',
    ]),
  )
  expect(refused.out).toEqual([
    'Nothing imported: 2 of 3 rows refused. Correct them and import the file again.',
  ])
  expect(JSON.stringify(await rows('SELECT * FROM suppliers ORDER BY id'))).toBe(before)

  const good = file('good.csv', [
    header,
    ';"PAPERCO";"Paper & Co";"EUR";"40483304800022";"5000"',
    '1;;"OfficePro Supplies SA";;;#null',
  ])
  const dry = scriptedIo()
  expect(await run(['import', 'suppliers', good, '--dry-run', '--json', '--database', url], dry)).toBe(0)
  expect(JSON.parse(dry.out[0] ?? '{}')).toMatchObject({
    ok: true,
    checked: 2,
    failed: 0,
    dry_run: true,
    imported: 0,
  })
  expect(JSON.stringify(await rows('SELECT * FROM suppliers ORDER BY id'))).toBe(before)

  const done = scriptedIo()
  expect(await run(['import', 'suppliers', good, '--json', '--database', url], done)).toBe(0)
  expect(JSON.parse(done.out[0] ?? '{}')).toMatchObject({ ok: true, imported: 2, created: 1, updated: 1 })
  const after = await rows(
    "SELECT code, company_name, status, max_per_order FROM suppliers WHERE code IN ('PAPERCO', 'OFFICEPRO') ORDER BY code",
  )
  expect(after.map((r) => [r.code, r.company_name, r.status, r.max_per_order])).toEqual([
    ['OFFICEPRO', 'OfficePro Supplies SA', 'active', null],
    ['PAPERCO', 'Paper & Co', 'prospect', '5000'],
  ])
  expect(await run(['import', 'coffee', good, '--database', url])).toBe(2)
  expect(await run(['import', 'suppliers', join(dir, 'missing.csv'), '--database', url])).toBe(2)
})

test('an import killed with SIGKILL halfway leaves the database as it was', async () => {
  const [before] = await rows('SELECT count(*) AS n FROM articles')
  const lines = ['id;reference;label;unit_price_exctax']
  for (let i = 0; i < 60_000; i += 1) lines.push(`;"KILL-${i}";"Article ${i}";"1.50"`)
  const csv = file('big.csv', lines)
  const bin = fileURLToPath(new URL('../bin/procura.js', import.meta.url))
  const child = spawn(process.execPath, [bin, 'import', 'articles', csv, '--database', url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Killed once it has written some rows (its progress says so), long before the end.
  const progressed = await new Promise<string>((resolve, reject) => {
    let seen = ''
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      const counted = [...seen.matchAll(/· ([\d,]+) rows/g)].map((m) => Number(m[1]?.replace(/,/g, '')))
      if (counted.some((n) => n >= 2000 && n < 60_000)) resolve(seen)
    })
    child.on('exit', () => reject(new Error(`the import ended before it was killed: ${seen}`)))
  })
  expect(progressed).toContain('rows')
  child.kill('SIGKILL')
  await new Promise((resolve) => child.once('exit', resolve))
  const [after] = await rows('SELECT count(*) AS n FROM articles')
  expect(Number(after?.n)).toBe(Number(before?.n))
}, 120_000)

test('procura import bank-accounts: each account waits for a second person; a bad IBAN or a known one refuses the file', async () => {
  const header = 'supplier_code;account_number;bic;holder_name;holder_country_code;main'
  const before = await rows('SELECT count(*) AS n FROM bank_accounts')
  const broken = file('broken.csv', [
    header,
    '"OFFICEPRO";"FR76 3000 6000 0112 3456 7890 189";"AGRIFRPP";"OfficePro Supplies";"FR";1',
    '"OFFICEPRO";"FR76 3000 6000 0112 3456 7890 188";;"OfficePro Supplies";"FR";0',
    '"NOBODY";"DE89 3704 0044 0532 0130 00";;"Nobody GmbH";"DE";0',
    '"SAFEWORK";"FR76 3000 6000 0112 3456 7890 189";;"SafeWork";"FR";0',
  ])
  const refused = scriptedIo()
  expect(await run(['import', 'bank-accounts', broken, '--database', url], refused)).toBe(1)
  expect(refused.err).toEqual(
    expect.arrayContaining([
      'line 3: account_number: This IBAN is not valid.',
      'line 4: supplier_code: Unknown supplier: NOBODY.',
    ]),
  )
  expect(await rows('SELECT count(*) AS n FROM bank_accounts')).toEqual(before)
  const good = file('good.csv', [
    header,
    '"OFFICEPRO";"FR76 3000 6000 0112 3456 7890 189";"AGRIFRPP";"OfficePro Supplies";"fr";1',
  ])
  const done = scriptedIo()
  expect(await run(['import', 'bank-accounts', good, '--json', '--database', url], done)).toBe(0)
  const added = await rows(
    "SELECT status, main, account_number FROM bank_accounts WHERE account_number = 'FR7630006000011234567890189'",
  )
  expect(added.map((r) => [r.status, Number(r.main)])).toEqual([['pending_validation', 1]])
  // The same account again is a duplicate: nothing written.
  expect(await run(['import', 'bank-accounts', good, '--database', url])).toBe(1)
})

test('procura import supplier-contacts: at least one of e-mail, phone or mobile; a main role moves; all or nothing', async () => {
  const header = 'id;supplier_code;name;email;phone;mobile;language;main_order_contact'
  const before = JSON.stringify(await rows('SELECT * FROM supplier_contacts ORDER BY id'))
  const broken = file('broken.csv', [
    header,
    ';"OFFICEPRO";"Front desk";;"+33 4 76 00 00 00";;"fr";0',
    ';"OFFICEPRO";"Nobody reachable";;;;"en";0',
    ';"NOBODY";"Lost";"lost@example.com";;;"en";0',
  ])
  const refused = scriptedIo()
  expect(await run(['import', 'supplier-contacts', broken, '--database', url], refused)).toBe(1)
  expect(refused.err).toEqual(
    expect.arrayContaining([
      'line 3: email: Give at least an e-mail address, a phone or a mobile number.',
      'line 4: supplier_code: Unknown supplier: NOBODY.',
    ]),
  )
  expect(JSON.stringify(await rows('SELECT * FROM supplier_contacts ORDER BY id'))).toBe(before)
  const good = file('good.csv', [
    header,
    ';"OFFICEPRO";"Front desk";;"+33 4 76 00 00 00";;"fr";0',
    ';"OFFICEPRO";"Orders team";"orders@officepro.example";;;"fr";1',
  ])
  expect(await run(['import', 'supplier-contacts', good, '--database', url])).toBe(0)
  const officepro = await rows(
    "SELECT c.name, c.email, c.main_order_contact FROM supplier_contacts c JOIN suppliers s ON s.id = c.supplier_id WHERE s.code = 'OFFICEPRO' ORDER BY c.id",
  )
  expect(officepro.map((r) => [r.name, r.email, Number(r.main_order_contact)])).toEqual([
    ['Sam Supplier', 'supplier@procura.example', 0],
    ['Front desk', null, 0],
    ['Orders team', 'orders@officepro.example', 1],
  ])
})

test('procura import budgets refuses invalid and duplicate keys by line, changing nothing; export budgets reads back', async () => {
  const at = new Date('2026-01-01T00:00:00Z')
  await t.db.insert(schema.fiscalPeriods).values({
    code: 'FY2026',
    label: 'FY 2026',
    starts_on: '2026-01-01',
    ends_on: '2026-12-31',
    created_at: at,
    updated_at: at,
  })
  await t.db.insert(schema.allocations).values(
    ['P1', 'P2'].map((code, i) => ({
      level: 1,
      code,
      label: `Project ${i + 1}`,
      created_at: at,
      updated_at: at,
    })),
  )
  const header = 'id;fiscal_period;department;allocation1;label;amount;overrun_action'
  const broken = file('broken-budgets.csv', [
    header,
    ';FY2026;;P1;"Project 1";1000;block',
    ';FY2026;;;"Nothing named";50;block',
    ';FY2026;;P9;"Unknown project";50;block',
    ';FY2026;;P1;"Project 1 again";70;notify',
  ])
  const refused = scriptedIo()
  expect(await run(['import', 'budgets', broken, '--database', url], refused)).toBe(1)
  expect(refused.err).toEqual(
    expect.arrayContaining([
      'line 3: allocation1: This budget key is not valid.',
      'line 4: allocation1: Unknown allocation 1: P9.',
      'line 5: allocation1: A budget already exists for this combination of allocations.',
    ]),
  )
  expect(await rows('SELECT count(*) AS n FROM budgets')).toEqual([{ n: 0 }])

  const good = file('budgets.csv', [
    header,
    ';FY2026;PURCH;P1;"Project 1";1000.50;block',
    ';FY2026;;P2;;500;notify',
  ])
  expect(await run(['import', 'budgets', good, '--database', url])).toBe(0)
  const out = join(dir, 'out.csv')
  const exported = scriptedIo()
  expect(await run(['export', 'budgets', '--period', 'FY2026', '-o', out, '--database', url], exported)).toBe(
    0,
  )
  // The file exported imports again as it is: the same two budgets, updated by id.
  expect(await run(['import', 'budgets', out, '--database', url])).toBe(0)
  expect(await rows('SELECT allocation1, amount, overrun_action FROM budgets ORDER BY id')).toEqual([
    { allocation1: 'P1', amount: 10_005_000, overrun_action: 'block' },
    { allocation1: 'P2', amount: 5_000_000, overrun_action: 'notify' },
  ])
  const missing = scriptedIo()
  expect(await run(['export', 'budgets', '--period', 'FY1999', '--database', url], missing)).toBe(1)
  expect(missing.err).toEqual(['No fiscal period "FY1999": give its code (FY2026).'])
})

test('procura export|import <reference list>: every list is a kind; the file round-trips, a dry run and a refused line write nothing', async () => {
  const help = scriptedIo()
  await run(['import', '--help'], help)
  for (const kind of ['departments', 'allocations', 'units', 'countries', 'tags', 'users', 'circuits'])
    expect(help.out.join('\n')).toContain(kind)
  const out = join(dir, 'units.csv')
  expect(await run(['export', 'units', '-o', out, '--database', url])).toBe(0)
  const before = JSON.stringify(await rows('SELECT * FROM reference_codes ORDER BY id'))
  const checked = scriptedIo()
  expect(await run(['import', 'units', out, '--dry-run', '--json', '--database', url], checked)).toBe(0)
  expect(JSON.parse(checked.out[0] ?? '{}')).toMatchObject({
    checked: 9,
    failed: 0,
    imported: 0,
    dry_run: true,
  })
  const broken = file('units-broken.csv', ['code;label;position;active', 'ream;ream;10;1', 'crate;;11;1'])
  const refused = scriptedIo()
  expect(await run(['import', 'units', broken, '--database', url], refused)).toBe(1)
  expect(refused.err).toEqual(expect.arrayContaining([expect.stringMatching(/^line 3: label: /)]))
  expect(JSON.stringify(await rows('SELECT * FROM reference_codes ORDER BY id'))).toBe(before)
  const good = file('units-good.csv', ['code;label;position;active', 'ream;ream;10;1', 'box;carton;1;0'])
  expect(await run(['import', 'units', good, '--database', url])).toBe(0)
  expect(
    await rows(
      "SELECT code, label, position FROM reference_codes WHERE list = 'unit' AND code IN ('box', 'ream') ORDER BY code",
    ),
  ).toEqual([
    { code: 'box', label: 'carton', position: 1 },
    { code: 'ream', label: 'ream', position: 10 },
  ])
})

test('procura export articles, suppliers, supplier-contacts and bank-accounts write what procura import reads back', async () => {
  const summary = (io: ReturnType<typeof scriptedIo>) => JSON.parse(io.out[0] ?? '{}')
  // Each exported file imports back into the same data: every row updates itself, nothing else changes.
  const tables = {
    articles: 'SELECT id, reference, label, unit_price_exctax, vat_rate, active FROM articles ORDER BY id',
    suppliers:
      'SELECT id, code, company_name, status, currency_code, max_per_order, group_id FROM suppliers ORDER BY id',
    'supplier-contacts':
      'SELECT id, supplier_id, name, email, phone, language, main_contact, main_order_contact FROM supplier_contacts ORDER BY id',
  }
  for (const [kind, query] of Object.entries(tables)) {
    const out = join(dir, `${kind}.csv`)
    expect(await run(['export', kind, '-o', out, '--database', url]), kind).toBe(0)
    const before = JSON.stringify(await rows(query))
    const count = (await rows(query)).length
    expect(count, kind).toBeGreaterThan(0)
    const imported = scriptedIo()
    expect(
      await run(['import', kind, out, '--json', '--database', url], imported),
      imported.err.join('\n'),
    ).toBe(0)
    expect(summary(imported), kind).toMatchObject({ checked: count, failed: 0, created: 0, updated: count })
    expect(JSON.stringify(await rows(query)), kind).toBe(before)
  }
  // Bank accounts import as new accounts to validate: read back here, each one is already known.
  const typed = file('typed-accounts.csv', [
    'supplier_code;account_number;bic;holder_name;holder_country_code;main',
    '"OFFICEPRO";"FR76 3000 6000 0112 3456 7890 189";"AGRIFRPP";"OfficePro Supplies";"FR";1',
    '"SAFEWORK";"DE89 3704 0044 0532 0130 00";;"SafeWork";"DE";0',
  ])
  expect(await run(['import', 'bank-accounts', typed, '--database', url])).toBe(0)
  const accounts = join(dir, 'bank-accounts.csv')
  expect(await run(['export', 'bank-accounts', '-o', accounts, '--database', url])).toBe(0)
  const known = Number(
    (
      await rows("SELECT count(*) AS n FROM bank_accounts WHERE owner = 'supplier' AND status <> 'refused'")
    )[0]?.n,
  )
  expect(known).toBeGreaterThan(0)
  const before = JSON.stringify(await rows('SELECT * FROM bank_accounts ORDER BY id'))
  const again = scriptedIo()
  expect(await run(['import', 'bank-accounts', accounts, '--json', '--database', url], again)).toBe(1)
  expect(summary(again)).toMatchObject({ checked: known, failed: known, imported: 0 })
  for (const error of summary(again).errors as { messages: string[] }[])
    expect(error.messages).toEqual(['account_number: This value is already used.'])
  expect(JSON.stringify(await rows('SELECT * FROM bank_accounts ORDER BY id'))).toBe(before)
  // Who may not manage suppliers exports none.
  const refused = scriptedIo()
  expect(await run(['export', 'suppliers', '--as', 'requester', '--database', url], refused)).toBe(1)
  expect(refused.err).toEqual(['requester may not administer suppliers: name another user with --as LOGIN.'])
})

test('procura import users: a dry run writes nothing; all or nothing; procura export users reads back', async () => {
  const before = JSON.stringify(await rows('SELECT * FROM users ORDER BY id'))
  const header = 'id;login;label;email;language;role'
  const good = file('users.csv', [header, ';clara;Clara Costa;clara@acme.example;fr;requester'])
  const checked = scriptedIo()
  expect(await run(['import', 'users', good, '--dry-run', '--json', '--database', url], checked)).toBe(0)
  expect(JSON.parse(checked.out[0] ?? '{}')).toMatchObject({
    checked: 1,
    failed: 0,
    imported: 0,
    dry_run: true,
  })
  const broken = file('users-broken.csv', [
    header,
    ';clara;Clara Costa;clara@acme.example;fr;requester',
    ';buyer;Twice;b@acme.example;en;buyer',
  ])
  const refused = scriptedIo()
  expect(await run(['import', 'users', broken, '--database', url], refused)).toBe(1)
  expect(refused.err).toEqual(expect.arrayContaining(['line 3: login: This value is already used.']))
  expect(JSON.stringify(await rows('SELECT * FROM users ORDER BY id'))).toBe(before)
  expect(await run(['import', 'users', good, '--database', url])).toBe(0)
  const out = join(dir, 'users-out.csv')
  expect(await run(['export', 'users', '-o', out, '--database', url])).toBe(0)
  expect(await rows("SELECT label FROM users WHERE login = 'clara'")).toEqual([{ label: 'Clara Costa' }])
})

test('procura import e-invoices DIR: each e-invoice a connector dropped is queued; a file that is none is named', async () => {
  const drop = join(dir, 'inbox')
  mkdirSync(drop)
  writeFileSync(join(drop, 'a.xml'), ciiXml())
  writeFileSync(join(drop, 'b.xml'), ublXml({ ...SAMPLE, number: 'UBL-7' }))
  writeFileSync(join(drop, 'c.xml'), '<Order/>')
  writeFileSync(join(drop, 'notes.txt'), 'not an invoice')
  const io = scriptedIo({ env: { PROCURA_STORAGE_DIR: join(dir, 'files') } })
  expect(await run(['import', 'e-invoices', drop, '--database', url], io)).toBe(1)
  expect(io.out).toEqual(['2 e-invoices of 3 files queued.'])
  expect(io.err.join(' ')).toContain('c.xml: This file is not an e-invoice Procura reads')
  expect((await rows('SELECT label FROM pending_invoices ORDER BY id')).map((r) => r.label)).toEqual([
    'FA-2026-0815',
    'UBL-7',
  ])
  expect(await run(['import', 'e-invoices', join(dir, 'nowhere'), '--database', url])).toBe(2)
})
