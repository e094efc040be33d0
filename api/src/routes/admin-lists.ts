import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import {
  COMPANIES,
  DEPARTMENTS,
  PRODUCT_FAMILIES,
  PRODUCT_FAMILY_TYPES,
  PRODUCT_SUBFAMILIES,
} from '../services/admin-lists'
import { referenceRoutes } from './reference-routes'

/** The administration lists of spec §2, each from its one declaration (services/admin-lists). */
export const adminListRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  app.route('/companies', referenceRoutes(deps, COMPANIES, 'Organisation'))
  app.route('/departments', referenceRoutes(deps, DEPARTMENTS, 'Organisation'))
  app.route('/product-family-types', referenceRoutes(deps, PRODUCT_FAMILY_TYPES, 'Catalogue'))
  app.route('/product-families', referenceRoutes(deps, PRODUCT_FAMILIES, 'Catalogue'))
  app.route('/product-subfamilies', referenceRoutes(deps, PRODUCT_SUBFAMILIES, 'Catalogue'))
  return app
}
