import { z } from 'zod'
import { type CircuitState, waitingOn } from '../circuit/runtime'
import { type CircuitTurn, turnRefusal } from '../circuit/turn'
import type { DomainError } from '../errors/domain-error'
import { Dec, dec, final, intermediate } from '../money/decimal'
import { decimalField } from '../money/decimal-fields'
import { type Decisions, decideEach, firstRefusal, unless } from '../policy/decisions'
import {
  actionsFrom,
  nextStatus,
  statusRefusal,
  type TransitionTable,
  transitionTable,
} from '../policy/lifecycle'
import { err, ok, type Result } from '../result'
import { managesAsBuyer } from './buyer'

/**
 * A framework agreement (blanket order): a supplier, a validity period and lines with an agreed
 * unit price and a ceiling in quantity or amount; orders to that supplier draw on it
 * (docs/domain/sourcing.md).
 */
export const AGREEMENT_STATUSES = [
  'draft',
  'awaiting',
  'active',
  'done',
  'expired',
  'closed',
  'cancelled',
] as const
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number]

export const AGREEMENT_ACTIONS = [
  'submit',
  'validate',
  'refuse',
  'close',
  'cancel',
  'expire',
  'exhaust',
  'replenish',
] as const
export type AgreementAction = (typeof AGREEMENT_ACTIONS)[number]

/**
 * The lifecycle as one table: each action, the statuses it starts from and where it leads.
 * `expire` is the job's at the end date, `exhaust` and `replenish` follow the draws (nothing left
 * on any line; an order cancelled gives back).
 */
export const AGREEMENT_TRANSITIONS: TransitionTable<AgreementStatus, AgreementAction> = transitionTable([
  ['submit', 'draft', 'awaiting'],
  ['validate', 'awaiting', 'active'],
  ['refuse', 'awaiting', 'draft'],
  ['close', ['active', 'done'], 'closed'],
  ['cancel', ['draft', 'awaiting'], 'cancelled'],
  ['expire', ['active', 'done'], 'expired'],
  ['exhaust', 'active', 'done'],
  ['replenish', 'done', 'active'],
])

export const agreementTransition = (
  status: AgreementStatus,
  action: AgreementAction,
): Result<AgreementStatus, DomainError> => nextStatus(AGREEMENT_TRANSITIONS, status, action)

/** The actions the jobs take (the end date, the draws): never offered to a person. */
const JOB_ACTIONS: readonly AgreementAction[] = ['expire', 'exhaust', 'replenish']

/** The actions a person may take on an agreement in its status (the jobs' are not offered). */
export const agreementActions = (status: AgreementStatus): AgreementAction[] =>
  actionsFrom(AGREEMENT_TRANSITIONS, status).filter((a) => !JOB_ACTIONS.includes(a))

export const CEILING_KINDS = ['quantity', 'amount'] as const
export type CeilingKind = (typeof CEILING_KINDS)[number]

const AgreementLineSchema = z.object({
  article_id: z.number().int().positive().nullable().default(null),
  label: z.string().trim().min(1).max(500),
  unit: z.string().trim().max(20).default('unit'),
  unit_price_exctax: decimalField.nonNegative(),
  vat_rate: decimalField.rate().default('20'),
  ceiling_kind: z.enum(CEILING_KINDS).default('quantity'),
  /** The ceiling: a quantity of units, or an amount excluding tax in the agreement's currency. */
  ceiling: decimalField.positive(),
})

/** An agreement as its buyer writes it (POST /bwapi/framework-agreements). */
export const AgreementInputSchema = z
  .object({
    label: z.string().trim().min(1).max(200),
    supplier_id: z.number().int().positive(),
    company_id: z.number().int().positive(),
    currency_code: z.string().regex(/^[A-Z]{3}$/, 'INVALID_VALUE'),
    starts_on: z.iso.date(),
    ends_on: z.iso.date(),
    lines: z.array(AgreementLineSchema).min(1, 'SELECT_AT_LEAST_ONE').max(500),
  })
  .superRefine((a, ctx) => {
    if (a.ends_on < a.starts_on)
      ctx.addIssue({
        code: 'custom',
        path: ['ends_on'],
        message: 'DATE_AFTER_OR_EQUAL',
        params: { date: a.starts_on },
      })
  })
export type AgreementInput = z.output<typeof AgreementInputSchema>

/**
 * Ceilings and draws are kept as whole units so the database adds and compares them exactly in
 * one conditional statement: thousandths of a quantity, ten-thousandths of an amount.
 */
export const DRAW_SCALE: Readonly<Record<CeilingKind, number>> = { quantity: 1_000, amount: 10_000 }
export const toDrawUnits = (kind: CeilingKind, value: string | Dec): number =>
  dec(value).times(DRAW_SCALE[kind]).round().toNumber()
export const fromDrawUnits = (kind: CeilingKind, units: number): Dec => dec(units).div(DRAW_SCALE[kind])

/**
 * How far a line may be drawn: its ceiling plus the over-draw allowance, a percentage of the
 * **original** ceiling (not of what remains, as ERPNext does: an allowance on what remains shrinks
 * as the agreement is used and grows again when an order is cancelled, so the same agreement
 * would tolerate different overruns depending on the order in which orders came).
 */
export const drawLimitUnits = (kind: CeilingKind, ceiling: string, allowancePercent: number): number =>
  toDrawUnits(kind, final(intermediate(dec(ceiling).times(dec(100).plus(allowancePercent)).div(100)), 6))

/** What an order line takes from its agreement line, in the line's ceiling units. */
export const drawOf = (kind: CeilingKind, line: { quantity: string; amount_exctax: string }): number =>
  kind === 'quantity' ? toDrawUnits('quantity', line.quantity) : toDrawUnits('amount', line.amount_exctax)

/**
 * Whether an order may draw on an agreement: active, within its validity on the order's day, of
 * the order's supplier and currency. The ceiling itself is held by the database (a conditional
 * update, checkDrawFits).
 */
export const checkDrawAllowed = (
  agreement: {
    code: string
    status: AgreementStatus
    supplier_id: number
    currency_code: string
    starts_on: string
    ends_on: string
  },
  order: { supplier_id: number; currency_code: string; day: string },
): Result<void, DomainError> => {
  const params = { agreement: agreement.code }
  if (agreement.supplier_id !== order.supplier_id) return err({ code: 'AGREEMENT_OTHER_SUPPLIER', params })
  if (agreement.currency_code !== order.currency_code)
    return err({ code: 'AGREEMENT_OTHER_CURRENCY', params: { ...params, currency: agreement.currency_code } })
  if (agreement.status === 'expired' || order.day > agreement.ends_on)
    return err({ code: 'AGREEMENT_EXPIRED', params: { ...params, date: agreement.ends_on } })
  // A used-up agreement still answers: its ceiling (and allowance) refuses with what is left.
  if ((agreement.status !== 'active' && agreement.status !== 'done') || order.day < agreement.starts_on)
    return err({ code: 'AGREEMENT_NOT_ACTIVE', params })
  return ok(undefined)
}

/**
 * Whether a draw fits what is left within the limit (exactly reaching it fits). The database
 * applies the same comparison in its conditional update, so two orders at once cannot both pass.
 */
export const drawFits = (limitUnits: number, drawnUnits: number, drawUnits: number): boolean =>
  drawnUnits + drawUnits <= limitUnits

/** A draw the database refused (nothing left within the limit): what remained, for the message. */
export const ceilingRefusal = (
  code: string,
  label: string,
  kind: CeilingKind,
  limitUnits: number,
  drawnUnits: number,
): DomainError => ({
  code: 'AGREEMENT_CEILING_EXCEEDED',
  params: {
    agreement: code,
    line: label,
    remaining: fromDrawUnits(kind, Math.max(0, limitUnits - drawnUnits)).toString(),
  },
})

/** A line's consumption as its page shows it: original, drawn (ordered), remaining, and the share used. */
export const consumption = (kind: CeilingKind, ceiling: string, drawnUnits: number) => {
  const original = dec(ceiling)
  const drawn = fromDrawUnits(kind, drawnUnits)
  return {
    original: original.toString(),
    drawn: drawn.toString(),
    remaining: original.minus(drawn).toString(),
    used_percent: original.isZero() ? 0 : drawn.div(original).times(100).toDecimalPlaces(0).toNumber(),
  }
}

/**
 * What an agreement commits to, excluding tax: each quantity line's ceiling at its agreed price,
 * each amount line's ceiling. Its validation circuit is the orders' chart applied to this amount.
 */
export const agreementWorth = (
  lines: readonly { ceiling_kind: string; ceiling: string; unit_price_exctax: string }[],
): string =>
  lines
    .reduce(
      (sum, l) =>
        sum.plus(l.ceiling_kind === 'amount' ? dec(l.ceiling) : dec(l.ceiling).times(l.unit_price_exctax)),
      dec(0),
    )
    .toString()

/**
 * The status an agreement shows on a day: one in force (or used up) past its end is expired from
 * the day after, whether or not the agreements job has run yet (it writes the same once it does).
 */
export const agreementStatusOn = (
  agreement: { status: AgreementStatus; ends_on: string },
  today: string,
): AgreementStatus =>
  (agreement.status === 'active' || agreement.status === 'done') && agreement.ends_on < today
    ? 'expired'
    : agreement.status

/** Who acts on agreements: the orders' actor, with its role (validators decide on them). */
export type AgreementDecider = {
  id: number
  login: string
  administrator?: boolean
  buyer?: boolean
  role?: string | null
}

/** Whom an agreement's circuit waits on; null when it has no step (a validator or an administrator decides). */
export const agreementWaitingOn = (circuit: CircuitState | null): string[] | null =>
  circuit !== null && circuit.steps.length > 0 ? waitingOn(circuit) : null

/**
 * Who decides on an awaiting agreement (validate or refuse): never the buyer who wrote it (the
 * orders' separation of duties); while its circuit has steps, the validators it waits on (their
 * delegates are checked when they act, by the circuit's validateStep); an agreement whose chart
 * gives no step falls back on a validator or an administrator.
 */
export const mayDecideAgreement = (
  actor: AgreementDecider,
  agreement: { buyer_id: number; waiting_on: readonly string[] | null },
): boolean => {
  if (actor.id === agreement.buyer_id) return false
  if (agreement.waiting_on !== null) return agreement.waiting_on.includes(actor.login)
  return actor.administrator === true || actor.role === 'validator'
}

/** What a person does to an agreement (the jobs' and the draws' actions are not a person's). */
export const AGREEMENT_POLICY_ACTIONS = ['submit', 'validate', 'refuse', 'close', 'cancel'] as const
export type AgreementPolicyAction = (typeof AGREEMENT_POLICY_ACTIONS)[number]

/**
 * An agreement's actions policy: the buyer who wrote it never decides on it; while its circuit
 * has steps, the validators it waits on (or their delegates) decide; with no step, a validator or
 * an administrator (mayDecideAgreement); the other actions are who manages it (managesAsBuyer).
 * Who may first, then the status. `turn` is null when its circuit has no step.
 */
export const allowedAgreementActions = (
  actor: AgreementDecider & { can_view_other_po?: boolean },
  agreement: { status: AgreementStatus; buyer_id: number },
  turn: CircuitTurn | null,
): Decisions<AgreementPolicyAction> =>
  decideEach(
    AGREEMENT_POLICY_ACTIONS,
    (action) =>
      action === 'validate' || action === 'refuse'
        ? firstRefusal(
            unless(actor.id !== agreement.buyer_id),
            turn === null
              ? unless(mayDecideAgreement(actor, { buyer_id: agreement.buyer_id, waiting_on: null }))
              : turnRefusal(actor, turn),
          )
        : unless(managesAsBuyer(actor, agreement)),
    (action) => statusRefusal(AGREEMENT_TRANSITIONS, action, agreement.status),
  )

/**
 * How much of an agreement was ordered, in percent of what it is worth: each line's ceiling and
 * draws valued in money (a quantity at its agreed price), a line counted up to its ceiling.
 */
export const agreementUsedPercent = (
  lines: readonly { ceiling_kind: string; ceiling: string; unit_price_exctax: string; drawn_units: number }[],
) => {
  let worth = dec(0)
  let used = dec(0)
  for (const line of lines) {
    const kind = line.ceiling_kind as CeilingKind
    const price = kind === 'quantity' ? dec(line.unit_price_exctax) : dec(1)
    const ceiling = dec(line.ceiling)
    const drawn = Dec.min(fromDrawUnits(kind, line.drawn_units), ceiling)
    worth = worth.plus(ceiling.times(price))
    used = used.plus(drawn.times(price))
  }
  return worth.isZero() ? 0 : used.div(worth).times(100).toDecimalPlaces(0).toNumber()
}
