import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '@procura/api/db'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { main } from './main'
import { scriptedIo } from './testing'

/** `procura files move` (issue 49 §4) and `procura db verify` of the files kept in the database. */
let dir: string
let url: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'procura-files-'))
  url = `file:${join(dir, 'procura.db')}`
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const run = (args: string[], io: ReturnType<typeof scriptedIo>) => main(['node', 'procura', ...args], io.io)

const count = async (sql: string) => {
  const database = await openDatabase(url)
  try {
    return Number((await database.client.execute(sql)).rows[0]?.n)
  } finally {
    database.close()
  }
}

test('files move to the database and back from the command line, and the database verifies', async () => {
  const storage = join(dir, 'files')
  const env = { PROCURA_STORAGE_DIR: storage }
  expect(await run(['db', 'seed', '--base', '--database', url], scriptedIo({ env }))).toBe(0)
  mkdirSync(join(storage, 'attachments', 'need', '1'), { recursive: true })
  writeFileSync(join(storage, 'attachments', 'need', '1', 'a.pdf'), 'first')
  writeFileSync(join(storage, 'attachments', 'need', '1', 'b.pdf'), 'second')
  const there = scriptedIo({ env })
  expect(await run(['files', 'move', '--to', 'database', '--database', url], there)).toBe(0)
  expect(there.out.join('\n')).toContain('2 files (0.0 MB) moved to the database, each checked')
  expect(existsSync(join(storage, 'attachments', 'need', '1', 'a.pdf'))).toBe(false)
  expect(await count('SELECT count(*) AS n FROM stored_files')).toBe(2)
  const verified = scriptedIo({ env })
  expect(await run(['db', 'verify', url], verified), verified.err.join('\n')).toBe(0)
  // A stored file whose bytes changed is named by verify.
  const database = await openDatabase(url)
  await database.client.execute("UPDATE stored_files SET content = X'00' WHERE path LIKE '%b.pdf'")
  database.close()
  const broken = scriptedIo({ env })
  expect(await run(['db', 'verify', url], broken)).toBe(1)
  expect(broken.err.join('\n') + broken.out.join('\n')).toContain(
    'stored file changed: attachments/need/1/b.pdf',
  )
  const back = scriptedIo({ env })
  expect(await run(['files', 'move', '--to', 'folder', '--database', url], back)).toBe(1)
  expect(await run(['files', 'move', '--to', 'elsewhere', '--database', url], scriptedIo({ env }))).toBe(2)
})
