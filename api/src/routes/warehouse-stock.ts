import { rowsOf } from '@procura/core/answer'
import {
  StockInAnswerSchema,
  StockInSuppliersAnswerSchema,
  TransferAnswerSchema,
  WarehouseAnswerSchema,
} from '@procura/core/article'
import { listFilter, parseSearchQuery } from '@procura/core/list'
import { QuantitySchema, StockInSchema, TransferSchema } from '@procura/core/stock'
import type { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { Created, DecimalString, dataOf, Ok } from '../http/schemas'
import { stockInData, stockSuppliers, transferData } from '../services/catalogue/stock-forms'
import { addInWarehouse, adjustStock, stockIn, stockOut } from '../services/catalogue/stock-moves'
import { editOrderTransfer, transferStock } from '../services/catalogue/stock-transfers'
import { getWarehouse, listWarehouses } from '../services/catalogue/warehouses'
import { readBody } from './auth'
import { ARTICLES, type WarehouseScope } from './warehouse-scope'

/** The warehouses, their stock movements (entries, exits, adjustments, transfers) and each article's stock settings. */
export const addStockRoutes = (app: Hono<AppEnv>, deps: AppDeps, scope: WarehouseScope) => {
  const { db } = deps
  const { actor, inWarehouse, onArticle } = scope
  const a = ARTICLES
  app.get(
    '/',
    route({
      summary: 'The warehouses',
      tags: ['Warehouses and stock'],
      responses: {
        200: {
          description: 'Warehouses',
          schema: rowsOf(WarehouseAnswerSchema),
        },
      },
    }),
    async (c) => c.json({ data: await listWarehouses(db, c.get('language')) }),
  )
  app.get(
    '/transfer',
    route({
      summary: 'Transfer form data, or a transfer tied to an order',
      tags: ['Warehouses and stock'],
      query: z.object({ purchase_order: z.string().optional() }),
      responses: { 200: { description: 'Transfer data', schema: TransferAnswerSchema } },
    }),
    async (c) => {
      const query = parseSearchQuery(c.req.query(), { purchase_order: listFilter.id() })
      if (!query.ok) return refuse(c, query.error)
      return respond(c, await transferData(db, query.value.filters.purchase_order ?? null, c.get('language')))
    },
  )
  app.post(
    '/transfer',
    route({
      summary: 'Move stock between warehouses (all lines or none)',
      tags: ['Warehouses and stock'],
      body: TransferSchema,
      responses: { 201: { description: 'Moved', schema: Ok } },
    }),
    async (c) => respond(c, await transferStock(deps, actor(c), await readBody(c)), 201),
  )
  app.put(
    '/transfer/:purchase_order',
    route({
      summary: 'Edit the transfer tied to an order (previous moves undone)',
      tags: ['Warehouses and stock'],
      body: TransferSchema,
      responses: { 200: { description: 'Moved', schema: Ok } },
    }),
    async (c) => {
      const id = idParam(c, 'purchase_order')
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await editOrderTransfer(deps, actor(c), id, await readBody(c)))
    },
  )
  app.get(
    '/:warehouse/get-warehouse',
    route({
      summary: 'A warehouse',
      tags: ['Warehouses and stock'],
      responses: {
        200: {
          description: 'The warehouse',
          schema: dataOf(z.looseObject({ id: z.number().int(), code: z.string() })),
        },
      },
    }),
    (c) => inWarehouse(c, async (w) => respond(c, await getWarehouse(db, w, c.get('language')))),
  )
  app.get(
    '/:warehouse/stock-in',
    route({
      summary: 'Stock entry form data',
      tags: ['Warehouses and stock'],
      responses: { 200: { description: 'Form data', schema: StockInAnswerSchema } },
    }),
    (c) => inWarehouse(c, async (w) => respond(c, await stockInData(db, w))),
  )
  app.post(
    '/:warehouse/stock-in',
    route({
      summary: 'Receive units into this warehouse',
      tags: ['Warehouses and stock'],
      body: StockInSchema,
      responses: {
        201: { description: 'The stock now', schema: dataOf(z.looseObject({ actual: DecimalString })) },
      },
    }),
    (c) => inWarehouse(c, async (w) => respond(c, await stockIn(deps, actor(c), w, await readBody(c)), 201)),
  )
  app.get(
    '/:warehouse/stock-in/:id/get-suppliers',
    route({
      summary: 'The suppliers an article can be received from',
      tags: ['Warehouses and stock'],
      responses: { 200: { description: 'Suppliers', schema: StockInSuppliersAnswerSchema } },
    }),
    (c) => onArticle(c, async (_w, id) => respond(c, await stockSuppliers(db, id))),
  )
  app.post(
    `${a}/:id/add-in-warehouse`,
    route({
      summary: 'Stock an article in this warehouse',
      tags: ['Warehouses and stock'],
      responses: { 201: { description: 'Created', schema: Created } },
    }),
    (c) => onArticle(c, async (w, id) => respond(c, await addInWarehouse(deps, actor(c), w, id), 201)),
  )
  app.post(
    `${a}/:id/stock-out`,
    route({
      summary: 'Take units out of stock (internal articles)',
      tags: ['Warehouses and stock'],
      body: QuantitySchema,
      responses: {
        200: { description: 'The stock now', schema: dataOf(z.looseObject({ actual: DecimalString })) },
      },
    }),
    (c) =>
      onArticle(c, async (w, id) => respond(c, await stockOut(deps, actor(c), w, id, await readBody(c)))),
  )
  app.post(
    `${a}/:id/adjust-stock`,
    route({
      summary: 'Set the stock counted here',
      tags: ['Warehouses and stock'],
      body: QuantitySchema,
      responses: {
        200: { description: 'The stock now', schema: dataOf(z.looseObject({ actual: DecimalString })) },
      },
    }),
    (c) =>
      onArticle(c, async (w, id) => respond(c, await adjustStock(deps, actor(c), w, id, await readBody(c)))),
  )
}
