import { z } from 'zod'
import type { DomainError } from '../errors/domain-error'
import { type Dec, dec, intermediate, toAmountString } from '../money/decimal'
import { decimalField } from '../money/decimal-fields'
import { fromMinor, rescaleMinor } from '../money/minor-units'
import { err, ok, type Result } from '../result'

/** What a budget does when a document would take more than it has left (spec §8). */
export const OVERRUN_ACTIONS = ['none', 'notify', 'block'] as const
export type OverrunAction = (typeof OVERRUN_ACTIONS)[number]

/**
 * The ledger's kinds of move: what approved requests reserve, what validated orders commit, what
 * validated invoices spend. A budget's available amount is its amount less the three.
 */
export const BUDGET_MOVE_KINDS = ['reservation', 'commitment', 'actual'] as const
export type BudgetMoveKind = (typeof BUDGET_MOVE_KINDS)[number]

/** The four allocation levels (spec §3): project, subproject, nature, allocation. */
export const ALLOCATION_LEVELS = [1, 2, 3, 4] as const
export type AllocationLevel = (typeof ALLOCATION_LEVELS)[number]

/**
 * Where money goes: the company and department of the document and the allocation codes of its
 * line. A budget's key names some of these parts (null: any); a line's names what it carries.
 */
export type BudgetKey = {
  readonly company_id: number | null
  readonly department_id: number | null
  readonly allocation1: string | null
  readonly allocation2: string | null
  readonly allocation3: string | null
  readonly allocation4: string | null
}
export const KEY_PARTS = [
  'company_id',
  'department_id',
  'allocation1',
  'allocation2',
  'allocation3',
  'allocation4',
] as const satisfies readonly (keyof BudgetKey)[]

/** The key as one text, the same for the same combination: what "must not already exist" compares. */
export const keyText = (key: BudgetKey): string => KEY_PARTS.map((part) => key[part] ?? '').join('|')

/** A budget covers a line when every part its key names is the line's. */
export const covers = (budget: BudgetKey, line: BudgetKey): boolean =>
  KEY_PARTS.every((part) => budget[part] === null || budget[part] === line[part])

const code = z.string().trim().min(1).max(30).nullable().default(null)
const id = z.number().int().positive().nullable().default(null)

/** A budget as the form sends it (POST/PUT /bwapi/budgets). */
export const BudgetInputSchema = z
  .object({
    fiscal_period_id: z.number().int().positive(),
    company_id: id,
    department_id: id,
    allocation1: code,
    allocation2: code,
    allocation3: code,
    allocation4: code,
    label: z.string().trim().max(200).nullable().default(null),
    amount: decimalField.nonNegative(),
    copied_forecast_amount: decimalField.nonNegative().nullable().default(null),
    last_validated_amount: decimalField.nonNegative().nullable().default(null),
    tag: z.string().trim().max(60).nullable().default(null),
    overrun_action: z.enum(OVERRUN_ACTIONS).default('block'),
    owner_id: id,
  })
  .superRefine((budget, ctx) => {
    // A key that names nothing would cover every line of every document: not a key.
    if (KEY_PARTS.every((part) => budget[part] === null))
      ctx.addIssue({ code: 'custom', path: ['allocation1'], message: 'BUDGET_KEY_INVALID' })
  })
export type BudgetInput = z.output<typeof BudgetInputSchema>

/** Ledger amounts are integers of 1/10,000 of the default currency, summed exactly by the database. */
export const UNITS = 10_000
export const toUnits = (amount: Dec | string): number => dec(amount).times(UNITS).round().toNumber()
export const fromUnits = (units: number | bigint | string): Dec => dec(String(units)).div(UNITS)
/** A ledger amount as text with the decimals, half up, without a decimal object (a list shows 50 budgets' five each). */
export const unitsText = (units: number, decimals: number): string =>
  fromMinor(rescaleMinor(units, 4, decimals), decimals)

/** What a budget holds, in units. */
export type BudgetBalance = {
  readonly amount: number
  readonly reserved: number
  readonly committed: number
  readonly actual: number
}

/** Available = amount − (reserved + committed + actual), in units. */
export const available = (b: BudgetBalance): number => b.amount - b.reserved - b.committed - b.actual

/**
 * How much of a budget is held (reserved, committed and actual), in percent of its amount to a
 * tenth, half up; null for a budget of nothing.
 */
export const consumedPercent = (b: BudgetBalance): number | null =>
  b.amount === 0
    ? null
    : dec(b.reserved + b.committed + b.actual)
        .div(b.amount)
        .times(100)
        .toDecimalPlaces(1)
        .toNumber()

/** Which column of the balance a kind of move changes. */
export const BALANCE_COLUMN: Readonly<Record<BudgetMoveKind, keyof Omit<BudgetBalance, 'amount'>>> = {
  reservation: 'reserved',
  commitment: 'committed',
  actual: 'actual',
}

/**
 * What a budget says to a document that would take `units` more of it with `left` available:
 * - it fits, or the budget does not control (none): pass;
 * - notify: the user is asked first ("validate anyway?"), then it passes and the owners are told;
 * - block: refused, whatever the user answers.
 */
export type OverrunOutcome =
  | { readonly overrun: false }
  | { readonly overrun: true; readonly notify: boolean }

export const overrunDecision = (
  action: OverrunAction,
  left: number,
  units: number,
  context: { budget: string; confirmed: boolean; format: (amount: Dec) => string },
): Result<OverrunOutcome, DomainError> => {
  if (units <= 0 || units <= left || action === 'none') return ok({ overrun: false })
  const amount = context.format(fromUnits(units - Math.max(left, 0)))
  if (action === 'block')
    return err({ code: 'BUDGET_OVERRUN_BLOCKED', params: { budget: context.budget, amount } })
  if (!context.confirmed)
    return err({ code: 'BUDGET_OVERRUN_WARNING', params: { budget: context.budget, amount } })
  return ok({ overrun: true, notify: true })
}

/** A line's amount to budget, keyed: one per document line. */
export type KeyedAmount = { readonly key: BudgetKey; readonly units: number }

/**
 * What each budget takes from a document's lines: every budget whose key covers a line takes the
 * line's amount (a department's budget and a project's budget both control the same line), each
 * budget once per document, summed.
 */
export const unitsByBudget = <B extends { id: number } & BudgetKey>(
  budgets: readonly B[],
  lines: readonly KeyedAmount[],
): Map<number, number> => {
  const taken = new Map<number, number>()
  for (const line of lines)
    for (const budget of budgets)
      if (covers(budget, line.key)) taken.set(budget.id, (taken.get(budget.id) ?? 0) + line.units)
  return taken
}

/** A fiscal period: its first and last days (ISO), inclusive. */
export type FiscalPeriod = { readonly id: number; readonly starts_on: string; readonly ends_on: string }

/** The period a day falls in (periods do not overlap), or undefined. */
export const periodOf = <P extends FiscalPeriod>(periods: readonly P[], day: string): P | undefined =>
  periods.find((p) => p.starts_on <= day && day <= p.ends_on)

/** A fiscal period as the form sends it: a code, a label, its first and last days. */
export const FiscalPeriodInputSchema = z
  .object({
    code: z.string().trim().min(1).max(30),
    label: z.string().trim().min(1).max(100),
    starts_on: z.iso.date(),
    ends_on: z.iso.date(),
    active: z.boolean().default(true),
  })
  .superRefine((p, ctx) => {
    if (p.ends_on < p.starts_on)
      ctx.addIssue({
        code: 'custom',
        path: ['ends_on'],
        message: 'DATE_AFTER_OR_EQUAL',
        params: { date: p.starts_on },
      })
  })
export type FiscalPeriodInput = z.output<typeof FiscalPeriodInputSchema>

/** Two periods overlap when each starts before the other ends. */
export const overlaps = (
  a: Pick<FiscalPeriod, 'starts_on' | 'ends_on'>,
  b: Pick<FiscalPeriod, 'starts_on' | 'ends_on'>,
) => a.starts_on <= b.ends_on && b.starts_on <= a.ends_on

/** An allocation code of one level, under a code of the level above when the relation says so. */
export const AllocationInputSchema = z.object({
  level: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  code: z.string().trim().min(1).max(30),
  label: z.string().trim().min(1).max(100),
  parent_id: id,
  active: z.boolean().default(true),
})
export type AllocationInput = z.output<typeof AllocationInputSchema>

/**
 * Next period's amount generated from an analysis: the figure chosen (amount, committed, actual…)
 * raised or lowered by a percentage, rounded to the amount decimals.
 */
export const generatedAmount = (base: Dec, percent: string, decimals: number): string =>
  toAmountString(intermediate(base.times(dec(100).plus(dec(percent))).div(100)), decimals)

/** The columns of `procura import budgets` and `procura export budgets` (the same file, round trip). */
export const BUDGET_CSV_COLUMNS = [
  'id',
  'fiscal_period',
  'company',
  'department',
  'allocation1',
  'allocation2',
  'allocation3',
  'allocation4',
  'label',
  'amount',
  'copied_forecast_amount',
  'last_validated_amount',
  'tag',
  'overrun_action',
  'owner',
] as const

/** What next period's budgets are generated from: a budget's amount, what it held, or what was spent. */
export const GENERATION_BASES = ['amount', 'held', 'actual'] as const
export type GenerationBasis = (typeof GENERATION_BASES)[number]

/**
 * POST /bwapi/budgets/generate: the budgets of one period (or some of them: a duplication) made
 * again in another, each from its basis raised or lowered by a percentage.
 */
export const GenerateBudgetsSchema = z
  .object({
    from_period_id: z.number().int().positive(),
    to_period_id: z.number().int().positive(),
    basis: z.enum(GENERATION_BASES).default('amount'),
    percent: decimalField.any().default('0'),
    budget_ids: z.array(z.number().int().positive()).max(1000).nullable().default(null),
  })
  .superRefine((g, ctx) => {
    if (g.from_period_id === g.to_period_id)
      ctx.addIssue({ code: 'custom', path: ['to_period_id'], message: 'MUST_DIFFER' })
  })
export type GenerateBudgets = z.output<typeof GenerateBudgetsSchema>

/** A budget's basis for generation, in units: its amount, what it holds (reserved + committed + actual), or what it spent. */
export const generationBase = (b: BudgetBalance, basis: GenerationBasis): number =>
  basis === 'amount' ? b.amount : basis === 'actual' ? b.actual : b.reserved + b.committed + b.actual

/**
 * Budgets are kept excluding tax; read including tax, every figure is raised by the budget VAT
 * rate (setting prices.budget_vat_rate, spec §9): 1 + rate / 100, or 1 excluding tax.
 */
export const budgetTaxFactor = (rate: string, withTax: boolean): Dec =>
  withTax ? dec(1).plus(dec(rate).div(100)) : dec(1)
