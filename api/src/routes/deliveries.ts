import {
  ConfirmTechnicalSchema,
  CreateDeliverySchema,
  DELIVERY_LIST,
  DeliveryAnswerSchema,
  DeliveryFormDataAnswerSchema,
  DeliveryRowAnswerSchema,
  ReceiveTechnicalSchema,
  ReservationInputSchema,
} from '@procura/core/delivery'
import { ok } from '@procura/core/result'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { ContextualMenu, Created, dataOf, StatusChange } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import { cancelDelivery, confirmTechnical, receiveTechnical } from '../services/deliveries/delivery-actions'
import {
  DELIVERY_FILTERS,
  DELIVERY_SORTS,
  deliveriesIndex,
  deliveryFilterOptions,
  listDeliveries,
} from '../services/deliveries/delivery-list'
import { createDelivery } from '../services/deliveries/delivery-receive'
import {
  addReservation,
  deliveryContextualMenu,
  deliveryFormData,
  getDelivery,
} from '../services/deliveries/read'
import { readBody } from './auth'
import { addDocumentRoutes } from './documents'
import { addListRoutes } from './list-routes'

const TAGS = ['Deliveries']

/** A delivery as its page reads it: core's answer, the app's type. */
export const Delivery = dataOf(DeliveryAnswerSchema)

const Confirm = z.object({
  confirm: z.boolean().optional().describe('true: the user confirmed what it undoes'),
})

/**
 * /bwapi/deliveries: deliveries (receptions) and technical deliveries of orders — list, receiving
 * form, record, read, confirm, receive, cancel, reservations, comments and files.
 */
export const deliveriesRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  const withId = (c: Context<AppEnv>, work: (id: number) => Promise<Response>) => {
    const id = idParam(c)
    return id === null ? refuse(c, { code: 'NOT_FOUND' }) : work(id)
  }
  addListRoutes(app, '', {
    list: DELIVERY_LIST,
    row: DeliveryRowAnswerSchema,
    tag: TAGS[0] as string,
    sorts: DELIVERY_SORTS,
    queryFilters: DELIVERY_FILTERS,
    pagedByKey: true,
    index: async (c) => ok(await deliveriesIndex(deps.db, actor(c), c.get('language'))),
    read: (c, options) => (query) => listDeliveries(deps, actor(c), query, options, c.get('language')),
    options: async (c, field, search, value) =>
      ok(await deliveryFilterOptions(deps, actor(c), field, search, c.get('language'), value)),
  })
  app.post(
    '/',
    route({
      summary:
        'Record a delivery (buyers) or a technical delivery (buyers and technical recipients; a supplier contact declares a shipment)',
      tags: TAGS,
      body: CreateDeliverySchema,
      responses: {
        201: {
          description: 'Recorded with its number',
          schema: dataOf(z.object({ id: z.number().int(), code: z.string() })),
        },
      },
    }),
    async (c) => respond(c, await createDelivery(deps, actor(c), await readBody(c)), 201),
  )
  app.get(
    '/create-form',
    route({
      summary: "What the receiving form needs: the order's lines with what remains, the warehouses",
      tags: TAGS,
      query: z.object({ purchase_order_id: z.string() }),
      responses: { 200: { description: 'Form data', schema: dataOf(DeliveryFormDataAnswerSchema) } },
    }),
    async (c) => {
      const orderId = Number(c.req.query('purchase_order_id'))
      if (!Number.isSafeInteger(orderId) || orderId < 1) return refuse(c, { code: 'NOT_FOUND' })
      return respond(c, await deliveryFormData(deps, actor(c), orderId))
    },
  )
  app.get(
    '/:id/contextual-menu',
    route({
      summary: 'The actions this user may take on this delivery now',
      tags: TAGS,
      responses: { 200: { description: 'Row actions', schema: ContextualMenu } },
    }),
    (c) =>
      withId(c, async (id) =>
        respond(c, await deliveryContextualMenu(deps, actor(c), id, c.get('language'))),
      ),
  )
  app.get(
    '/:id',
    route({
      summary: 'A delivery: its lines against the order, reservations, actions',
      tags: TAGS,
      responses: { 200: { description: 'The delivery', schema: Delivery } },
    }),
    (c) => withId(c, async (id) => respond(c, await getDelivery(deps, actor(c), id, c.get('language')))),
  )
  app.post(
    '/:id/cancel',
    route({
      summary: 'Cancel a delivery (its quantities and stock are taken back) or withdraw a technical delivery',
      tags: TAGS,
      body: Confirm,
      responses: { 200: { description: 'The new status', schema: StatusChange } },
    }),
    (c) =>
      withId(c, async (id) => {
        const body = (await readBody(c)) as { confirm?: unknown }
        return respond(c, await cancelDelivery(deps, actor(c), id, { confirm: body.confirm === true }))
      }),
  )
  app.post(
    '/:id/confirm',
    route({
      summary: 'Confirm a shipment the supplier declared (technical recipients)',
      tags: TAGS,
      body: ConfirmTechnicalSchema,
      responses: { 200: { description: 'The new status', schema: StatusChange } },
    }),
    (c) => withId(c, async (id) => respond(c, await confirmTechnical(deps, actor(c), id, await readBody(c)))),
  )
  app.post(
    '/:id/receive',
    route({
      summary: 'Make the reception of a confirmed technical delivery (buyers)',
      tags: TAGS,
      body: ReceiveTechnicalSchema,
      responses: { 201: { description: 'The delivery made', schema: Created } },
    }),
    (c) =>
      withId(c, async (id) => respond(c, await receiveTechnical(deps, actor(c), id, await readBody(c)), 201)),
  )
  app.post(
    '/:id/reservations',
    route({
      summary: 'Raise a reservation or a nonconformity on the delivery note (within 3 days)',
      tags: TAGS,
      body: ReservationInputSchema,
      responses: { 201: { description: 'Recorded', schema: Created } },
    }),
    (c) =>
      withId(c, async (id) => respond(c, await addReservation(deps, actor(c), id, await readBody(c)), 201)),
  )
  addDocumentRoutes(app, deps, 'delivery')
  return app
}
