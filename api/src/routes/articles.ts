import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { respond } from '../http/respond'
import { DecimalString, dataOf, SearchQuery } from '../http/schemas'
import { searchArticles } from '../services/catalogue/article-form'

/** /bwapi/articles: the catalogue as request and order forms search it (any warehouse). */
export const articlesRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  app.get(
    '/search',
    route({
      summary:
        'Active articles whose label or reference holds the text (from 2 characters), for line pickers',
      tags: ['Catalogue'],
      query: SearchQuery,
      responses: {
        200: {
          description: 'At most 20 articles',
          schema: dataOf(
            z.array(
              z.object({
                id: z.number().int(),
                reference: z.string(),
                label: z.string(),
                price_exctax: DecimalString,
                vat_rate: DecimalString,
                quantity_step: DecimalString.nullable(),
                conditioning: z.string().nullable(),
                product_family: z.string().nullable(),
              }),
            ),
          ),
        },
      },
    }),
    async (c) => respond(c, await searchArticles(deps.db, c.req.query())),
  )
  return app
}
