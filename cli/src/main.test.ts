import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { openDatabase } from '@procura/api/db'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { main } from './main'
import { scriptedIo } from './testing'

let dir: string
let url: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'procura-cli-'))
  url = `file:${join(dir, 'procura.db')}`
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const run = (args: string[], io = scriptedIo()) => main(['node', 'procura', ...args], io.io)

const count = async (table: string) => {
  const database = await openDatabase(url)
  const result = await database.client.execute(`SELECT count(*) AS n FROM ${table}`)
  database.close()
  return Number(result.rows[0]?.n)
}

test('help is available everywhere and exits 0', async () => {
  for (const args of [
    ['--help'],
    ['db', '--help'],
    ['db', 'reset', '--help'],
    ['maintenance', 'on', '--help'],
    ['serve', '--help'],
  ]) {
    const io = scriptedIo()
    expect(await run(args, io), args.join(' ')).toBe(0)
    expect(io.out.join('\n'), args.join(' ')).toContain('Usage: procura')
  }
})

test('an unknown command or option is a usage error (exit 2) with a hint', async () => {
  const io = scriptedIo()
  expect(await run(['frobnicate'], io)).toBe(2)
  expect(io.err.join('\n')).toContain("unknown command 'frobnicate'")
  expect(await run(['db', 'seed', '--colour'])).toBe(2)
  expect(await run([])).toBe(2)
})

test('db copy moves every row into an empty database and refuses one that holds data', async () => {
  expect(await run(['db', 'seed', '--base', '--database', url])).toBe(0)
  const to = `file:${join(dir, 'copy.db')}`
  const io = scriptedIo()
  expect(await run(['db', 'copy', '--from', url, '--to', to], io)).toBe(0)
  expect(io.out.join('\n')).toMatch(/users: 7 rows[\s\S]*Copied \d+ rows in \d+ tables/)
  const copy = await openDatabase(to)
  const articles = await copy.client.execute('SELECT count(*) AS n FROM articles')
  await copy.close()
  expect(Number(articles.rows[0]?.n)).toBe(await count('articles'))
  const again = scriptedIo()
  expect(await run(['db', 'copy', '--from', url, '--to', to], again)).toBe(1)
  expect(again.err.join()).toContain('already holds data')
})

test('db backup, verify and restore: one archive, checked, into an empty database and folder', async () => {
  const env = { PROCURA_STORAGE_DIR: join(dir, 'files') }
  expect(await run(['db', 'seed', '--base', '--database', url], scriptedIo({ env }))).toBe(0)
  const archive = join(dir, 'backup.tar.gz')
  const backup = scriptedIo({ env })
  expect(await run(['db', 'backup', '--database', url, '-o', archive], backup)).toBe(0)
  expect(backup.out.join()).toMatch(/Backup written to .*backup\.tar\.gz: \d+ rows in \d+ tables/)
  const verify = scriptedIo()
  expect(await run(['db', 'verify', archive], verify)).toBe(0)
  expect(verify.out.join()).toContain('verifies: nothing wrong found')
  const to = `file:${join(dir, 'restored.db')}`
  const restore = scriptedIo({ env: { PROCURA_STORAGE_DIR: join(dir, 'restored-files') } })
  expect(await run(['db', 'restore', archive, '--to', to], restore)).toBe(0)
  expect(await run(['db', 'verify', '--database', to])).toBe(0)
  // Into a database that holds data: refused, exit 1, said why.
  const again = scriptedIo({ env: { PROCURA_STORAGE_DIR: join(dir, 'elsewhere') } })
  expect(await run(['db', 'restore', archive, '--to', url], again)).toBe(1)
  expect(again.err.join()).toContain('holds data: restore into an empty one')
  const missing = scriptedIo()
  expect(await run(['db', 'verify', join(dir, 'none.tar.gz')], missing)).toBe(1)
  expect(missing.err.join()).toContain('No backup at')
})

test('the database URL comes from PROCURA_DATABASE_URL when no option is given', async () => {
  expect(await run(['db', 'seed', '--base'], scriptedIo({ env: { PROCURA_DATABASE_URL: url } }))).toBe(0)
  expect(await count('users')).toBe(7)
  expect(await count('purchase_orders')).toBe(0)
})

test('db reset refuses without confirmation in a script and changes nothing', async () => {
  await run(['db', 'seed', '--base', '--database', url])
  await run(['maintenance', 'on', '--database', url])
  const before = await count('traces')
  const io = scriptedIo({ interactive: false })
  expect(await run(['db', 'reset', '--database', url], io)).toBe(1)
  expect(io.err.join()).toContain('run again with --yes')
  expect(await count('traces')).toBe(before)
})

test('db reset asks, and a "no" changes nothing', async () => {
  await run(['db', 'seed', '--base', '--database', url])
  await run(['maintenance', 'on', '--database', url])
  const before = await count('traces')
  const io = scriptedIo({ interactive: true, answers: [false] })
  expect(await run(['db', 'reset', '--database', url], io)).toBe(1)
  expect(io.out.join()).toContain('Nothing was changed.')
  expect(await count('traces')).toBe(before)
})

test('db reset with a "yes" (or --yes) starts over from the demo dataset', async () => {
  await run(['db', 'seed', '--base', '--database', url])
  await run(['maintenance', 'on', '--database', url])
  expect(await count('traces')).toBe(2)
  expect(
    await run(
      ['db', 'reset', '--base', '--database', url],
      scriptedIo({ interactive: true, answers: [true] }),
    ),
  ).toBe(0)
  expect(await count('traces')).toBe(1)
  expect(await run(['db', 'reset', '--yes', '--no-seed', '--database', url])).toBe(0)
  expect(await count('users')).toBe(0)
})

test('db reset refuses a database that is not a file', async () => {
  const io = scriptedIo()
  expect(await run(['db', 'reset', '--yes', '--database', 'libsql://example.org'], io)).toBe(1)
  expect(io.err.join()).toContain('Only a file database can be reset')
})

test('maintenance on/status/off, with a refused delay that changes nothing', async () => {
  const on = scriptedIo()
  expect(
    await run(['maintenance', 'on', '--retry-after', '300', '--message', 'Upgrade', '--database', url], on),
  ).toBe(0)
  expect(on.out).toEqual(['Maintenance mode is ON (clients retry in 300 s): Upgrade.'])

  const bad = scriptedIo()
  expect(await run(['maintenance', 'on', '--retry-after', 'soon', '--database', url], bad)).toBe(1)
  expect(bad.err).toEqual(['--retry-after: This value must be a number.'])

  const status = scriptedIo()
  expect(await run(['maintenance', 'status', '--database', url], status)).toBe(0)
  expect(status.out).toEqual(['Maintenance mode is ON (clients retry in 300 s): Upgrade.'])

  const off = scriptedIo()
  expect(await run(['maintenance', 'off', '--database', url], off)).toBe(0)
  expect(off.out).toEqual(['Maintenance mode is off.'])
})

test('cron list names the jobs; cron run applies them now; an unknown job is a usage error', async () => {
  expect(await run(['db', 'seed', '--base', '--database', url])).toBe(0)
  const database = await openDatabase(url)
  await database.client.execute(
    `INSERT INTO purchase_orders (code, status, supplier_id, company_id, buyer_id, currency_code, amount_exctax,
       amount_tax, amount_inctax, vat_breakdown, sent_at, send_mode, created_at, updated_at)
     VALUES ('PO-OLD', 'sent', (SELECT min(id) FROM suppliers), (SELECT min(id) FROM companies),
       (SELECT id FROM users WHERE login = 'buyer'), 'EUR', '10.00', '2.00', '12.00', '[]',
       ${Date.parse('2020-01-06T10:00:00Z')}, 'manual', 0, 0)`,
  )
  database.close()
  const listed = scriptedIo()
  expect(await run(['cron', 'list'], listed)).toBe(0)
  expect(listed.out.join()).toContain('acknowledgements')
  const unknown = scriptedIo()
  expect(await run(['cron', 'run', 'coffee', '--database', url], unknown)).toBe(2)
  expect(unknown.err.join()).toContain('Unknown job: coffee')
  const ran = scriptedIo()
  expect(await run(['cron', 'run', '--database', url], ran)).toBe(0)
  expect(ran.out.slice(0, 7)).toEqual([
    'acknowledgements: 1 changed',
    'supplier_statuses: 0 changed',
    'supplier_statistics: 2 changed',
    'supplier_contracts: 0 changed',
    'supplier_files: 0 changed',
    'framework_agreements: 0 changed',
    'rfqs: 0 changed',
  ])
  // The digest depends on the weekday it runs; the traces job on what is old enough: named, run.
  // The scheduled backup is off by default: it writes nothing.
  expect(ran.out.slice(7).map((line) => line.split(':')[0])).toEqual(['actions_to_do', 'backups', 'traces'])
  expect(ran.out).toContain('backups: 0 changed')
  const check = await openDatabase(url)
  const row = await check.client.execute("SELECT status FROM purchase_orders WHERE code = 'PO-OLD'")
  check.close()
  expect(row.rows[0]?.status).toBe('acknowledged_receipt')
})

test('serve starts, answers, and stops cleanly when asked to', async () => {
  let stop = () => {}
  const stopped = new Promise<void>((resolve) => {
    stop = resolve
  })
  const io = scriptedIo({
    env: { PORT: '0', WS_PORT: '0', PROCURA_DATABASE_URL: url, PROCURA_DEMO: 'base' },
    stopAfter: stopped,
  })
  const running = run(['serve'], io)
  await expect
    .poll(() => io.out.find((l) => l.startsWith('Procura is running at')), { timeout: 15_000 })
    .toBeTruthy()
  const appUrl = /at (\S+)\//.exec(io.out.find((l) => l.startsWith('Procura is running')) ?? '')?.[1] ?? ''
  const api = appUrl.replace(/\/app$/, '')
  expect((await fetch(`${api}/bwapi/init-infos`)).status).toBe(200)
  stop()
  expect(await running).toBe(0)
  expect(io.out.at(-1)).toBe('Stopped.')
})

test('the installed binary runs through npx-style node invocation', async () => {
  const bin = fileURLToPath(new URL('../bin/procura.js', import.meta.url))
  const { stdout } = await promisify(execFile)(process.execPath, [bin, '--version'])
  expect(stdout.trim()).toBe('0.1.0')
  await expect(promisify(execFile)(process.execPath, [bin, 'nope'])).rejects.toMatchObject({ code: 2 })
})
