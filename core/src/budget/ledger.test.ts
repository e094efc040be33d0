import { expect, test } from 'vitest'
import {
  type BudgetEvent,
  balances,
  budgetMoves,
  invoiceBudgetChange,
  type LedgerMove,
  needBudgetChange,
  netIncrease,
  orderBudgetChange,
} from './ledger'

const B = 1 // the project's budget
const D = 2 // the department's budget
const taken = (entries: [number, number][]) => new Map(entries)
const billed = (entries: [number, [number, number][]][]) =>
  new Map(entries.map(([budget, orders]) => [budget, new Map(orders)]))

/** Runs the events in turn on an empty ledger: the balance of each budget after each. */
const run = (events: readonly BudgetEvent[]) => {
  const ledger: LedgerMove[] = []
  return events.map((event) => {
    ledger.push(...budgetMoves(event, ledger))
    const b = balances(ledger)
    return Object.fromEntries([...b].map(([id, v]) => [id, [v.reserved, v.committed, v.actual]]))
  })
}

test.each<[string, BudgetEvent[], Record<number, [number, number, number]>[]]>([
  [
    'a request approved reserves, its order validated turns the reservation into a commitment',
    [
      { type: 'need_approved', need_id: 10, taken: taken([[B, 100]]) },
      { type: 'order_validated', order_id: 20, need_ids: [10], taken: taken([[B, 120]]) },
    ],
    [{ [B]: [100, 0, 0] }, { [B]: [0, 120, 0] }],
  ],
  [
    'an invoice releases the commitment it bills and spends; a second one cannot release more than is left',
    [
      { type: 'order_validated', order_id: 20, need_ids: [], taken: taken([[B, 120]]) },
      {
        type: 'invoice_validated',
        invoice_id: 30,
        billed: billed([[B, [[20, 50]]]]),
        spent: taken([[B, 50]]),
      },
      {
        type: 'invoice_validated',
        invoice_id: 31,
        billed: billed([[B, [[20, 90]]]]),
        spent: taken([[B, 90]]),
      },
    ],
    [{ [B]: [0, 120, 0] }, { [B]: [0, 70, 50] }, { [B]: [0, 0, 140] }],
  ],
  [
    'closing an order billed short releases what it still commits (ERPNext #14155: closed orders kept counting)',
    [
      { type: 'order_validated', order_id: 20, need_ids: [], taken: taken([[B, 120]]) },
      {
        type: 'invoice_validated',
        invoice_id: 30,
        billed: billed([[B, [[20, 100]]]]),
        spent: taken([[B, 100]]),
      },
      { type: 'order_released', order_id: 20, restore_reservations: false },
    ],
    [{ [B]: [0, 120, 0] }, { [B]: [0, 20, 100] }, { [B]: [0, 0, 100] }],
  ],
  [
    'an order cancelled releases its commitment and its requests reserve again; cancelling the request frees the rest',
    [
      { type: 'need_approved', need_id: 10, taken: taken([[B, 100]]) },
      { type: 'order_validated', order_id: 20, need_ids: [10], taken: taken([[B, 120]]) },
      { type: 'order_released', order_id: 20, restore_reservations: true },
      { type: 'need_released', need_id: 10 },
    ],
    [{ [B]: [100, 0, 0] }, { [B]: [0, 120, 0] }, { [B]: [100, 0, 0] }, { [B]: [0, 0, 0] }],
  ],
  [
    'validated again after going back to draft, an order commits once, never twice (ERPNext #36610)',
    [
      { type: 'need_approved', need_id: 10, taken: taken([[B, 100]]) },
      { type: 'order_validated', order_id: 20, need_ids: [10], taken: taken([[B, 120]]) },
      { type: 'order_released', order_id: 20, restore_reservations: true },
      { type: 'order_validated', order_id: 20, need_ids: [10], taken: taken([[B, 130]]) },
    ],
    [{ [B]: [100, 0, 0] }, { [B]: [0, 120, 0] }, { [B]: [100, 0, 0] }, { [B]: [0, 130, 0] }],
  ],
  [
    'an invoice cancelled undoes its moves: the commitment comes back, the spend goes',
    [
      { type: 'order_validated', order_id: 20, need_ids: [], taken: taken([[B, 120]]) },
      {
        type: 'invoice_validated',
        invoice_id: 30,
        billed: billed([[B, [[20, 50]]]]),
        spent: taken([[B, 60]]),
      },
      { type: 'invoice_released', invoice_id: 30 },
    ],
    [{ [B]: [0, 120, 0] }, { [B]: [0, 70, 60] }, { [B]: [0, 120, 0] }],
  ],
  [
    'a line covered by a project budget and a department budget moves both',
    [
      {
        type: 'order_validated',
        order_id: 20,
        need_ids: [],
        taken: taken([
          [B, 120],
          [D, 120],
        ]),
      },
      {
        type: 'invoice_validated',
        invoice_id: 30,
        billed: billed([
          [B, [[20, 120]]],
          [D, [[20, 120]]],
        ]),
        spent: taken([
          [B, 120],
          [D, 120],
        ]),
      },
    ],
    [
      { [B]: [0, 120, 0], [D]: [0, 120, 0] },
      { [B]: [0, 0, 120], [D]: [0, 0, 120] },
    ],
  ],
  [
    'reopened after closing, an order commits again only what its invoices did not bill',
    [
      { type: 'order_validated', order_id: 20, need_ids: [], taken: taken([[B, 120]]) },
      {
        type: 'invoice_validated',
        invoice_id: 30,
        billed: billed([[B, [[20, 100]]]]),
        spent: taken([[B, 100]]),
      },
      { type: 'order_released', order_id: 20, restore_reservations: false },
      { type: 'order_validated', order_id: 20, need_ids: [], taken: taken([[B, 120]]) },
    ],
    [{ [B]: [0, 120, 0] }, { [B]: [0, 20, 100] }, { [B]: [0, 0, 100] }, { [B]: [0, 20, 100] }],
  ],
  [
    'a request released twice releases once',
    [
      { type: 'need_approved', need_id: 10, taken: taken([[B, 100]]) },
      { type: 'need_released', need_id: 10 },
      { type: 'need_released', need_id: 10 },
    ],
    [{ [B]: [100, 0, 0] }, { [B]: [0, 0, 0] }, { [B]: [0, 0, 0] }],
  ],
])('%s', (_, events, expected) => {
  expect(run(events)).toEqual(expected)
})

test('what an order validated adds to a budget is its commitment less what its requests reserved there', () => {
  const ledger = budgetMoves({ type: 'need_approved', need_id: 10, taken: taken([[B, 100]]) }, [])
  const moves = budgetMoves(
    { type: 'order_validated', order_id: 20, need_ids: [10], taken: taken([[B, 120]]) },
    ledger,
  )
  expect(netIncrease(moves)).toEqual(new Map([[B, 20]]))
  // Every move names its documents, so that each can be released on its own.
  expect(moves).toEqual([
    { budget_id: B, kind: 'reservation', units: -100, need_id: 10, order_id: 20, invoice_id: null },
    { budget_id: B, kind: 'commitment', units: 120, need_id: null, order_id: 20, invoice_id: null },
  ])
})

test.each([
  ['awaiting', 'validated', 'commit'],
  ['draft', 'validated', 'commit'],
  ['closed', 'sent', 'commit'],
  ['validated', 'sent', null],
  ['sent', 'acknowledged_receipt', null],
  ['acknowledged_receipt', 'suspended', null],
  ['sent', 'closed', 'release'],
  ['validated', 'obsolete', 'release'],
  ['sent', 'canceled', 'release_restore'],
  ['validated', 'draft', 'release_restore'],
  ['awaiting', 'draft', null],
  ['draft', 'canceled', null],
])('an order from %s to %s: %s', (from, to, expected) => {
  expect(orderBudgetChange(from, to)).toBe(expected)
})

test.each([
  ['awaiting', 'validated', 'reserve', 'spend'],
  ['validated', 'canceled', 'release', 'release'],
  ['validated', 'draft', 'release', 'release'],
  ['awaiting', 'refused', null, null],
  ['validated', 'validated', null, null],
])('a request or an invoice from %s to %s', (from, to, need, invoice) => {
  expect(needBudgetChange(from, to)).toBe(need)
  expect(invoiceBudgetChange(from, to)).toBe(invoice)
})

test('an expense report validated spends what its expenses take, and nothing else', () => {
  const moves = budgetMoves(
    {
      type: 'expense_report_validated',
      expense_report_id: 7,
      spent: new Map([
        [1, 635_000],
        [2, 0],
      ]),
    },
    [],
  )
  expect(moves).toEqual([
    {
      budget_id: 1,
      kind: 'actual',
      units: 635_000,
      need_id: null,
      order_id: null,
      invoice_id: null,
      expense_report_id: 7,
    },
  ])
})
