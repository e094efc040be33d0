import { type Actor, can } from '@procura/core/auth'
import type { DomainError } from '@procura/core/errors'
import { countOf } from '@procura/core/format'
import type { PurchaseOrderStatus } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import {
  attachments,
  budgetMoves,
  comments,
  deliveries,
  needs,
  paymentLines,
  purchaseOrders,
  stockMovements,
  supplierInvoiceLines,
} from '../../db/schema'
import { deleteCustomValues } from '../custom-fields'
import { releaseOrderDraws } from '../sourcing/draws'
import { writeTrace } from '../trace'

/**
 * The statuses an order may be deleted in from the maintenance screen: nothing was committed,
 * received or billed on it (a cancelled order gave its budget back).
 */
export const DELETABLE_ORDER_STATUSES: readonly PurchaseOrderStatus[] = [
  'draft',
  'refused',
  'canceled',
  'obsolete',
]

/** The rows of other documents that name these orders: an order they name is not deleted. */
const NAMED_BY: readonly (() => SQLiteColumn)[] = [
  () => needs.purchase_order_id,
  () => deliveries.purchase_order_id,
  () => supplierInvoiceLines.purchase_order_id,
  () => paymentLines.purchase_order_id,
  () => stockMovements.purchase_order_id,
]

type Preview = {
  code: string
  versions: number
  status: string
  amount_exctax: string
  currency_code: string
}

/** Every version of the order named by its code, checked: what deleting it removes, or why not. */
const checkDeletion = async (
  db: DbOrTx,
  code: string,
): Promise<Result<Preview & { ids: number[] }, DomainError>> => {
  const rows = await db.select().from(purchaseOrders).where(eq(purchaseOrders.code, code))
  if (rows.length === 0) return err({ code: 'ITEM_NOT_FOUND' })
  const current = rows.reduce((a, b) => (b.version > a.version ? b : a))
  const blocking = rows.find((r) => !DELETABLE_ORDER_STATUSES.includes(r.status as PurchaseOrderStatus))
  if (blocking !== undefined)
    return err({ code: 'ORDER_NOT_DELETABLE', params: { code, status: blocking.status } })
  const ids = rows.map((r) => r.id)
  let named = 0
  for (const column of NAMED_BY) {
    const c = column()
    named += Number((await db.select({ n: count() }).from(c.table).where(inArray(c, ids)))[0]?.n ?? 0)
  }
  // What the ledger still holds for it (a cancelled order's moves cancel out).
  const held = await db
    .select({ units: sql<number>`coalesce(sum(${budgetMoves.units}), 0)`.mapWith(Number) })
    .from(budgetMoves)
    .where(inArray(budgetMoves.order_id, ids))
  if (named > 0 || Number(held[0]?.units ?? 0) !== 0)
    return err({ code: 'ORDER_HAS_DOCUMENTS', params: { code, count: Math.max(named, 1) } })
  return ok({
    code,
    ids,
    versions: rows.length,
    status: current.status,
    amount_exctax: current.amount_exctax,
    currency_code: current.currency_code,
  })
}

/** GET /bwapi/maintenance/purchase-orders/{code}: what deleting the order would remove, or the refusal. */
export const previewOrderDeletion = async (db: Db, actor: Actor, code: string) => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' } as const)
  const checked = await checkDeletion(db, code)
  if (!checked.ok) return checked
  const { ids: _ids, ...preview } = checked.value
  return ok({ data: preview })
}

/**
 * DELETE /bwapi/maintenance/purchase-orders/{code} with `confirm` = the code typed again: the
 * order, every version, its lines, comments, attachments' rows and the ledger moves that cancel
 * out are deleted in one transaction, checked again inside it, and traced as a warning.
 */
export const deleteOrderForGood = async (
  deps: { db: Db; clock: Clock },
  actor: Actor,
  code: string,
  confirm: unknown,
): Promise<Result<{ data: { code: string; versions: number } }, DomainError>> => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' })
  if (confirm !== code)
    return err({
      code: 'FORM_ERRORS',
      fields: { confirm: [{ code: 'CONFIRMATION_MISMATCH', params: { expected: code } }] },
    })
  return deps.db.transaction(async (tx) => {
    const checked = await checkDeletion(tx, code)
    if (!checked.ok) return checked
    const { ids, versions, status, amount_exctax, currency_code } = checked.value
    await releaseOrderDraws(tx, ids, deps.clock)
    await tx.delete(budgetMoves).where(inArray(budgetMoves.order_id, ids))
    await tx
      .delete(comments)
      .where(and(eq(comments.model, 'purchase_order'), inArray(comments.model_id, ids)))
    await tx
      .delete(attachments)
      .where(and(eq(attachments.model, 'purchase_order'), inArray(attachments.model_id, ids)))
    await deleteCustomValues(tx, 'purchase_order', ids)
    await tx.delete(purchaseOrders).where(inArray(purchaseOrders.id, ids))
    await writeTrace(tx, deps.clock, {
      action: 'delete',
      message: `Order ${code} deleted from the maintenance screen (${countOf(versions, 'version')}, ${status}, ${amount_exctax} ${currency_code})`,
      model: 'purchase_order',
      model_id: ids[0] ?? null,
      user_id: actor.id,
      severity: 'warning',
    })
    return ok({ data: { code, versions } })
  })
}
