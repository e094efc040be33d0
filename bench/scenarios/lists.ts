import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { Client } from '@libsql/client'
import type { Db } from '@procura/api/db'
import { rawWriteTransaction } from '@procura/api/db/raw-transaction'
import { keepConnectionsAlive } from '@procura/api/server'
import { signIn } from '@procura/api/testing/agent'
import { createTestApp } from '@procura/api/testing/app'
import { generateArticles, generateOrders } from '@procura/fixtures/catalogue'
import { latency, log, round } from '../measure'

const DAY = 86_400_000

/** Inserts generated rows a chunk at a time in one transaction (data setup, not measured), on either engine. */
export const insertAll = (db: Db, table: string, columns: string[], rows: Iterable<unknown[]>) =>
  rawWriteTransaction(db, async (tx) => {
    const marks = `(${columns.map(() => '?').join(', ')})`
    let chunk: unknown[][] = []
    const flush = async () => {
      if (chunk.length === 0) return
      await tx.execute({
        sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => marks).join(', ')}`,
        args: chunk.flat(),
      })
      chunk = []
    }
    for (const row of rows) {
      chunk.push(row)
      if (chunk.length === 200) await flush()
    }
    await flush()
  })

/** Inserts `count` generated orders (codes PO-B-…, apart from the service's numbers), spread over past days. */
export const insertOrders = async (t: { db: Db; client: Client }, orderCount: number, now = Date.now()) => {
  const { client } = t
  const suppliers = new Map(
    (await client.execute('SELECT id, code FROM suppliers')).rows.map((r) => [String(r.code), Number(r.id)]),
  )
  const company = await one(client, "SELECT id FROM companies WHERE code = 'ACME'")
  const buyerId = await one(client, "SELECT id FROM users WHERE login = 'buyer'")
  await insertAll(
    t.db,
    'purchase_orders',
    [
      'code',
      'status',
      'supplier_id',
      'company_id',
      'buyer_id',
      'currency_code',
      'amount_exctax',
      'amount_tax',
      'amount_inctax',
      'vat_breakdown',
      'created_at',
      'updated_at',
    ],
    (function* () {
      for (const o of generateOrders(orderCount)) {
        const at = now - o.age_days * DAY
        yield [
          o.code,
          o.status,
          suppliers.get(o.supplier_code) ?? null,
          company,
          buyerId,
          'EUR',
          o.amount_exctax,
          o.amount_tax,
          o.amount_inctax,
          '[]',
          new Date(at),
          new Date(at),
        ]
      }
    })(),
  )
}

/** Inserts `count` generated articles (references LST-…); answers the product families' ids by code. */
export const insertArticles = async (t: { db: Db; client: Client }, count: number, now = Date.now()) => {
  const { client } = t
  const families = new Map(
    (await client.execute('SELECT id, code FROM product_families')).rows.map((r) => [
      String(r.code),
      Number(r.id),
    ]),
  )
  await insertAll(
    t.db,
    'articles',
    [
      'reference',
      'label',
      'unit_price_exctax',
      'unit_number_per_price',
      'price_exctax',
      'price_inctax',
      'price_sort',
      'quantity_step',
      'vat_rate',
      'internal',
      'active',
      'product_family_id',
      'created_at',
      'updated_at',
    ],
    (function* () {
      for (const a of generateArticles(count, 77)) {
        const price = Number(a.unit_price_exctax) / Number(a.unit_number_per_price)
        yield [
          a.reference.replace('ART-', 'LST-'),
          a.label,
          a.unit_price_exctax,
          a.unit_number_per_price,
          price.toFixed(6),
          (price * 1.2).toFixed(6),
          Math.round(price * 1e6),
          a.quantity_step,
          a.vat_rate,
          a.internal,
          true,
          families.get(a.product_family) ?? null,
          new Date(now),
          new Date(now),
        ]
      }
    })(),
  )
  return families
}

const one = async (client: Client, sql: string) => Number((await client.execute(sql)).rows[0]?.id)

type App = {
  request: (path: string, init: RequestInit) => Response | Promise<Response>
  fetch: (request: Request) => Response | Promise<Response>
}

/**
 * Times list requests three ways: in-process (`app.request`), over HTTP on loopback (a server on
 * the same app, in this process), and the raw queries they are compared with; `close` stops the server.
 */
export const listTimer = async (app: App, headers: Record<string, string>, requests: number) => {
  const check = async (response: Response) => {
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`)
    await response.arrayBuffer()
  }
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    keepConnectionsAlive(s)
  })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const measure = async (name: string, path: string, raw: () => Promise<void>, count = requests) => {
    log(`lists: ${name}`)
    const inProcess = await latency(async () => check(await app.request(path, { headers })), count)
    // The loopback socket kept alive since the previous measurement may have been closed by the
    // server while this process was busy in-process (its FIN not read yet): the first request then
    // fails with ECONNRESET and the client drops that socket. Open a fresh one before timing.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await check(await fetch(`${origin}${path}`, { headers }))
        break
      } catch (error) {
        if (attempt === 2) throw error
      }
    }
    const http = await latency(async () => check(await fetch(`${origin}${path}`, { headers })), count)
    const direct = await latency(raw, count)
    return {
      in_process: inProcess,
      http_loopback: http,
      raw_sql: direct,
      ratio_p50: round(inProcess.p50_ms / direct.p50_ms),
      http_ratio_p50: round(http.p50_ms / direct.p50_ms),
    }
  }
  /**
   * The floor under every list's figure: `GET /health` (no session, no database, a 15-byte JSON),
   * timed the same way, in-process and over the same loopback socket.
   */
  const floor = async (count = requests) => {
    log('lists: GET /health, the floor')
    return {
      in_process: await latency(async () => check(await app.request('/health', {})), count),
      http_loopback: await latency(async () => check(await fetch(`${origin}/health`)), count),
    }
  }
  return { measure, floor, close: () => new Promise<void>((done) => server.close(() => done())) }
}

/**
 * Scenario 2: the articles list (page of 50, one filter, one sort) over `articleCount` articles and
 * the purchase-order list over `orderCount` orders, in-process and over HTTP on loopback, against
 * the same SQL run directly on the driver.
 */
export const listsScenario = async (articleCount: number, orderCount: number, requests: number) => {
  const t = await createTestApp({ checkResponses: false })
  const { client } = t
  log(`lists: generating ${articleCount} articles and ${orderCount} orders`)
  const now = Date.now()
  const families = await insertArticles(t, articleCount, now)
  await insertOrders(t, orderCount, now)
  await client.execute('ANALYZE')

  const warehouse = await one(client, "SELECT id FROM warehouses WHERE code = 'MAIN'")
  const buyerId = await one(client, "SELECT id FROM users WHERE login = 'buyer'")
  const family = families.get('IT') ?? 0
  const buyer = await signIn(t.app, 'buyer')
  const articlesPath = `/bwapi/warehouses/${warehouse}/articles?product_family_id=${family}&sort=label&direction=asc&per_page=50`
  // Search by words (core searchWords): both words, in any order, each in the reference, label or
  // supplier's code — "A4 Clairefontaine" finds "Clairefontaine Copy paper A4, …".
  const words = ['a4', 'clairefontaine']
  const wordsPath = `/bwapi/warehouses/${warehouse}/articles?search=${encodeURIComponent(words.join(' '))}&per_page=50`
  const ordersPath = '/bwapi/purchase-orders?status=validated&sort=created_at&direction=desc&per_page=50'
  const newestPath = '/bwapi/purchase-orders?sort=created_at&direction=desc&per_page=50'
  const headers = {
    'x-requested-with': 'XMLHttpRequest',
    cookie: [...buyer.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  }

  // The same reads straight on the driver: the page and its count.
  const rawArticles = async () => {
    await client.execute({
      sql: `SELECT a.*, f.label AS family, s.actual, s.reserved, s.minimum, s.id AS stock_id, fav.article_id AS favorite
            FROM articles a
            LEFT JOIN stocks s ON s.article_id = a.id AND s.warehouse_id = ?
            LEFT JOIN article_favorites fav ON fav.article_id = a.id AND fav.user_id = ?
            LEFT JOIN product_families f ON f.id = a.product_family_id
            WHERE a.product_family_id = ? ORDER BY a.label ASC, a.id ASC LIMIT 50 OFFSET 0`,
      args: [warehouse, buyerId, family],
    })
    await client.execute({
      sql: 'SELECT count(*) FROM (SELECT 1 FROM articles a WHERE a.product_family_id = ? LIMIT 10001) AS matching',
      args: [family],
    })
  }
  const everyWordSql = words
    .map(
      (w) =>
        `(lower(a.reference) LIKE '%${w}%' OR lower(a.label) LIKE '%${w}%' OR lower(a.supplier_code) LIKE '%${w}%')`,
    )
    .join(' AND ')
  const rawWords = async () => {
    await client.execute({
      sql: `SELECT a.*, f.label AS family, s.actual, s.reserved, s.minimum, s.id AS stock_id, fav.article_id AS favorite
            FROM articles a
            LEFT JOIN stocks s ON s.article_id = a.id AND s.warehouse_id = ?
            LEFT JOIN article_favorites fav ON fav.article_id = a.id AND fav.user_id = ?
            LEFT JOIN product_families f ON f.id = a.product_family_id
            WHERE ${everyWordSql} ORDER BY a.label ASC, a.id ASC LIMIT 50 OFFSET 0`,
      args: [warehouse, buyerId],
    })
    await client.execute(
      `SELECT count(*) FROM (SELECT 1 FROM articles a WHERE ${everyWordSql} LIMIT 10001) AS matching`,
    )
  }
  const rawOrders = async () => {
    await client.execute({
      sql: `SELECT o.*, s.company_name, u.label FROM purchase_orders o
            JOIN suppliers s ON s.id = o.supplier_id JOIN users u ON u.id = o.buyer_id
            WHERE o.status <> 'obsolete' AND o.status = 'validated' ORDER BY o.created_at DESC, o.id DESC LIMIT 50 OFFSET 0`,
      args: [],
    })
    await client.execute(
      "SELECT count(*) FROM (SELECT 1 FROM purchase_orders WHERE status <> 'obsolete' AND status = 'validated' LIMIT 10001) AS matching",
    )
  }
  // The newest 50 of all orders, as a new user first sees the list, and its (capped) count.
  const rawNewest = async () => {
    await client.execute({
      sql: `SELECT o.*, s.company_name, u.label FROM purchase_orders o
            JOIN suppliers s ON s.id = o.supplier_id JOIN users u ON u.id = o.buyer_id
            WHERE o.status <> 'obsolete' ORDER BY o.created_at DESC, o.id DESC LIMIT 50 OFFSET 0`,
      args: [],
    })
    await client.execute(
      "SELECT count(*) FROM (SELECT 1 FROM purchase_orders WHERE status <> 'obsolete' LIMIT 10001) AS matching",
    )
  }
  // A deep page (the 1,000th of 50 at full size, as a script walking the list reaches it): by
  // number (OFFSET), and by key from the cursor the page before gives.
  const deepPage = Math.min(1000, Math.floor(orderCount / 100))
  const deepByNumberPath = `${newestPath}&page=${deepPage}`
  const before = (await (await t.app.request(`${newestPath}&page=${deepPage - 1}`, { headers })).json()) as {
    data: { id: number; created_at: string }[]
    meta: { next_cursor: string }
  }
  const deepByKeyPath = `${newestPath}&after=${encodeURIComponent(before.meta.next_cursor)}`
  const lastBefore = before.data[before.data.length - 1] as { id: number; created_at: string }
  const rawDeep = (byKey: boolean) => async () => {
    await client.execute({
      sql: `SELECT o.*, s.company_name, u.label FROM purchase_orders o
            JOIN suppliers s ON s.id = o.supplier_id JOIN users u ON u.id = o.buyer_id
            WHERE o.status <> 'obsolete' ${byKey ? 'AND (o.created_at, o.id) < (?, ?)' : ''}
            ORDER BY o.created_at DESC, o.id DESC LIMIT 50 OFFSET ${byKey ? 0 : (deepPage - 1) * 50}`,
      args: byKey ? [new Date(lastBefore.created_at), lastBefore.id] : [],
    })
    await client.execute(
      "SELECT count(*) FROM (SELECT 1 FROM purchase_orders WHERE status <> 'obsolete' LIMIT 10001) AS matching",
    )
  }
  const timer = await listTimer(t.app, headers, requests)
  const measure = timer.measure
  const result = {
    articles: {
      rows: articleCount,
      request: articlesPath,
      ...(await measure('articles', articlesPath, rawArticles)),
    },
    articles_by_words: {
      rows: articleCount,
      request: wordsPath,
      ...(await measure('articles searched by two words', wordsPath, rawWords)),
    },
    purchase_orders: {
      rows: orderCount,
      request: ordersPath,
      ...(await measure('purchase orders', ordersPath, rawOrders)),
    },
    purchase_orders_newest: {
      rows: orderCount,
      request: newestPath,
      ...(await measure('purchase orders, newest first, unfiltered', newestPath, rawNewest)),
    },
    purchase_orders_deep_offset: {
      rows: orderCount,
      page: deepPage,
      request: deepByNumberPath,
      // A fifth of the requests: each reads and drops ~50,000 rows.
      ...(await measure(
        `purchase orders, page ${deepPage} by number`,
        deepByNumberPath,
        rawDeep(false),
        Math.ceil(requests / 5),
      )),
    },
    purchase_orders_deep_key: {
      rows: orderCount,
      page: deepPage,
      request: deepByKeyPath,
      ...(await measure(
        `purchase orders, page ${deepPage} by key`,
        deepByKeyPath,
        rawDeep(true),
        Math.ceil(requests / 5),
      )),
    },
    targets: { in_process_p99_ms_max: 25, ratio_max: 3 },
  }
  await timer.close()
  await t.close()
  return result
}
