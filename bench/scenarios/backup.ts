import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync, gzipSync } from 'node:zlib'
import { createClient } from '@libsql/client'
import { backupDatabase } from '@procura/api/services/operations/backup'
import { createTestApp } from '@procura/api/testing/app'
import { round } from '../measure'
import { insertOrders } from './lists'

const DEMO_YEAR = fileURLToPath(
  new URL('../../api/src/db/upgrade-fixtures/0061_credit_allocations-demo-year.db.gz', import.meta.url),
)

const bestOf = async (times: number, work: () => Promise<void>) => {
  let best = Number.POSITIVE_INFINITY
  for (let k = 0; k < times; k += 1) {
    const started = performance.now()
    await work()
    best = Math.min(best, performance.now() - started)
  }
  return best
}

/** Procura's backup of the SQLite file at `source` against `VACUUM INTO` and gzip, best of `times`. */
const measure = async (source: string, work: string, times: number) => {
  const output = join(work, 'procura.tar.gz')
  mkdirSync(join(work, 'files'), { recursive: true })
  const procuraMs = await bestOf(times, async () => {
    await backupDatabase({ url: `file:${source}`, storageDir: join(work, 'files'), output, now: new Date() })
  })
  const client = createClient({ url: `file:${source}` })
  let n = 0
  const baselineMs = await bestOf(times, async () => {
    n += 1
    const copy = join(work, `raw-${n}.db`)
    await client.execute({ sql: 'VACUUM INTO ?', args: [copy] })
    writeFileSync(`${copy}.gz`, gzipSync(readFileSync(copy)))
    rmSync(copy)
  })
  client.close()
  return {
    database_mb: round(statSync(source).size / 1024 ** 2),
    procura: { ms: round(procuraMs), archive_kb: round(statSync(output).size / 1024, 1) },
    baseline: {
      ms: round(baselineMs),
      archive_kb: round(statSync(join(work, `raw-${n}.db.gz`)).size / 1024, 1),
    },
    speed_ratio: round(baselineMs / procuraMs),
  }
}

/**
 * Scenario 12b: the backup of a database holding `orders` generated orders (the lists' dataset:
 * the demo organisation plus the orders with their lines), once each way.
 */
export const backupAtScaleScenario = async (dir: string, orders: number) => {
  const t = await createTestApp({ checkResponses: false })
  try {
    await insertOrders(t, orders)
    const work = join(dir, 'backup-at-scale')
    mkdirSync(work, { recursive: true })
    return { orders, ...(await measure(t.url.slice('file:'.length), work, 1)) }
  } finally {
    t.close()
  }
}

/**
 * Scenario: `procura db backup` of the demo year (this release's upgrade database, SQLite) against
 * the raw baseline — `VACUUM INTO` and gzip of the copy, the same consistent copy without the
 * manifest (row counts, checksums) or the archive; the best of three, and the archive's size.
 */
export const backupScenario = async (dir: string) => {
  const work = join(dir, 'backup')
  mkdirSync(work, { recursive: true })
  const source = join(work, 'procura.db')
  writeFileSync(source, gunzipSync(readFileSync(DEMO_YEAR)))
  return measure(source, work, 3)
}
