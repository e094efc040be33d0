import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp | undefined
afterEach(() => t?.close())

const get = (path: string, headers: Record<string, string> = {}) =>
  (t as TestApp).app.request(path, { headers })

test('health answers while the process runs; ready says which checks pass', async () => {
  t = await createTestApp()
  expect(await (await get('/health')).json()).toEqual({ status: 'ok' })
  const ready = await get('/ready')
  expect(ready.status).toBe(200)
  const body = (await ready.json()) as {
    ready: boolean
    checks: object
    migrations: { applied: number; shipped: number }
  }
  expect(body).toMatchObject({
    ready: true,
    checks: { database: 'ok', migrations: 'ok', storage: 'ok', maintenance: 'off' },
  })
  expect(body.migrations.applied).toBe(body.migrations.shipped)
  expect(body.migrations.applied).toBeGreaterThan(50)
})

test('not ready: in maintenance, with a storage folder that takes no file, or behind a migration', async () => {
  t = await createTestApp()
  const admin = await signIn(t.app, 'admin')
  expect(
    (
      await admin.request('/bwapi/maintenance/mode', {
        method: 'PUT',
        body: { enabled: true, retry_after: 600, message: 'Upgrade' },
      })
    ).status,
  ).toBe(200)
  const maintenance = await get('/ready')
  expect(maintenance.status).toBe(503)
  expect(await maintenance.json()).toMatchObject({ ready: false, checks: { maintenance: 'on' } })
  // The health check stays up: the process answers.
  expect((await get('/health')).status).toBe(200)
  t.close()

  t = await createTestApp()
  // A file where the storage folder should be: nothing can be written under it.
  const files = join(t.dir, 'files')
  rmSync(files, { recursive: true, force: true })
  writeFileSync(files, 'not a folder')
  const storage = await get('/ready')
  expect(storage.status).toBe(503)
  expect(await storage.json()).toMatchObject({ checks: { storage: 'not_writable', migrations: 'ok' } })
  rmSync(files)
  expect((await get('/ready')).status).toBe(200)

  // A database one migration behind the release: the server waits for `procura db migrate`.
  const last =
    t.engine === 'postgresql'
      ? 'DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)'
      : 'DELETE FROM __drizzle_migrations WHERE rowid = (SELECT max(rowid) FROM __drizzle_migrations)'
  await t.client.execute(last)
  const behind = await get('/ready')
  expect(behind.status).toBe(503)
  expect(await behind.json()).toMatchObject({ checks: { migrations: 'behind' } })
})

test('metrics are off unless a token is set, and need it', async () => {
  t = await createTestApp()
  expect((await get('/metrics')).status).toBe(404)
  t.close()
  t = await createTestApp({ metricsToken: 'scrape-me' })
  expect((await get('/metrics')).status).toBe(401)
  expect((await get('/metrics', { Authorization: 'Bearer wrong-token' })).status).toBe(401)
  await get('/health')
  const admin = await signIn(t.app, 'admin')
  expect((await admin.post('/bwapi/maintenance/jobs/traces/run', {})).status).toBe(200)
  const answer = await get('/metrics', { Authorization: 'Bearer scrape-me' })
  expect(answer.status).toBe(200)
  const text = await answer.text()
  // Requests by route pattern (bounded labels), the outboxes, the process.
  expect(text).toMatch(/procura_http_requests_total\{method="GET",route="\/health",status="200"\} 1/)
  expect(text).toMatch(
    /procura_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/health"\}/,
  )
  // The database statements' durations, reads and writes apart (the job wrote).
  for (const kind of ['read', 'write'])
    expect(
      Number(
        new RegExp(`procura_db_statement_duration_seconds_count\\{kind="${kind}"\\} (\\d+)`).exec(text)?.[1],
      ),
    ).toBeGreaterThan(0)
  expect(text).toMatch(/procura_outbox_depth\{outbox="notices"\} \d+/)
  expect(text).toMatch(/procura_outbox_oldest_age_seconds\{outbox="e_invoice_statuses"\} [\d.]+/)
  expect(text).toContain('procura_process_resident_memory_bytes')
  // The newest backup (none here: 0), and each job's last run by outcome: a scraper alerts on a
  // backup grown old, a job that stopped running or failed.
  expect(text).toMatch(/procura_backup_last_success_timestamp_seconds 0/)
  expect(text).toMatch(/procura_job_last_run_timestamp_seconds\{job="traces",outcome="ok"\} \d+/)
})
