import { z } from 'zod'
import { dec, intermediate, isDecimalString } from './decimal'

// Signs and bounds are read from the text of a valid decimal (no Decimal built per check: imports
// run these on every row). Each refinement runs even after another failed: guard before reading.
const isNegative = (v: string) => v.startsWith('-') && /[1-9]/.test(v)
const isZero = (v: string) => !/[1-9]/.test(v)
const aboveHundred = (v: string) => {
  const [whole = '0'] = v.replace(/^[+-]/, '').split('.')
  const value = Number(whole)
  return !isNegative(v) && (value > 100 || (value === 100 && /\.\d*[1-9]/.test(v)))
}

/**
 * A JSON number as the decimal text it was written as, or null when that is not certain: no
 * exponent, and at most 15 significant digits (every decimal of 15 digits survives a double).
 * `{"quantity": 4}` reads as "4", `12.5` as "12.5"; `1e21` or `0.1234567890123456789` do not.
 */
export const numberAsDecimalText = (value: number): string | null => {
  if (!Number.isFinite(value)) return null
  const text = String(value)
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null
  const digits = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '')
  return digits.length <= 15 ? text : null
}

/** A decimal as a string (the documented form) or as an exact JSON number, read as text. */
const decimalText = (maxLength = 60) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? (numberAsDecimalText(value) ?? value) : value),
    z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? undefined : 'DECIMAL_EXPECTED',
      })
      .trim()
      .max(maxLength),
  )

/**
 * The decimal fields of every input schema: amounts, quantities and rates as decimal strings (or
 * JSON numbers that convert exactly),
 * with one message per rule. A negative price, a quantity of zero or less and a rate outside
 * 0–100 are refused here, before any amount is computed.
 */
export const decimalField = {
  /** The text of a decimal checked later by a core rule (a receipt's or an invoice's line). */
  text: (maxLength = 30) => decimalText(maxLength),
  /** Any decimal (a signed adjustment). */
  any: () => decimalText().refine(isDecimalString, 'NOT_A_NUMBER'),
  /** An amount or a price: 0 or more. */
  nonNegative: () =>
    decimalField
      .any()
      .refine((v) => !isDecimalString(v) || !isNegative(v), { message: 'TOO_SMALL', params: { min: 0 } }),
  /** A quantity or a count of units: more than 0. */
  positive: () =>
    decimalField
      .any()
      .refine((v) => !isDecimalString(v) || (!isNegative(v) && !isZero(v)), 'MUST_BE_POSITIVE'),
  /** A percentage: from 0 to 100. */
  rate: () =>
    decimalField
      .nonNegative()
      .refine((v) => !isDecimalString(v) || !aboveHundred(v), { message: 'TOO_LARGE', params: { max: 100 } }),
} as const

/** The sign of a document's total excluding tax: the sum of quantity × unit price, unrounded. */
export const documentTotalSign = (
  lines: readonly { quantity: string; unit_price_exctax: string }[],
): -1 | 0 | 1 => {
  const total = lines.reduce(
    (sum, l) =>
      isDecimalString(l.quantity) && isDecimalString(l.unit_price_exctax)
        ? sum.plus(intermediate(dec(l.quantity).times(l.unit_price_exctax)))
        : sum,
    dec(0),
  )
  return total.isZero() ? 0 : total.isNegative() ? -1 : 1
}

/**
 * A document's total is never below zero (a negative total would skip approval): refused on
 * `lines` with DOCUMENT_TOTAL_NEGATIVE, independently of the per-line rules.
 */
export const totalRule = (
  lines: readonly { quantity: string; unit_price_exctax: string }[],
  ctx: z.RefinementCtx,
) => {
  if (documentTotalSign(lines) < 0) ctx.addIssue({ code: 'custom', message: 'DOCUMENT_TOTAL_NEGATIVE' })
}
