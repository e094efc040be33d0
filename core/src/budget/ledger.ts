import { assertNever } from '../result'
import type { BudgetMoveKind } from './budget'

/**
 * One signed move of the budget ledger: what a document did to one budget, in units of 1/10,000
 * of the default currency. Each move names the documents it belongs to, so that what a document
 * reserved, committed or spent can be released exactly, whatever happened in between.
 */
export type LedgerMove = {
  readonly budget_id: number
  readonly kind: BudgetMoveKind
  readonly units: number
  readonly need_id: number | null
  readonly order_id: number | null
  readonly invoice_id: number | null
  /** An expense report validated spends its expenses (docs/domain/expense.md). */
  readonly expense_report_id?: number | null
}

/**
 * The events that move budgets (docs/domain/budget.md):
 * - a request approved reserves what its lines take of each budget;
 * - a request cancelled or sent back releases what it still reserves;
 * - an order validated releases what its requests reserved and commits what its lines take (less
 *   what its invoices already billed, when it is validated again);
 * - an order cancelled, sent back to draft, replaced by a new version or closed releases what it
 *   still commits; cancelled or sent back to draft, its requests reserve again what it released;
 * - an invoice validated spends what its lines take, and releases the commitment of the orders it
 *   bills, never more than each still commits;
 * - an invoice refused or cancelled after that undoes its moves;
 * - an expense report validated spends its expenses.
 */
export type BudgetEvent =
  | { readonly type: 'need_approved'; readonly need_id: number; readonly taken: ReadonlyMap<number, number> }
  | { readonly type: 'need_released'; readonly need_id: number }
  | {
      readonly type: 'order_validated'
      readonly order_id: number
      readonly need_ids: readonly number[]
      readonly taken: ReadonlyMap<number, number>
    }
  | { readonly type: 'order_released'; readonly order_id: number; readonly restore_reservations: boolean }
  | {
      readonly type: 'invoice_validated'
      readonly invoice_id: number
      /** Per budget, per order billed: what the invoice's lines on that order take. */
      readonly billed: ReadonlyMap<number, ReadonlyMap<number, number>>
      /** Per budget: what all the invoice's lines take (free lines too). */
      readonly spent: ReadonlyMap<number, number>
    }
  | { readonly type: 'invoice_released'; readonly invoice_id: number }
  | {
      readonly type: 'expense_report_validated'
      readonly expense_report_id: number
      /** Per budget: what the report's expenses take. */
      readonly spent: ReadonlyMap<number, number>
    }

const move = (
  budget_id: number,
  kind: BudgetMoveKind,
  units: number,
  refs: {
    need_id?: number | null
    order_id?: number | null
    invoice_id?: number | null
    expense_report_id?: number | null
  },
): LedgerMove => ({
  budget_id,
  kind,
  units,
  need_id: refs.need_id ?? null,
  order_id: refs.order_id ?? null,
  invoice_id: refs.invoice_id ?? null,
  ...(refs.expense_report_id == null ? {} : { expense_report_id: refs.expense_report_id }),
})

/** The net of the moves `pick` keeps, per budget (and per the key `by` gives), zeros left out. */
const netBy = (
  ledger: readonly LedgerMove[],
  pick: (m: LedgerMove) => boolean,
  by: (m: LedgerMove) => number | null = () => null,
) => {
  const sums = new Map<string, { budget_id: number; ref: number | null; units: number }>()
  for (const m of ledger) {
    if (!pick(m)) continue
    const ref = by(m)
    const key = `${m.budget_id}|${ref ?? ''}`
    const current = sums.get(key) ?? { budget_id: m.budget_id, ref, units: 0 }
    sums.set(key, { ...current, units: current.units + m.units })
  }
  return [...sums.values()].filter((s) => s.units !== 0)
}

/**
 * The moves an event adds to the ledger, given the moves already written for the documents it
 * concerns (the service reads those of the request, the order or the invoice). Pure: the same
 * ledger and event always give the same moves, and a release never releases more than is held.
 */
export const budgetMoves = (event: BudgetEvent, ledger: readonly LedgerMove[]): LedgerMove[] => {
  switch (event.type) {
    case 'need_approved':
      return [...event.taken]
        .filter(([, units]) => units !== 0)
        .map(([budget, units]) => move(budget, 'reservation', units, { need_id: event.need_id }))
    case 'need_released':
      return netBy(ledger, (m) => m.kind === 'reservation' && m.need_id === event.need_id).map((s) =>
        move(s.budget_id, 'reservation', -s.units, { need_id: event.need_id }),
      )
    case 'order_validated': {
      const needs = new Set(event.need_ids)
      const released = netBy(
        ledger,
        (m) => m.kind === 'reservation' && m.need_id !== null && needs.has(m.need_id),
        (m) => m.need_id,
      ).map((s) => move(s.budget_id, 'reservation', -s.units, { need_id: s.ref, order_id: event.order_id }))
      // Validated again (back from draft, reopened after closing): what its invoices already
      // billed is spent, not committed again.
      const billedBefore = (budget: number) =>
        -ledger
          .filter(
            (m) =>
              m.kind === 'commitment' &&
              m.budget_id === budget &&
              m.order_id === event.order_id &&
              m.invoice_id !== null,
          )
          .reduce((sum, m) => sum + m.units, 0)
      const committed = [...event.taken]
        .map(([budget, units]): [number, number] => [budget, Math.max(units - billedBefore(budget), 0)])
        .filter(([, units]) => units !== 0)
        .map(([budget, units]) => move(budget, 'commitment', units, { order_id: event.order_id }))
      return [...released, ...committed]
    }
    case 'order_released': {
      const commitment = netBy(ledger, (m) => m.kind === 'commitment' && m.order_id === event.order_id)
        .filter((s) => s.units > 0)
        .map((s) => move(s.budget_id, 'commitment', -s.units, { order_id: event.order_id }))
      if (!event.restore_reservations) return commitment
      // What this order released of its requests' reservations, reserved again.
      const restored = netBy(
        ledger,
        (m) => m.kind === 'reservation' && m.order_id === event.order_id,
        (m) => m.need_id,
      ).map((s) => move(s.budget_id, 'reservation', -s.units, { need_id: s.ref, order_id: event.order_id }))
      return [...commitment, ...restored]
    }
    case 'invoice_validated': {
      const released: LedgerMove[] = []
      for (const [budget, orders] of event.billed)
        for (const [order, units] of orders) {
          const left = ledger
            .filter((m) => m.kind === 'commitment' && m.budget_id === budget && m.order_id === order)
            .reduce((sum, m) => sum + m.units, 0)
          const release = Math.min(Math.max(left, 0), Math.max(units, 0))
          if (release > 0)
            released.push(
              move(budget, 'commitment', -release, { order_id: order, invoice_id: event.invoice_id }),
            )
        }
      const spent = [...event.spent]
        .filter(([, units]) => units !== 0)
        .map(([budget, units]) => move(budget, 'actual', units, { invoice_id: event.invoice_id }))
      return [...released, ...spent]
    }
    case 'invoice_released': {
      const own = ledger.filter((m) => m.invoice_id === event.invoice_id)
      const sums = new Map<string, LedgerMove>()
      for (const m of own) {
        const key = `${m.budget_id}|${m.kind}|${m.order_id ?? ''}`
        const current = sums.get(key)
        sums.set(key, current === undefined ? m : { ...current, units: current.units + m.units })
      }
      return [...sums.values()]
        .filter((m) => m.units !== 0)
        .map((m) => ({ ...m, units: -m.units, need_id: null }))
    }
    case 'expense_report_validated':
      // Spent once validated (what is owed to the employee), never released: a validated report is paid, not undone.
      return [...event.spent]
        .filter(([, units]) => units !== 0)
        .map(([budget, units]) =>
          move(budget, 'actual', units, { expense_report_id: event.expense_report_id }),
        )
    default:
      return assertNever(event)
  }
}

/** What the moves add to each budget, all kinds together: what the overrun check compares. */
export const netIncrease = (moves: readonly LedgerMove[]): Map<number, number> => {
  const net = new Map<number, number>()
  for (const m of moves) net.set(m.budget_id, (net.get(m.budget_id) ?? 0) + m.units)
  return net
}

/** The balance the moves leave, per budget and kind (what the budget row keeps). */
export const balances = (moves: readonly LedgerMove[]) => {
  const by = new Map<number, { reserved: number; committed: number; actual: number }>()
  for (const m of moves) {
    const b = by.get(m.budget_id) ?? { reserved: 0, committed: 0, actual: 0 }
    if (m.kind === 'reservation') b.reserved += m.units
    else if (m.kind === 'commitment') b.committed += m.units
    else b.actual += m.units
    by.set(m.budget_id, b)
  }
  return by
}

/** Which order statuses hold a commitment: validated and after, until closed or cancelled. */
export const COMMITTING_STATUSES: ReadonlySet<string> = new Set([
  'validated',
  'sent',
  'acknowledged_receipt',
  'suspended',
])

/**
 * What an order's change of status does to its budgets: entering a committing status commits;
 * leaving them releases, and gives its requests their reservations back when the order is
 * cancelled or sent back to draft (not when it is closed or replaced by a new version).
 */
export const orderBudgetChange = (
  from: string,
  to: string,
): 'commit' | 'release' | 'release_restore' | null => {
  const before = COMMITTING_STATUSES.has(from)
  const after = COMMITTING_STATUSES.has(to)
  if (!before && after) return 'commit'
  if (before && !after) return to === 'canceled' || to === 'draft' ? 'release_restore' : 'release'
  return null
}

/** A request approved reserves; leaving the approved status (cancelled, back to draft) releases. */
export const needBudgetChange = (from: string, to: string): 'reserve' | 'release' | null => {
  if (from !== 'validated' && to === 'validated') return 'reserve'
  if (from === 'validated' && to !== 'validated') return 'release'
  return null
}

/** An invoice validated spends; leaving validated (cancelled, back to draft) undoes it. */
export const invoiceBudgetChange = (from: string, to: string): 'spend' | 'release' | null => {
  if (from !== 'validated' && to === 'validated') return 'spend'
  if (from === 'validated' && to !== 'validated') return 'release'
  return null
}
