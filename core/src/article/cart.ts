import { z } from 'zod'
import { dec } from '../money/decimal'

export type CartLine = {
  /** Null for a line a supplier's PunchOut shop sent. */
  article_id: number | null
  label: string
  /** A PunchOut line's unit (core/punchout unitFromShop) and the supplier's part id. */
  unit?: string | null
  supplier_part_id?: string | null
  quantity: string
  quantity_step: string | null
  supplier_id: number
  /** Price of unit_number_per_price units at this supplier. */
  unit_price_exctax: string
  unit_number_per_price: string
  vat_rate: string
  vat_rate_2: string | null
  /** The framework agreement line that prices it (its price is then per unit), when one does. */
  agreement_line_id?: number | null
}

/** A line's label on an order or a request: a PunchOut line names the supplier's part first. */
const lineLabel = (l: Pick<CartLine, 'label' | 'supplier_part_id'>) =>
  (l.supplier_part_id ? `${l.supplier_part_id} ${l.label}` : l.label).slice(0, 300)

/**
 * What a cart becomes: orders (one per supplier) left as drafts or submitted, for a buyer; a
 * submitted purchase request, for anyone else (the buyer then orders it).
 */
export const CART_ORDER_MODES = ['draft', 'submit', 'request'] as const
export type CartOrderMode = (typeof CART_ORDER_MODES)[number]

/** The ways this person may turn a cart into documents. */
export const cartModesFor = (actor: { buyer: boolean }): CartOrderMode[] =>
  actor.buyer ? ['submit', 'draft'] : ['request']

/**
 * The cart as a purchase request: one line per article (label, quantity in its step, the price of
 * one unit, VAT), the purchase family the most lines share, a title naming the articles.
 */
export const needFromCart = (lines: readonly (CartLine & { family: string | null })[]) => {
  const families = new Map<string, number>()
  for (const line of lines)
    if (line.family !== null) families.set(line.family, (families.get(line.family) ?? 0) + 1)
  const family = [...families].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null
  const first = lines[0]?.label ?? ''
  const title = lines.length > 1 ? `${first} (+${lines.length - 1})` : first
  return {
    title: title.slice(0, 200),
    purchase_family: family,
    lines: lines.map((l) => ({
      description: lineLabel(l),
      ...(l.unit ? { unit: l.unit } : {}),
      quantity: l.quantity,
      quantity_step: l.quantity_step,
      unit_price_exctax: dec(l.unit_price_exctax).div(l.unit_number_per_price).toDecimalPlaces(6).toString(),
      vat_rate: l.vat_rate,
      article_id: l.article_id,
      supplier_id: l.supplier_id,
    })),
  }
}

/** What a requester may say of the request a cart becomes: its title, when it is wanted, a comment. */
export const CartRequestSchema = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  wanted_date: z.iso.date().nullable().default(null),
  comment: z.string().trim().max(2000).nullable().default(null),
})
export type CartRequestDetails = z.output<typeof CartRequestSchema>

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
      label: lineLabel(l),
      ...(l.unit ? { unit: l.unit } : {}),
      ...(l.supplier_part_id ? { supplier_part_id: l.supplier_part_id } : {}),
      quantity: l.quantity,
      quantity_step: l.quantity_step,
      unit_price_exctax: dec(l.unit_price_exctax).div(l.unit_number_per_price).toDecimalPlaces(6).toString(),
      vat_rate: l.vat_rate,
      vat_rate_2: l.vat_rate_2,
      agreement_line_id: l.agreement_line_id ?? null,
    })),
  }))
}
