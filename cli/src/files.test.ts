import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createTestDatabase, type TestDatabase } from '@procura/api/testing'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { main } from './main'
import { scriptedIo } from './testing'

/** `procura files move` (issue 49 §4) and `procura db verify` of the files kept in the database. */
let t: TestDatabase
let dir: string
let url: string
beforeEach(async () => {
  t = await createTestDatabase('demo')
  dir = t.dir
  url = t.url
})
afterEach(() => t.close())

const run = (args: string[], io: ReturnType<typeof scriptedIo>) => main(['node', 'procura', ...args], io.io)

const count = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.n)

test('files move to the database and back from the command line, and the database verifies', async () => {
  const storage = join(dir, 'files')
  const env = { PROCURA_STORAGE_DIR: storage }
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
  await t.client.execute({
    sql: 'UPDATE stored_files SET content = ? WHERE path LIKE ?',
    args: [new Uint8Array([0]), '%b.pdf'],
  })
  const broken = scriptedIo({ env })
  expect(await run(['db', 'verify', url], broken)).toBe(1)
  expect(broken.err.join('\n') + broken.out.join('\n')).toContain(
    'stored file changed: attachments/need/1/b.pdf',
  )
  const back = scriptedIo({ env })
  expect(await run(['files', 'move', '--to', 'folder', '--database', url], back)).toBe(1)
  expect(await run(['files', 'move', '--to', 'elsewhere', '--database', url], scriptedIo({ env }))).toBe(2)
})
