import { execFile } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { generateArticles } from '@procura/fixtures/catalogue'
import { log, round } from '../measure'

const run = promisify(execFile)
const WORKER = fileURLToPath(new URL('./import-worker.ts', import.meta.url))
const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url))

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`

/** Writes `count` generated articles as an import file (blank ids: every row creates). */
export const writeArticlesCsv = async (file: string, count: number) => {
  const out = createWriteStream(file)
  const write = (line: string) =>
    new Promise<void>((done) => (out.write(line) ? done() : out.once('drain', done)))
  await write(
    'id;reference;label;unit_price_exctax;unit_number_per_price;quantity_step;vat_rate;conditioning;internal;product_family_type;product_family;product_subfamily\r\n',
  )
  for (const a of generateArticles(count, 1234)) {
    const cells = [
      '',
      quote(a.reference.replace('ART-', 'BEN-')),
      quote(a.label),
      quote(a.unit_price_exctax),
      quote(a.unit_number_per_price),
      a.quantity_step === null ? '' : quote(a.quantity_step),
      quote(a.vat_rate),
      a.conditioning === null ? '' : quote(a.conditioning),
      a.internal ? '1' : '0',
      quote(a.product_family_type),
      quote(a.product_family),
      quote(a.product_subfamily),
    ]
    await write(`${cells.join(';')}\r\n`)
  }
  await new Promise<void>((done) => out.end(done))
}

type WorkerResult = { rows: number; seconds: number; rows_per_second: number; peak_mb: number }

const worker = async (mode: 'procura' | 'baseline', file: string): Promise<WorkerResult> => {
  const { stdout } = await run(process.execPath, [TSX, WORKER, mode, file], { maxBuffer: 1 << 20 })
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as WorkerResult
}

/** Scenario 1: N articles through the real import vs csv-parse + batched inserts, each in its own process. */
export const importScenario = async (dir: string, count: number) => {
  const file = join(dir, `articles-${count}.csv`)
  log(`import: writing ${count} articles`)
  await writeArticlesCsv(file, count)
  log('import: baseline')
  const baseline = await worker('baseline', file)
  log('import: procura')
  const procura = await worker('procura', file)
  // Memory flat whatever the size: the same import of a tenth of the file, for comparison.
  const small = join(dir, `articles-${Math.ceil(count / 10)}.csv`)
  await writeArticlesCsv(small, Math.ceil(count / 10))
  const procuraSmall = await worker('procura', small)
  return {
    rows: count,
    procura,
    baseline,
    procura_tenth: procuraSmall,
    speed_ratio: round(procura.rows_per_second / baseline.rows_per_second),
    targets: { speed_ratio_min: 0.5, peak_mb_max: 300 },
  }
}
