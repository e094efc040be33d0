import type { DomainError } from '../errors/domain-error'
import { formError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'
import { NEED_TRANSITIONS, type NeedStatus } from './need'

/** What turning requests into orders reads of a request line. */
export type TransformLine = {
  need_id: number
  description: string
  quantity: string
  quantity_step: string | null
  unit: string
  unit_price_exctax: string
  vat_rate: string
  /** The catalogue article the line was picked from, and the supplier it offered. */
  article_id: number | null
  supplier_id: number | null
  delivery_address: string | null
  allocation1: string | null
  allocation2: string | null
  allocation3: string | null
  allocation4: string | null
}

/** One order to make: its supplier, the requests it serves, its lines and where it is delivered. */
export type OrderDraft = {
  supplier_id: number
  need_ids: number[]
  delivery_address: string | null
  lines: {
    article_id: number | null
    label: string
    quantity: string
    quantity_step: string | null
    unit: string
    unit_price_exctax: string
    vat_rate: string
    allocation1: string | null
    allocation2: string | null
    allocation3: string | null
    allocation4: string | null
  }[]
}

/**
 * Approved requests become one draft order per supplier, as the cart does: each line goes to the
 * supplier it was picked with, and a line that names none to the supplier the buyer chose
 * (required then). The article, its step, unit and price travel with the line, so receiving the
 * order moves the stock; the order is delivered where its first line asks. Suppliers come in the
 * order they first appear.
 */
export const ordersFromNeeds = (
  lines: readonly TransformLine[],
  chosenSupplierId: number | null,
): Result<OrderDraft[], DomainError> => {
  const orders = new Map<number, OrderDraft>()
  for (const line of lines) {
    const supplierId = line.supplier_id ?? chosenSupplierId
    if (supplierId === null) return err(formError({ supplier_id: [{ code: 'FIELD_REQUIRED' }] }))
    const order = orders.get(supplierId) ?? {
      supplier_id: supplierId,
      need_ids: [],
      delivery_address: null,
      lines: [],
    }
    if (!order.need_ids.includes(line.need_id)) order.need_ids.push(line.need_id)
    order.delivery_address ??= line.delivery_address
    order.lines.push({
      article_id: line.article_id,
      label: line.description,
      quantity: line.quantity,
      quantity_step: line.quantity_step,
      unit: line.unit,
      unit_price_exctax: line.unit_price_exctax,
      vat_rate: line.vat_rate,
      // The request's budget key travels with its line.
      allocation1: line.allocation1,
      allocation2: line.allocation2,
      allocation3: line.allocation3,
      allocation4: line.allocation4,
    })
    orders.set(supplierId, order)
  }
  return ok([...orders.values()])
}

/**
 * The states a request may be transformed from, for the conditional update that is the check
 * (from NEED_TRANSITIONS' transform rows): a service moves only the requests still in one of them.
 */
export const TRANSFORMABLE: readonly { status: NeedStatus; processing: readonly string[] }[] = [
  {
    status: 'validated',
    processing: NEED_TRANSITIONS.filter((t) => t.action === 'transform').map((t) =>
      t.from.slice('validated/'.length),
    ),
  },
]

/** The supplier the transform dialog proposes: the one every line names, or none. */
export const proposedSupplier = (lines: readonly Pick<TransformLine, 'supplier_id'>[]): number | null => {
  const named = new Set(lines.map((l) => l.supplier_id))
  const [only] = [...named]
  return named.size === 1 && only !== undefined ? only : null
}
