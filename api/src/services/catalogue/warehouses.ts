import type { DomainError } from '@procura/core/errors'
import { type Language, namedIn } from '@procura/core/i18n'
import { err, ok, type Result } from '@procura/core/result'
import { asc, count, eq } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import { cachedReference } from '../../db/reference-cache'
import { stocks, warehouses } from '../../db/schema'

export type WarehouseRow = typeof warehouses.$inferSelect

/** A warehouse by id: reference data, kept per process while no warehouse changes (reference-cache.ts). */
export const findWarehouse = (db: DbOrTx, id: number): Promise<WarehouseRow | undefined> =>
  cachedReference(db, `warehouse:${id}`, () =>
    db.select().from(warehouses).where(eq(warehouses.id, id)).limit(1).then(first),
  )

/** The warehouse asked for, or a 404. */
export const requireWarehouse = async (
  db: DbOrTx,
  id: number,
): Promise<Result<WarehouseRow, DomainError>> => {
  const row = await findWarehouse(db, id)
  return row === undefined ? err({ code: 'ITEM_NOT_FOUND' }) : ok(row)
}

/**
 * The warehouse a list is served for: the one asked for while it is active, else the first active
 * one (the app then moves to that warehouse's articles_stock route).
 */
export const listWarehouse = async (db: Db, id: number): Promise<Result<WarehouseRow, DomainError>> => {
  const asked = await findWarehouse(db, id)
  if (asked?.active) return ok(asked)
  const opened = await db
    .select()
    .from(warehouses)
    .where(eq(warehouses.active, true))
    .orderBy(asc(warehouses.id))
    .limit(1)
    .then(first)
  return opened === undefined ? err({ code: 'ITEM_NOT_FOUND' }) : ok(opened)
}

/** GET /bwapi/warehouses/{id}/get-warehouse, plus the list of warehouses to switch to. */
export const getWarehouse = async (db: Db, id: number, language: Language) => {
  const warehouse = await requireWarehouse(db, id)
  if (!warehouse.ok) return warehouse
  const [stocked, all] = await Promise.all([
    db.select({ n: count() }).from(stocks).where(eq(stocks.warehouse_id, id)).limit(1).then(first),
    db
      .select({
        id: warehouses.id,
        code: warehouses.code,
        label: warehouses.label,
        active: warehouses.active,
      })
      .from(warehouses)
      .orderBy(asc(warehouses.label)),
  ])
  const named = namedIn('warehouse', language)
  return ok({
    data: {
      ...named(warehouse.value),
      stocked_articles: stocked?.n ?? 0,
      warehouses: all.map(named),
    },
  })
}

/** GET /bwapi/warehouses: the active warehouses, for the catalogue's entry and switcher. */
export const listWarehouses = async (db: Db, language: Language) =>
  (
    await db
      .select({ id: warehouses.id, code: warehouses.code, label: warehouses.label })
      .from(warehouses)
      .where(eq(warehouses.active, true))
      .orderBy(asc(warehouses.id))
  ).map(namedIn('warehouse', language))
