import { dec } from '../money/decimal'

export type CartLine = {
  article_id: number
  label: string
  quantity: string
  quantity_step: string | null
  supplier_id: number
  /** Price of unit_number_per_price units at this supplier. */
  unit_price_exctax: string
  unit_number_per_price: string
  vat_rate: string
  vat_rate_2: string | null
}

export const CART_ORDER_MODES = ['draft', 'submit'] as const
export type CartOrderMode = (typeof CART_ORDER_MODES)[number]

/**
 * The cart becomes one purchase order per supplier (spec §7 create-purchase-order). Each line
 * carries the article, its step and the price of one unit (6 decimals), so the order computes
 * its amounts with the order rules; suppliers come in the order they first appear.
 */
export const ordersFromCart = (lines: readonly CartLine[]) => {
  const bySupplier = new Map<number, CartLine[]>()
  for (const line of lines)
    bySupplier.set(line.supplier_id, [...(bySupplier.get(line.supplier_id) ?? []), line])
  return [...bySupplier].map(([supplier_id, supplierLines]) => ({
    supplier_id,
    lines: supplierLines.map((l) => ({
      article_id: l.article_id,
      label: l.label,
      quantity: l.quantity,
      quantity_step: l.quantity_step,
      unit_price_exctax: dec(l.unit_price_exctax).div(l.unit_number_per_price).toDecimalPlaces(6).toString(),
      vat_rate: l.vat_rate,
      vat_rate_2: l.vat_rate_2,
    })),
  }))
}
