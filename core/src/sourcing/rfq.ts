import { z } from 'zod'
import { addDays } from '../calendar'
import type { DomainError } from '../errors/domain-error'
import { type Dec, dec, final, intermediate } from '../money/decimal'
import { decimalField } from '../money/decimal-fields'
import { allowedOf, type Decisions, decideEach, refusalsOf, unless } from '../policy/decisions'
import {
  actionsFrom,
  nextStatus,
  notAllowed,
  statusRefusal,
  type TransitionTable,
  transitionTable,
} from '../policy/lifecycle'
import { err, ok, type Result } from '../result'
import { managesAsBuyer } from './buyer'

/**
 * A request for quotation (RFQ): lines a buyer asks several suppliers to price before ordering,
 * their sealed quotations, the comparison and the award (docs/domain/sourcing.md).
 */
export const RFQ_STATUSES = ['draft', 'sent', 'closed', 'awarded', 'cancelled'] as const
export type RfqStatus = (typeof RFQ_STATUSES)[number]

export const RFQ_ACTIONS = ['send', 'close', 'award', 'cancel'] as const
export type RfqAction = (typeof RFQ_ACTIONS)[number]

/**
 * The lifecycle as one table. `close` is the buyer's (answers end early) or the job's at the reply
 * deadline; `award` makes the orders.
 */
export const RFQ_TRANSITIONS: TransitionTable<RfqStatus, RfqAction> = transitionTable([
  ['send', 'draft', 'sent'],
  ['close', 'sent', 'closed'],
  ['award', 'closed', 'awarded'],
  ['cancel', ['draft', 'sent', 'closed'], 'cancelled'],
])

export const rfqTransition = (status: RfqStatus, action: RfqAction): Result<RfqStatus, DomainError> =>
  nextStatus(RFQ_TRANSITIONS, status, action)

/** The actions a buyer may take on an RFQ in its status (award goes through the comparison). */
export const rfqActions = (status: RfqStatus): RfqAction[] => actionsFrom(RFQ_TRANSITIONS, status)

/** Who manages an RFQ: a buyer, on their own, or on any when they see others' orders. */
export const mayManageRfq = managesAsBuyer

/** Everything a buyer may do to an RFQ: its lifecycle's actions, changing it, and entering a supplier's answer. */
export const RFQ_POLICY_ACTIONS = [...RFQ_ACTIONS, 'update', 'quote'] as const
export type RfqPolicyAction = (typeof RFQ_POLICY_ACTIONS)[number]

/**
 * An RFQ's actions policy: who manages it (its buyer, or a buyer who sees others' orders) does
 * everything, as its status allows: changed while a draft, answers entered while it is sent (the
 * reply deadline is checkAnswerOpen's), the award through the comparison once closed.
 */
export const allowedRfqActions = (
  actor: { id: number; buyer: boolean; can_view_other_po: boolean },
  rfq: { buyer_id: number; status: RfqStatus },
): Decisions<RfqPolicyAction> =>
  decideEach(
    RFQ_POLICY_ACTIONS,
    () => unless(mayManageRfq(actor, rfq)),
    (action) =>
      action === 'update'
        ? unless(rfq.status === 'draft', notAllowed(action, rfq.status))
        : action === 'quote'
          ? undefined
          : statusRefusal(RFQ_TRANSITIONS, action, rfq.status),
  )

/**
 * What the RFQ's page offers: its status's actions but the award (which goes through the
 * comparison: `may_award`), with the refused ones and why.
 */
export const rfqActionsAnswer = (decisions: Decisions<RfqPolicyAction>) => ({
  actions: allowedOf(decisions).filter(
    (a): a is RfqAction => (RFQ_ACTIONS as readonly string[]).includes(a) && a !== 'award',
  ),
  refused_actions: refusalsOf(decisions),
  may_award: decisions.award.allowed,
})

/** A supplier's contact reaches an RFQ its company is invited to once it is sent, never a draft. */
export const contactSeesRfq = (status: RfqStatus): boolean => status !== 'draft'

/**
 * Quotations are sealed while answers are open: before the RFQ is closed nobody but each
 * supplier's own contact reads its prices; the buyer sees who answered, not what.
 */
export const isSealed = (status: RfqStatus): boolean => status === 'draft' || status === 'sent'

/**
 * Whether an answer may be written now: the RFQ is sent and its reply deadline (a day, to its end
 * in the instance's time zone) has not passed. A late answer is refused, whoever enters it.
 */
export const checkAnswerOpen = (
  rfq: { code: string; status: RfqStatus; reply_by: string },
  today: string,
): Result<void, DomainError> => {
  if (rfq.status === 'sent' && today > rfq.reply_by)
    return err({ code: 'RFQ_ANSWER_LATE', params: { rfq: rfq.code, date: rfq.reply_by } })
  if (rfq.status !== 'sent') return err({ code: 'RFQ_NOT_OPEN', params: { rfq: rfq.code } })
  return ok(undefined)
}

const RfqLineSchema = z.object({
  article_id: z.number().int().positive().nullable().default(null),
  label: z.string().trim().min(1).max(500),
  quantity: decimalField.positive(),
  unit: z.string().trim().max(20).default('unit'),
  wanted_on: z.iso.date().nullable().default(null),
  /** The approved request's line it comes from, when it does (its allocations go to the order). */
  need_line_id: z.number().int().positive().nullable().default(null),
})

/** An RFQ as its buyer writes it (POST /bwapi/rfqs). */
export const RfqInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  company_id: z.number().int().positive(),
  currency_code: z.string().regex(/^[A-Z]{3}$/, 'INVALID_VALUE'),
  reply_by: z.iso.date(),
  comment: z.string().trim().max(5000).nullable().default(null),
  suppliers: z
    .array(
      z.object({
        supplier_id: z.number().int().positive(),
        contact_id: z.number().int().positive().nullable().default(null),
      }),
    )
    .min(1, 'SELECT_AT_LEAST_ONE')
    .max(50)
    .refine((s) => new Set(s.map((x) => x.supplier_id)).size === s.length, 'RFQ_SUPPLIER_TWICE'),
  lines: z.array(RfqLineSchema).min(1, 'SELECT_AT_LEAST_ONE').max(500),
})
export type RfqInput = z.output<typeof RfqInputSchema>

/** POST /bwapi/rfqs/from-needs: approved requests' lines become an RFQ's lines. */
export const RfqFromNeedsSchema = z.object({
  need_ids: z.array(z.number().int().positive()).min(1, 'SELECT_AT_LEAST_ONE').max(200),
})

const QuoteLineSchema = z.object({
  rfq_line_id: z.number().int().positive(),
  unit_price_exctax: decimalField.nonNegative(),
  vat_rate: decimalField.rate().default('20'),
  /** What the supplier offers; less than asked is a partial offer. Null: the quantity asked. */
  quantity: decimalField.positive().nullable().default(null),
  lead_time_days: z.number().int().min(0).max(3650).nullable().default(null),
  valid_until: z.iso.date().nullable().default(null),
  min_quantity: decimalField.positive().nullable().default(null),
  comment: z.string().trim().max(2000).nullable().default(null),
})

/** A supplier's answer: the lines it prices (a line left out is not offered), in its currency. */
export const QuoteInputSchema = z.object({
  currency_code: z
    .string()
    .regex(/^[A-Z]{3}$/, 'INVALID_VALUE')
    .optional(),
  comment: z.string().trim().max(5000).nullable().default(null),
  lines: z
    .array(QuoteLineSchema)
    .min(1, 'SELECT_AT_LEAST_ONE')
    .max(500)
    .refine((l) => new Set(l.map((x) => x.rfq_line_id)).size === l.length, 'RFQ_LINE_TWICE'),
})
export type QuoteInput = z.output<typeof QuoteInputSchema>

/** How many days ahead a quotation's end of validity is flagged (ERPNext's comparison colours a week). */
export const EXPIRING_WITHIN_DAYS = 7

export type QuoteValidity = 'valid' | 'expiring' | 'expired'
export const quoteValidity = (validUntil: string | null, today: string): QuoteValidity =>
  validUntil === null
    ? 'valid'
    : validUntil < today
      ? 'expired'
      : validUntil <= addDays(today, EXPIRING_WITHIN_DAYS)
        ? 'expiring'
        : 'valid'

/**
 * What an award orders from a quotation: the quantity asked, capped by what the supplier offers,
 * raised to its minimum quantity (a supplier's minimum is respected, never silently broken).
 */
export const orderedQuantity = (
  asked: string,
  quote: { quantity: string | null; min_quantity: string | null },
): Dec => {
  const offered = quote.quantity === null ? dec(asked) : dec(quote.quantity)
  const capped = offered.lt(asked) ? offered : dec(asked)
  return quote.min_quantity !== null && capped.lt(quote.min_quantity) ? dec(quote.min_quantity) : capped
}

export type ComparedLine = { id: number; label: string; quantity: string; unit: string }
export type ComparedQuote = {
  supplier_id: number
  rfq_line_id: number
  unit_price_exctax: string
  vat_rate: string
  quantity: string | null
  min_quantity: string | null
  lead_time_days: number | null
  valid_until: string | null
  /** The quotation's currency rate and the RFQ's, both to the default currency. */
  rate: string
}

export type ComparisonCell = {
  supplier_id: number
  /** The unit price and the line's amounts in the RFQ's currency. */
  unit_price: string
  quantity: string
  amount_exctax: string
  amount_inctax: string
  lead_time_days: number | null
  valid_until: string | null
  validity: QuoteValidity
  /** The minimum quantity raised what is ordered above what was asked. */
  raised_to_minimum: boolean
  partial: boolean
  best_price: boolean
  best_lead_time: boolean
}

export type Comparison = {
  lines: { id: number; label: string; quantity: string; unit: string; cells: ComparisonCell[] }[]
  suppliers: {
    supplier_id: number
    lines_quoted: number
    complete: boolean
    amount_exctax: string
    amount_inctax: string
  }[]
  /** The supplier quoting every line, validly, for the least (excl. tax); null when none does. */
  cheapest_basket: number | null
  /** Per line, the supplier with the least unit price among valid quotations (lead time breaks ties). */
  cheapest_per_line: Record<number, number | null>
}

const inRfqCurrency = (amount: string, rate: string, rfqRate: string): Dec =>
  intermediate(dec(amount).div(rate).times(rfqRate))

/**
 * The comparison of an RFQ's quotations, lines × suppliers, in the RFQ's currency (each quotation
 * converted through the default currency at the rates given): per line the best unit price and
 * lead time among valid quotations, per supplier its total, the cheapest whole basket and the
 * cheapest per line. Expired quotations are shown but never best.
 */
export const compareQuotes = (
  lines: readonly ComparedLine[],
  quotes: readonly ComparedQuote[],
  context: { today: string; rfqRate: string; decimals: number },
): Comparison => {
  const money = (d: Dec) => final(d, context.decimals).toFixed(context.decimals)
  const supplierIds = [...new Set(quotes.map((q) => q.supplier_id))].sort((a, b) => a - b)
  const cheapestPerLine: Record<number, number | null> = {}
  const compared = lines.map((line) => {
    const cells = quotes
      .filter((q) => q.rfq_line_id === line.id)
      .map((q) => {
        const unit = inRfqCurrency(q.unit_price_exctax, q.rate, context.rfqRate)
        const quantity = orderedQuantity(line.quantity, q)
        const exctax = final(unit.times(quantity), context.decimals)
        const inctax = exctax.plus(final(exctax.times(q.vat_rate).div(100), context.decimals))
        return {
          supplier_id: q.supplier_id,
          unit,
          unit_price: final(unit, 4).toString(),
          quantity: quantity.toString(),
          amount_exctax: money(exctax),
          amount_inctax: money(inctax),
          lead_time_days: q.lead_time_days,
          valid_until: q.valid_until,
          validity: quoteValidity(q.valid_until, context.today),
          raised_to_minimum: quantity.gt(line.quantity),
          partial: quantity.lt(line.quantity),
          best_price: false,
          best_lead_time: false,
        }
      })
    const usable = cells.filter((c) => c.validity !== 'expired')
    const bestPrice = usable.reduce<Dec | null>((m, c) => (m === null || c.unit.lt(m) ? c.unit : m), null)
    const leadTimes = usable.flatMap((c) => (c.lead_time_days === null ? [] : [c.lead_time_days]))
    const bestLead = leadTimes.length === 0 ? null : Math.min(...leadTimes)
    const winner = usable
      .filter((c) => bestPrice !== null && c.unit.eq(bestPrice))
      .sort(
        (a, b) =>
          (a.lead_time_days ?? Number.MAX_SAFE_INTEGER) - (b.lead_time_days ?? Number.MAX_SAFE_INTEGER) ||
          a.supplier_id - b.supplier_id,
      )[0]
    cheapestPerLine[line.id] = winner?.supplier_id ?? null
    return {
      ...line,
      cells: cells.map(({ unit, ...c }) => ({
        ...c,
        best_price: c.validity !== 'expired' && bestPrice !== null && unit.eq(bestPrice),
        best_lead_time: c.validity !== 'expired' && bestLead !== null && c.lead_time_days === bestLead,
      })),
    }
  })
  const totals = supplierIds.map((supplier_id) => {
    const mine = compared.flatMap((l) => l.cells.filter((c) => c.supplier_id === supplier_id))
    const sum = (pick: (c: ComparisonCell) => string) => mine.reduce((s, c) => s.plus(pick(c)), dec(0))
    return {
      supplier_id,
      lines_quoted: mine.length,
      complete: mine.length === lines.length && mine.every((c) => c.validity !== 'expired'),
      amount_exctax: money(sum((c) => c.amount_exctax)),
      amount_inctax: money(sum((c) => c.amount_inctax)),
    }
  })
  const basket = totals
    .filter((s) => s.complete)
    .sort((a, b) => dec(a.amount_exctax).comparedTo(b.amount_exctax) || a.supplier_id - b.supplier_id)[0]
  return {
    lines: compared,
    suppliers: totals,
    cheapest_basket: basket?.supplier_id ?? null,
    cheapest_per_line: cheapestPerLine,
  }
}

/** An award: which supplier each line goes to (lines left out are not ordered), and why. */
export const AwardInputSchema = z.object({
  lines: z
    .array(z.object({ rfq_line_id: z.number().int().positive(), supplier_id: z.number().int().positive() }))
    .min(1, 'SELECT_AT_LEAST_ONE')
    .max(500)
    .refine((l) => new Set(l.map((x) => x.rfq_line_id)).size === l.length, 'RFQ_LINE_TWICE'),
  reason: z.string().trim().max(2000).nullable().default(null),
  /** Whether the suppliers who won nothing are told by e-mail. */
  tell_losers: z.boolean().default(true),
})
export type AwardInput = z.output<typeof AwardInputSchema>

/**
 * Whether an award may be made on this comparison: every line goes to a supplier that quoted it,
 * with a quotation still valid; and when the award is not the cheapest — neither the whole basket
 * to its cheapest supplier nor each line to its cheapest — a reason is required (auditors ask why).
 */
export const checkAward = (comparison: Comparison, award: AwardInput): Result<void, DomainError> => {
  for (const chosen of award.lines) {
    const line = comparison.lines.find((l) => l.id === chosen.rfq_line_id)
    if (line === undefined) return err({ code: 'ITEM_NOT_FOUND' })
    const cell = line.cells.find((c) => c.supplier_id === chosen.supplier_id)
    if (cell === undefined) return err({ code: 'RFQ_NOT_QUOTED', params: { line: line.label } })
    if (cell.validity === 'expired')
      return err({ code: 'RFQ_QUOTE_EXPIRED', params: { line: line.label, date: cell.valid_until ?? '' } })
  }
  const winners = new Set(award.lines.map((l) => l.supplier_id))
  const [only] = [...winners]
  const wholeBasket =
    winners.size === 1 &&
    award.lines.length === comparison.lines.length &&
    only !== undefined &&
    only === comparison.cheapest_basket
  const eachCheapest = award.lines.every((l) => comparison.cheapest_per_line[l.rfq_line_id] === l.supplier_id)
  if (!wholeBasket && !eachCheapest && (award.reason === null || award.reason.length < 3))
    return err({ code: 'RFQ_AWARD_REASON_REQUIRED' })
  return ok(undefined)
}
