import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { create, extract } from 'tar'
import { afterEach, expect, test } from 'vitest'
import { openDatabase } from '../../db'
import { signIn } from '../../testing/agent'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { backupDatabase, OperationRefused, restoreBackup, verifyBackup, verifyDatabase } from './backup'

const pgServer = process.env.PROCURA_TEST_PG_SERVER
let t: TestApp | undefined
const cleanups: (() => Promise<unknown> | unknown)[] = []
afterEach(async () => {
  await t?.close()
  for (const clean of cleanups.splice(0).reverse()) await clean()
})

const workDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'procura-backup-test-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** An empty database of the engine under test: a new file, or a new PostgreSQL database. */
const emptyDatabase = async (dir: string) => {
  if (pgServer === undefined) return `file:${join(dir, 'restored.db')}`
  const name = `procura_r_${Math.random().toString(36).slice(2, 12)}`
  const admin = new pg.Client({ connectionString: pgServer })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  })
  const url = new URL(pgServer)
  url.pathname = `/${name}`
  return url.toString()
}

const ordersIn = async (url: string) => {
  const database = await openDatabase(url)
  try {
    return (await database.client.execute('SELECT id FROM purchase_orders')).rows.map((r) => Number(r.id))
  } finally {
    await database.close()
  }
}

test('a backup taken while 8 clients create orders restores to a database that verifies and holds every order answered before it began', async () => {
  t = await createTestApp()
  const app = t
  const dir = workDir()
  const storageDir = join(t.dir, 'files')
  mkdirSync(join(storageDir, 'attachments'), { recursive: true })
  writeFileSync(join(storageDir, 'attachments', 'quote.pdf'), '%PDF-1.4 a quote')
  const buyer = await signIn(t.app, 'buyer')
  const id = async (sql: string) => Number((await app.client.execute(sql)).rows[0]?.id)
  await t.client.execute(
    "UPDATE suppliers SET max_per_year = NULL, max_per_order = NULL WHERE code = 'OFFICEPRO'",
  )
  const input = {
    supplier_id: await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await id("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    lines: [{ label: 'Copy paper A4', quantity: '10', unit_price_exctax: '4.99', vat_rate: '20' }],
  }
  const createOrder = async () => {
    const made = await buyer.post('/bwapi/purchase-orders', input)
    expect(made.status).toBe(201)
    return ((await made.json()) as { data: { id: number } }).data.id
  }
  const answered = await Promise.all(Array.from({ length: 3 }, createOrder))
  const output = join(dir, 'procura.tar.gz')
  // Eight clients keep creating orders while the backup runs.
  const [manifest] = await Promise.all([
    backupDatabase({ url: t.url, storageDir, output, now: new Date() }),
    ...Array.from({ length: 8 }, createOrder),
  ])
  expect(manifest.engine).toBe(pgServer === undefined ? 'sqlite' : 'postgresql')
  expect(manifest.migrations.applied).toBe(manifest.migrations.shipped)
  expect(manifest.row_counts.purchase_orders).toBeGreaterThanOrEqual(answered.length)
  expect(manifest.files.map((f) => f.path)).toContain(join('attachments', 'quote.pdf'))
  expect(await verifyBackup(output)).toEqual({ problems: [] })

  const to = await emptyDatabase(dir)
  const restoredFiles = join(dir, 'restored-files')
  await restoreBackup({ file: output, to, storageDir: restoredFiles })
  const restored = await ordersIn(to)
  for (const order of answered) expect(restored).toContain(order)
  expect(await verifyDatabase(to)).toEqual({ problems: [] })

  // A restore into a database that holds data is refused, and leaves it as it was.
  const before = await ordersIn(t.url)
  await expect(
    restoreBackup({ file: output, to: t.url, storageDir: join(dir, 'other-files') }),
  ).rejects.toThrow(OperationRefused)
  expect(await ordersIn(t.url)).toEqual(before)
  // ... and so is one into a storage folder that holds files.
  await expect(
    restoreBackup({ file: output, to: await emptyDatabase(join(dir, 'again')), storageDir: restoredFiles }),
  ).rejects.toThrow(/storage folder .* is not empty/)
}, 120_000)

test('a backup whose file changed since says which, and is not restored', async () => {
  t = await createTestApp()
  const dir = workDir()
  const storageDir = join(t.dir, 'files')
  mkdirSync(storageDir, { recursive: true })
  writeFileSync(join(storageDir, 'signature.png'), 'a signature')
  const output = join(dir, 'procura.tar.gz')
  await backupDatabase({ url: t.url, storageDir, output, now: new Date() })
  // Open it, change one file, close it again.
  const opened = join(dir, 'opened')
  mkdirSync(opened)
  await extract({ file: output, cwd: opened })
  writeFileSync(join(opened, 'files', 'signature.png'), 'another signature')
  const tampered = join(dir, 'tampered.tar.gz')
  await create({ gzip: true, file: tampered, cwd: opened }, ['.'])
  expect((await verifyBackup(tampered)).problems).toEqual([
    'file changed: signature.png (its checksum differs)',
  ])
  await expect(
    restoreBackup({ file: tampered, to: await emptyDatabase(dir), storageDir: join(dir, 'restored') }),
  ).rejects.toThrow(/not sound/)
  await expect(verifyBackup(join(dir, 'none.tar.gz'))).rejects.toThrow(/No backup at/)
}, 60_000)

test.runIf(pgServer !== undefined)(
  'a PostgreSQL backup restores into SQLite through an empty PostgreSQL database',
  async () => {
    t = await createTestApp()
    const dir = workDir()
    const output = join(dir, 'procura.tar.gz')
    const manifest = await backupDatabase({
      url: t.url,
      storageDir: join(t.dir, 'files'),
      output,
      now: new Date(),
    })
    expect(manifest.engine).toBe('postgresql')
    const to = `file:${join(dir, 'restored.db')}`
    // Without the database to go through, refused and nothing made.
    await expect(restoreBackup({ file: output, to, storageDir: join(dir, 'files-1') })).rejects.toThrow(
      /--via/,
    )
    await restoreBackup({
      file: output,
      to,
      storageDir: join(dir, 'files-2'),
      via: await emptyDatabase(join(dir, 'via')),
    })
    expect((await ordersIn(to)).sort()).toEqual((await ordersIn(t.url)).sort())
    expect(await verifyDatabase(to)).toEqual({ problems: [] })
  },
  120_000,
)
