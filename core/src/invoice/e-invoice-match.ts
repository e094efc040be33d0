import type { DomainError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'
import type { EInvoice } from './e-invoice-document'

/**
 * How an e-invoice finds its purchase order: by the buyer's references the seller repeats, in this
 * order — the purchase order itself (BT-13), the despatch advice it delivered (BT-16), the
 * framework agreement (BT-12, when exactly one of its orders is the seller's), the buyer reference
 * (BT-10, when it is an order's number). Label matching is only the fallback
 * (docs/domain/e-invoicing.md).
 */
export const REFERENCE_RULES = [
  { rule: 'BT-13', reference: 'order' },
  { rule: 'BT-16', reference: 'despatch' },
  { rule: 'BT-12', reference: 'contract' },
  { rule: 'BT-10', reference: 'buyer' },
] as const
export type ReferenceRule = (typeof REFERENCE_RULES)[number]['rule']
export type MatchRule = ReferenceRule | 'label'

/** An order a reference names, with its supplier. */
export type ReferencedOrder = { id: number; code: string; supplier_id: number; supplier: string }

/** What each reference found in the database: the order (or orders, for a contract) it names. */
export type ReferenceLookup = Readonly<
  Record<(typeof REFERENCE_RULES)[number]['reference'], readonly ReferencedOrder[]>
>

/** The order an e-invoice lands on and the rule that found it; null when no reference names one. */
export type OrderMatch = { rule: ReferenceRule; order_id: number; order_code: string } | null

/**
 * The first rule whose reference names exactly one order decides. An order of another supplier
 * than the invoice's is refused, naming the order and the rule: an invoice never lands on another
 * supplier's order.
 */
export const matchEInvoiceOrder = (
  lookup: ReferenceLookup,
  supplierId: number | null,
): Result<OrderMatch, DomainError> => {
  for (const { rule, reference } of REFERENCE_RULES) {
    const found = lookup[reference]
    if (found.length !== 1) continue
    const order = found[0] as ReferencedOrder
    if (supplierId !== null && order.supplier_id !== supplierId)
      return err({
        code: 'E_INVOICE_ORDER_OTHER_SUPPLIER',
        params: { order: order.code, rule, supplier: order.supplier },
      })
    return ok({ rule, order_id: order.id, order_code: order.code })
  }
  return ok(null)
}

/** An order line an e-invoice may bill: its order, its number on the order, its label and how it is received. */
export type MatchableLine = {
  id: number
  purchase_order_id: number
  position: number
  label: string
  receipt_mode: 'quantity' | 'amount'
}

const normalised = (label: string) =>
  label
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()

/**
 * Which order line each e-invoice line bills: the line its BT-132 names on the matched order
 * (its number there); else, the line of the same label (ignoring case, accents and spacing) on the
 * matched order, or on any offered order when none matched. Each order line is billed once; a line
 * found by nothing stays free (freight, fees). Each answer says the rule used.
 */
export const matchEInvoiceLines = (
  lines: EInvoice['lines'],
  offered: readonly MatchableLine[],
  orderId: number | null,
): { order_line_id: number | null; rule: 'BT-132' | 'label' | null }[] => {
  const taken = new Set<number>()
  const scope = orderId === null ? offered : offered.filter((o) => o.purchase_order_id === orderId)
  return lines.map((line) => {
    const byReference =
      orderId === null || line.order_line == null
        ? undefined
        : scope.find((o) => !taken.has(o.id) && String(o.position) === line.order_line?.trim())
    const found =
      byReference ?? scope.find((o) => !taken.has(o.id) && normalised(o.label) === normalised(line.label))
    if (found === undefined) return { order_line_id: null, rule: null }
    taken.add(found.id)
    return { order_line_id: found.id, rule: byReference === undefined ? 'label' : 'BT-132' }
  })
}
