import { dec } from '../money'

/**
 * The totals that must agree (the maintenance screen's data accuracy check): each rule takes a
 * document's kept figures and what they are the sum of, and answers every figure that does not
 * agree, with what it should be. Nothing is corrected: the screen lists them for a person to look.
 */
export type Disagreement = { field: string; kept: string; expected: string }

type Figures = Readonly<Record<string, string | number>>

const sum = (rows: readonly Figures[], field: string) =>
  rows.reduce((total, row) => total.plus(dec(String(row[field] ?? 0))), dec(0))

const compare = (field: string, kept: string | number, expected: ReturnType<typeof dec>): Disagreement[] =>
  dec(String(kept)).equals(expected) ? [] : [{ field, kept: String(kept), expected: expected.toFixed() }]

/** The fields of an order that are the sum of its lines' same field. */
export const ORDER_LINE_SUMS = ['amount_exctax', 'delivered_amount_exctax', 'billed_amount_exctax'] as const

/**
 * An order against its lines: net, received and billed amounts are their lines' sums, and net
 * plus tax is the total including tax (the tax itself is rounded per rate, not per line).
 */
export const orderDisagreements = (order: Figures, lines: readonly Figures[]): Disagreement[] => [
  ...ORDER_LINE_SUMS.flatMap((field) => compare(field, order[field] ?? 0, sum(lines, field))),
  ...compare(
    'amount_inctax',
    order.amount_inctax ?? 0,
    dec(String(order.amount_exctax ?? 0)).plus(dec(String(order.amount_tax ?? 0))),
  ),
]

/** A budget's kept balances (1/10,000 units) against the sums of its ledger's moves by kind. */
export const budgetDisagreements = (
  kept: { reserved: number; committed: number; actual: number },
  moves: readonly { kind: 'reservation' | 'commitment' | 'actual'; units: number }[],
): Disagreement[] => {
  const of = (kind: string) =>
    dec(moves.filter((m) => m.kind === kind).reduce((n, m) => n + Number(m.units), 0))
  return [
    ...compare('reserved', kept.reserved, of('reservation')),
    ...compare('committed', kept.committed, of('commitment')),
    ...compare('actual', kept.actual, of('actual')),
  ]
}

/** The dashboard's kept order counts per status against the orders themselves. */
export const countDisagreements = (
  kept: Readonly<Record<string, number>>,
  counted: Readonly<Record<string, number>>,
): Disagreement[] =>
  [...new Set([...Object.keys(kept), ...Object.keys(counted)])]
    .sort()
    .flatMap((status) => compare(status, kept[status] ?? 0, dec(counted[status] ?? 0)))
