/**
 * One import run in its own process (so its memory is its own): `procura` through the real
 * import call, or `baseline`: csv-parse and batched prepared inserts in one transaction.
 * Prints one JSON line: rows, seconds, rows per second, peak memory above the start.
 */
import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { createTestDatabase } from '@procura/api/testing'
import { signIn } from '@procura/api/testing/agent'
import { createTestApp } from '@procura/api/testing/app'
import { parse } from 'csv-parse'
import { peakMemory, round } from '../measure'

const [mode, file] = process.argv.slice(2)
if ((mode !== 'procura' && mode !== 'baseline') || file === undefined) {
  process.stderr.write('usage: import-worker procura|baseline <file.csv>\n')
  process.exit(2)
}

const procura = async (csv: string) => {
  const t = await createTestApp({ checkResponses: false })
  const buyer = await signIn(t.app, 'buyer')
  const warehouse = Number(
    (await t.client.execute("SELECT id FROM warehouses WHERE code = 'MAIN'")).rows[0]?.id,
  )
  const run = await peakMemory(async () => {
    const response = await t.app.request(`/bwapi/warehouses/${warehouse}/articles/import`, {
      method: 'POST',
      headers: {
        'content-type': 'text/csv',
        'x-requested-with': 'XMLHttpRequest',
        cookie: [...buyer.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': buyer.cookies.get('XSRF-TOKEN') ?? '',
      },
      body: Readable.toWeb(createReadStream(csv)) as ReadableStream,
      // Node's fetch needs this for a streamed body.
      duplex: 'half',
    })
    const summary = ((await response.json()) as { data: { imported: number; failed: number } }).data
    if (summary.failed > 0) throw new Error(`${summary.failed} rows failed`)
    return summary.imported
  })
  t.close()
  return run
}

const baseline = async (csv: string) => {
  const database = await createTestDatabase()
  const { client } = database
  const run = await peakMemory(async () => {
    const tx = await client.transaction('write')
    let header: string[] | null = null
    let batch: { sql: string; args: (string | number | null)[] }[] = []
    let rows = 0
    const now = Date.now()
    const sql = `INSERT INTO articles (reference, label, unit_price_exctax, unit_number_per_price, price_exctax, price_inctax,
      price_sort, quantity_step, vat_rate, conditioning, internal, active, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`
    for await (const record of createReadStream(csv).pipe(
      parse({ delimiter: ';', bom: true }),
    ) as AsyncIterable<string[]>) {
      if (header === null) {
        header = record
        continue
      }
      const cell = (name: string) => record[header?.indexOf(name) ?? -1] ?? ''
      const price = Number(cell('unit_price_exctax')) / Number(cell('unit_number_per_price') || '1')
      batch.push({
        sql,
        args: [
          cell('reference'),
          cell('label'),
          cell('unit_price_exctax'),
          cell('unit_number_per_price') || '1',
          price.toFixed(6),
          (price * 1.2).toFixed(6),
          Math.round(price * 1e6),
          cell('quantity_step') || null,
          cell('vat_rate') || '20',
          cell('conditioning') || null,
          cell('internal') === '1' ? 1 : 0,
          now,
          now,
        ],
      })
      rows += 1
      if (batch.length === 500) {
        await tx.batch(batch)
        batch = []
      }
    }
    if (batch.length > 0) await tx.batch(batch)
    await tx.commit()
    return rows
  })
  database.close()
  return run
}

const result = mode === 'procura' ? await procura(file) : await baseline(file)
process.stdout.write(
  `${JSON.stringify({ rows: result.value, seconds: round(result.seconds, 3), rows_per_second: Math.round(result.value / result.seconds), peak_mb: result.peak_mb })}\n`,
)
