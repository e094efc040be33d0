import { afterEach, beforeEach, expect } from 'vitest'
import { writeSetting } from '../services/settings'
import { type Agent, signIn } from './agent'
import { createTestApp, type TestApp } from './test-app'
import { tableCounts } from './test-database'

type Json = Record<string, unknown>

/** An order line as the receiving tests read it. */
export type Line = {
  id: number
  delivered_quantity: string
  delivered_amount_exctax: string
  delivery_status: string
}

/**
 * What the deliveries' API tests share (deliveries.test.ts, technical-deliveries.test.ts): a
 * database of the test's own with the buyer signed in, the main warehouse and a stocked article,
 * and the helpers that make a sent order and receive it.
 */
export const useDeliveryBed = () => {
  const bed = {} as { t: TestApp; buyer: Agent; main: number; article: number }
  const json = async (response: Response) => (await response.json()) as Json
  const one = async (sql: string, args: unknown[] = []) =>
    (await bed.t.client.execute({ sql, args: args as never[] })).rows[0] as
      | Record<string, unknown>
      | undefined
  const idOf = async (sql: string, args: unknown[] = []) => Number((await one(sql, args))?.id)

  /** Everything receiving may touch: row counts, orders and lines as received, stocks, deliveries. */
  const snapshot = async () =>
    JSON.stringify([
      await tableCounts(bed.t.client),
      (
        await bed.t.client.execute(
          'SELECT id, delivery_status, delivered_amount_exctax, lock_version FROM purchase_orders ORDER BY id',
        )
      ).rows,
      (
        await bed.t.client.execute(
          'SELECT id, delivered_quantity, predelivered_quantity, delivery_status FROM purchase_order_lines ORDER BY id',
        )
      ).rows,
      (await bed.t.client.execute('SELECT id, actual FROM stocks ORDER BY id')).rows,
      (await bed.t.client.execute('SELECT id, status FROM deliveries ORDER BY id')).rows,
    ])

  /** Units in stock (thousandths are stored) of the test bed.article in a warehouse. */
  const stockOf = async (warehouse = bed.main) =>
    Number(
      (
        await one('SELECT actual FROM stocks WHERE article_id = ? AND warehouse_id = ?', [
          bed.article,
          warehouse,
        ])
      )?.actual ?? 0,
    ) / 1000

  const orderOf = async (id: number) =>
    (await json(await bed.buyer.get(`/bwapi/purchase-orders/${id}`))).data as Json & {
      lines: Line[]
      delivery_status: string
    }

  /**
   * A sent order of 10 units of a catalogue bed.article at 50.00 and a service of 300.00 received by
   * amount (800.00: one validation step).
   */
  const sentOrder = async (extra: Json = {}) => {
    const created = await bed.buyer.post('/bwapi/purchase-orders', {
      supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
      company_id: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
      currency_code: 'EUR',
      lines: [
        { article_id: bed.article, label: 'Paper', quantity: '10', unit_price_exctax: '50', vat_rate: '20' },
        {
          label: 'Installation',
          quantity: '1',
          unit_price_exctax: '300',
          vat_rate: '20',
          receipt_mode: 'amount',
        },
      ],
      ...extra,
    })
    expect(created.status).toBe(201)
    const id = ((await json(created)).data as { id: number }).id
    expect((await bed.buyer.post(`/bwapi/purchase-orders/${id}/submit`)).status).toBe(200)
    expect(
      (await (await signIn(bed.t.app, 'validator')).post(`/bwapi/purchase-orders/${id}/validate`)).status,
    ).toBe(200)
    expect((await bed.buyer.post(`/bwapi/purchase-orders/${id}/consider_sent`)).status).toBe(200)
    const { lines } = await orderOf(id)
    return { id, goods: (lines[0] as Line).id, service: (lines[1] as Line).id }
  }

  const receive = (orderId: number, lines: Json[], extra: Json = {}, as = bed.buyer) =>
    as.post('/bwapi/deliveries', { purchase_order_id: orderId, delivery_date: '2026-11-21', lines, ...extra })

  const setLimits = (line: number, total = -1) =>
    writeSetting(bed.t.db, bed.t.clock, 'settings', {
      prices: { delivery_line_deviation_percent: line, delivery_total_deviation_percent: total },
    })

  beforeEach(async () => {
    bed.t = await createTestApp()
    bed.buyer = await signIn(bed.t.app, 'buyer')
    bed.main = await idOf("SELECT id FROM warehouses WHERE code = 'MAIN'")
    bed.article = await idOf(
      'SELECT id FROM articles WHERE internal = true AND active = true ORDER BY id LIMIT 1',
    )
  })
  afterEach(() => bed.t.close())
  return { bed, json, one, idOf, snapshot, stockOf, orderOf, sentOrder, receive, setLimits }
}
