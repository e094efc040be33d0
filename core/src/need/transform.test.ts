import { expect, test } from 'vitest'
import { ordersFromNeeds, proposedSupplier, TRANSFORMABLE, type TransformLine } from './transform'

const line = (over: Partial<TransformLine>): TransformLine => ({
  need_id: 1,
  description: 'Paper',
  quantity: '20',
  quantity_step: '5',
  unit: 'ream',
  unit_price_exctax: '4.2',
  vat_rate: '20',
  article_id: null,
  supplier_id: null,
  delivery_address: null,
  allocation1: null,
  allocation2: null,
  allocation3: null,
  allocation4: null,
  ...over,
})

test('one order per supplier; a line without one goes to the chosen supplier', () => {
  const result = ordersFromNeeds(
    [
      line({ need_id: 1, supplier_id: 7, article_id: 70, description: 'Paper' }),
      line({ need_id: 1, supplier_id: 9, article_id: 90, description: 'Helmet' }),
      line({ need_id: 2, supplier_id: null, description: 'Desk', delivery_address: 'Lyon' }),
      line({ need_id: 2, supplier_id: 7, description: 'Pens', delivery_address: 'Paris' }),
    ],
    9,
  )
  expect(
    result.ok && result.value.map((o) => [o.supplier_id, o.need_ids, o.lines.map((l) => l.label)]),
  ).toEqual([
    [7, [1, 2], ['Paper', 'Pens']],
    [9, [1, 2], ['Helmet', 'Desk']],
  ])
  expect(result.ok && result.value.map((o) => o.delivery_address)).toEqual(['Paris', 'Lyon'])
})

test('the article, its step, unit, price and budget key travel to the order line', () => {
  const result = ordersFromNeeds(
    [line({ supplier_id: 7, article_id: 70, allocation1: 'P1', allocation3: 'N2' })],
    null,
  )
  expect(result.ok && result.value[0]?.lines[0]).toEqual({
    article_id: 70,
    label: 'Paper',
    quantity: '20',
    quantity_step: '5',
    unit: 'ream',
    unit_price_exctax: '4.2',
    vat_rate: '20',
    allocation1: 'P1',
    allocation2: null,
    allocation3: 'N2',
    allocation4: null,
  })
})

test('a line naming no supplier needs the buyer to choose one', () => {
  expect(ordersFromNeeds([line({})], null)).toEqual({
    ok: false,
    error: { code: 'FORM_ERRORS', fields: { supplier_id: [{ code: 'FIELD_REQUIRED' }] } },
  })
})

test('the dialog proposes the lines’ supplier only when they all name the same one', () => {
  expect(proposedSupplier([{ supplier_id: 7 }, { supplier_id: 7 }])).toBe(7)
  expect(proposedSupplier([{ supplier_id: 7 }, { supplier_id: 9 }])).toBeNull()
  expect(proposedSupplier([{ supplier_id: null }])).toBeNull()
})

test('requests are transformed only from approved, awaiting or in processing', () => {
  expect(TRANSFORMABLE).toEqual([{ status: 'validated', processing: ['awaiting', 'processing'] }])
})
