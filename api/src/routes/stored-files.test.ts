import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { filesUnder, moveFiles } from '../services/operations/file-moves'
import { readSetting, writeSetting } from '../services/settings'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'

/**
 * Files kept in the database (issue 49 §4, settings `instance.file_storage`): what an upload writes,
 * a download reads and a removal deletes, and `procura files move` both ways — on either engine.
 */
let t: TestApp
let requester: Agent
let path: string
beforeEach(async () => {
  t = await createTestApp()
  requester = await signIn(t.app, 'requester')
  const buyerId = Number((await t.client.execute("SELECT id FROM users WHERE login = 'buyer'")).rows[0]?.id)
  const created = await requester.post('/bwapi/needs', {
    title: 'Desks',
    buyer_id: buyerId,
    purchase_family: 'FURNITURE',
    lines: [{ description: 'Desk', quantity: '2', unit_price_exctax: '300' }],
  })
  path = `/bwapi/needs/${((await created.json()) as { data: { id: number } }).data.id}/attachments`
})
afterEach(() => t.close())

const storage = async (file_storage: 'folder' | 'database') => {
  const stored = ((await readSetting(t.db, 'settings')) ?? {}) as Record<string, Record<string, unknown>>
  await writeSetting(t.db, t.clock, 'settings', { ...stored, instance: { ...stored.instance, file_storage } })
}
const upload = async (name: string, content: string) => {
  const form = new FormData()
  form.set('file', new File([content], name))
  const answer = await requester.request(path, { method: 'POST', form })
  expect(answer.status).toBe(201)
  return ((await answer.json()) as { data: { id: number } }).data.id
}
const stored = async () =>
  (await t.client.execute('SELECT path, size, sha256 FROM stored_files ORDER BY path')).rows.map((r) => ({
    path: String(r.path),
    size: Number(r.size),
  }))
const storageDir = () => join(t.dir, 'files')
const attachmentFiles = () => filesUnder(join(storageDir(), 'attachments'))

test('with the database chosen, an upload is a row, not a file; it downloads and is removed with its document', async () => {
  await storage('database')
  const id = await upload('plan.pdf', 'the plan, in bytes')
  expect(attachmentFiles()).toEqual([])
  const rows = await stored()
  expect(rows).toHaveLength(1)
  expect(rows[0]?.size).toBe(18)
  expect(await (await requester.get(`${path}/${id}`)).text()).toBe('the plan, in bytes')
  expect((await requester.request(`${path}/${id}`, { method: 'DELETE' })).status).toBe(200)
  expect(await stored()).toEqual([])
})

test('files move to the database and back, each checked; downloads answer the same bytes all along', async () => {
  const first = await upload('a.pdf', 'first file')
  const second = await upload('b.pdf', 'second file')
  const inFolder = attachmentFiles().length
  expect(inFolder).toBe(2)
  const before = filesUnder(storageDir()).length

  const moved = await moveFiles({ db: t.db, clock: t.clock, storageDir: storageDir() }, 'database')
  expect(moved).toMatchObject({ to: 'database', files: before })
  expect(filesUnder(storageDir())).toEqual([])
  expect((await stored()).length).toBe(before)
  expect(await (await requester.get(`${path}/${first}`)).text()).toBe('first file')
  // New files go to the database now.
  const third = await upload('c.pdf', 'third file')
  expect(attachmentFiles()).toEqual([])

  const back = await moveFiles({ db: t.db, clock: t.clock, storageDir: storageDir() }, 'folder')
  expect(back.files).toBe(before + 1)
  expect(await stored()).toEqual([])
  expect(attachmentFiles()).toHaveLength(3)
  expect(await (await requester.get(`${path}/${second}`)).text()).toBe('second file')
  expect(await (await requester.get(`${path}/${third}`)).text()).toBe('third file')
  const settings = (await readSetting(t.db, 'settings')) as { instance: { file_storage: string } }
  expect(settings.instance.file_storage).toBe('folder')
  expect(existsSync(join(storageDir(), 'attachments'))).toBe(true)
})
