import { addDays } from '../calendar/days'
import type { DomainError } from '../errors/domain-error'
import { formError } from '../errors/domain-error'
import { type Dec, dec, final, intermediate, isDecimalString, toAmountString } from '../money/decimal'
import { checkQuantityStep } from '../quantity/step'
import { err, ok, type Result } from '../result'
import {
  DELIVERY_NOTE_RESERVATION_DAYS,
  type DeliveryKind,
  type OrderDeliveryStatus,
  RECEIVABLE_ORDER_STATUSES,
  type ReceiptMode,
} from './status'

/** What receiving reads of an order line: what was ordered and what was received so far. */
export type ReceivableLine = {
  id: number
  quantity: string
  quantity_step: string | null
  unit_price_exctax: string
  amount_exctax: string
  receipt_mode: ReceiptMode
  delivered_quantity: string
  delivered_amount_exctax: string
  predelivered_quantity: string
  predelivered_amount_exctax: string
}

/** What receiving reads of an order. */
export type ReceivableOrder = { status: string; delivery_status: OrderDeliveryStatus; amount_exctax: string }

/** A line of a delivery as typed: the quantity received (goods) or the amount done (services). */
export type ReceiptLineInput = {
  purchase_order_line_id: number
  quantity?: string | null
  amount_exctax?: string | null
}

/** Deviation limits in percent (settings prices.delivery_*_deviation_percent); -1 means no limit. */
export type DeviationLimits = { line_percent: number; total_percent: number }

/** One order line after the delivery, and what the delivery adds to it (signed). */
export type PlannedLine = {
  purchase_order_line_id: number
  quantity: string
  amount_exctax: string
  after: Pick<
    ReceivableLine,
    'delivered_quantity' | 'delivered_amount_exctax' | 'predelivered_quantity' | 'predelivered_amount_exctax'
  > & { delivery_status: OrderDeliveryStatus }
}

export type ReceiptPlan = {
  lines: PlannedLine[]
  order: {
    delivered_amount_exctax: string
    predelivered_amount_exctax: string
    delivery_status: OrderDeliveryStatus
  }
}

type Check = Result<void, DomainError>
const pass: Check = ok(undefined)

/** Quantities are kept with up to 6 decimals, as typed (no trailing zeros). */
const quantityText = (value: Dec) => intermediate(value).toString()

/**
 * A received line moves stock only when it is a catalogue article received in quantity; a line
 * without an article (free text) or received by amount is recorded on the order and moves nothing.
 */
export const receiptMovesStock = <
  L extends { article_id: number | null; receipt_mode: 'quantity' | 'amount' },
>(
  line: L,
): line is L & { article_id: number } => line.article_id !== null && line.receipt_mode === 'quantity'

/**
 * A line's delivery status from what was received: nothing (or all returned), part, or at least
 * what was ordered — counted for goods, valued for services.
 */
export const lineDeliveryStatus = (
  line: Pick<ReceivableLine, 'receipt_mode' | 'quantity' | 'amount_exctax'>,
  delivered: { quantity: string; amount_exctax: string },
): Exclude<OrderDeliveryStatus, 'forced_complete'> => {
  const [got, wanted] =
    line.receipt_mode === 'amount'
      ? [dec(delivered.amount_exctax), dec(line.amount_exctax)]
      : [dec(delivered.quantity), dec(line.quantity)]
  if (got.lte(0)) return 'no'
  return got.gte(wanted) ? 'complete' : 'partial'
}

/**
 * Where a line stands against what was ordered: what remains to receive (never below zero) and
 * what was received past the order (zero when within) — counted for goods, valued for services.
 * Over-receipt is flagged even when no deviation limit stopped it.
 */
export const receiptBalance = (
  line: Pick<
    ReceivableLine,
    'receipt_mode' | 'quantity' | 'amount_exctax' | 'delivered_quantity' | 'delivered_amount_exctax'
  >,
): { remaining: string; over: string; over_delivered: boolean } => {
  const [got, wanted] =
    line.receipt_mode === 'amount'
      ? [dec(line.delivered_amount_exctax), dec(line.amount_exctax)]
      : [dec(line.delivered_quantity), dec(line.quantity)]
  const left = wanted.minus(got)
  return {
    remaining: (left.lt(0) ? dec(0) : left).toString(),
    over: (left.lt(0) ? left.negated() : dec(0)).toString(),
    over_delivered: left.lt(0),
  }
}

/**
 * The order's delivery status from its lines': forced stays forced (definitive); complete when
 * every line is; no when none received anything; partial otherwise.
 */
export const orderDeliveryStatus = (
  lineStatuses: readonly OrderDeliveryStatus[],
  forced: boolean,
): OrderDeliveryStatus => {
  if (forced) return 'forced_complete'
  if (lineStatuses.length > 0 && lineStatuses.every((s) => s === 'complete')) return 'complete'
  return lineStatuses.every((s) => s === 'no') ? 'no' : 'partial'
}

/** The deviation of `after` over `ordered`, in percent (0 when within; Infinity over nothing ordered). */
export const deviationPercent = (after: Dec, ordered: Dec): Dec => {
  if (after.lte(ordered)) return dec(0)
  if (ordered.lte(0)) return dec(Number.POSITIVE_INFINITY)
  return after.minus(ordered).div(ordered).times(100)
}

const beyondLimit = (deviation: Dec, limit: number) => limit !== -1 && deviation.gt(limit)
const percentText = (value: Dec) => (value.isFinite() ? value.toDecimalPlaces(2).toString() : '∞')

/**
 * Whether an order can receive (`receiving`: any line adds goods) or have a delivery undone: only
 * a sent or acknowledged order; a closed one is locked; once forced to complete, nothing more
 * comes in (returns and cancellations still may).
 */
export const checkOrderReceivable = (
  order: Pick<ReceivableOrder, 'status' | 'delivery_status'>,
  receiving: boolean,
): Check => {
  if (order.status === 'closed') return err({ code: 'MODEL_LOCKED' })
  if (!(RECEIVABLE_ORDER_STATUSES as readonly string[]).includes(order.status))
    return err({ code: 'TRANSITION_NOT_ALLOWED', params: { action: 'receive', status: order.status } })
  if (receiving && order.delivery_status === 'forced_complete')
    return err({ code: 'DELIVERY_FORCED_COMPLETE' })
  return pass
}

type Options = {
  kind: DeliveryKind
  limits: DeviationLimits
  decimals: number
  /** Undoing a delivery: its lines are taken back, without the receivable and deviation checks. */
  undo?: boolean
}

const amountOf = (quantity: Dec, price: string, decimals: number) =>
  final(intermediate(quantity.times(price)), decimals)

/**
 * Plans a delivery (or a technical delivery) of an order: per line, what it adds and the line's
 * received quantity, amount and status after it; the order's totals and status after it. Refusals,
 * each with the catalogue's message: the order cannot receive; a line not on the order or given
 * twice; a quantity off the line's step; a return (negative) beyond what was received; a
 * pre-delivery with a negative quantity; a line over its deviation limit; the order's total over
 * its own; nothing received at all.
 */
export const planReceipt = (
  order: ReceivableOrder,
  orderLines: readonly ReceivableLine[],
  input: readonly ReceiptLineInput[],
  options: Options,
): Result<ReceiptPlan, DomainError> => {
  const { kind, limits, decimals } = options
  const technical = kind === 'technical'
  const byId = new Map(orderLines.map((l) => [l.id, l]))
  const seen = new Set<number>()
  const planned: PlannedLine[] = []
  let receiving = false
  for (const [i, given] of input.entries()) {
    const field = (name: string) => `lines.${i}.${name}`
    const line = byId.get(given.purchase_order_line_id)
    if (line === undefined)
      return err(formError({ [field('purchase_order_line_id')]: [{ code: 'NOT_IN_LIST' }] }))
    if (seen.has(line.id))
      return err(formError({ [field('purchase_order_line_id')]: [{ code: 'NOT_UNIQUE' }] }))
    seen.add(line.id)
    const byAmount = line.receipt_mode === 'amount'
    const name = byAmount ? 'amount_exctax' : 'quantity'
    const text = (byAmount ? given.amount_exctax : given.quantity)?.trim() ?? ''
    if (text === '') continue
    if (!isDecimalString(text)) return err(formError({ [field(name)]: [{ code: 'NOT_A_NUMBER' }] }))
    const typed = dec(text)
    const delta = options.undo === true ? typed.negated() : typed
    if (delta.isZero()) continue
    if (byAmount && typed.decimalPlaces() > decimals)
      return err(formError({ [field(name)]: [{ code: 'TOO_MANY_DECIMALS', params: { decimals } }] }))
    if (!byAmount && options.undo !== true) {
      const step = checkQuantityStep(typed.abs(), line.quantity_step)
      if (!step.ok) return err(formError({ [field(name)]: [step.error] }))
    }
    if (technical && typed.lt(0) && options.undo !== true)
      return err(formError({ [field(name)]: [{ code: 'TOO_SMALL', params: { min: 0 } }] }))
    const [quantityBefore, amountBefore] = technical
      ? [dec(line.predelivered_quantity), dec(line.predelivered_amount_exctax)]
      : [dec(line.delivered_quantity), dec(line.delivered_amount_exctax)]
    const quantityAfter = byAmount ? quantityBefore : quantityBefore.plus(delta)
    const amountAfter = byAmount
      ? amountBefore.plus(delta)
      : amountOf(quantityAfter, line.unit_price_exctax, decimals)
    const receivedAfter = byAmount ? amountAfter : quantityAfter
    if (receivedAfter.lt(0)) {
      const received = byAmount ? toAmountString(amountBefore, decimals) : quantityText(quantityBefore)
      return err(
        options.undo === true
          ? { code: 'DELIVERY_CANCEL_BELOW_ZERO', params: { received } }
          : { code: 'RETURN_EXCEEDS_RECEIVED', params: { received } },
      )
    }
    if (delta.gt(0) && options.undo !== true) {
      receiving = true
      const deviation = deviationPercent(receivedAfter, dec(byAmount ? line.amount_exctax : line.quantity))
      if (beyondLimit(deviation, limits.line_percent))
        return err({
          code: 'DELIVERY_DEVIATION_EXCEEDED',
          params: { deviation: percentText(deviation), limit: String(limits.line_percent) },
        })
    }
    const after = {
      delivered_quantity: line.delivered_quantity,
      delivered_amount_exctax: line.delivered_amount_exctax,
      predelivered_quantity: line.predelivered_quantity,
      predelivered_amount_exctax: line.predelivered_amount_exctax,
    }
    if (technical) {
      after.predelivered_quantity = quantityText(quantityAfter)
      after.predelivered_amount_exctax = toAmountString(amountAfter, decimals)
    } else {
      after.delivered_quantity = quantityText(quantityAfter)
      after.delivered_amount_exctax = toAmountString(amountAfter, decimals)
    }
    planned.push({
      purchase_order_line_id: line.id,
      quantity: byAmount ? '0' : quantityText(quantityAfter.minus(quantityBefore)),
      amount_exctax: toAmountString(amountAfter.minus(amountBefore), decimals),
      after: {
        ...after,
        delivery_status: lineDeliveryStatus(line, {
          quantity: after.delivered_quantity,
          amount_exctax: after.delivered_amount_exctax,
        }),
      },
    })
  }
  if (planned.length === 0) return err({ code: 'DELIVERY_NO_LINE' })
  if (options.undo !== true) {
    const receivable = checkOrderReceivable(order, receiving)
    if (!receivable.ok) return receivable
  }
  const changed = new Map(planned.map((p) => [p.purchase_order_line_id, p.after]))
  const every = orderLines.map((l) => ({ line: l, now: changed.get(l.id) }))
  const total = (key: 'delivered_amount_exctax' | 'predelivered_amount_exctax') =>
    every.reduce((sum, { line, now }) => sum.plus(now?.[key] ?? line[key]), dec(0))
  const totalAfter = total(technical ? 'predelivered_amount_exctax' : 'delivered_amount_exctax')
  const totalBefore = orderLines.reduce(
    (sum, l) => sum.plus(technical ? l.predelivered_amount_exctax : l.delivered_amount_exctax),
    dec(0),
  )
  if (receiving && totalAfter.gt(totalBefore) && limits.total_percent !== -1) {
    const max = final(
      intermediate(dec(order.amount_exctax).times(dec(100).plus(limits.total_percent)).div(100)),
      decimals,
    )
    if (totalAfter.gt(max))
      return err({
        code: 'DELIVERY_AMOUNT_OUT_OF_BOUNDS',
        params: { min: toAmountString(0, decimals), max: toAmountString(max, decimals) },
      })
  }
  const statuses = every.map(
    ({ line, now }) =>
      now?.delivery_status ??
      lineDeliveryStatus(line, {
        quantity: line.delivered_quantity,
        amount_exctax: line.delivered_amount_exctax,
      }),
  )
  return ok({
    lines: planned,
    order: {
      delivered_amount_exctax: toAmountString(total('delivered_amount_exctax'), decimals),
      predelivered_amount_exctax: toAmountString(total('predelivered_amount_exctax'), decimals),
      delivery_status: orderDeliveryStatus(statuses, order.delivery_status === 'forced_complete'),
    },
  })
}

/**
 * Forcing an order's delivery to complete (closing what will never come): a sent or acknowledged
 * order not yet complete, with the confirmation that it is definitive.
 */
export const checkForceComplete = (
  order: Pick<ReceivableOrder, 'status' | 'delivery_status'>,
  confirmed: boolean,
): Check => {
  const receivable = checkOrderReceivable(order, false)
  if (!receivable.ok) return receivable
  if (order.delivery_status === 'complete' || order.delivery_status === 'forced_complete')
    return err({
      code: 'TRANSITION_NOT_ALLOWED',
      params: { action: 'force_complete', status: order.delivery_status },
    })
  return confirmed ? pass : err({ code: 'FORCE_COMPLETE_CONFIRMATION_REQUIRED' })
}

/**
 * An order's amount excluding tax is never edited below what was delivered or predelivered
 * (spec §5 "Purchase order").
 */
export const checkOrderAmountBounds = (
  amountExcTax: string,
  received: { delivered_amount_exctax: string; predelivered_amount_exctax: string },
): Check => {
  if (dec(amountExcTax).lt(received.delivered_amount_exctax))
    return err({ code: 'PO_AMOUNT_BELOW_DELIVERED', params: { amount: received.delivered_amount_exctax } })
  if (dec(amountExcTax).lt(received.predelivered_amount_exctax))
    return err({
      code: 'PO_AMOUNT_BELOW_PREDELIVERED',
      params: { amount: received.predelivered_amount_exctax },
    })
  return pass
}

/** The last day reservations may be raised on a delivery dated `deliveryDate` ("YYYY-MM-DD"). */
export const reservationDeadline = (deliveryDate: string): string =>
  addDays(deliveryDate, DELIVERY_NOTE_RESERVATION_DAYS)

/** Reservations and nonconformities are raised within 3 days of the delivery (spec §9); after, refused. */
export const checkReservationWindow = (deliveryDate: string, today: string): Check => {
  const deadline = reservationDeadline(deliveryDate)
  return today <= deadline ? pass : err({ code: 'RESERVATION_WINDOW_CLOSED', params: { date: deadline } })
}
