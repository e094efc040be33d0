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
  const read =
    parseDecimal(trimmed, style.decimal_delimiter) ??
    (style.decimal_delimiter === ',' && !trimmed.includes(',') ? parseDecimal(trimmed, '.') : null)
  return read === null ? null : read.toFixed()
}

/** A decimal string as the reader writes it, grouped ("1234.5" → fr "1 234,5"); other text as it is. */
export const showTypedNumber = (value: string, style: NumberStyle): string =>
  /^-?\d+(\.\d+)?$/.test(value) ? formatNumber(value, style.decimal_delimiter, style.group) : value
