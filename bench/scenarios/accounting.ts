import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { log, round } from '../measure'

const run = promisify(execFile)
const WORKER = fileURLToPath(new URL('./accounting-worker.ts', import.meta.url))
const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url))

type WorkerResult = { invoices: number; seconds: number; invoices_per_second: number; peak_mb: number }

/**
 * Both sides run with the same 128 MB heap limit: without one V8 lets its heap grow towards its
 * default limit before collecting, so the peak measures V8's laziness, not what the export holds.
 */
const HEAP = '--max-old-space-size=128'

const worker = async (mode: 'procura' | 'baseline', count: number): Promise<WorkerResult> => {
  const { stdout } = await run(process.execPath, [TSX, WORKER, mode, String(count)], {
    maxBuffer: 1 << 20,
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${HEAP}`.trim() },
  })
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as WorkerResult
}

/**
 * Scenario 7: N validated invoices (two VAT rates each) exported to a CSV through the export
 * service, against raw batched reads written as CSV lines; the same export of a tenth of them
 * shows memory stays flat. Each run in its own process.
 */
export const accountingScenario = async (count: number) => {
  log(`accounting: baseline, ${count} invoices`)
  const baseline = await worker('baseline', count)
  log(`accounting: procura, ${count} invoices`)
  const procura = await worker('procura', count)
  const tenth = await worker('procura', Math.ceil(count / 10))
  return {
    invoices: count,
    procura,
    baseline,
    procura_tenth: tenth,
    speed_ratio: round(procura.invoices_per_second / baseline.invoices_per_second),
    heap_limit: HEAP,
  }
}
