import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import { cachedReference } from '../../db/reference-cache'
import { suppliers } from '../../db/schema'

/**
 * A supplier's row as the order flow checks it (status, currency, ceilings), from the reference
 * cache within a request: any change to a supplier advances the reference version.
 */
export const supplierRow = (db: DbOrTx, id: number) =>
  cachedReference(db, `supplier:${id}`, () =>
    db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1).then(first),
  )
