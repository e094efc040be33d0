import { rowsOf } from '@procura/core/answer'
import { BudgetPanelRowAnswerSchema } from '@procura/core/budget'
import {
  MergeNeedsSchema,
  NEED_LIST,
  NeedInputSchema,
  NeedRowAnswerSchema,
  NeedsTransformedAnswerSchema,
  TransformNeedsSchema,
} from '@procura/core/need'
import { ok } from '@procura/core/result'
import { BulkActionSchema } from '@procura/core/user'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { linkBaseOf } from '../http/link-base'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { BulkOutcome, ContextualMenu, Created, dataOf, Need, Ok } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import { needBudgetPanel } from '../services/budgets/panels'
import { applyNeedAction, needBulkAction, transformNeeds } from '../services/needs/need-actions'
import {
  listNeeds,
  NEED_QUERY_FILTERS,
  NEED_SORTS,
  needFilterOptions,
  needsIndex,
} from '../services/needs/need-list'
import { getNeed, needContextualMenu } from '../services/needs/need-read'
import { createNeed, duplicateNeed, mergeNeeds, updateNeed } from '../services/needs/need-write'
import { readBody } from './auth'
import { addDocumentRoutes } from './documents'
import { addListRoutes } from './list-routes'

/** /bwapi/needs: purchase requests. */
export const needsRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  /** Actions may e-mail validators: their link points where the browser reached the app. */
  const withLink = (c: Context<AppEnv>) => ({ ...deps, linkBase: linkBaseOf(c, deps.basePath) })
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  addListRoutes(app, '', {
    list: NEED_LIST,
    row: NeedRowAnswerSchema,
    tag: 'Requests',
    sorts: NEED_SORTS,
    queryFilters: NEED_QUERY_FILTERS,
    pagedByKey: true,
    index: async (c) => ok(await needsIndex(deps.db, actor(c), c.get('language'))),
    read: (c, options) => (query) => listNeeds(deps.db, actor(c), query, options, c.get('language')),
    options: async (_c, field, search) =>
      ok(await needFilterOptions(deps.db, field, search, _c.get('language'))),
  })
  app.post(
    '/',
    route({
      summary: 'Write a purchase request (draft)',
      tags: ['Requests'],
      body: NeedInputSchema,
      responses: { 201: { description: 'Created', schema: Created } },
    }),
    async (c) => respond(c, await createNeed(deps, actor(c), await readBody(c)), 201),
  )
  app.post(
    '/do-bulk-action',
    route({
      summary: 'Apply one action to several requests (merge: all or none)',
      tags: ['Requests'],
      body: BulkActionSchema,
      responses: {
        200: {
          description: 'Each request done or refused with its reason',
          schema: z.union([BulkOutcome, Created]),
        },
      },
    }),
    async (c) =>
      respond(c, await needBulkAction(withLink(c), actor(c), await readBody(c), c.get('language'))),
  )
  app.get(
    '/:id/contextual-menu',
    route({
      summary: 'The actions this user may apply to this request now',
      tags: ['Requests'],
      responses: { 200: { description: 'Row actions', schema: ContextualMenu } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await needContextualMenu(deps, actor(c), id, c.get('language')))
    },
  )
  app.post(
    '/merge',
    route({
      summary: 'Merge draft requests into one',
      tags: ['Requests'],
      body: MergeNeedsSchema,
      responses: { 200: { description: 'The merged request', schema: Created } },
    }),
    async (c) => respond(c, await mergeNeeds(deps, actor(c), await readBody(c))),
  )
  app.post(
    '/transform',
    route({
      summary: 'Turn approved requests into draft orders, one per supplier (buyers)',
      tags: ['Requests'],
      body: TransformNeedsSchema,
      responses: {
        201: {
          description: 'The orders made (the first also as purchase_order_id and code)',
          schema: NeedsTransformedAnswerSchema,
        },
      },
    }),
    async (c) => respond(c, await transformNeeds(deps, actor(c), await readBody(c)), 201),
  )
  app.get(
    '/:id/budgets',
    route({
      summary:
        'The request’s budget panel: each budget its lines fall in, what is left, what the request takes and reserves',
      tags: ['Requests', 'Budgets'],
      responses: {
        200: {
          description: 'The budgets its lines fall in',
          schema: rowsOf(BudgetPanelRowAnswerSchema),
        },
      },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await needBudgetPanel(deps, actor(c), id))
    },
  )
  app.get(
    '/:id',
    route({
      summary: 'A request with its lines, circuit and actions',
      tags: ['Requests'],
      responses: { 200: { description: 'The request', schema: dataOf(Need) } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await getNeed(deps.db, actor(c), id, c.get('language')))
    },
  )
  app.put(
    '/:id',
    route({
      summary: 'Edit a draft or refused request',
      tags: ['Requests'],
      body: NeedInputSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await updateNeed(deps, actor(c), id, await readBody(c)))
    },
  )
  app.post(
    '/:id/duplicate',
    route({
      summary: 'Copy a request into a new draft',
      tags: ['Requests'],
      responses: { 201: { description: 'The copy', schema: Created } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await duplicateNeed(deps, actor(c), id), 201)
    },
  )
  addDocumentRoutes(app, deps, 'need')
  app.post(
    '/:id/:action',
    route({
      summary: 'A lifecycle action: submit, approve, refuse, back_to_draft, cancel, take_charge, skip',
      tags: ['Requests'],
      body: z.object({
        reason: z.string().optional().describe('refuse: why (required, at least 3 characters)'),
        confirm: z
          .boolean()
          .optional()
          .describe('approve: true answers "validate anyway" to a budget overrun warning'),
      }),
      responses: { 200: { description: 'The new status', schema: Ok } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(
            c,
            await applyNeedAction(
              withLink(c),
              actor(c),
              id,
              c.req.param('action'),
              (await readBody(c)) as { reason?: unknown; confirm?: unknown },
            ),
          )
    },
  )
  return app
}
