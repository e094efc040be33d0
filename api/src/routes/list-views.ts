import { SavedViewAnswerSchema, SavedViewsAnswerSchema } from '@procura/core/list'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { dataOf, Ok } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { changeView, createView, deleteView, listViewsOf, saveColumns } from '../services/list-views'
import { readBody } from './auth'

const ViewBody = z.object({
  name: z.string(),
  query: z.string().optional(),
  columns: z.array(z.string()).optional(),
  is_default: z.boolean().optional(),
})

/** /bwapi/list-views/{list}: each person's saved views of a list and the columns they chose. */
export const listViewRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const me = (c: Context<AppEnv>) => sessionOf(c).user.id
  const withId = (c: Context<AppEnv>, work: (id: number) => Promise<Response>) => {
    const id = idParam(c)
    return id === null ? refuse(c, { code: 'NOT_FOUND' }) : work(id)
  }
  app.get(
    '/:list',
    route({
      summary: 'My saved views of a list, and the columns I chose',
      tags: ['Lists'],
      responses: {
        200: {
          description: 'Views and columns (null: the list’s default columns)',
          schema: SavedViewsAnswerSchema,
        },
      },
    }),
    async (c) => respond(c, await listViewsOf(deps.db, me(c), c.req.param('list'))),
  )
  app.post(
    '/:list',
    route({
      summary: 'Save the current filters, sort and columns as a named view',
      tags: ['Lists'],
      body: ViewBody,
      responses: { 201: { description: 'Saved', schema: dataOf(SavedViewAnswerSchema) } },
    }),
    async (c) => respond(c, await createView(deps, me(c), c.req.param('list'), await readBody(c)), 201),
  )
  app.put(
    '/:list/columns',
    route({
      summary: 'Keep the columns I see, in order ([]: the default ones)',
      tags: ['Lists'],
      body: z.object({ columns: z.array(z.string()) }),
      responses: {
        200: { description: 'Kept', schema: dataOf(z.object({ columns: z.array(z.string()).nullable() })) },
      },
    }),
    async (c) => respond(c, await saveColumns(deps, me(c), c.req.param('list'), await readBody(c))),
  )
  app.patch(
    '/:list/:id',
    route({
      summary: 'Rename a view, make it the default, or keep the current view in it',
      tags: ['Lists'],
      body: ViewBody.partial(),
      responses: { 200: { description: 'Saved', schema: dataOf(SavedViewAnswerSchema) } },
    }),
    (c) =>
      withId(c, async (id) =>
        respond(c, await changeView(deps, me(c), c.req.param('list'), id, await readBody(c))),
      ),
  )
  app.delete(
    '/:list/:id',
    route({
      summary: 'Delete one of my views',
      tags: ['Lists'],
      responses: { 200: { description: 'Deleted', schema: Ok } },
    }),
    (c) => withId(c, async (id) => respond(c, await deleteView(deps.db, me(c), c.req.param('list'), id))),
  )
  return app
}
