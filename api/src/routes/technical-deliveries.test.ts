import { beforeEach, describe, expect, test } from 'vitest'
import { writeSetting } from '../services/settings'
import { type Agent, signIn } from '../testing/agent'
import { useDeliveryBed } from '../testing/delivery-bed'
import type { TestApp } from '../testing/test-app'

type Json = Record<string, unknown>
const { bed, json, idOf, snapshot, stockOf, orderOf, sentOrder, receive } = useDeliveryBed()
let t: TestApp
let buyer: Agent
let main: number
let article: number
beforeEach(() => {
  ;({ t, buyer, main, article } = bed)
})

describe('technical deliveries', () => {
  test('a buyer records one: predelivered, then the reception is made from it', async () => {
    const order = await sentOrder()
    const made = await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '4' }], {
      kind: 'technical',
      conform: true,
    })
    expect(made.status).toBe(201)
    const technical = (await json(made)).data as { id: number; code: string }
    expect(technical.code).toMatch(/^TD-2026-/)
    let read = await orderOf(order.id)
    expect(read).toMatchObject({ delivery_status: 'no', predelivered_amount_exctax: '200.00' })
    expect(read.lines[0]).toMatchObject({ delivered_quantity: '0' })
    const reception = await buyer.post(`/bwapi/deliveries/${technical.id}/receive`, {
      delivery_date: '2026-11-22',
    })
    expect(reception.status).toBe(201)
    read = await orderOf(order.id)
    expect(read.lines[0]).toMatchObject({ delivered_quantity: '4', delivery_status: 'partial' })
    const shown = (await json(await buyer.get(`/bwapi/deliveries/${technical.id}`))).data as Json
    expect(shown).toMatchObject({ status: 'received', kind: 'technical' })
    // Cancelling the reception leaves the technical delivery confirmed again.
    const receptionId = ((await json(reception)).data as { id: number }).id
    expect((await buyer.post(`/bwapi/deliveries/${receptionId}/cancel`, { confirm: true })).status).toBe(200)
    expect(((await json(await buyer.get(`/bwapi/deliveries/${technical.id}`))).data as Json).status).toBe(
      'confirmed',
    )
  })

  test('the supplier’s contact declares a shipment; it counts once a recipient confirms it', async () => {
    const order = await sentOrder()
    const contact = await signIn(t.app, 'supplier')
    await writeSetting(t.db, t.clock, 'settings', { customer: { supplier_access: false } })
    const before = await snapshot()
    const closed = await receive(
      order.id,
      [{ purchase_order_line_id: order.goods, quantity: '10' }],
      { kind: 'technical' },
      contact,
    )
    expect([403, 404, 422]).toContain(closed.status)
    expect(await snapshot()).toBe(before)
    await writeSetting(t.db, t.clock, 'settings', { customer: { supplier_access: true } })
    // The demo's contact works for OFFICEPRO, the order's supplier.
    const declared = await receive(
      order.id,
      [{ purchase_order_line_id: order.goods, quantity: '10' }],
      { kind: 'technical' },
      contact,
    )
    expect(declared.status).toBe(201)
    const shipment = (await json(declared)).data as { id: number }
    // The buyer has a shipment to confirm in their actions to do.
    const todo = (await json(await buyer.get('/bwapi/actions-to-do'))).actions as {
      label: string
      count: number
    }[]
    expect(todo).toContainEqual(expect.objectContaining({ label: 'Shipments to confirm', count: 1 }))
    expect(await orderOf(order.id)).toMatchObject({ predelivered_amount_exctax: '0' })
    // Its page offers the contact what the API lets it do: withdraw its shipment, nothing else.
    const read = async () =>
      ((await json(await contact.get(`/bwapi/deliveries/${shipment.id}`))).data as { actions: string[] })
        .actions
    expect(await read()).toEqual(['cancel'])
    // The contact cannot confirm its own shipment nor record a reception.
    expect((await contact.post(`/bwapi/deliveries/${shipment.id}/confirm`, { conform: true })).status).toBe(
      403,
    )
    expect(
      (await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '1' }], {}, contact)).status,
    ).toBe(403)
    const confirmed = await buyer.post(`/bwapi/deliveries/${shipment.id}/confirm`, { conform: true })
    expect(await json(confirmed)).toEqual({ data: { id: shipment.id, status: 'confirmed' } })
    expect(await orderOf(order.id)).toMatchObject({ predelivered_amount_exctax: '500.00' })
    expect(await read()).toEqual([])
    const twice = await buyer.post(`/bwapi/deliveries/${shipment.id}/confirm`, {})
    expect((await json(twice)).code).toBe('TRANSITION_NOT_ALLOWED')
  })

  test('reservations are raised within three days of the delivery, refused after', async () => {
    const order = await sentOrder()
    t.clock.set('2026-11-21T10:00:00Z')
    const deliveryId = (
      (await json(await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '10' }])))
        .data as { id: number }
    ).id
    t.clock.set('2026-11-24T18:00:00Z')
    buyer = await signIn(t.app, 'buyer')
    const raised = await buyer.post(`/bwapi/deliveries/${deliveryId}/reservations`, {
      kind: 'nonconformity',
      comment: 'Two boxes crushed',
    })
    expect(raised.status).toBe(201)
    t.clock.set('2026-11-25T08:00:00Z')
    buyer = await signIn(t.app, 'buyer')
    const before = await snapshot()
    const late = await buyer.post(`/bwapi/deliveries/${deliveryId}/reservations`, {
      kind: 'reservation',
      comment: 'Late',
    })
    expect(await json(late)).toEqual({
      code: 'RESERVATION_WINDOW_CLOSED',
      message: 'Reservations on this delivery could be raised until 2026-11-24.',
    })
    expect(await snapshot()).toBe(before)
    const shown = (await json(await buyer.get(`/bwapi/deliveries/${deliveryId}`))).data as Json
    expect(shown.reservations).toMatchObject([{ kind: 'nonconformity', comment: 'Two boxes crushed' }])
    expect(shown.reservation_open).toBe(false)
  })
})

test('a transfer order’s delivery moves stock from the source warehouse to the receiving one', async () => {
  const north = await idOf("SELECT id FROM warehouses WHERE code = 'NORTH'")
  const order = await sentOrder({ purchase_type: 'transfer' })
  await buyer.post(`/bwapi/warehouses/${north}/stock-in`, { article_id: article, quantity: '20' })
  const [mainBefore, northBefore] = [await stockOf(main), await stockOf(north)]
  const before = await snapshot()
  const missing = await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '6' }], {
    warehouse_id: main,
  })
  expect((await json(missing)).errors).toEqual({ from_warehouse_id: ['This field is required'] })
  expect(await snapshot()).toBe(before)
  const moved = await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '6' }], {
    warehouse_id: main,
    from_warehouse_id: north,
  })
  expect(moved.status).toBe(201)
  expect([await stockOf(main), await stockOf(north)]).toEqual([mainBefore + 6, northBefore - 6])
})

test('who receives: buyers do; a requester who does not follow the order does not see it', async () => {
  const order = await sentOrder()
  const requester = await signIn(t.app, 'requester')
  const before = await snapshot()
  const response = await receive(
    order.id,
    [{ purchase_order_line_id: order.goods, quantity: '1' }],
    {},
    requester,
  )
  expect(response.status).toBe(404)
  expect(await snapshot()).toBe(before)
  const list = await json(await requester.get('/bwapi/deliveries'))
  expect(list.data).toEqual([])
})

test('the deliveries list pages, sorts and filters, and says what each row is', async () => {
  const order = await sentOrder()
  await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '2' }])
  await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '3' }], { kind: 'technical' })
  const all = await json(await buyer.get('/bwapi/deliveries?sort=created_at&direction=desc'))
  expect((all.meta as Json).total).toBe(2)
  expect(all.data).toMatchObject([
    { kind: 'technical', status: 'confirmed', amount_exctax: '150.00', purchase_order_id: order.id },
    { kind: 'delivery', status: 'received', amount_exctax: '100.00', supplier: expect.any(String) },
  ])
  const technical = await json(await buyer.get('/bwapi/deliveries?kind=technical'))
  expect((technical.meta as Json).total).toBe(1)
  expect((await buyer.get('/bwapi/deliveries?kind=other')).status).toBe(422)
  const index = await json(await buyer.get('/bwapi/deliveries/index'))
  expect(
    (index.columns as { key: string; sortable: boolean }[])
      .filter((c) => c.sortable)
      .map((c) => c.key)
      .sort(),
  ).toEqual(['code', 'created_at', 'delivery_date', 'status'])
})

test('a delivery received tells the requesters whose requests the order came from, not the receiver', async () => {
  const order = await sentOrder()
  const requester = await signIn(t.app, 'requester')
  const requesterId = await idOf("SELECT id FROM users WHERE login = 'requester'")
  // The order came from one of the requester's requests.
  const created = await requester.post('/bwapi/needs', {
    title: 'Paper',
    buyer_id: await idOf("SELECT id FROM users WHERE login = 'buyer'"),
    purchase_family: 'OFFICE',
    lines: [{ description: 'Paper', quantity: '10', unit_price_exctax: '50' }],
  })
  const needId = ((await json(created)).data as { id: number }).id
  await t.client.execute({
    sql: 'UPDATE needs SET purchase_order_id = ? WHERE id = ?',
    args: [order.id, needId],
  })
  const delivered = await receive(order.id, [{ purchase_order_line_id: order.goods, quantity: '4' }])
  const code = ((await json(delivered)).data as { code: string }).code
  const notes = (await json(await requester.get('/bwapi/notifications'))).data as Json[]
  expect(notes[0]).toMatchObject({ kind: 'delivery_received', link: `/purchase-orders/${order.id}` })
  expect(String(notes[0]?.text)).toContain(code)
  expect(t.pushed.some((p) => p.userId === requesterId && p.event.type === 'notification')).toBe(true)
  const buyerNotes = (await json(await buyer.get('/bwapi/notifications'))).data as Json[]
  expect(buyerNotes.map((n) => n.kind)).not.toContain('delivery_received')
})
