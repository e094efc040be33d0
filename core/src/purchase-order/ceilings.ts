import type { DomainError } from '../errors/domain-error'
import { type DecimalInput, dec } from '../money/decimal'
import { err, ok, type Result } from '../result'

export type SupplierLimits = {
  /** Maximum amount excluding tax of one order; null = none. */
  max_per_order: DecimalInput | null
  /** Maximum of the year's validated orders, this one included; null = none. */
  max_per_year: DecimalInput | null
}

/**
 * The supplier's ceilings at validation: the order's amount excluding tax against the per-order
 * maximum, then the year's validated total plus this order against the per-year maximum.
 * (Delegation ceilings are checked by the circuit when a delegate validates.)
 */
export const checkSupplierCeilings = (
  amountExcTax: DecimalInput,
  supplier: SupplierLimits,
  validatedThisYear: DecimalInput,
): Result<void, DomainError> => {
  const amount = dec(amountExcTax)
  if (supplier.max_per_order !== null && amount.gt(supplier.max_per_order)) {
    return err({
      code: 'SUPPLIER_ORDER_LIMIT_EXCEEDED',
      params: { limit: dec(supplier.max_per_order).toString() },
    })
  }
  if (supplier.max_per_year !== null && dec(validatedThisYear).plus(amount).gt(supplier.max_per_year)) {
    return err({
      code: 'SUPPLIER_YEAR_LIMIT_EXCEEDED',
      params: { limit: dec(supplier.max_per_year).toString() },
    })
  }
  return ok(undefined)
}

/** The subscription's limit of purchase orders per year (setting customer.po_limit_per_year). */
export const checkOrdersPerYear = (
  ordersThisYear: number,
  limit: number | null,
): Result<void, DomainError> =>
  limit !== null && ordersThisYear >= limit
    ? err({ code: 'PO_LIMIT_PER_YEAR_REACHED', params: { limit } })
    : ok(undefined)
