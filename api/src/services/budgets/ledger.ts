import {
  available,
  BALANCE_COLUMN,
  type BudgetEvent,
  type BudgetKey,
  budgetMoves,
  fromUnits,
  KEY_PARTS,
  type KeyedAmount,
  type LedgerMove,
  mayUseProject,
  netIncrease,
  overrunDecision,
  toUnits,
  unitsByBudget,
} from '@procura/core/budget'
import type { DomainError, FieldIssue, FieldIssues } from '@procura/core/errors'
import { dec, toAmountString, toDefaultCurrency } from '@procura/core/money'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import {
  allocations,
  budgetMoves as budgetMovesTable,
  budgets,
  currencies,
  fiscalPeriods,
  userAuthorizations,
} from '../../db/schema'
import { loadSettings } from '../settings'

/** A document line as the budgets read it: its key, its amount excluding tax and its currency. */
export type BudgetLine = { key: BudgetKey; amount: string; currency: string; order_id?: number | null }

export type BudgetRow = typeof budgets.$inferSelect

/** How a budget is named in messages: its label, else its key's codes and its period. */
export const budgetName = (b: Pick<BudgetRow, 'label' | 'key'>) =>
  b.label ??
  b.key
    .split('|')
    .filter((part) => part !== '')
    .join(' / ')

/** The budgets of the fiscal period that holds `day`. */
export const budgetsOn = async (db: DbOrTx, day: string): Promise<BudgetRow[]> =>
  (
    await db
      .select({ budget: budgets })
      .from(budgets)
      .innerJoin(fiscalPeriods, eq(fiscalPeriods.id, budgets.fiscal_period_id))
      .where(and(lte(fiscalPeriods.starts_on, day), gte(fiscalPeriods.ends_on, day)))
      .orderBy(asc(budgets.id))
  ).map((r) => r.budget)

/**
 * The allocation codes the lines name that are not in the allocation lists (or are disabled): a
 * line whose budget key cannot be resolved is refused, never let through unbudgeted.
 */
export const unknownCodes = async (db: DbOrTx, lines: readonly Pick<BudgetLine, 'key'>[]) => {
  const named = new Map<string, { level: number; code: string }>()
  for (const line of lines)
    ([1, 2, 3, 4] as const).forEach((level) => {
      const code = line.key[`allocation${level}`]
      if (code !== null) named.set(`${level}|${code}`, { level, code })
    })
  if (named.size === 0) return []
  const levels = [...new Set([...named.values()].map((n) => n.level))]
  const found = await db
    .select({ level: allocations.level, code: allocations.code, active: allocations.active })
    .from(allocations)
    .where(inArray(allocations.level, levels))
  // A level whose list holds no code is free text (an organisation that does not administer it);
  // once a level has codes, a line names one of them, active.
  const kept = new Set(found.map((f) => f.level))
  const known = new Set(found.filter((f) => f.active).map((f) => `${f.level}|${f.code}`))
  return [...named.entries()].filter(([k, n]) => kept.has(n.level) && !known.has(k)).map(([k]) => k)
}

/**
 * The allocation fields of a document's lines that name no existing code, as form issues
 * (`lines.0.allocation1`): checked when the document is saved, and again when it moves budgets.
 */
export const allocationIssues = async (
  db: DbOrTx,
  lines: readonly Partial<
    Record<'allocation1' | 'allocation2' | 'allocation3' | 'allocation4', string | null>
  >[],
  /** Who puts the codes on the document: a project code needs their right to use it (spec §6). */
  author?: { id: number },
): Promise<FieldIssues | null> => {
  const [unknownList, settings, authorizations] = await Promise.all([
    unknownCodes(
      db,
      lines.map((l) => ({ key: lineKey({}, l) })),
    ),
    loadSettings(db),
    author === undefined || lines.every((l) => (l.allocation1 ?? null) === null)
      ? Promise.resolve([])
      : db
          .select({
            dimension: userAuthorizations.dimension,
            value_code: userAuthorizations.value_code,
            access: userAuthorizations.access,
          })
          .from(userAuthorizations)
          .where(eq(userAuthorizations.user_id, author.id)),
  ])
  const unknown = new Set(unknownList)
  const checkRights = author !== undefined && settings.allocations.check_code_rights
  const issues: Record<string, FieldIssue[]> = {}
  lines.forEach((line, i) => {
    for (const level of [1, 2, 3, 4] as const) {
      const code = line[`allocation${level}`]
      if (code === null || code === undefined) continue
      if (unknown.has(`${level}|${code}`)) issues[`lines.${i}.allocation${level}`] = [{ code: 'NOT_IN_LIST' }]
      else if (level === 1 && checkRights && !mayUseProject(authorizations, code))
        issues[`lines.${i}.allocation1`] = [{ code: 'ALLOCATION_CODE_NOT_ALLOWED', params: { code } }]
    }
  })
  return Object.keys(issues).length === 0 ? null : issues
}

/** Each line's amount in units of the default currency (at the currency's rate). */
const keyedUnits = (
  lines: readonly BudgetLine[],
  rates: readonly { code: string; rate: string; is_default: boolean }[],
  decimals: number,
): (KeyedAmount & BudgetLine)[] => {
  const base = rates.find((c) => c.is_default)?.code
  const rate = new Map(rates.map((c) => [c.code, c.rate]))
  return lines.map((line) => {
    const r = rate.get(line.currency)
    const amount =
      line.currency === base || r === undefined || dec(r).lte(0)
        ? dec(line.amount)
        : toDefaultCurrency(line.amount, r, decimals)
    return { ...line, units: toUnits(amount) }
  })
}

/**
 * What a document's lines take of each budget of the period holding `day`; refused when a line
 * names an allocation code that does not exist (BUDGET_KEY_INVALID).
 */
export const budgetTaking = async (
  db: DbOrTx,
  day: string,
  lines: readonly BudgetLine[],
): Promise<
  Result<
    {
      taken: Map<number, number>
      byOrder: Map<number, Map<number, number>>
      budgets: Map<number, BudgetRow>
    },
    DomainError
  >
> => {
  const [unknown, candidates] = await Promise.all([unknownCodes(db, lines), budgetsOn(db, day)])
  if (unknown.length > 0) return err({ code: 'BUDGET_KEY_INVALID' })
  const budgets = new Map(candidates.map((b) => [b.id, b]))
  if (candidates.length === 0) return ok({ taken: new Map(), byOrder: new Map(), budgets })
  const [rates, settings] = await Promise.all([db.select().from(currencies), loadSettings(db)])
  const keyed = keyedUnits(lines, rates, settings.formats.decimals)
  const byOrder = new Map<number, Map<number, number>>()
  for (const line of keyed) {
    if (line.order_id === undefined || line.order_id === null) continue
    for (const [budget, units] of unitsByBudget(candidates, [line])) {
      const orders = byOrder.get(budget) ?? new Map<number, number>()
      orders.set(line.order_id, (orders.get(line.order_id) ?? 0) + units)
      byOrder.set(budget, orders)
    }
  }
  return ok({ taken: unitsByBudget(candidates, keyed), byOrder, budgets })
}

/** The moves already written that an event reads (those of its request, order or invoice). */
const ledgerFor = async (db: DbOrTx, event: BudgetEvent): Promise<LedgerMove[]> => {
  let where: SQL | undefined
  switch (event.type) {
    case 'need_approved':
      return []
    case 'need_released':
      where = eq(budgetMovesTable.need_id, event.need_id)
      break
    case 'order_validated':
      where =
        event.need_ids.length > 0
          ? or(
              eq(budgetMovesTable.order_id, event.order_id),
              inArray(budgetMovesTable.need_id, [...event.need_ids]),
            )
          : eq(budgetMovesTable.order_id, event.order_id)
      break
    case 'order_released':
      where = eq(budgetMovesTable.order_id, event.order_id)
      break
    case 'invoice_validated': {
      const orders = [...new Set([...event.billed.values()].flatMap((m) => [...m.keys()]))]
      if (orders.length === 0) return []
      where = inArray(budgetMovesTable.order_id, orders)
      break
    }
    case 'invoice_released':
      where = eq(budgetMovesTable.invoice_id, event.invoice_id)
      break
    case 'expense_report_validated':
      return []
  }
  const rows = await db
    .select({
      budget_id: budgetMovesTable.budget_id,
      kind: budgetMovesTable.kind,
      units: budgetMovesTable.units,
      need_id: budgetMovesTable.need_id,
      order_id: budgetMovesTable.order_id,
      invoice_id: budgetMovesTable.invoice_id,
    })
    .from(budgetMovesTable)
    .where(where)
  return rows.map((r) => ({ ...r, units: Number(r.units) }))
}

/** A budget a move took past what it had, whose owners are to be told (overrun action notify). */
export type Overrun = { budget_id: number; owner_id: number | null; budget: string; amount: string }

/**
 * Writes what an event does to the budgets, in the caller's transaction: the moves of the ledger
 * and each budget's kept balance. When `control` is on (a request approved, an order validated),
 * each budget the event takes more of is checked and moved by one conditional update — under
 * "block" the update only happens while the budget still holds the amount, so two validations at
 * once can never both take the last of it (the database decides, on both engines). Budgets are
 * moved in the order of their ids.
 */
export const moveBudgets = async (
  tx: DbOrTx,
  event: BudgetEvent,
  context: { now: Date; user_id: number | null; control: boolean; confirmed: boolean },
  /** The budgets as the caller read them in this transaction (budgetTaking), not read again. */
  known: ReadonlyMap<number, BudgetRow> = new Map(),
): Promise<Result<{ overruns: Overrun[] }, DomainError>> => {
  const moves = budgetMoves(event, await ledgerFor(tx, event))
  if (moves.length === 0) return ok({ overruns: [] })
  const increase = netIncrease(moves)
  const ids = [...increase.keys()].sort((a, b) => a - b)
  const missing = ids.filter((id) => !known.has(id))
  const rows = new Map([
    ...known,
    ...(missing.length === 0 ? [] : await tx.select().from(budgets).where(inArray(budgets.id, missing))).map(
      (b) => [b.id, b] as const,
    ),
  ])
  const decimals = (await loadSettings(tx)).formats.decimals
  const format = (amount: ReturnType<typeof fromUnits>) => toAmountString(amount, decimals)
  const overruns: Overrun[] = []
  for (const id of ids) {
    const row = rows.get(id)
    if (row === undefined) continue
    const units = increase.get(id) ?? 0
    const balance = {
      amount: Number(row.amount),
      reserved: Number(row.reserved),
      committed: Number(row.committed),
      actual: Number(row.actual),
    }
    const controlled = context.control && units > 0
    if (controlled) {
      // The warning is asked on what was read; the block is decided again by the update below.
      const decided = overrunDecision(row.overrun_action, available(balance), units, {
        budget: budgetName(row),
        confirmed: context.confirmed,
        format,
      })
      if (!decided.ok) return decided
      if (decided.value.overrun)
        overruns.push({
          budget_id: id,
          owner_id: row.owner_id,
          budget: budgetName(row),
          amount: format(fromUnits(units - Math.max(available(balance), 0))),
        })
    }
    const changes: Record<string, SQL> = {}
    for (const kind of ['reservation', 'commitment', 'actual'] as const) {
      const delta = moves
        .filter((m) => m.budget_id === id && m.kind === kind)
        .reduce((s, m) => s + m.units, 0)
      if (delta === 0) continue
      const column = budgets[BALANCE_COLUMN[kind]]
      changes[BALANCE_COLUMN[kind]] = sql`${column} + ${delta}`
    }
    if (Object.keys(changes).length === 0) continue
    const holds =
      controlled && row.overrun_action === 'block'
        ? sql`${budgets.amount} - ${budgets.reserved} - ${budgets.committed} - ${budgets.actual} >= ${units}`
        : undefined
    const moved = await tx
      .update(budgets)
      .set({ ...changes, updated_at: context.now })
      .where(and(eq(budgets.id, id), holds))
      .returning({ id: budgets.id })
    if (moved.length === 0) {
      // Another document took it first: what is left now decides the message.
      const [now] = await tx.select().from(budgets).where(eq(budgets.id, id))
      const left =
        now === undefined
          ? 0
          : available({
              amount: Number(now.amount),
              reserved: Number(now.reserved),
              committed: Number(now.committed),
              actual: Number(now.actual),
            })
      return err({
        code: 'BUDGET_OVERRUN_BLOCKED',
        params: { budget: budgetName(row), amount: format(fromUnits(units - Math.max(left, 0))) },
      })
    }
  }
  await tx
    .insert(budgetMovesTable)
    .values(moves.map((m) => ({ ...m, user_id: context.user_id, created_at: context.now })))
  return ok({ overruns })
}

/** The key parts of a line read from its document and its own allocation codes. */
export const lineKey = (
  document: { company_id?: number | null; department_id?: number | null },
  line: {
    allocation1?: string | null
    allocation2?: string | null
    allocation3?: string | null
    allocation4?: string | null
  },
): BudgetKey =>
  Object.fromEntries(
    KEY_PARTS.map((part) => [
      part,
      (part === 'company_id' || part === 'department_id' ? document[part] : line[part]) ?? null,
    ]),
  ) as BudgetKey
