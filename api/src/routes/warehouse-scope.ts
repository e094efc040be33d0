import type { Context } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { linkBaseOf } from '../http/link-base'
import { idParam } from '../http/params'
import { refuse } from '../http/respond'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import { requireWarehouse, type WarehouseRow } from '../services/catalogue/warehouses'

/** The articles of one warehouse, under /bwapi/warehouses. */
export const ARTICLES = '/:warehouse/articles'

/** What every warehouse route reads of its request: the actor, the links' base, the warehouse and the article of the path. */
export const warehouseScope = (deps: AppDeps) => {
  const { db } = deps
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  const withLink = (c: Context<AppEnv>) => ({ ...deps, linkBase: linkBaseOf(c, deps.basePath) })
  /** The warehouse of the path (404 when unknown), then the work. */
  const inWarehouse = async (
    c: Context<AppEnv>,
    work: (warehouseId: number, warehouse: WarehouseRow) => Promise<Response>,
  ) => {
    const id = idParam(c, 'warehouse')
    if (id === null) return refuse(c, { code: 'NOT_FOUND' })
    const warehouse = await requireWarehouse(db, id)
    return warehouse.ok ? work(id, warehouse.value) : refuse(c, warehouse.error)
  }
  /** The warehouse and the article of the path. */
  const onArticle = (
    c: Context<AppEnv>,
    work: (warehouseId: number, articleId: number) => Promise<Response>,
  ) =>
    inWarehouse(c, async (warehouseId) => {
      const articleId = idParam(c)
      return articleId === null ? refuse(c, { code: 'NOT_FOUND' }) : work(warehouseId, articleId)
    })
  return { actor, withLink, inWarehouse, onArticle }
}
export type WarehouseScope = ReturnType<typeof warehouseScope>
