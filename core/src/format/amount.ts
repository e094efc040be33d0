import type { CurrencyPosition } from '../locale/locale.schema'
import { type DecimalInput, dec, final } from '../money/decimal'

export type AmountFormat = {
  decimals: number
  decimal_delimiter: '.' | ','
  /** Thousands separator; by default "," after a "." delimiter, else a non-breaking space. */
  group?: string
  /** Currency symbol; omitted for a bare number. */
  symbol?: string
  /** Where the symbol goes. The reader's language (currency_position) decides; else the currency's own. */
  position?: CurrencyPosition
}

const NBSP = '\u00a0'

/** Thousands are grouped with "," when the decimal delimiter is ".", else with a non-breaking space. */
export const thousandsSeparatorFor = (delimiter: '.' | ','): string => (delimiter === '.' ? ',' : NBSP)

const groupThousands = (integer: string, group: string) => integer.replace(/\B(?=(\d{3})+(?!\d))/g, group)

/**
 * An amount as a person reads it: "1,234.50", "1 234,50 €", "$1,234.50", "-€5.00". Rounded to the
 * configured decimals (half-up). A symbol after the number is separated by a non-breaking space.
 */
export const formatAmount = (value: DecimalInput, format: AmountFormat): string => {
  const rounded = final(value, format.decimals)
  const negative = rounded.isNegative() && !rounded.isZero()
  const [integer = '0', fraction] = rounded.abs().toFixed(format.decimals).split('.')
  const grouped = groupThousands(integer, format.group ?? thousandsSeparatorFor(format.decimal_delimiter))
  const number = fraction === undefined ? grouped : `${grouped}${format.decimal_delimiter}${fraction}`
  const sign = negative ? '-' : ''
  if (format.symbol === undefined || format.symbol === '') return `${sign}${number}`
  return format.position === 'before'
    ? `${sign}${format.symbol}${number}`
    : `${sign}${number}${NBSP}${format.symbol}`
}

/** A number for display with the delimiter (quantities, rates): no forced decimals. */
export const formatNumber = (value: DecimalInput, delimiter: '.' | ',', group?: string): string => {
  const text = dec(value).toString()
  const [integer = '0', fraction] = text.replace('-', '').split('.')
  const grouped = groupThousands(integer, group ?? thousandsSeparatorFor(delimiter))
  return `${text.startsWith('-') ? '-' : ''}${grouped}${fraction === undefined ? '' : `${delimiter}${fraction}`}`
}
