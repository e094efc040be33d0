import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createTestDatabase, type TestDatabase } from '@procura/api/testing'
import { SEPA_SCHEMA, xmllint } from '@procura/api/testing/xmllint'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { main } from './main'
import { scriptedIo } from './testing'

/**
 * The command line's exports over the demo's year (a copy of the run's fixture, with its stored
 * files): a SQLite file, or under `npm run test:pg` a PostgreSQL database.
 */
let t: TestDatabase
let dir: string
let url: string
beforeEach(async () => {
  t = await createTestDatabase('demo-year')
  dir = t.dir
  url = t.url
})
afterEach(() => t.close())

const run = (args: string[], io = scriptedIo()) => main(['node', 'procura', ...args], io.io)

test('export sepa writes a valid file of a validated group once; --again writes it again; refusals exit 1', async () => {
  const [group] = (
    await t.client.execute(
      "SELECT g.code FROM payment_groups g JOIN payment_lines l ON l.payment_group_id = g.id WHERE l.status = 'validated' LIMIT 1",
    )
  ).rows
  const code = String(group?.code)
  const file = join(dir, 'transfers.xml')
  const made = scriptedIo()
  expect(
    await run(['export', 'sepa', '--group', code, '--format', '03', '-o', file, '--database', url], made),
  ).toBe(0)
  expect(made.err.join()).toMatch(/\d+ transfers?, \d+\.\d\d EUR, pain\.001\.001\.03 → /)
  const xml = readFileSync(file, 'utf8')
  expect(xmllint(xml, SEPA_SCHEMA('03'))).toBe('')
  // The same lines cannot be exported twice; the file can be written again.
  const twice = scriptedIo()
  expect(await run(['export', 'sepa', '--group', code, '--database', url], twice)).toBe(1)
  expect(twice.err).toEqual(['An export is already in progress.'])
  const again = scriptedIo()
  expect(await run(['export', 'sepa', '--group', code, '--again', '--database', url], again)).toBe(0)
  expect(`${again.out.join('\n')}\n`).toBe(xml)
  const unknown = scriptedIo()
  expect(await run(['export', 'sepa', '--group', 'PAY-1999-99999', '--database', url], unknown)).toBe(1)
  expect(unknown.err.join()).toContain('No payment group "PAY-1999-99999"')
  expect(await run(['export', 'sepa', '--group', code, '--format', '05', '--database', url])).toBe(2)
  expect(await run(['export', 'sepa', '--group', code, '--as', 'nobody', '--database', url])).toBe(1)
})

test('export accounting writes the company’s waiting invoices as a balanced FEC; a second run has nothing left', async () => {
  const env = { PROCURA_STORAGE_DIR: join(dir, 'files') }
  const file = join(dir, 'journal.txt')
  const made = scriptedIo({ env })
  expect(
    await run(
      ['export', 'accounting', '--company', 'ACME', '--format', 'fec', '-o', file, '--database', url],
      made,
    ),
  ).toBe(0)
  expect(made.err.join()).toMatch(/\d+ invoices?, debit (\S+) = credit \1 → /)
  const lines = readFileSync(file, 'utf8')
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split('|'))
  expect(lines.every((l) => l.length === 18)).toBe(true)
  expect(lines.length).toBeGreaterThan(3)
  const again = scriptedIo({ env })
  expect(await run(['export', 'accounting', '--company', 'ACME', '--database', url], again)).toBe(1)
  expect(again.err).toEqual(['No validated invoice of this company is waiting to be exported.'])
  expect(
    await run(['export', 'accounting', '--company', 'NOPE', '--database', url], scriptedIo({ env })),
  ).toBe(1)
  expect(await run(['export', 'accounting', '--company', 'ACME', '--format', 'xls', '--database', url])).toBe(
    2,
  )
  expect(await run(['export', 'accounting', '--company', 'ACME', '--to', '23/11', '--database', url])).toBe(2)
})
