import { NumberedAnswerSchema, rowsOf } from '@procura/core/answer'
import { BudgetPanelRowAnswerSchema } from '@procura/core/budget'
import { isoDateIn } from '@procura/core/calendar'
import { ReceiveAllSchema } from '@procura/core/delivery'
import {
  ORDER_LIST,
  OrderActionDoneAnswerSchema,
  OrderFormDataAnswerSchema,
  OrderRowAnswerSchema,
  PurchaseOrderInputSchema,
  SendOrderSchema,
} from '@procura/core/purchase-order'
import { ok } from '@procura/core/result'
import { BulkActionSchema } from '@procura/core/user'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { linkBaseOf } from '../http/link-base'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { BulkOutcome, binary, ContextualMenu, dataOf, Ok, Order, StatusChange } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import { orderBudgetPanel } from '../services/budgets/panels'
import { forceComplete, receiveAll } from '../services/deliveries/delivery-receive'
import { closeOrderBilling } from '../services/invoices/close-billing'
import { orderFormData } from '../services/purchase-orders/form-data'
import { applyOrderAction, orderBulkAction, skipOrderStep } from '../services/purchase-orders/order-actions'
import {
  listOrders,
  ORDER_QUERY_FILTERS,
  ORDER_SORTS,
  orderFilterOptions,
  ordersIndex,
} from '../services/purchase-orders/order-list'
import { getOrder, orderContextualMenu } from '../services/purchase-orders/order-read'
import { createOrder, updateOrder } from '../services/purchase-orders/order-write'
import { orderPdf, sendOrder } from '../services/purchase-orders/send'
import { readBody } from './auth'
import { addDocumentRoutes } from './documents'
import { addListRoutes } from './list-routes'

/** /bwapi/purchase-orders: list, create, read, edit, and one call per lifecycle action. */
export const purchaseOrderRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  /** Actions may e-mail validators: their link points where the browser reached the app. */
  const withLink = (c: Context<AppEnv>) => ({ ...deps, linkBase: linkBaseOf(c, deps.basePath) })
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  addListRoutes(app, '', {
    list: ORDER_LIST,
    row: OrderRowAnswerSchema,
    tag: 'Purchase orders',
    sorts: ORDER_SORTS,
    queryFilters: ORDER_QUERY_FILTERS,
    pagedByKey: true,
    index: async (c) => ok(await ordersIndex(deps.db, actor(c), c.get('language'))),
    read: (c, options) => (query) => listOrders(deps, actor(c), query, options, c.get('language')),
    options: async (c, field, search, value) =>
      ok(await orderFilterOptions(deps, actor(c), field, search, c.get('language'), value)),
  })
  app.post(
    '/',
    route({
      summary: 'Create a draft purchase order (buyers)',
      tags: ['Purchase orders'],
      body: PurchaseOrderInputSchema,
      responses: {
        201: {
          description: 'Created with its number',
          schema: dataOf(z.object({ id: z.number().int(), code: z.string() })),
        },
      },
    }),
    async (c) => respond(c, await createOrder(deps, actor(c), await readBody(c)), 201),
  )
  app.post(
    '/do-bulk-action',
    route({
      summary: 'Apply one action to several orders, each on its own',
      tags: ['Purchase orders'],
      body: BulkActionSchema,
      responses: { 200: { description: 'Each order done or refused with its reason', schema: BulkOutcome } },
    }),
    async (c) =>
      respond(c, await orderBulkAction(withLink(c), actor(c), await readBody(c), c.get('language'))),
  )
  app.get(
    '/:id/contextual-menu',
    route({
      summary: 'The actions this user may apply to this order now',
      tags: ['Purchase orders'],
      responses: { 200: { description: 'Row actions', schema: ContextualMenu } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await orderContextualMenu(deps, actor(c), id, c.get('language')))
    },
  )
  app.get(
    '/create',
    route({
      summary: 'What the order form offers (suppliers, companies, currencies…)',
      tags: ['Purchase orders'],
      responses: { 200: { description: 'Form data', schema: OrderFormDataAnswerSchema } },
    }),
    async (c) => respond(c, await orderFormData(deps.db, actor(c), isoDateIn(deps.clock.now()))),
  )
  app.get(
    '/:id',
    route({
      summary: 'A purchase order with its lines, circuit and actions',
      tags: ['Purchase orders'],
      responses: { 200: { description: 'The order', schema: dataOf(Order) } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await getOrder(deps, actor(c), id, c.get('language')))
    },
  )
  app.put(
    '/:id',
    route({
      summary: 'Edit a draft or refused order',
      tags: ['Purchase orders'],
      body: PurchaseOrderInputSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await updateOrder(deps, actor(c), id, await readBody(c)))
    },
  )
  app.get(
    '/:id/pdf',
    route({
      summary: 'The order as a PDF, in the supplier contact’s language',
      tags: ['Purchase orders'],
      responses: { 200: binary('application/pdf', 'The PDF') },
    }),
    async (c) => {
      const id = idParam(c)
      if (id === null) return refuse(c, { code: 'NOT_FOUND' })
      const document = await orderPdf(deps.db, actor(c), id, c.get('language'))
      if (!document.ok) return refuse(c, document.error)
      return c.body(new Uint8Array(document.value.pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${document.value.filename}"`,
      })
    },
  )
  app.get(
    '/:id/budgets',
    route({
      summary:
        'The order’s budget panel: each budget its lines fall in, what is left, what the order takes and holds',
      tags: ['Purchase orders', 'Budgets'],
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
        : respond(c, await orderBudgetPanel(deps, actor(c), id))
    },
  )
  app.post(
    '/:id/send',
    route({
      summary: 'E-mail the validated order with its PDF to the supplier',
      tags: ['Purchase orders'],
      body: SendOrderSchema,
      responses: { 200: { description: 'Sent', schema: StatusChange } },
    }),
    async (c) => {
      const id = idParam(c)
      if (id === null) return refuse(c, { code: 'NOT_FOUND' })
      return respond(c, await sendOrder(deps, actor(c), id, await readBody(c), c.get('language')))
    },
  )
  app.post(
    '/:id/skip',
    route({
      summary: 'Pass the current validation step (administrators, when enabled)',
      tags: ['Purchase orders'],
      body: z.object({
        confirm: z
          .boolean()
          .optional()
          .describe('true answers "validate anyway" to a budget overrun warning'),
      }),
      responses: { 200: { description: 'The new status', schema: StatusChange } },
    }),
    async (c) => {
      const id = idParam(c)
      if (id === null) return refuse(c, { code: 'NOT_FOUND' })
      const body = (await readBody(c)) as { confirm?: unknown }
      return respond(c, await skipOrderStep(withLink(c), actor(c), id, body.confirm === true))
    },
  )
  addDocumentRoutes(app, deps, 'purchase_order')
  app.post(
    '/:id/receive-all',
    route({
      summary: 'Receive everything that remains on the order in one delivery (buyers)',
      tags: ['Purchase orders', 'Deliveries'],
      body: ReceiveAllSchema,
      responses: {
        201: {
          description: 'The delivery',
          schema: NumberedAnswerSchema,
        },
      },
    }),
    async (c) => {
      const id = idParam(c)
      if (id === null) return refuse(c, { code: 'NOT_FOUND' })
      return respond(c, await receiveAll(deps, actor(c), id, await readBody(c)), 201)
    },
  )
  app.post(
    '/:id/close-billing',
    route({
      summary: 'Close the billing: what is billed short will not be billed further (buyers; definitive)',
      tags: ['Purchase orders', 'Supplier invoices'],
      body: z.object({
        confirm: z.boolean().optional().describe('true: the user confirmed it is definitive'),
      }),
      responses: {
        200: {
          description: 'The new billing status',
          schema: dataOf(z.object({ id: z.number().int(), billing_status: z.string() })),
        },
      },
    }),
    async (c) => {
      const id = idParam(c)
      if (id === null) return refuse(c, { code: 'NOT_FOUND' })
      const body = (await readBody(c)) as { confirm?: unknown }
      return respond(c, await closeOrderBilling(deps, actor(c), id, { confirm: body.confirm === true }))
    },
  )
  app.post(
    '/:id/force-complete',
    route({
      summary: 'Force the delivery status to complete: definitive, nothing more is received (buyers)',
      tags: ['Purchase orders', 'Deliveries'],
      body: z.object({
        confirm: z.boolean().optional().describe('true: the user confirmed it is definitive'),
      }),
      responses: {
        200: {
          description: 'The new delivery status',
          schema: dataOf(z.object({ id: z.number().int(), delivery_status: z.string() })),
        },
      },
    }),
    async (c) => {
      const id = idParam(c)
      if (id === null) return refuse(c, { code: 'NOT_FOUND' })
      const body = (await readBody(c)) as { confirm?: unknown }
      return respond(c, await forceComplete(deps, actor(c), id, { confirm: body.confirm === true }))
    },
  )
  app.post(
    '/:id/:action',
    route({
      summary:
        'A lifecycle action: submit, validate, refuse, back_to_draft, consider_sent, acknowledge, suspend, unsuspend, close, unclose, cancel, new_version',
      tags: ['Purchase orders'],
      body: z.object({
        confirm: z
          .boolean()
          .optional()
          .describe(
            'back_to_draft of a sent order: cancels the sending; validate: answers "validate anyway" to a budget overrun warning',
          ),
        reason: z.string().optional().describe('refuse: why (required, at least 3 characters)'),
      }),
      responses: {
        200: {
          description: 'The new status (and the new version’s id)',
          schema: OrderActionDoneAnswerSchema,
        },
      },
    }),
    async (c) => {
      const id = idParam(c)
      if (id === null) return refuse(c, { code: 'NOT_FOUND' })
      const body = (await readBody(c)) as { confirm?: unknown; reason?: unknown }
      return respond(
        c,
        await applyOrderAction(withLink(c), actor(c), id, c.req.param('action'), {
          confirm: body.confirm === true,
          reason: body.reason,
        }),
      )
    },
  )
  return app
}
