import { beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { type Line, useDeliveryBed } from '../testing/delivery-bed'
import type { TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
const { bed, json, one, idOf, snapshot, stockOf, orderOf, sentOrder, receive, setLimits } = useDeliveryBed()
let t: TestApp
let buyer: Agent
let main: number
let article: number
beforeEach(() => {
  ;({ t, buyer, main, article } = bed)
})

test('accounts payable read every order, its deliveries and their files, and act on none', async () => {
  const order = await sentOrder()
  const received = await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '4' }])
  const delivery = ((await json(received)).data as { id: number }).id
  const payables = await signIn(t.app, 'payables')
  const read = await payables.get(`/bwapi/purchase-orders/${order.id}`)
  expect(read.status).toBe(200)
  expect(((await json(read)).data as Json).actions).toEqual([])
  const list = (await json(await payables.get('/bwapi/purchase-orders'))).data as { id: number }[]
  expect(list.map((o) => o.id)).toContain(order.id)
  expect((await payables.get(`/bwapi/deliveries/${delivery}`)).status).toBe(200)
  const deliveries = (await json(await payables.get('/bwapi/deliveries'))).data as { id: number }[]
  expect(deliveries.map((d) => d.id)).toContain(delivery)
  expect((await payables.get(`/bwapi/purchase-orders/${order.id}/attachments`)).status).toBe(200)
  expect((await payables.get(`/bwapi/purchase-orders/${order.id}/comments`)).status).toBe(200)
  // Reading only: the order's lifecycle stays the buyers', receiving too.
  const before = await tableCounts(t.client)
  expect((await payables.post(`/bwapi/purchase-orders/${order.id}/close`)).status).toBe(403)
  expect(
    (await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '1' }], {}, payables)).status,
  ).toBe(403)
  expect(await tableCounts(t.client)).toEqual(before)
  // A requester still reads none of it.
  const requester = await signIn(t.app, 'requester')
  expect((await requester.get(`/bwapi/purchase-orders/${order.id}`)).status).toBe(404)
})

test('part of an order, then the rest: partial, then complete; the article’s stock rose', async () => {
  const order = await sentOrder()
  const before = await stockOf()
  const first = await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '4' }])
  expect(first.status).toBe(201)
  const received = (await json(first)).data as { id: number; code: string }
  expect(received.code).toMatch(/^DL-2026-\d{5}$/)
  // The article's history names the delivery that moved its stock (its page is linked).
  const history = (
    await json(await buyer.get(`/bwapi/warehouses/${main}/articles/${article}/get-article-history`))
  ).data as { kind: string; delivery: { id: number; code: string } | null }[]
  expect(history.filter((h) => h.kind === 'movement').map((h) => h.delivery)).toEqual([
    { id: received.id, code: received.code },
  ])
  let read = await orderOf(order.id)
  expect(read).toMatchObject({ delivery_status: 'partial', delivered_amount_exctax: '200.00' })
  expect(read.lines[0]).toMatchObject({ delivered_quantity: '4', delivery_status: 'partial' })
  expect(await stockOf()).toBe(before + 4)

  // The form prefills what remains; "receive all" takes it in one delivery.
  const form = (await json(await buyer.get(`/bwapi/deliveries/create-form?purchase_order_id=${order.id}`)))
    .data as {
    lines: {
      remaining_quantity: string | null
      remaining_amount_exctax: string | null
      moves_stock: boolean
    }[]
  }
  // Only the catalogue article received in quantity moves stock: the form says so of the other.
  expect(form.lines.map((l) => [l.remaining_quantity, l.remaining_amount_exctax, l.moves_stock])).toEqual([
    ['6', null, true],
    [null, '300', false],
  ])
  expect(
    (await buyer.post(`/bwapi/purchase-orders/${order.id}/receive-all`, { delivery_date: '2026-11-21' }))
      .status,
  ).toBe(201)
  read = await orderOf(order.id)
  expect(read).toMatchObject({ delivery_status: 'complete', delivered_amount_exctax: '800.00' })
  expect(read.lines.map((l) => l.delivery_status)).toEqual(['complete', 'complete'])
  expect(await stockOf()).toBe(before + 10)
  // Nothing remains: receiving all again is refused, and changes nothing.
  const unchanged = await snapshot()
  const again = await buyer.post(`/bwapi/purchase-orders/${order.id}/receive-all`, {
    delivery_date: '2026-11-21',
  })
  expect(again.status).toBe(422)
  expect((await json(again)).code).toBe('DELIVERY_NO_LINE')
  expect(await snapshot()).toBe(unchanged)
})

test('over-delivery beyond the line limit is refused with the catalogue’s message, nothing changed', async () => {
  const order = await sentOrder()
  await setLimits(10)
  const before = await snapshot()
  const response = await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '12' }])
  expect(response.status).toBe(422)
  expect(await json(response)).toEqual({
    code: 'DELIVERY_DEVIATION_EXCEEDED',
    message: 'The delivered quantity deviates by 20% (limit 10%).',
  })
  expect(await snapshot()).toBe(before)
  expect((await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '11' }])).status).toBe(
    201,
  )
})

test('the total limit bounds the order’s delivered amount', async () => {
  const order = await sentOrder()
  await setLimits(-1, 5)
  const before = await snapshot()
  // 10 × 50 + 300 = 800; 5 % over is 840: 11 units (850) is out of bounds.
  const response = await receive(order.id, [
    { purchase_order_line_id: order.goods, quantity: '11' },
    { purchase_order_line_id: order.service, amount_exctax: '300' },
  ])
  expect(await json(response)).toMatchObject({ code: 'DELIVERY_AMOUNT_OUT_OF_BOUNDS' })
  expect(response.status).toBe(422)
  expect(await snapshot()).toBe(before)
})

test('forcing to complete asks for confirmation, is definitive, and then nothing more comes in', async () => {
  const order = await sentOrder()
  await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '4' }])
  let before = await snapshot()
  const unconfirmed = await buyer.post(`/bwapi/purchase-orders/${order.id}/force-complete`, {})
  expect(unconfirmed.status).toBe(422)
  expect((await json(unconfirmed)).code).toBe('FORCE_COMPLETE_CONFIRMATION_REQUIRED')
  expect(await snapshot()).toBe(before)
  const forced = await buyer.post(`/bwapi/purchase-orders/${order.id}/force-complete`, { confirm: true })
  expect(await json(forced)).toEqual({ data: { id: order.id, delivery_status: 'forced_complete' } })
  before = await snapshot()
  const more = await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '1' }])
  expect((await json(more)).code).toBe('DELIVERY_FORCED_COMPLETE')
  expect(await snapshot()).toBe(before)
  const twice = await buyer.post(`/bwapi/purchase-orders/${order.id}/force-complete`, { confirm: true })
  expect((await json(twice)).code).toBe('TRANSITION_NOT_ALLOWED')
})

test('an order’s amount is never edited below what was delivered, and a received line stays', async () => {
  const order = await sentOrder()
  await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '4' }])
  expect(
    (await buyer.post(`/bwapi/purchase-orders/${order.id}/back_to_draft`, { confirm: true })).status,
  ).toBe(200)
  const read = await orderOf(order.id)
  const edit = (lines: Json[]) =>
    buyer.request(`/bwapi/purchase-orders/${order.id}`, {
      method: 'PUT',
      body: {
        supplier_id: read.supplier_id,
        company_id: read.company_id,
        currency_code: 'EUR',
        lines,
      },
    })
  const goods = {
    id: order.goods,
    article_id: article,
    label: 'Paper',
    quantity: '10',
    unit_price_exctax: '50',
    vat_rate: '20',
  }
  const before = await snapshot()
  // 3 units at 50 = 150, below the 200 delivered.
  const below = await edit([{ ...goods, quantity: '3' }])
  expect(below.status).toBe(422)
  expect(await json(below)).toEqual({
    code: 'PO_AMOUNT_BELOW_DELIVERED',
    message: 'The amount excluding tax cannot be lower than the delivered amount (200.00).',
  })
  const removed = await edit([{ label: 'Other', quantity: '10', unit_price_exctax: '50', vat_rate: '20' }])
  expect((await json(removed)).code).toBe('DELIVERED_LINE_REMOVED')
  expect(await snapshot()).toBe(before)
  // A new price keeps the line: what was received is valued at it, its status follows the quantity.
  const kept = await edit([{ ...goods, quantity: '4', unit_price_exctax: '60' }])
  expect(kept.status).toBe(200)
  const after = await orderOf(order.id)
  expect(after.lines).toHaveLength(1)
  expect(after.lines[0]).toMatchObject({
    id: order.goods,
    delivered_quantity: '4',
    delivered_amount_exctax: '240.00',
    delivery_status: 'complete',
  })
  expect(after).toMatchObject({ delivery_status: 'complete', delivered_amount_exctax: '240.00' })
})

test('a return takes goods back to the supplier, bounded by what was received', async () => {
  const order = await sentOrder()
  const stock = await stockOf()
  await buyer.post(`/bwapi/purchase-orders/${order.id}/receive-all`, { delivery_date: '2026-11-21' })
  const returned = await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '-3' }])
  expect(returned.status).toBe(201)
  const read = await orderOf(order.id)
  expect(read).toMatchObject({ delivery_status: 'partial', delivered_amount_exctax: '650.00' })
  expect(read.lines[0]).toMatchObject({ delivered_quantity: '7', delivery_status: 'partial' })
  expect(await stockOf()).toBe(stock + 7)
  const before = await snapshot()
  const tooMuch = await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '-8' }])
  expect(await json(tooMuch)).toEqual({
    code: 'RETURN_EXCEEDS_RECEIVED',
    message: 'You cannot return more than was received (7).',
  })
  expect(await snapshot()).toBe(before)
})

test('cancelling a delivery takes its quantities and stock back; refused once the stock was used', async () => {
  const order = await sentOrder()
  const stock = await stockOf()
  const made = await json(await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '5' }]))
  const deliveryId = (made.data as { id: number }).id
  let before = await snapshot()
  const unconfirmed = await buyer.post(`/bwapi/deliveries/${deliveryId}/cancel`, {})
  expect((await json(unconfirmed)).code).toBe('DELIVERY_CANCEL_CONFIRMATION_REQUIRED')
  expect(await snapshot()).toBe(before)
  expect((await buyer.post(`/bwapi/deliveries/${deliveryId}/cancel`, { confirm: true })).status).toBe(200)
  expect(await orderOf(order.id)).toMatchObject({ delivery_status: 'no', delivered_amount_exctax: '0.00' })
  expect(await stockOf()).toBe(stock)
  expect(((await json(await buyer.get(`/bwapi/deliveries/${deliveryId}`))).data as Json).status).toBe(
    'canceled',
  )

  // Received again, then 4 of the 5 leave the stock, leaving less than the delivery brought.
  const again = (
    (await json(await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '5' }]))).data as {
      id: number
    }
  ).id
  await buyer.post(`/bwapi/warehouses/${main}/articles/${article}/stock-out`, { quantity: String(stock + 4) })
  before = await snapshot()
  const consumed = await buyer.post(`/bwapi/deliveries/${again}/cancel`, { confirm: true })
  expect(consumed.status).toBe(422)
  expect(await json(consumed)).toEqual({
    code: 'DELIVERY_STOCK_CONSUMED',
    message: 'The stock this delivery brought in was already used (missing: 4): it cannot be cancelled.',
  })
  expect(await snapshot()).toBe(before)
})

test('a closed order receives nothing; an order not yet sent neither', async () => {
  const order = await sentOrder()
  expect((await buyer.post(`/bwapi/purchase-orders/${order.id}/close`)).status).toBe(200)
  const before = await snapshot()
  const closed = await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '1' }])
  expect(await json(closed)).toMatchObject({ code: 'MODEL_LOCKED' })
  const draft = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
    company_id: await idOf("SELECT id FROM companies WHERE code = 'ACME'"),
    currency_code: 'EUR',
    lines: [{ label: 'Paper', quantity: '1', unit_price_exctax: '5', vat_rate: '20' }],
  })
  const draftId = ((await json(draft)).data as { id: number }).id
  const line = (await orderOf(draftId)).lines[0] as Line
  const beforeDraft = await snapshot()
  expect(before).not.toBe(beforeDraft)
  const notSent = await receive(draftId, [{ purchase_order_line_id: line.id, quantity: '1' }])
  expect(await json(notSent)).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' })
  expect(await snapshot()).toBe(beforeDraft)
})

test('two receipts of the same remainder at once: one passes, the order never over-receives', async () => {
  const order = await sentOrder()
  await setLimits(0)
  const other = await signIn(t.app, 'buyer')
  const answers = await Promise.all([
    receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '10' }]),
    receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '10' }], {}, other),
  ])
  expect(answers.map((a) => a.status).sort()).toEqual([201, answers.find((a) => a.status !== 201)?.status])
  expect([409, 422]).toContain(answers.find((a) => a.status !== 201)?.status)
  const read = await orderOf(order.id)
  expect(read.lines[0]).toMatchObject({ delivered_quantity: '10' })
  expect(Number((await one('SELECT count(*) AS n FROM deliveries'))?.n)).toBe(1)
})
