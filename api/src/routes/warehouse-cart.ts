import {
  CartAddSchema,
  CartAnswerSchema,
  CartOrderedAnswerSchema,
  CartRequestSchema,
} from '@procura/core/article'
import { isoDateIn } from '@procura/core/calendar'
import type { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { respond } from '../http/respond'
import { dataOf, Ok } from '../http/schemas'
import { getCart } from '../services/catalogue/cart'
import { createOrdersFromCart } from '../services/catalogue/cart-orders'
import {
  addToCart,
  changeCartQuantity,
  changeCartSupplier,
  deleteCartArticle,
  emptyCart,
} from '../services/catalogue/cart-write'
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
      body: z.object({ supplier_id: z.number().int() }),
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
}
