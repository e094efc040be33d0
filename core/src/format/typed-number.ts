import { parseDecimal } from '../money/decimal'
import { formatNumber } from './amount'
import type { NumberStyle } from './locale-format'

/**
 * A number a person typed, read in their language's way of writing numbers (fr "1 234,50", es
 * "1.234,50", en "1,234.50"), as the exact decimal string the API takes ("1234.5"); a reader of a
 * comma language who types a point ("1234.5") means a decimal point too. Null when it is not a number.
 */
export const readTypedNumber = (text: string, style: NumberStyle): string | null => {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const own = parseDecimal(trimmed, style.decimal_delimiter)
  // A reader of a comma language who types a point with no comma means a decimal point.
  const point = own === null && style.decimal_delimiter === ',' && !trimmed.includes(',')
  const read = own ?? (point ? parseDecimal(trimmed, '.') : null)
  if (read === null) return null
  // The decimals typed are kept ("179,70" → "179.70"): an amount keeps its cents.
  const delimiter = point ? '.' : style.decimal_delimiter
  const decimals = trimmed.includes(delimiter) ? (trimmed.split(delimiter)[1]?.length ?? 0) : 0
  return read.decimalPlaces() > decimals ? read.toFixed() : read.toFixed(decimals)
}

/** A decimal string as the reader writes it, grouped ("1234.5" → fr "1 234,5"); other text as it is. */
export const showTypedNumber = (value: string, style: NumberStyle): string => {
  const parts = /^(-?\d+)(?:\.(\d+))?$/.exec(value)
  if (parts === null) return value
  const [, integer = '0', fraction] = parts
  const grouped = formatNumber(integer, style.decimal_delimiter, style.group)
  return fraction === undefined ? grouped : `${grouped}${style.decimal_delimiter}${fraction}`
}
