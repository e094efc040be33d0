import { TRACE_LIST, TraceRowAnswerSchema } from '@procura/core/trace'
import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { dataOf } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import {
  getTrace,
  listTraces,
  TRACE_QUERY_FILTERS,
  TRACE_SORTS,
  traceFilterOptions,
} from '../services/traces/traces'
import { addListRoutes } from './list-routes'

/** /bwapi/traces: the trace list (one list page) and a trace's details. */
export const tracesRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  addListRoutes(app, '', {
    list: TRACE_LIST,
    row: TraceRowAnswerSchema,
    tag: 'Traces',
    sorts: TRACE_SORTS,
    queryFilters: TRACE_QUERY_FILTERS,
    read: (c, options) => (query) => listTraces(deps, actor(c), query, c.get('language'), options),
    options: (c, field, search) => traceFilterOptions(deps.db, actor(c), field, search, c.get('language')),
  })
  app.get(
    '/:id',
    route({
      summary: 'One trace: who did what, when, on which document',
      tags: ['Traces'],
      responses: {
        200: { description: 'The trace', schema: dataOf(TraceRowAnswerSchema) },
      },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await getTrace(deps, actor(c), id, c.get('language')))
    },
  )
  return app
}
