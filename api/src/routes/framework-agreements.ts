import {
  AGREEMENT_LIST,
  AgreementAnswerSchema,
  AgreementInputSchema,
  AgreementRowAnswerSchema,
} from '@procura/core/sourcing'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { linkBaseOf } from '../http/link-base'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { Created, dataOf } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import {
  AGREEMENT_QUERY_FILTERS,
  AGREEMENT_SORTS,
  agreementFilterOptions,
  listAgreements,
} from '../services/sourcing/agreement-list'
import { agreementOffers, getAgreement } from '../services/sourcing/agreement-read'
import { applyAgreementAction, createAgreement } from '../services/sourcing/agreement-write'
import { readBody } from './auth'
import { addDocumentRoutes } from './documents'
import { addListRoutes } from './list-routes'

/** Framework agreements (blanket orders): docs/domain/sourcing.md. */
export const frameworkAgreementRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  const withLink = (c: Context<AppEnv>) => ({ ...deps, linkBase: linkBaseOf(c, deps.basePath) })
  const tags = ['Framework agreements']
  addListRoutes(app, '', {
    list: AGREEMENT_LIST,
    row: AgreementRowAnswerSchema,
    tag: 'Framework agreements',
    sorts: AGREEMENT_SORTS,
    queryFilters: AGREEMENT_QUERY_FILTERS,
    read: (c, options) => (query) => listAgreements(deps, actor(c), query, options),
    options: (c, field) => agreementFilterOptions(deps.db, field, c.get('language')),
  })
  app.get(
    '/offers',
    route({
      summary:
        'What an order to this supplier may draw on today (?supplier_id=, ?currency_code=): agreements with their lines’ prices and what remains',
      tags,
      responses: {
        200: { description: 'Agreements', schema: dataOf(z.array(z.looseObject({ id: z.number().int() }))) },
      },
    }),
    async (c) =>
      respond(
        c,
        await agreementOffers(deps, actor(c), {
          ...(c.req.query('supplier_id') === undefined ? {} : { supplier_id: c.req.query('supplier_id') }),
          ...(c.req.query('currency_code') === undefined
            ? {}
            : { currency_code: c.req.query('currency_code') }),
        }),
      ),
  )
  app.post(
    '/',
    route({
      summary: 'A buyer writes a draft agreement: supplier, validity, lines with price and ceiling',
      tags,
      body: AgreementInputSchema,
      responses: { 201: { description: 'Created', schema: Created } },
    }),
    async (c) => respond(c, await createAgreement(deps, actor(c), await readBody(c)), 201),
  )
  app.get(
    '/:id',
    route({
      summary:
        'An agreement with each line’s consumption (agreed, ordered, received, invoiced, remaining) and its orders',
      tags,
      responses: {
        200: { description: 'Agreement', schema: dataOf(AgreementAnswerSchema) },
      },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await getAgreement(deps, actor(c), id))
    },
  )
  // The discussion and files, before the actions' catch-all route.
  addDocumentRoutes(app, deps, 'framework_agreement')
  app.post(
    '/:id/:action',
    route({
      summary:
        'submit, validate (a validator or administrator, not its buyer), refuse (with a reason), close, cancel',
      tags,
      body: z.object({ reason: z.string().optional() }),
      responses: {
        200: {
          description: 'Its new status',
          schema: dataOf(z.object({ id: z.number().int(), status: z.string() })),
        },
      },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(
            c,
            await applyAgreementAction(withLink(c), actor(c), id, c.req.param('action'), await readBody(c)),
          )
    },
  )
  return app
}
