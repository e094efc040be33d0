import { expect, test } from 'vitest'
import {
  type MatchableLine,
  matchEInvoiceLines,
  matchEInvoiceOrder,
  type ReferencedOrder,
  type ReferenceLookup,
} from './e-invoice-match'

const order = (id: number, supplier_id = 7): ReferencedOrder => ({
  id,
  code: `PO-2026-0000${id}`,
  supplier_id,
  supplier: supplier_id === 7 ? 'OfficePro Supplies' : 'SafeWork',
})
const none: ReferenceLookup = { order: [], despatch: [], contract: [], buyer: [] }

test.each<[string, Partial<ReferenceLookup>, ReturnType<typeof matchEInvoiceOrder>]>([
  ['no reference: the label decides', {}, { ok: true, value: null }],
  [
    'BT-13 names the order',
    { order: [order(1)] },
    { ok: true, value: { rule: 'BT-13', order_id: 1, order_code: 'PO-2026-00001' } },
  ],
  [
    'BT-13 wins over the others',
    { order: [order(1)], despatch: [order(2)], contract: [order(3)], buyer: [order(4)] },
    { ok: true, value: { rule: 'BT-13', order_id: 1, order_code: 'PO-2026-00001' } },
  ],
  [
    'BT-16: the despatch advice’s order',
    { despatch: [order(2)], buyer: [order(4)] },
    { ok: true, value: { rule: 'BT-16', order_id: 2, order_code: 'PO-2026-00002' } },
  ],
  [
    'BT-12: the contract’s only order of the seller',
    { contract: [order(3)] },
    { ok: true, value: { rule: 'BT-12', order_id: 3, order_code: 'PO-2026-00003' } },
  ],
  [
    'BT-12 with several orders decides nothing; BT-10 then does',
    { contract: [order(3), order(5)], buyer: [order(4)] },
    { ok: true, value: { rule: 'BT-10', order_id: 4, order_code: 'PO-2026-00004' } },
  ],
  [
    'an order of another supplier is refused, named with its rule',
    { order: [order(1, 8)] },
    {
      ok: false,
      error: {
        code: 'E_INVOICE_ORDER_OTHER_SUPPLIER',
        params: { order: 'PO-2026-00001', rule: 'BT-13', supplier: 'SafeWork' },
      },
    },
  ],
])('%s', (_what, found, expected) => {
  expect(matchEInvoiceOrder({ ...none, ...found }, 7)).toEqual(expected)
})

const offered: MatchableLine[] = [
  { id: 10, purchase_order_id: 1, position: 1, label: 'Copy paper A4', receipt_mode: 'quantity' },
  { id: 11, purchase_order_id: 1, position: 2, label: 'Toner', receipt_mode: 'quantity' },
  { id: 20, purchase_order_id: 2, position: 1, label: 'Toner', receipt_mode: 'quantity' },
]
const eLine = (label: string, order_line: string | null = null) => ({
  label,
  quantity: '1',
  unit_price: null,
  amount: '10.00',
  vat_rate: '20',
  order_line,
})

test('BT-132 names the line on the matched order, whatever its label; else the label, on that order first', () => {
  expect(matchEInvoiceLines([eLine('Cartouches', '2'), eLine('Copy paper a4')], offered, 1)).toEqual([
    { order_line_id: 11, rule: 'BT-132' },
    { order_line_id: 10, rule: 'label' },
  ])
  // On order 2, "Toner" is its own line, not order 1's.
  expect(matchEInvoiceLines([eLine('Toner')], offered, 2)).toEqual([{ order_line_id: 20, rule: 'label' }])
  // A BT-132 naming no line of the order falls back on the label; nothing found stays free.
  expect(matchEInvoiceLines([eLine('Freight', '9')], offered, 1)).toEqual([
    { order_line_id: null, rule: null },
  ])
})

test('without a matched order, labels search every offered line, each billed once', () => {
  expect(matchEInvoiceLines([eLine('Toner'), eLine('Toner'), eLine('Toner')], offered, null)).toEqual([
    { order_line_id: 11, rule: 'label' },
    { order_line_id: 20, rule: 'label' },
    { order_line_id: null, rule: null },
  ])
})
