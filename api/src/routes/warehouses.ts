import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { addArticleRoutes } from './warehouse-articles'
import { addCartRoutes } from './warehouse-cart'
import { warehouseScope } from './warehouse-scope'
import { addStockRoutes } from './warehouse-stock'

/**
 * /bwapi/warehouses: the warehouses and their stock, the catalogue seen from each, and the cart
 * (shell spec §7 "Warehouse articles", "Cart calls"). The cart's and the catalogue's fixed paths
 * are registered before the article routes that take an id.
 */
export const warehousesRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const scope = warehouseScope(deps)
  addStockRoutes(app, deps, scope)
  addCartRoutes(app, deps, scope)
  addArticleRoutes(app, deps, scope)
  return app
}
