/** An order's row and its lines as every call on an order reads them: statements built once. */
import { asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import { preparedStatement } from '../../db/prepared'
import { purchaseOrderLines, purchaseOrders } from '../../db/schema'

const orderById = preparedStatement((db) =>
  db
    .select()
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, sql.placeholder('id')))
    .limit(1),
)
const linesOfOrder = preparedStatement((db) =>
  db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.purchase_order_id, sql.placeholder('id')))
    .orderBy(asc(purchaseOrderLines.position)),
)

/** The order's row, or undefined (a statement built once: every call on an order reads it). */
export const loadOrder = (db: DbOrTx, id: number) => orderById(db).execute({ id }).then(first)

/** The order's lines, in their order. */
export const loadOrderLines = (db: DbOrTx, id: number) => linesOfOrder(db).execute({ id })
