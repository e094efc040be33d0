import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync, gzipSync } from 'node:zlib'
import { createClient } from '@libsql/client'
import { backupDatabase } from '@procura/api/services/operations/backup'
import { round } from '../measure'

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

/**
 * Scenario: `procura db backup` of the demo year (this release's upgrade database, SQLite) against
 * the raw baseline — `VACUUM INTO` and gzip of the copy, the same consistent copy without the
 * manifest (row counts, checksums) or the archive; the best of three, and the archive's size.
 */
export const backupScenario = async (dir: string) => {
  const work = join(dir, 'backup')
  mkdirSync(join(work, 'files'), { recursive: true })
  const source = join(work, 'procura.db')
  writeFileSync(source, gunzipSync(readFileSync(DEMO_YEAR)))
  const output = join(work, 'procura.tar.gz')
  const procuraMs = await bestOf(3, async () => {
    await backupDatabase({ url: `file:${source}`, storageDir: join(work, 'files'), output, now: new Date() })
  })
  const client = createClient({ url: `file:${source}` })
  let n = 0
  const baselineMs = await bestOf(3, async () => {
    n += 1
    const copy = join(work, `raw-${n}.db`)
    await client.execute({ sql: 'VACUUM INTO ?', args: [copy] })
    writeFileSync(`${copy}.gz`, gzipSync(readFileSync(copy)))
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
