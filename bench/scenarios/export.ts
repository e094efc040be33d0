import { signIn } from '@procura/api/testing/agent'
import { createTestApp } from '@procura/api/testing/app'
import { latency, log, peakMemory, round } from '../measure'
import { insertOrders } from './lists'

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`

/**
 * Scenario: a list exported whole (every order, as CSV and as an Excel workbook, streamed) and
 * searched by a supplier's name, over `orderCount` orders. The export's memory is sampled while it
 * streams: it must stay flat (one page in memory), whatever the number of rows. The baselines read
 * the same rows straight from the driver by key, 200 at a time, and write the CSV by hand.
 */
export const exportScenario = async (orderCount: number, requests: number) => {
  const t = await createTestApp({ checkResponses: false })
  log(`export: generating ${orderCount} orders`)
  await insertOrders(t, orderCount)
  await t.client.execute('ANALYZE')
  const buyer = await signIn(t.app, 'buyer')
  const columns = 'code,supplier,status,amount_exctax,buyer,created_at'

  const drain = async (format: 'csv' | 'xlsx') => {
    const response = await buyer.get(`/bwapi/purchase-orders/export?format=${format}&columns=${columns}`)
    if (response.status !== 200 || response.body === null) throw new Error(`export: HTTP ${response.status}`)
    const reader = response.body.getReader()
    let bytes = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return bytes
      bytes += value.byteLength
    }
  }
  const raw = async () => {
    let bytes = 0
    let after: [number, number] | null = null
    for (;;) {
      const page: { rows: Record<string, unknown>[] } = await t.client.execute({
        sql: `SELECT o.id, o.code, s.company_name, o.status, o.amount_exctax, u.label, o.created_at FROM purchase_orders o
              JOIN suppliers s ON s.id = o.supplier_id JOIN users u ON u.id = o.buyer_id
              WHERE o.status <> 'obsolete' ${after === null ? '' : 'AND (o.created_at, o.id) < (?, ?)'}
              ORDER BY o.created_at DESC, o.id DESC LIMIT 200`,
        args: after ?? [],
      })
      for (const r of page.rows)
        bytes +=
          `${[r.code, r.company_name, r.status, r.amount_exctax, r.label, r.created_at].map((v) => quote(String(v))).join(';')}\r\n`
            .length
      if (page.rows.length < 200) return bytes
      const last: Record<string, unknown> | undefined = page.rows[page.rows.length - 1]
      after = [Number(last?.created_at), Number(last?.id)]
    }
  }
  log('export: CSV')
  const csv = await peakMemory(() => drain('csv'))
  log('export: Excel')
  const xlsx = await peakMemory(() => drain('xlsx'))
  log('export: raw baseline')
  const baseline = await peakMemory(raw)

  // The search a person types: a supplier's name, over every order (code, supplier, buyer, lines).
  const searchPath = '/bwapi/purchase-orders?search=alphaprint&per_page=50'
  const check = async (response: Response) => {
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`)
    await response.arrayBuffer()
  }
  log('search: a supplier’s name')
  const search = await latency(async () => check(await buyer.get(searchPath)), requests)
  const rawSearch = await latency(async () => {
    await t.client.execute(`SELECT o.*, s.company_name, u.label FROM purchase_orders o
      JOIN suppliers s ON s.id = o.supplier_id JOIN users u ON u.id = o.buyer_id
      WHERE o.status <> 'obsolete' AND (lower(o.code) LIKE '%alphaprint%' OR lower(s.company_name) LIKE '%alphaprint%')
      ORDER BY o.created_at DESC, o.id DESC LIMIT 50`)
    await t.client.execute(`SELECT count(*) FROM (SELECT 1 FROM purchase_orders o JOIN suppliers s ON s.id = o.supplier_id
      WHERE o.status <> 'obsolete' AND (lower(o.code) LIKE '%alphaprint%' OR lower(s.company_name) LIKE '%alphaprint%') LIMIT 10001)`)
  }, requests)
  await t.close()
  return {
    rows: orderCount,
    csv: { seconds: round(csv.seconds), peak_mb: csv.peak_mb, bytes: csv.value },
    xlsx: { seconds: round(xlsx.seconds), peak_mb: xlsx.peak_mb, bytes: xlsx.value },
    raw_csv: { seconds: round(baseline.seconds), peak_mb: baseline.peak_mb, bytes: baseline.value },
    csv_ratio: round(csv.seconds / baseline.seconds),
    search: {
      request: searchPath,
      procura: search,
      raw_sql: rawSearch,
      ratio_p50: round(search.p50_ms / rawSearch.p50_ms),
    },
    targets: { export_peak_mb_max: 100, search_p99_ms_max: 100 },
  }
}
