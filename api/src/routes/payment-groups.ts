import { PaymentGroupInputSchema } from '@procura/core/payment'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { dataOf, Ok } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import {
  createPaymentGroup,
  getPaymentGroup,
  listPaymentGroups,
  paymentProposal,
} from '../services/payments/payment-groups'
import { readBody } from './auth'

const TAGS = ['Payments']

/** /bwapi/payment-groups: pay validated invoices (in full or in part), and the due-by proposal. */
export const paymentGroupsRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  app.get(
    '/',
    route({
      summary: 'The payment groups, newest first (the 200 latest)',
      tags: TAGS,
      responses: {
        200: { description: 'Groups', schema: dataOf(z.array(z.looseObject({ id: z.number().int() }))) },
      },
    }),
    async (c) => respond(c, await listPaymentGroups(deps, actor(c))),
  )
  app.get(
    '/proposal',
    route({
      summary:
        'What is due by a date: validated, undisputed invoices with something left to pay, one group per company and currency',
      tags: TAGS,
      query: z.object({ due_by: z.string() }),
      responses: { 200: { description: 'Proposed groups', schema: Ok } },
    }),
    async (c) => respond(c, await paymentProposal(deps, actor(c), c.req.query('due_by') ?? '')),
  )
  app.post(
    '/',
    route({
      summary: 'Pay invoices of one company in one currency, each in full or in part',
      tags: TAGS,
      body: PaymentGroupInputSchema,
      responses: {
        201: {
          description: 'The group with its number and amount',
          schema: dataOf(z.object({ id: z.number().int(), code: z.string(), amount_inctax: z.string() })),
        },
      },
    }),
    async (c) => respond(c, await createPaymentGroup(deps, actor(c), await readBody(c)), 201),
  )
  app.get(
    '/:id',
    route({
      summary: 'A payment group with its lines and their statuses',
      tags: TAGS,
      responses: {
        200: { description: 'The group', schema: dataOf(z.looseObject({ id: z.number().int() })) },
      },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await getPaymentGroup(deps, actor(c), id))
    },
  )
  return app
}
