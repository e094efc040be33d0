import { AgreementInputSchema } from '@procura/core/sourcing'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { Created, dataOf } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import {
  applyAgreementAction,
  createAgreement,
  getAgreement,
  listAgreements,
} from '../services/sourcing/agreements'
import { readBody } from './auth'

/** Framework agreements (blanket orders): docs/domain/sourcing.md. */
export const frameworkAgreementRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  const tags = ['Framework agreements']
  app.get(
    '/',
    route({
      summary: 'The agreements, newest first (?supplier_id=, ?status=active: what an order may draw on)',
      tags,
      responses: {
        200: { description: 'Agreements with their lines', schema: dataOf(z.array(z.looseObject({}))) },
      },
    }),
    async (c) =>
      respond(
        c,
        await listAgreements(deps, actor(c), {
          ...(c.req.query('supplier_id') === undefined ? {} : { supplier_id: c.req.query('supplier_id') }),
          ...(c.req.query('status') === undefined ? {} : { status: c.req.query('status') }),
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
        200: { description: 'Agreement', schema: dataOf(z.looseObject({ id: z.number().int() })) },
      },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await getAgreement(deps, actor(c), id))
    },
  )
  app.post(
    '/:id/:action{submit|validate|refuse|close|cancel}',
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
        : respond(c, await applyAgreementAction(deps, actor(c), id, c.req.param('action'), await readBody(c)))
    },
  )
  return app
}
