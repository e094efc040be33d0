import { CODE_LISTS, codeListPath } from '@procura/core/organisation'
import { SettingsSchema } from '@procura/core/settings'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { respond } from '../http/respond'
import { dataOf } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import {
  COMPANIES,
  codeList,
  DEPARTMENTS,
  PRODUCT_FAMILIES,
  PRODUCT_FAMILY_TYPES,
  PRODUCT_SUBFAMILIES,
  referenceFileOf,
} from '../services/admin-lists'
import { actorOf } from '../services/auth/session'
import { CUSTOM_FIELDS } from '../services/custom-fields'
import { getSettings, saveSettingsGroup } from '../services/settings-admin'
import { readBody } from './auth'
import { referenceRoutes } from './reference-routes'

/** The administration lists of spec §2, each from its one declaration (services/admin-lists). */
export const adminListRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  app.route('/companies', referenceRoutes(deps, COMPANIES, 'Organisation', referenceFileOf('companies')))
  app.route(
    '/departments',
    referenceRoutes(deps, DEPARTMENTS, 'Organisation', referenceFileOf('departments')),
  )
  app.route(
    '/product-family-types',
    referenceRoutes(deps, PRODUCT_FAMILY_TYPES, 'Catalogue', referenceFileOf('product-family-types')),
  )
  app.route(
    '/product-families',
    referenceRoutes(deps, PRODUCT_FAMILIES, 'Catalogue', referenceFileOf('product-families')),
  )
  app.route(
    '/product-subfamilies',
    referenceRoutes(deps, PRODUCT_SUBFAMILIES, 'Catalogue', referenceFileOf('product-subfamilies')),
  )
  app.route('/custom-fields', referenceRoutes(deps, CUSTOM_FIELDS, 'Custom fields'))
  for (const list of CODE_LISTS)
    app.route(
      `/${codeListPath(list)}`,
      referenceRoutes(deps, codeList(list), 'Reference lists', referenceFileOf(codeListPath(list))),
    )
  const actor = (c: Context<AppEnv>) => actorOf(sessionOf(c))
  app.get(
    '/settings',
    route({
      summary: 'The customer settings by group, with each field’s kind, bounds and choices (administrators)',
      tags: ['Settings'],
      responses: { 200: { description: 'Groups', schema: dataOf(z.looseObject({})) } },
    }),
    async (c) => respond(c, await getSettings(deps.db, actor(c))),
  )
  app.put(
    '/settings/:group',
    route({
      summary: 'Change one group of settings (checked with its bounds; applies at once)',
      tags: ['Settings'],
      body: z.looseObject({}).describe(`One group of ${Object.keys(SettingsSchema.shape).join(', ')}`),
      responses: { 200: { description: 'Saved', schema: dataOf(z.object({ group: z.string() })) } },
    }),
    async (c) => respond(c, await saveSettingsGroup(deps, actor(c), c.req.param('group'), await readBody(c))),
  )
  return app
}
