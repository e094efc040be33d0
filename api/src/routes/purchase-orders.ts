import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { linkBaseOf } from '../http/link-base'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import { orderFormData } from '../services/purchase-orders/form-data'
import {
  orderBulkAction,
  orderContextualMenu,
  orderFilterOptions,
  ordersIndex,
} from '../services/purchase-orders/list-conventions'
import {
  applyOrderAction,
  createOrder,
  getOrder,
  listOrders,
  skipOrderStep,
  updateOrder,
} from '../services/purchase-orders/orders'
import { orderPdf, sendOrder } from '../services/purchase-orders/send'
import { readBody } from './auth'
import { addDocumentRoutes } from './documents'

/** /bwapi/purchase-orders: list, create, read, edit, and one call per lifecycle action. */
export const purchaseOrderRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  /** Actions may e-mail validators: their link points where the browser reached the app. */
  const withLink = (c: Context<AppEnv>) => ({ ...deps, linkBase: linkBaseOf(c, deps.basePath) })
  app.get('/', async (c) => respond(c, await listOrders(deps, orderActorOf(sessionOf(c)), c.req.query())))
  app.post('/', async (c) =>
    respond(c, await createOrder(deps, orderActorOf(sessionOf(c)), await readBody(c)), 201),
  )
  app.get('/index', (c) => c.json(ordersIndex(c.get('language'))))
  app.get('/filter-list/:field', async (c) => {
    const options = await orderFilterOptions(
      deps,
      c.req.param('field'),
      c.req.query('search') ?? '',
      c.get('language'),
    )
    return options === null ? refuse(c, { code: 'NOT_FOUND' }) : c.json({ data: options })
  })
  app.post('/do-bulk-action', async (c) =>
    respond(
      c,
      await orderBulkAction(withLink(c), orderActorOf(sessionOf(c)), await readBody(c), c.get('language')),
    ),
  )
  app.get('/:id/contextual-menu', async (c) => {
    const id = idParam(c)
    return id === null
      ? refuse(c, { code: 'NOT_FOUND' })
      : respond(c, await orderContextualMenu(deps, orderActorOf(sessionOf(c)), id, c.get('language')))
  })
  app.get('/create', async (c) => respond(c, await orderFormData(deps.db, orderActorOf(sessionOf(c)))))
  app.get('/:id', async (c) => {
    const id = idParam(c)
    return id === null
      ? refuse(c, { code: 'NOT_FOUND' })
      : respond(c, await getOrder(deps, orderActorOf(sessionOf(c)), id))
  })
  app.put('/:id', async (c) => {
    const id = idParam(c)
    return id === null
      ? refuse(c, { code: 'NOT_FOUND' })
      : respond(c, await updateOrder(deps, orderActorOf(sessionOf(c)), id, await readBody(c)))
  })
  app.get('/:id/pdf', async (c) => {
    const id = idParam(c)
    if (id === null) return refuse(c, { code: 'NOT_FOUND' })
    const document = await orderPdf(deps.db, orderActorOf(sessionOf(c)), id, c.get('language'))
    if (!document.ok) return refuse(c, document.error)
    return c.body(new Uint8Array(document.value.pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${document.value.filename}"`,
    })
  })
  app.post('/:id/send', async (c) => {
    const id = idParam(c)
    if (id === null) return refuse(c, { code: 'NOT_FOUND' })
    return respond(
      c,
      await sendOrder(deps, orderActorOf(sessionOf(c)), id, await readBody(c), c.get('language')),
    )
  })
  app.post('/:id/skip', async (c) => {
    const id = idParam(c)
    if (id === null) return refuse(c, { code: 'NOT_FOUND' })
    return respond(c, await skipOrderStep(withLink(c), orderActorOf(sessionOf(c)), id))
  })
  addDocumentRoutes(app, deps, 'purchase_order')
  app.post('/:id/:action', async (c) => {
    const id = idParam(c)
    if (id === null) return refuse(c, { code: 'NOT_FOUND' })
    const body = (await readBody(c)) as { confirm?: unknown }
    return respond(
      c,
      await applyOrderAction(withLink(c), orderActorOf(sessionOf(c)), id, c.req.param('action'), {
        confirm: body.confirm === true,
      }),
    )
  })
  return app
}
