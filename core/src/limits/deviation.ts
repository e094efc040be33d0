import type { DomainError } from '../errors/domain-error'
import { type Dec, type DecimalInput, dec, final, intermediate } from '../money/decimal'
import { err, ok, type Result } from '../result'

/** A limit of -1 means no limit (spec §9). Other limits are percentages, 0 or more. */
export const NO_LIMIT = -1

export const isUnlimited = (limit: number): boolean => limit === NO_LIMIT

/** |actual − expected| / expected × 100, 6 decimals; null when nothing was expected. */
export const deviationPercent = (actual: DecimalInput, expected: DecimalInput): Dec | null => {
  const e = dec(expected)
  if (e.isZero()) return null
  return intermediate(dec(actual).minus(e).abs().div(e.abs()).times(100))
}

const withinLimit = (
  actual: DecimalInput,
  expected: DecimalInput,
  limit: number,
): { ok: boolean; deviation: Dec } => {
  const deviation = deviationPercent(actual, expected)
  if (deviation === null) return { ok: dec(actual).isZero(), deviation: dec(dec(actual).isZero() ? 0 : 100) }
  return { ok: deviation.lte(limit), deviation }
}

export type DeviationLimits = { line: number; total: number }

/**
 * Deliveries: each line's delivered quantity may deviate from the ordered one by at most the
 * line limit, and the total by at most the total limit (both in %, -1 = no limit). The refusal
 * names the deviation, the limit and, for a line, its index.
 */
export const checkDeliveryDeviations = (
  lines: readonly { delivered: DecimalInput; ordered: DecimalInput }[],
  limits: DeviationLimits,
): Result<void, DomainError> => {
  if (!isUnlimited(limits.line)) {
    for (const [index, line] of lines.entries()) {
      const check = withinLimit(line.delivered, line.ordered, limits.line)
      if (!check.ok) {
        return err({
          code: 'DELIVERY_DEVIATION_EXCEEDED',
          params: { deviation: final(check.deviation, 2).toString(), limit: limits.line, line: index + 1 },
        })
      }
    }
  }
  if (!isUnlimited(limits.total)) {
    const delivered = lines.reduce((s, l) => s.plus(l.delivered), dec(0))
    const ordered = lines.reduce((s, l) => s.plus(l.ordered), dec(0))
    const check = withinLimit(delivered, ordered, limits.total)
    if (!check.ok) {
      return err({
        code: 'DELIVERY_DEVIATION_EXCEEDED',
        params: { deviation: final(check.deviation, 2).toString(), limit: limits.total },
      })
    }
  }
  return ok(undefined)
}

/**
 * Invoicing: a billed amount may exceed what remains to bill by at most `limit` % of it
 * (-1 = no limit; 0 = never more than what remains). Checked per line and in total.
 */
export const checkBillingLimit = (
  billed: DecimalInput,
  remaining: DecimalInput,
  limit: number,
): Result<void, DomainError> => {
  if (isUnlimited(limit)) return ok(undefined)
  const ceiling = intermediate(dec(remaining).times(dec(100).plus(limit)).div(100))
  return dec(billed).lte(ceiling)
    ? ok(undefined)
    : err({
        code: 'BILLING_LIMIT_EXCEEDED',
        params: { billed: dec(billed).toString(), remaining: dec(remaining).toString(), limit },
      })
}

export const checkInvoiceBilling = (
  lines: readonly { billed: DecimalInput; remaining: DecimalInput }[],
  limits: DeviationLimits,
): Result<void, DomainError> => {
  for (const line of lines) {
    const check = checkBillingLimit(line.billed, line.remaining, limits.line)
    if (!check.ok) return check
  }
  const billed = lines.reduce((s, l) => s.plus(l.billed), dec(0))
  const remaining = lines.reduce((s, l) => s.plus(l.remaining), dec(0))
  return checkBillingLimit(billed, remaining, limits.total)
}
