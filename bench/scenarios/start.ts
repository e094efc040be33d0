import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { round } from '../measure'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

/** Runs `npm start` and answers the milliseconds until GET /app answers 200; then stops it. */
const timeToFirstPage = async (env: Record<string, string>) => {
  const port = Number(env.PORT)
  const started = performance.now()
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'ignore',
    detached: true,
  })
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('npm start did not answer within 60 s')
      const ok = await fetch(`http://127.0.0.1:${port}/app/`).then(
        (r) => r.status === 200,
        () => false,
      )
      if (ok) return performance.now() - started
      await new Promise((done) => setTimeout(done, 20))
    }
  } finally {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGINT')
    await new Promise((done) => child.once('exit', done))
  }
}

/**
 * Scenario 4: from `npm start` on an existing database (created and seeded by a first start, not
 * measured) to the first 200 on /app; the best of three starts.
 */
export const startScenario = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'procura-bench-start-'))
  const env = async () => ({
    PORT: String(await freePort()),
    WS_PORT: String(await freePort()),
    PROCURA_DATABASE_URL: `file:${join(dir, 'procura.db')}`,
    PROCURA_STORAGE_DIR: join(dir, 'files'),
  })
  try {
    await timeToFirstPage(await env())
    const runs: number[] = []
    for (let i = 0; i < 3; i += 1) runs.push(await timeToFirstPage(await env()))
    return { best_ms: round(Math.min(...runs), 0), runs_ms: runs.map((r) => round(r, 0)) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
