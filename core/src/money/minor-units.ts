/**
 * Amounts as integers of the currency's smallest unit at the configured decimals (cents at 2, 1/10,000
 * at 4): where many amounts are summed and balanced (the accounting journal), integers replace
 * decimal objects. They give exactly the decimal rules' results (docs/domain/money.md): half-up
 * rounding, away from zero, and a tax first kept to 6 decimals, then rounded to the decimals. An
 * amount past JavaScript's exact integers (2^53 units: 90 thousand billion at 2 decimals) is refused
 * with a RangeError, never rounded silently.
 */

const TEN = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]
const pow10 = (n: number) => TEN[n] ?? 10 ** n

const exact = (units: number, what: string): number => {
  if (!Number.isSafeInteger(units)) throw new RangeError(`${what} is too large to be summed exactly`)
  return units
}

/** `numerator / denominator` (denominator > 0) rounded half away from zero, as Procura's decimals round. */
const divideHalfUp = (numerator: number, denominator: number): number => {
  const size = Math.abs(numerator)
  const quotient = Math.floor(size / denominator)
  const rest = size - quotient * denominator
  const rounded = rest * 2 >= denominator ? quotient + 1 : quotient
  return numerator < 0 ? -rounded : rounded
}

/** The same with big integers (a product past 2^53), rounded half away from zero. */
const divideHalfUpBig = (numerator: bigint, denominator: bigint): bigint => {
  const size = numerator < 0n ? -numerator : numerator
  const quotient = size / denominator
  const rounded = (size - quotient * denominator) * 2n >= denominator ? quotient + 1n : quotient
  return numerator < 0n ? -rounded : rounded
}

const AMOUNT = /^([+-]?)(\d*)(?:\.(\d*))?$/

/**
 * A decimal amount's text ("123.45", "-0.5", "7") in units of 10^-decimals, half up past the
 * decimals ("0.125" at 2: 13). A text that is not a decimal is refused (RangeError).
 */
export const toMinor = (amount: string, decimals: number): number => {
  const parts = AMOUNT.exec(amount.trim())
  const whole = parts?.[2] ?? ''
  const fraction = parts?.[3] ?? ''
  if (parts === null || (whole === '' && fraction === ''))
    throw new RangeError(`"${amount}" is not an amount`)
  const kept = fraction.length <= decimals ? fraction.padEnd(decimals, '0') : fraction.slice(0, decimals)
  let units = exact(Number(whole + kept), `"${amount}"`)
  // Past the decimals: half up on the first digit dropped (away from zero, as the sign is added after).
  if (fraction.length > decimals && fraction.charCodeAt(decimals) - 48 >= 5)
    units = exact(units + 1, `"${amount}"`)
  return parts[1] === '-' && units !== 0 ? -units : units
}

/** Units of 10^-decimals as an amount's text with exactly the decimals (12345 at 2: "123.45"). */
export const fromMinor = (units: number | bigint, decimals: number): string => {
  if (typeof units === 'number') exact(units, String(units))
  const digits = String(units < 0 ? -units : units)
  const sign = units < 0 ? '-' : ''
  if (decimals === 0) return `${sign}${digits}`
  const padded = digits.padStart(decimals + 1, '0')
  return `${sign}${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`
}

/** A VAT rate's text read once: its digits as an integer and how many of them are decimals ("5.5": 55, 1). */
const rates = new Map<string, { digits: number; scale: number }>()
const rateOf = (rate: string) => {
  let known = rates.get(rate)
  if (known === undefined) {
    const parts = AMOUNT.exec(rate.trim())
    if (parts === null || parts[1] === '-' || (parts[2] === '' && (parts[3] ?? '') === ''))
      throw new RangeError(`"${rate}" is not a rate`)
    const fraction = (parts[3] ?? '').replace(/0+$/, '')
    known = { digits: Number((parts[2] ?? '') + fraction), scale: fraction.length }
    if (rates.size >= 1000) rates.clear()
    rates.set(rate, known)
  }
  return known
}

/**
 * The tax of an amount excluding tax (in units) at a rate in percent ("20", "5.5"), in units: the
 * amount × rate / 100 kept to 6 decimals, then rounded to the decimals — core amountsFromExcTax's
 * rule, both roundings half up.
 */
export const taxMinor = (exctax: number, rate: string, decimals: number): number => {
  const { digits, scale } = rateOf(rate)
  if (digits === 0 || exctax === 0) return 0
  // exctax·10^-decimals × digits·10^-scale / 100, in millionths: exctax × digits × 10^(4 - decimals - scale).
  const shift = 4 - decimals - scale
  const product = exctax * digits * pow10(Math.max(shift, 0))
  if (Number.isSafeInteger(product)) {
    const micro = shift >= 0 ? product : divideHalfUp(product, pow10(-shift))
    return decimals >= 6
      ? exact(micro * pow10(decimals - 6), 'A tax')
      : divideHalfUp(micro, pow10(6 - decimals))
  }
  // Past 2^53 in millionths: the same steps with big integers.
  const big = BigInt(exctax) * BigInt(digits)
  const micro = shift >= 0 ? big * 10n ** BigInt(shift) : divideHalfUpBig(big, 10n ** BigInt(-shift))
  const units =
    decimals >= 6 ? micro * 10n ** BigInt(decimals - 6) : divideHalfUpBig(micro, 10n ** BigInt(6 - decimals))
  return exact(Number(units), 'A tax')
}

/** Units summed, refused past exact integers (RangeError). */
export const addMinor = (a: number, b: number): number => exact(a + b, 'A sum')

/**
 * Units of 10^-from as units of 10^-to, rounded half up when `to` has fewer decimals (a budget's
 * 1/10,000 shown with 2: 12345 → 123).
 */
export const rescaleMinor = (units: number, from: number, to: number): number =>
  to >= from ? exact(units * pow10(to - from), String(units)) : divideHalfUp(units, pow10(from - to))

/** A decimal's text as an exact big integer and its count of decimals ("12.340": 12340n, 3). */
export const scaledOf = (amount: string): { units: bigint; scale: number } => {
  const parts = AMOUNT.exec(amount.trim())
  const whole = parts?.[2] ?? ''
  const fraction = parts?.[3] ?? ''
  if (parts === null || (whole === '' && fraction === ''))
    throw new RangeError(`"${amount}" is not an amount`)
  const units = BigInt(`${whole}${fraction}` || '0')
  return { units: parts[1] === '-' ? -units : units, scale: fraction.length }
}

const TEN_BIG = (n: number) => 10n ** BigInt(n)

/**
 * `dividend ÷ divisor` (decimal texts, divisor not zero) in units of 10^-decimals, rounded half up:
 * the 6-decimal intermediate of a price per unit, exactly.
 */
export const divideToMinor = (dividend: string, divisor: string, decimals: number): bigint => {
  const a = scaledOf(dividend)
  const b = scaledOf(divisor)
  if (b.units === 0n) throw new RangeError('Division by zero')
  // a·10^-sa ÷ b·10^-sb = a·10^(sb + decimals - sa) ÷ b, in units of 10^-decimals.
  const shift = b.scale + decimals - a.scale
  const numerator = shift >= 0 ? a.units * TEN_BIG(shift) : a.units
  const denominator = shift >= 0 ? b.units : b.units * TEN_BIG(-shift)
  const quotient = divideHalfUpBig(numerator, denominator < 0n ? -denominator : denominator)
  return denominator < 0n ? -quotient : quotient
}

/** `units` × a rate in percent ("5.5"), in the same units, rounded half up. */
export const percentOfMinor = (units: bigint, rate: string): bigint => {
  const { digits, scale } = rateOf(rate)
  return divideHalfUpBig(units * BigInt(digits), TEN_BIG(scale + 2))
}
