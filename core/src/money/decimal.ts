import Decimal from 'decimal.js'

/**
 * Procura's decimal: 40 significant digits, half-up rounding (0.5 rounds away from zero), the
 * commercial rounding of invoices. Every amount is computed with it; never with floats.
 */
export const Dec = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -30,
  toExpPos: 40,
})
export type Dec = Decimal

/** Anything a decimal can be made from. Numbers are accepted for constants written in code. */
export type DecimalInput = Decimal | string | number

/** Intermediate results keep 6 decimals (the spec's rule). */
export const INTERMEDIATE_DECIMALS = 6

export const dec = (value: DecimalInput): Dec => new Dec(value)

/** The value as a decimal: itself when it already is one (decimals are immutable), else read. */
const asDec = (value: DecimalInput): Dec => (value instanceof Dec ? value : new Dec(value))

/** Whether an amount is below zero (a budget overrun, a credit): read as a decimal, never a float. */
export const isNegative = (value: DecimalInput): boolean =>
  asDec(value).isNegative() && !asDec(value).isZero()

/** Rounds an intermediate result to 6 decimals. */
export const intermediate = (value: DecimalInput): Dec => asDec(value).toDecimalPlaces(INTERMEDIATE_DECIMALS)

/** Rounds a final amount to the configured number of decimals (setting "decimals in amounts"). */
export const final = (value: DecimalInput, decimals: number): Dec => asDec(value).toDecimalPlaces(decimals)

/** The JSON form of an amount: a fixed-point string with exactly `decimals` digits ("1234.50"). */
export const toAmountString = (value: DecimalInput, decimals: number): string =>
  // toFixed rounds as final() does (half-up, the decimal's own rounding): one step, no copy.
  asDec(value).toFixed(decimals)

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/

/**
 * Reads a decimal typed by a person, with the decimal delimiter of the settings ("," or ".").
 * Thousands may be grouped with spaces (also non-breaking) or with the other delimiter, in groups
 * of three ("1 234,50", "1.234,50", "1,234.50"); anything ambiguous ("1,2" with ".") is refused.
 * Returns null when the text is not a decimal.
 */
export const parseDecimal = (text: string, delimiter: '.' | ',' = '.'): Dec | null => {
  const thousands = delimiter === ',' ? '.' : ','
  const unified = text.trim().replace(/[\s\u00a0\u202f]/g, thousands)
  const [integer = '', fraction, ...rest] = unified.split(delimiter)
  if (rest.length > 0) return null
  const sign = /^[+-]/.test(integer) ? integer[0] : ''
  const digits = sign === '' ? integer : integer.slice(1)
  if (digits.includes(thousands)) {
    const groups = digits.split(thousands)
    if (!/^\d{1,3}$/.test(groups[0] ?? '') || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return null
  }
  const plain = `${sign}${digits.split(thousands).join('')}${fraction === undefined ? '' : `.${fraction}`}`
  return DECIMAL_TEXT.test(plain) ? dec(plain) : null
}

/** True when the value is a well-formed decimal string (what the API accepts for money). */
export const isDecimalString = (value: string): boolean => DECIMAL_TEXT.test(value)
