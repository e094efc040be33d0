import type { DomainError } from '@procura/core/errors'
import {
  addresseeOf,
  type EInvoice,
  matchEInvoiceOrder,
  type OrderMatch,
  type ReferencedOrder,
  type ReferenceLookup,
} from '@procura/core/invoice'
import type { Result } from '@procura/core/result'
import { and, eq, inArray, notInArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import {
  companies,
  deliveries,
  departments,
  frameworkAgreementLines,
  frameworkAgreements,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
} from '../../db/schema'

/** Orders a reference may name: not replaced by a newer version, not cancelled. */
const LIVE = notInArray(purchaseOrders.status, ['obsolete', 'canceled'])

const ordersWhere = async (db: DbOrTx, where: ReturnType<typeof and>): Promise<ReferencedOrder[]> =>
  (
    await db
      .selectDistinct({
        id: purchaseOrders.id,
        code: purchaseOrders.code,
        supplier_id: purchaseOrders.supplier_id,
        supplier: suppliers.company_name,
      })
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(purchaseOrders.supplier_id, suppliers.id))
      .where(and(LIVE, where))
  ).map((o) => ({ ...o }))

/**
 * What the e-invoice's references name in the database — the order (BT-13, or BT-10 when it is an
 * order's number), the despatch advice's order (BT-16), the framework agreement's orders of the
 * invoice's supplier (BT-12) — and the order core's rules decide on (matchEInvoiceOrder).
 */
export const matchEInvoiceReferences = async (
  db: DbOrTx,
  einvoice: EInvoice,
  supplierId: number | null,
): Promise<Result<OrderMatch, DomainError>> => {
  const refs = einvoice.references
  const byCode = async (code: string | null | undefined) =>
    code == null ? [] : ordersWhere(db, eq(purchaseOrders.code, code.trim()))
  const despatch = async () => {
    if (refs?.despatch == null) return []
    const delivery = await db
      .select({ order: deliveries.purchase_order_id })
      .from(deliveries)
      .where(eq(deliveries.code, refs.despatch.trim()))
    return delivery.length === 0
      ? []
      : ordersWhere(
          db,
          inArray(
            purchaseOrders.id,
            delivery.map((d) => d.order),
          ),
        )
  }
  const contract = async () => {
    if (refs?.contract == null) return []
    const lines = await db
      .select({ id: frameworkAgreementLines.id })
      .from(frameworkAgreementLines)
      .innerJoin(frameworkAgreements, eq(frameworkAgreementLines.agreement_id, frameworkAgreements.id))
      .where(eq(frameworkAgreements.code, refs.contract.trim()))
    if (lines.length === 0) return []
    const drawing = await db
      .selectDistinct({ id: purchaseOrderLines.purchase_order_id })
      .from(purchaseOrderLines)
      .where(
        inArray(
          purchaseOrderLines.agreement_line_id,
          lines.map((l) => l.id),
        ),
      )
    return drawing.length === 0
      ? []
      : ordersWhere(
          db,
          and(
            inArray(
              purchaseOrders.id,
              drawing.map((d) => d.id),
            ),
            supplierId === null ? undefined : eq(purchaseOrders.supplier_id, supplierId),
          ),
        )
  }
  const lookup: ReferenceLookup = {
    order: await byCode(refs?.order),
    despatch: await despatch(),
    contract: await contract(),
    buyer: await byCode(refs?.buyer),
  }
  return matchEInvoiceOrder(lookup, supplierId)
}

/**
 * Where an e-invoice is addressed (core addresseeOf): the company of its SIREN and, within it, the
 * department of its routing code — that department's queue. A routing code no department carries
 * is reported (the invoice stays in the company's queue).
 */
export const routeEInvoice = async (
  db: DbOrTx,
  einvoice: EInvoice,
): Promise<{ company_id: number | null; department_id: number | null; unknown_routing: string | null }> => {
  const { siren, routing_code } = addresseeOf(einvoice)
  const none = { company_id: null, department_id: null, unknown_routing: null }
  if (siren === null) return none
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.siren, siren))
  if (company === undefined) return none
  if (routing_code === null) return { ...none, company_id: company.id }
  const [department] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.company_id, company.id), eq(departments.routing_code, routing_code)))
  return {
    company_id: company.id,
    department_id: department?.id ?? null,
    unknown_routing: department === undefined ? routing_code : null,
  }
}
