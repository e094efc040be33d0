import type { DomainError } from '../errors/domain-error'
import { formError } from '../errors/domain-error'
import { type Dec, dec, final, intermediate, isDecimalString, toAmountString } from '../money/decimal'
import { err, ok, type Result } from '../result'
import type { BillingStatus, MatchResult } from './status'

/** What the match reads of an order line: ordered, received, and billed so far. */
export type BillableLine = {
  id: number
  quantity: string
  unit_price_exctax: string
  amount_exctax: string
  receipt_mode: 'quantity' | 'amount'
  delivered_quantity: string
  delivered_amount_exctax: string
  billed_quantity: string
  billed_amount_exctax: string
  billing_status: BillingStatus
}

/**
 * A line of an invoice as typed: an order line billed (a quantity at a unit price, or for a
 * service line an amount), or a free line (freight, fees) with its label and amount.
 */
export type InvoiceLineInput = {
  purchase_order_line_id: number | null
  label?: string | null
  quantity?: string | null
  unit_price_exctax?: string | null
  amount_exctax?: string | null
  vat_rate: string
}

/** Billing limits in percent (settings prices.invoice_*_limit_percent); -1 means no limit. */
export type BillingLimits = { line_percent: number; total_percent: number }

export type MatchedLine = {
  purchase_order_line_id: number | null
  quantity: string | null
  unit_price_exctax: string | null
  amount_exctax: string
  vat_rate: string
  result: MatchResult
  /** What was left to bill on the order line before this invoice (null on a free line). */
  remaining_exctax: string | null
  /** The order line after this invoice (null on a free line). */
  after: { billed_quantity: string; billed_amount_exctax: string; billing_status: BillingStatus } | null
}

export type MatchPlan = {
  lines: MatchedLine[]
  amount_exctax: string
  /** What is refused: billing before delivery, beyond a limit. Empty when the invoice passes. */
  problems: DomainError[]
}

const ZERO = dec(0)

/**
 * A line's billing status from what was billed of what was ordered: nothing, part, all, more; a
 * line closed while billed short is complete_less (it stays so).
 */
export const lineBillingStatus = (ordered: string, billed: Dec | string, closed = false): BillingStatus => {
  const amount = dec(billed)
  if (amount.lte(0)) return 'no'
  if (amount.gt(ordered)) return 'complete_more'
  if (amount.eq(ordered)) return 'complete'
  return closed ? 'complete_less' : 'partial'
}

/**
 * The order's billing status from its lines': no when nothing is billed; partial while a line is
 * partial or unbilled beside billed ones; else complete, complete_more when a line was billed
 * over, complete_less when one was closed short.
 */
export const orderBillingStatus = (lines: readonly BillingStatus[]): BillingStatus => {
  if (lines.every((s) => s === 'no')) return 'no'
  if (lines.some((s) => s === 'no' || s === 'partial')) return 'partial'
  if (lines.some((s) => s === 'complete_more')) return 'complete_more'
  if (lines.some((s) => s === 'complete_less')) return 'complete_less'
  return 'complete'
}

const maxWithin = (base: Dec, limit: number, decimals: number) =>
  final(intermediate(base.times(dec(100).plus(limit)).div(100)), decimals)

/**
 * The three-way match of an invoice's lines against its orders' lines: per line, the amount
 * invoiced (quantity × price rounded once, or the amount of a service line), what it says (matched,
 * over the ordered price, over the quantity left to bill, not received yet, a free line), the
 * order line after it; and what must be refused — billing before delivery when only delivered
 * goods are billed (BILLING_BEFORE_DELIVERY), a line or the invoice beyond its billing limit over
 * what is left to bill (BILLING_LIMIT_EXCEEDED; exactly at the limit passes). What is left to bill
 * is the delivered-but-unbilled amount when `billDeliveredOnly`, else the unbilled amount. A
 * credited line (negative) is matched against returns (creditResult) and never takes a line below
 * nothing billed (CREDIT_BEYOND_BILLED).
 * Form errors (a line not on the orders, given twice, a missing or malformed number) are refused at once.
 */
export const matchInvoice = (
  orderLines: readonly BillableLine[],
  input: readonly InvoiceLineInput[],
  options: { billDeliveredOnly: boolean; limits: BillingLimits; decimals: number },
): Result<MatchPlan, DomainError> => {
  const { decimals, limits } = options
  const byId = new Map(orderLines.map((l) => [l.id, l]))
  const seen = new Set<number>()
  const lines: MatchedLine[] = []
  const problems: DomainError[] = []
  let invoicedOnOrders = ZERO
  let remainingOnOrders = ZERO
  for (const [i, given] of input.entries()) {
    const field = (name: string) => `lines.${i}.${name}`
    const number = (
      name: 'quantity' | 'unit_price_exctax' | 'amount_exctax',
      value: string | null | undefined,
    ) => {
      const text = value?.trim() ?? ''
      if (text === '') return err(formError({ [field(name)]: [{ code: 'FIELD_REQUIRED' }] }))
      return isDecimalString(text)
        ? ok(dec(text))
        : err(formError({ [field(name)]: [{ code: 'NOT_A_NUMBER' }] }))
    }
    if (given.purchase_order_line_id === null) {
      const amount = number('amount_exctax', given.amount_exctax)
      if (!amount.ok) return amount
      if ((given.label?.trim() ?? '') === '')
        return err(formError({ [field('label')]: [{ code: 'FIELD_REQUIRED' }] }))
      lines.push({
        purchase_order_line_id: null,
        quantity: null,
        unit_price_exctax: null,
        amount_exctax: toAmountString(amount.value, decimals),
        vat_rate: given.vat_rate,
        result: 'free',
        remaining_exctax: null,
        after: null,
      })
      continue
    }
    const line = byId.get(given.purchase_order_line_id)
    if (line === undefined)
      return err(formError({ [field('purchase_order_line_id')]: [{ code: 'NOT_IN_LIST' }] }))
    if (seen.has(line.id))
      return err(formError({ [field('purchase_order_line_id')]: [{ code: 'NOT_UNIQUE' }] }))
    seen.add(line.id)
    const byAmount = line.receipt_mode === 'amount'
    let quantity: Dec | null = null
    let price: Dec | null = null
    let amount: Dec
    if (byAmount) {
      const typed = number('amount_exctax', given.amount_exctax)
      if (!typed.ok) return typed
      amount = final(typed.value, decimals)
    } else {
      const q = number('quantity', given.quantity)
      if (!q.ok) return q
      const p = given.unit_price_exctax?.trim()
        ? number('unit_price_exctax', given.unit_price_exctax)
        : ok(dec(line.unit_price_exctax))
      if (!p.ok) return p
      quantity = q.value
      price = p.value
      amount = final(intermediate(quantity.times(price)), decimals)
    }
    // What is left to bill: received (or ordered) less already billed, never below zero.
    const base = dec(options.billDeliveredOnly ? line.delivered_amount_exctax : line.amount_exctax)
    const left = base.minus(line.billed_amount_exctax)
    const remaining = left.lt(0) ? ZERO : left
    const received = dec(line.delivered_amount_exctax).gt(0)
    const quantityLeft = dec(options.billDeliveredOnly ? line.delivered_quantity : line.quantity).minus(
      line.billed_quantity,
    )
    const overQuantity = quantity === null ? amount.gt(remaining) : quantity.gt(quantityLeft)
    const overPrice = price?.gt(line.unit_price_exctax) === true
    const credit = amount.lt(0)
    const result: MatchResult = credit
      ? creditResult(line, quantity, amount)
      : !received && amount.gt(0)
        ? 'not_received'
        : overPrice
          ? 'over_price'
          : overQuantity
            ? 'over_quantity'
            : 'matched'
    const billedAfter = dec(line.billed_amount_exctax).plus(amount)
    if (
      credit &&
      (billedAfter.lt(0) || (quantity !== null && dec(line.billed_quantity).plus(quantity).lt(0)))
    )
      problems.push({
        code: 'CREDIT_BEYOND_BILLED',
        params: {
          credited: toAmountString(amount.neg(), decimals),
          billed: toAmountString(dec(line.billed_amount_exctax), decimals),
        },
      })
    else if (options.billDeliveredOnly && !received && amount.gt(0))
      problems.push({ code: 'BILLING_BEFORE_DELIVERY' })
    else if (limits.line_percent !== -1 && amount.gt(maxWithin(remaining, limits.line_percent, decimals)))
      problems.push({
        code: 'BILLING_LIMIT_EXCEEDED',
        params: {
          billed: toAmountString(amount, decimals),
          remaining: toAmountString(remaining, decimals),
          limit: String(limits.line_percent),
        },
      })
    invoicedOnOrders = invoicedOnOrders.plus(amount)
    remainingOnOrders = remainingOnOrders.plus(remaining)
    const billedAmount = billedAfter
    lines.push({
      purchase_order_line_id: line.id,
      quantity: quantity === null ? null : quantity.toString(),
      unit_price_exctax: price === null ? null : price.toString(),
      amount_exctax: toAmountString(amount, decimals),
      vat_rate: given.vat_rate,
      result,
      remaining_exctax: toAmountString(remaining, decimals),
      after: {
        billed_quantity:
          quantity === null ? line.billed_quantity : dec(line.billed_quantity).plus(quantity).toString(),
        billed_amount_exctax: toAmountString(billedAmount, decimals),
        billing_status: lineBillingStatus(
          line.amount_exctax,
          billedAmount,
          line.billing_status === 'complete_less',
        ),
      },
    })
  }
  if (lines.length === 0) return err({ code: 'INVOICE_NO_LINE' })
  const lineProblems = problems.length
  if (
    lineProblems === 0 &&
    limits.total_percent !== -1 &&
    invoicedOnOrders.gt(maxWithin(remainingOnOrders, limits.total_percent, decimals))
  )
    problems.push({
      code: 'BILLING_LIMIT_EXCEEDED',
      params: {
        billed: toAmountString(invoicedOnOrders, decimals),
        remaining: toAmountString(remainingOnOrders, decimals),
        limit: String(limits.total_percent),
      },
    })
  const total = lines.reduce((sum, l) => sum.plus(l.amount_exctax), ZERO)
  return ok({ lines, amount_exctax: toAmountString(total, decimals), problems })
}

/**
 * A credited line against returns: the part of the line billed beyond what is still received (goods
 * sent back after they were billed) is what a return's credit covers — within it, credit_return;
 * beyond it, a credit for another reason (a price, goodwill): credit_other, shown to the validator.
 */
const creditResult = (line: BillableLine, quantity: Dec | null, amount: Dec): MatchResult => {
  const returned =
    quantity === null
      ? dec(line.billed_amount_exctax).minus(line.delivered_amount_exctax)
      : dec(line.billed_quantity).minus(line.delivered_quantity)
  const credited = quantity === null ? amount.neg() : quantity.neg()
  return returned.gt(0) && credited.lte(returned) ? 'credit_return' : 'credit_other'
}

/** The refusal of a match (its first problem), or none. */
export const checkMatch = (plan: MatchPlan): Result<void, DomainError> => {
  const [first] = plan.problems
  return first === undefined ? ok(undefined) : err(first)
}

/**
 * The invoice's lines must add up to its declared amount excluding tax (the supplier's document, or
 * the pending invoice it was made from), to the cent.
 */
export const checkInvoiceTotal = (linesTotal: string, declared: string): Result<void, DomainError> =>
  dec(linesTotal).eq(declared)
    ? ok(undefined)
    : err({ code: 'INVOICE_AMOUNT_MISMATCH', params: { total: linesTotal, expected: declared } })

/**
 * Closing an order's billing: what was billed short will not be billed further (the supplier will
 * not invoice the rest). Lines left partial or unbilled become complete_less; lines billed in full or
 * over are kept. Refused when nothing was billed yet, or nothing is left open (TRANSITION_NOT_ALLOWED).
 */
export const closeBilling = (lines: readonly BillingStatus[]): Result<BillingStatus[], DomainError> => {
  const status = orderBillingStatus(lines)
  if (status !== 'partial')
    return err({ code: 'TRANSITION_NOT_ALLOWED', params: { action: 'close_billing', status } })
  return ok(lines.map((s) => (s === 'partial' || s === 'no' ? 'complete_less' : s)))
}
