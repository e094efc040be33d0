import { dec, isDecimalString } from '../money/decimal'

/**
 * Stock quantities are kept as whole thousandths of a unit (3 decimals, enough for any quantity
 * step), so the database adds, subtracts and compares them exactly and atomically.
 */
export const STOCK_DECIMALS = 3

/** "12.5" → 12500; null when the text is not a number or has more than 3 decimals. */
export const toStockUnits = (quantity: string): number | null => {
  if (!isDecimalString(quantity)) return null
  const scaled = dec(quantity).times(10 ** STOCK_DECIMALS)
  return scaled.isInteger() && scaled.abs().lte(Number.MAX_SAFE_INTEGER) ? scaled.toNumber() : null
}

/** 12500 → "12.5" */
export const fromStockUnits = (units: number): string =>
  dec(units)
    .div(10 ** STOCK_DECIMALS)
    .toString()
