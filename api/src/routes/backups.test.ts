import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp | undefined
afterEach(() => t?.close())

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json
const runJob = async (admin: Agent) =>
  (await json(await admin.post('/bwapi/maintenance/jobs/backups/run', {}))).data as {
    changed: number | null
    error: string | null
  }

test('the scheduled backup: off by default; on, one archive a day once its hour has come, the oldest beyond the number kept deleted, each checked from the maintenance screen', async () => {
  t = await createTestApp()
  const admin = await signIn(t.app, 'admin')
  const folder = join(t.dir, 'backups')
  // Off by default: the job writes nothing.
  expect(await runJob(admin)).toMatchObject({ changed: 0, error: null })
  expect(existsSync(folder)).toBe(false)

  // On at 23:00 (Paris): at 11:00 nothing is due yet.
  const save = (values: Json) => admin.request('/bwapi/settings/backups', { method: 'PUT', body: values })
  expect((await save({ enabled: true, hour: 23, folder, keep: 2 })).status).toBe(200)
  expect((await runJob(admin)).changed).toBe(0)
  // At 2:00 it is; a second run the same day writes nothing more.
  expect((await save({ enabled: true, hour: 2, folder, keep: 2 })).status).toBe(200)
  expect((await runJob(admin)).changed).toBe(1)
  expect((await runJob(admin)).changed).toBe(0)
  // Two older archives are in the folder; tomorrow's run keeps the two newest.
  mkdirSync(folder, { recursive: true })
  for (const day of ['20261118', '20261119'])
    writeFileSync(join(folder, `procura-${day}-020000.tar.gz`), 'old')
  writeFileSync(join(folder, 'notes.txt'), 'not an archive')
  t.clock.set('2026-11-22T10:00:00Z')
  // A day later the session has ended: the administrator signs in again.
  const tomorrow = await signIn(t.app, 'admin')
  expect((await runJob(tomorrow)).changed).toBe(1)
  const listed = (await json(await tomorrow.get('/bwapi/maintenance/backups'))).data as {
    archives: { name: string; size: number }[]
  }
  expect(listed.archives.map((a) => a.name)).toEqual([
    'procura-20261122-110000.tar.gz',
    'procura-20261121-110000.tar.gz',
  ])
  expect(listed.archives[0]?.size).toBeGreaterThan(10_000)
  expect(existsSync(join(folder, 'notes.txt'))).toBe(true)

  // Each archive is checked on demand.
  const name = listed.archives[0]?.name ?? ''
  expect((await json(await tomorrow.post(`/bwapi/maintenance/backups/${name}/verify`, {}))).data).toEqual({
    problems: [],
  })
  expect(
    (await tomorrow.post('/bwapi/maintenance/backups/procura-20261118-020000.tar.gz/verify', {})).status,
  ).toBe(404)
  const buyer = await signIn(t.app, 'buyer')
  expect((await buyer.get('/bwapi/maintenance/backups')).status).toBe(403)
}, 60_000)
