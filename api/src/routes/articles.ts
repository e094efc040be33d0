import { rowsOf } from '@procura/core/answer'
import { PickedArticleAnswerSchema } from '@procura/core/article'
import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { respond } from '../http/respond'
import { SearchQuery } from '../http/schemas'
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
          schema: rowsOf(PickedArticleAnswerSchema),
        },
      },
    }),
    async (c) => respond(c, await searchArticles(deps.db, c.req.query())),
  )
  return app
}
