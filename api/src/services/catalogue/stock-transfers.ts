/** Transfers between warehouses, and transfer orders edited. */
import { randomUUID } from 'node:crypto'
import { checkCanManageCatalogue } from '@procura/core/article'
import { formError, parseWith } from '@procura/core/errors'
import { countOf } from '@procura/core/format'
import type { OrderActor } from '@procura/core/purchase-order'
import { err } from '@procura/core/result'
import { checkCanLeaveStock, checkMoveStocks, TransferSchema, toStockUnits } from '@procura/core/stock'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '../../db'
import { first } from '../../db/first'
import { purchaseOrders, stockMovements } from '../../db/schema'
import { writeTrace } from '../trace'
import type { CatalogueDeps } from './article-write'
import { ensureStock, inTransaction, loadArticle, move, type Refusal, Refused, stockRow } from './stock'
import { requireWarehouse } from './warehouses'

/** The moves of one transfer, inside a transaction: out of the source (internal articles, within stock), into the destination. */
const applyTransfer = async (
  tx: Tx,
  actor: OrderActor,
  input: z.output<typeof TransferSchema>,
  now: Date,
) => {
  const transferId = randomUUID()
  for (const [i, line] of input.lines.entries()) {
    const units = toStockUnits(line.quantity)
    if (units === null || units <= 0)
      throw new Refused(
        formError({
          [`lines.${i}.quantity`]: [
            { code: units === null ? 'NOT_A_NUMBER' : 'TOO_SMALL', params: { min: 0 } },
          ],
        }),
      )
    const article = await loadArticle(tx, line.article_id)
    if (article === undefined)
      throw new Refused(formError({ [`lines.${i}.article_id`]: [{ code: 'NOT_IN_LIST' }] }))
    const leave = checkCanLeaveStock(article)
    if (!leave.ok) throw new Refused(leave.error)
    const source = await stockRow(tx, article.id, input.from_warehouse_id)
    if (source === undefined)
      throw new Refused({ code: 'STOCK_EXCEEDED', params: { exceeded: line.quantity } })
    const target = await ensureStock(tx, article.id, input.to_warehouse_id, now)
    const common = {
      userId: actor.id,
      now,
      purchaseOrderId: input.purchase_order_id,
      transferId,
      comment: input.comment,
    }
    await move(tx, { ...common, stockId: source.id, type: 'transfer_out', delta: -units })
    await move(tx, { ...common, stockId: target.id, type: 'transfer_in', delta: units })
  }
  return transferId
}

const checkTransfer = async (
  db: Db,
  actor: OrderActor,
  input: unknown,
): Refusal<z.output<typeof TransferSchema>> => {
  const allowed = checkCanManageCatalogue(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(TransferSchema, input)
  if (!parsed.ok) return parsed
  const same = checkMoveStocks(parsed.value.from_warehouse_id, parsed.value.to_warehouse_id)
  if (!same.ok) return same
  for (const id of [parsed.value.from_warehouse_id, parsed.value.to_warehouse_id]) {
    const warehouse = await requireWarehouse(db, id)
    if (!warehouse.ok) return warehouse
  }
  const orderId = parsed.value.purchase_order_id
  if (
    orderId !== null &&
    (await db
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, orderId))
      .limit(1)
      .then(first)) === undefined
  )
    return err(formError({ purchase_order_id: [{ code: 'NOT_IN_LIST' }] }))
  return parsed
}

/** POST /bwapi/warehouses/transfer: every line moves, or none (one transaction). */
export const transferStock = async (
  deps: CatalogueDeps,
  actor: OrderActor,
  input: unknown,
): Refusal<{ data: { transfer_id: string } }> => {
  const checked = await checkTransfer(deps.db, actor, input)
  if (!checked.ok) return checked
  return inTransaction(deps.db, async (tx) => {
    const transferId = await applyTransfer(tx, actor, checked.value, deps.clock.now())
    await writeTrace(tx, deps.clock, {
      action: 'transfer',
      message: `Transfer ${transferId}: ${countOf(checked.value.lines.length, 'line')}`,
      model: 'stock_transfer',
      model_id: transferId,
      user_id: actor.id,
    })
    return { data: { transfer_id: transferId } }
  })
}

/**
 * PUT /bwapi/warehouses/transfer/{purchase_order}: replaces the transfer tied to an order: its
 * moves are undone and the new lines applied, in one transaction (refused as a whole).
 */
export const editOrderTransfer = async (
  deps: CatalogueDeps,
  actor: OrderActor,
  purchaseOrderId: number,
  input: unknown,
): Refusal<{ data: { transfer_id: string } }> => {
  const checked = await checkTransfer(deps.db, actor, {
    ...(input as object),
    purchase_order_id: purchaseOrderId,
  })
  if (!checked.ok) return checked
  return inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now()
    const previous = await tx
      .select()
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.purchase_order_id, purchaseOrderId),
          inArray(stockMovements.type, ['transfer_in', 'transfer_out']),
        ),
      )
      .orderBy(desc(stockMovements.id))
    for (const m of previous) {
      // Undo in reverse: what came in goes back out (within stock), what went out comes back.
      await move(tx, {
        stockId: m.stock_id,
        type: m.type === 'transfer_in' ? 'transfer_out' : 'transfer_in',
        delta: -m.quantity,
        userId: actor.id,
        now,
        purchaseOrderId: null,
        transferId: m.transfer_id,
        comment: 'undone',
      })
    }
    await tx
      .update(stockMovements)
      .set({ purchase_order_id: null })
      .where(
        and(
          eq(stockMovements.purchase_order_id, purchaseOrderId),
          inArray(stockMovements.type, ['transfer_in', 'transfer_out']),
        ),
      )
    const transferId = await applyTransfer(tx, actor, checked.value, now)
    await writeTrace(tx, deps.clock, {
      action: 'transfer_edit',
      message: `Transfer for order ${purchaseOrderId} replaced by ${transferId}`,
      model: 'purchase_order',
      model_id: purchaseOrderId,
      user_id: actor.id,
    })
    return { data: { transfer_id: transferId } }
  })
}
