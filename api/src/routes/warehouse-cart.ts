import {
  CartAddSchema,
  CartAnswerSchema,
  CartOrderedAnswerSchema,
  CartRequestSchema,
} from '@procura/core/article'
import { isoDateIn } from '@procura/core/calendar'
import {
  PUNCHOUT_OPERATIONS,
  PunchoutStartAnswerSchema,
  PunchoutSuppliersAnswerSchema,
  type ShopFetch,
} from '@procura/core/punchout'
import type { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { withoutSlash } from '../http/link-base'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { dataOf, Ok } from '../http/schemas'
import { getCart } from '../services/catalogue/cart'
import { createOrdersFromCart } from '../services/catalogue/cart-orders'
import {
  addToCart,
  changeCartLineQuantity,
  changeCartQuantity,
  changeCartSupplier,
  deleteCartArticle,
  deleteCartLine,
  emptyCart,
} from '../services/catalogue/cart-write'
import { punchoutSuppliers, startPunchout } from '../services/punchout/punchout'
import { readBody } from './auth'

import { ARTICLES, type WarehouseScope } from './warehouse-scope'

/** This user's cart in a warehouse (shell spec §7 "Cart calls"): its lines, their supplier, and the orders or request it becomes. */
export const addCartRoutes = (app: Hono<AppEnv>, deps: AppDeps, scope: WarehouseScope) => {
  const { db } = deps
  const { actor, withLink, inWarehouse, onArticle } = scope
  const a = ARTICLES
  app.get(
    `${a}/get-cart`,
    route({
      summary: 'This user’s cart in this warehouse',
      tags: ['Cart'],
      responses: {
        200: {
          description: 'The cart',
          schema: dataOf(CartAnswerSchema),
        },
      },
    }),
    (c) =>
      inWarehouse(c, async (w) => respond(c, await getCart(db, actor(c), w, isoDateIn(deps.clock.now())))),
  )
  app.post(
    `${a}/create-purchase-order`,
    route({
      summary:
        'Turn the cart into documents: one order per supplier (mode draft or submit, buyers) or one submitted request (mode request, anyone else)',
      tags: ['Cart'],
      query: z.object({ mode: z.string().optional() }),
      body: CartRequestSchema,
      responses: { 201: { description: 'The orders made', schema: CartOrderedAnswerSchema } },
    }),
    (c) =>
      inWarehouse(c, async (w) =>
        respond(
          c,
          await createOrdersFromCart(
            withLink(c),
            actor(c),
            w,
            c.req.query('mode'),
            c.get('language'),
            await readBody(c),
          ),
          201,
        ),
      ),
  )
  app.post(
    `${a}/empty-cart`,
    route({
      summary: 'Empty this user’s cart',
      tags: ['Cart'],
      responses: { 200: { description: 'Emptied', schema: Ok } },
    }),
    (c) => inWarehouse(c, async (w) => respond(c, await emptyCart(deps, actor(c), w))),
  )
  app.post(
    `${a}/:id/add-to-cart`,
    route({
      summary: 'Add an article to the cart, in its steps',
      tags: ['Cart'],
      body: CartAddSchema,
      responses: { 200: { description: 'The cart line', schema: Ok } },
    }),
    (c) =>
      onArticle(c, async (w, id) => respond(c, await addToCart(deps, actor(c), w, id, await readBody(c)))),
  )
  app.post(
    `${a}/:id/change-quantity-cart`,
    route({
      summary: 'Change an article’s quantity in the cart',
      tags: ['Cart'],
      body: z.object({ quantity: z.string() }),
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    (c) =>
      onArticle(c, async (w, id) =>
        respond(c, await changeCartQuantity(deps, actor(c), w, id, await readBody(c))),
      ),
  )
  app.post(
    `${a}/:id/change-supplier-cart`,
    route({
      summary: 'Buy a cart line from another of the article’s suppliers',
      tags: ['Cart'],
      body: z.object({ supplier_id: z.number().int(), operation: z.enum(PUNCHOUT_OPERATIONS).optional() }),
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    (c) =>
      onArticle(c, async (w, id) =>
        respond(c, await changeCartSupplier(deps, actor(c), w, id, await readBody(c))),
      ),
  )
  app.post(
    `${a}/:id/delete-cart-article`,
    route({
      summary: 'Remove an article from the cart',
      tags: ['Cart'],
      responses: { 200: { description: 'Removed', schema: Ok } },
    }),
    (c) => onArticle(c, async (w, id) => respond(c, await deleteCartArticle(deps, actor(c), w, id))),
  )
  /** A cart line by its own id (a PunchOut line has no article). */
  const onLine = (
    c: Parameters<typeof inWarehouse>[0],
    work: (w: number, line: number) => Promise<Response>,
  ) =>
    inWarehouse(c, async (w) => {
      const line = idParam(c, 'line')
      return line === null ? refuse(c, { code: 'NOT_FOUND' }) : work(w, line)
    })
  app.post(
    `${a}/cart-lines/:line/change-quantity-cart`,
    route({
      summary: 'Change a cart line’s quantity (a PunchOut line)',
      tags: ['Cart'],
      body: CartAddSchema,
      responses: {
        200: { description: 'The new quantity', schema: dataOf(z.object({ quantity: z.string() })) },
      },
    }),
    (c) =>
      onLine(c, async (w, line) =>
        respond(c, await changeCartLineQuantity(deps, actor(c), w, line, await readBody(c))),
      ),
  )
  app.post(
    `${a}/cart-lines/:line/delete-cart-article`,
    route({
      summary: 'Remove a cart line (a PunchOut line)',
      tags: ['Cart'],
      responses: { 200: { description: 'Removed', schema: Ok } },
    }),
    (c) => onLine(c, async (w, line) => respond(c, await deleteCartLine(deps, actor(c), w, line))),
  )
  app.get(
    `${a}/punchout-suppliers`,
    route({
      summary: 'The suppliers whose PunchOut shop may be opened from this catalogue',
      tags: ['PunchOut'],
      responses: { 200: { description: 'Suppliers with a shop', schema: PunchoutSuppliersAnswerSchema } },
    }),
    (c) => inWarehouse(c, async () => c.json({ data: await punchoutSuppliers(db) })),
  )
  app.post(
    `${a}/punchout`,
    route({
      summary: 'Open a supplier’s PunchOut shop: a shopping session, and where the browser goes',
      description:
        'cXML: the PunchOutSetupRequest is posted to the shop and its start page answered; OCI: Procura’s page that posts the shop’s login form with the HOOK_URL. The basket comes back to /punchout/return/{buyer cookie} within 30 minutes, once.',
      tags: ['PunchOut'],
      body: z.object({ supplier_id: z.number().int(), operation: z.enum(PUNCHOUT_OPERATIONS).optional() }),
      responses: { 200: { description: 'Where to go', schema: PunchoutStartAnswerSchema } },
    }),
    (c) =>
      inWarehouse(c, async (w) =>
        respond(
          c,
          await startPunchout(
            { ...deps, fetchShop: deps.fetchShop ?? fetchWithTimeout },
            actor(c),
            w,
            await readBody(c),
            withoutSlash(c.get('publicUrl') ?? new URL(c.req.url).origin),
          ),
        ),
      ),
  )
}

/** A shop answers its setup request within 10 s, or is taken as unreachable. */
const fetchWithTimeout: ShopFetch = (url, init) =>
  fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
