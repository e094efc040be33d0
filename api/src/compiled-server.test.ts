import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'
import { signInOverHttp } from './testing/http-session'
import { COMPILED_SERVER, type ServeProcess, startServeProcess } from './testing/serve-process'

/**
 * What `npm start` runs: the server compiled by scripts/build-server.mjs into one JavaScript module
 * (api/dist/procura.mjs), started by plain node — no TypeScript compiler — migrating and seeding an
 * empty database, then serving a signed-in person's list of suppliers.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const COMPILED = COMPILED_SERVER
let dir = ''
let server: ServeProcess | undefined

afterAll(async () => {
  await server?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

test('the compiled server starts with plain node, migrates an empty database and serves the API', async () => {
  // Built once per run: by `npm run build` before the tests (.ci/run), or here if it is missing or
  // older than its sources.
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'ensure-built.mjs'), '--server-only'], {
    encoding: 'utf8',
  })
  expect(built.status, built.stderr).toBe(0)
  // Compiled: nothing in it loads a TypeScript compiler.
  const source = readFileSync(COMPILED, 'utf8')
  expect(source).not.toMatch(/["']tsx(\/|["'])/)
  // The libraries only a PDF or a workbook needs are loaded then, not at every start.
  for (const heavy of ['exceljs', 'pdfkit', 'pdf-lib']) {
    expect(source, heavy).not.toMatch(new RegExp(`^import [^;]*["']${heavy}["']`, 'm'))
    expect(source, heavy).toContain(`import("${heavy}")`)
  }
  dir = mkdtempSync(join(tmpdir(), 'procura-compiled-'))
  server = await startServeProcess(
    {
      ...process.env,
      PROCURA_DATABASE_URL: `file:${join(dir, 'procura.db')}`,
      PROCURA_DEMO: 'base',
      PROCURA_STORAGE_DIR: join(dir, 'files'),
      PROCURA_OUTBOX_DIR: join(dir, 'outbox'),
      LOG_FORMAT: 'json',
    },
    [],
    COMPILED,
  )
  const buyer = await signInOverHttp(server.url, 'buyer')
  const suppliers = await fetch(`${server.url}/bwapi/suppliers`, {
    headers: { cookie: buyer.cookie, 'x-requested-with': 'XMLHttpRequest' },
  })
  expect(suppliers.status).toBe(200)
  expect(((await suppliers.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0)
  // Ready for a load balancer: it finds the migrations it ships beside the compiled file.
  const ready = await fetch(`${server.url}/ready`)
  expect(await ready.json()).toMatchObject({ ready: true, checks: { migrations: 'ok' } })
}, 120_000)
