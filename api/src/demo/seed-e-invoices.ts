/** The demo's e-invoices: one received from the platform for an order, and the lifecycle statuses the platform sent back. */
import { dec } from '@procura/core/money'
import type { OrderActor } from '@procura/core/purchase-order'
import { and, asc, desc, eq } from 'drizzle-orm'
import type { Db } from '../db'
import { first } from '../db/first'
import { purchaseOrderLines, purchaseOrders } from '../db/schema'
import { ublXml } from '../services/invoices/e-invoice-writer'
import { actOnPendingInvoice, createPendingInvoice } from '../services/invoices/pending'
import { receivePlatformStatuses } from '../services/platform/inbound-statuses'
import { must, type StoryClock } from './seed-story'

/**
 * The demo's e-invoice: OfficePro invoices its latest sent order as a UBL 2.1 file that names the
 * order (BT-13) and each line (BT-132), queued for accounts payable — the queue shows the order it
 * found and by which reference.
 */
export const seedEInvoice = async (
  services: { db: Db; clock: StoryClock; storageDir: string },
  payables: OrderActor,
  supplierId: number | undefined,
  clock: StoryClock,
) => {
  if (supplierId === undefined) return
  const { db } = services
  const order = await db
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.supplier_id, supplierId), eq(purchaseOrders.status, 'sent')))
    .orderBy(desc(purchaseOrders.id))
    .limit(1)
    .then(first)
  if (order === undefined) return
  const lines = await db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.purchase_order_id, order.id))
    .orderBy(asc(purchaseOrderLines.position))
  const amounts = lines.map((l) => dec(l.quantity).times(l.unit_price_exctax).toDecimalPlaces(2))
  const rates = [...new Set(lines.map((l) => l.vat_rate))]
  const vat = rates.map((rate) => {
    const base = lines.reduce((sum, l, i) => (l.vat_rate === rate ? sum.plus(amounts[i] ?? 0) : sum), dec(0))
    return { rate, base: base.toFixed(2), tax: base.times(rate).div(100).toDecimalPlaces(2).toFixed(2) }
  })
  const exctax = amounts.reduce((sum, a) => sum.plus(a), dec(0))
  const tax = vat.reduce((sum, v) => sum.plus(v.tax), dec(0))
  clock.at(1)
  const xml = ublXml(
    {
      number: 'OP-2026-151',
      date: clock.now().toISOString().slice(0, 10),
      seller: { name: 'OfficePro Supplies', vat: 'FR83404833048', siret: '', iban: '' },
      lines: lines.map((l, i) => ({
        label: l.label,
        quantity: l.quantity,
        price: l.unit_price_exctax,
        amount: (amounts[i] ?? dec(0)).toFixed(2),
        rate: l.vat_rate,
        order_line: String(l.position),
      })),
      vat,
      totals: {
        lines: exctax.toFixed(2),
        exctax: exctax.toFixed(2),
        tax: tax.toFixed(2),
        inctax: exctax.plus(tax).toFixed(2),
      },
      references: { order: order.code },
    },
    'Invoice',
  )
  const bytes = new TextEncoder().encode(xml)
  const queued = must(
    await createPendingInvoice(
      services,
      payables,
      {},
      { name: 'OP-2026-151.xml', size: bytes.length, bytes },
      'en',
    ),
    'the demo e-invoice',
  )
  // Its order is not received yet: accounts payable holds it until the goods come (the control).
  clock.at(1)
  must(
    await actOnPendingInvoice(services, payables, queued.data.id, 'hold', {
      reason: `The goods of ${order.code} are not received yet`,
    }),
    'the demo e-invoice on hold',
  )
}

/**
 * What the platform said of the demo's e-invoice on its way in (202 received, 203 made available,
 * the day it came), read once OfficePro's SIRET is on its record: the lifecycle reads them in time
 * order, before its 208.
 */
export const seedPlatformStatuses = async (services: { db: Db; clock: StoryClock }, payables: OrderActor) => {
  // Two hours and one before it was put on hold (clock.at(1)).
  services.clock.at(1, -2)
  const at = (hours: number) => new Date(services.clock.now().getTime() + hours * 3_600_000).toISOString()
  const platform = { label: 'the e-invoicing platform (demo)', actor: payables }
  must(
    await receivePlatformStatuses(services, platform, {
      json: (['202', '203'] as const).map((code, n) => ({
        id: `DEMO-PA-OP-2026-151-${code}`,
        invoice: { number: 'OP-2026-151', seller: { siren: '404833048' } },
        status: { code, at: at(n) },
      })),
    }),
    'the demo e-invoice’s platform statuses',
  )
}
