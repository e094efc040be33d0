import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { formError } from '@procura/core/errors'
import { listFilter, parseSearchQuery } from '@procura/core/list'
import { extensionOf, IMAGE_TYPES, imageTypeOf } from '@procura/core/validation'
import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { linkBaseOf } from '../http/link-base'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { sessionOf } from '../http/session-of'
import { csvStreamOf, formOf, uploadedFile } from '../http/upload'
import { orderActorOf } from '../services/auth/session'
import { exportArticles, importArticles } from '../services/catalogue/article-csv'
import {
  articleContextualMenu,
  articleFilterOptions,
  articleFormData,
  articleHistory,
  articlesIndex,
  featureOptions,
  helpItems,
  listArticles,
  searchClassification,
  searchField,
  searchStockArticles,
  showArticle,
  supplierArticlesOf,
} from '../services/catalogue/article-read'
import {
  addFeature,
  articleBulkAction,
  checkReference,
  deleteImage,
  findArticle,
  saveArticle,
  updateStockInfo,
  uploadImage,
} from '../services/catalogue/article-write'
import {
  addToCart,
  changeCartQuantity,
  changeCartSupplier,
  createOrdersFromCart,
  deleteCartArticle,
  emptyCart,
  getCart,
} from '../services/catalogue/cart'
import {
  addInWarehouse,
  adjustStock,
  editOrderTransfer,
  stockIn,
  stockInData,
  stockOut,
  stockSuppliers,
  transferData,
  transferStock,
} from '../services/catalogue/stock'
import {
  getWarehouse,
  listWarehouse,
  listWarehouses,
  requireWarehouse,
  type WarehouseRow,
} from '../services/catalogue/warehouses'
import { readBody } from './auth'

/** The warehouse article catalogue, stock and cart (shell spec §7 "Warehouse articles", "Cart calls"). */
export const warehousesRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const { db } = deps
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  const withLink = (c: Context<AppEnv>) => ({ ...deps, linkBase: linkBaseOf(c, deps.basePath) })
  /** The warehouse of the path (404 when unknown), then the work. */
  const inWarehouse = async (
    c: Context<AppEnv>,
    work: (warehouseId: number, warehouse: WarehouseRow) => Promise<Response>,
  ) => {
    const id = idParam(c, 'warehouse')
    if (id === null) return refuse(c, { code: 'NOT_FOUND' })
    const warehouse = await requireWarehouse(db, id)
    return warehouse.ok ? work(id, warehouse.value) : refuse(c, warehouse.error)
  }
  /** The warehouse and the article of the path. */
  const onArticle = (
    c: Context<AppEnv>,
    work: (warehouseId: number, articleId: number) => Promise<Response>,
  ) =>
    inWarehouse(c, async (warehouseId) => {
      const articleId = idParam(c)
      return articleId === null ? refuse(c, { code: 'NOT_FOUND' }) : work(warehouseId, articleId)
    })

  app.get('/', async (c) => c.json({ data: await listWarehouses(db) }))
  app.get('/transfer', async (c) => {
    const query = parseSearchQuery(c.req.query(), { purchase_order: listFilter.id() })
    if (!query.ok) return refuse(c, query.error)
    return respond(c, await transferData(db, query.value.filters.purchase_order ?? null))
  })
  app.post('/transfer', async (c) => respond(c, await transferStock(deps, actor(c), await readBody(c)), 201))
  app.put('/transfer/:purchase_order', async (c) => {
    const id = idParam(c, 'purchase_order')
    return id === null
      ? refuse(c, { code: 'NOT_FOUND' })
      : respond(c, await editOrderTransfer(deps, actor(c), id, await readBody(c)))
  })

  app.get('/:warehouse/get-warehouse', (c) =>
    inWarehouse(c, async (w) => respond(c, await getWarehouse(db, w))),
  )
  app.get('/:warehouse/stock-in', (c) => inWarehouse(c, async (w) => respond(c, await stockInData(db, w))))
  app.post('/:warehouse/stock-in', (c) =>
    inWarehouse(c, async (w) => respond(c, await stockIn(deps, actor(c), w, await readBody(c)), 201)),
  )
  app.get('/:warehouse/stock-in/:id/get-suppliers', (c) =>
    onArticle(c, async (_w, id) => respond(c, await stockSuppliers(db, id))),
  )

  const a = '/:warehouse/articles'
  app.get(`${a}/index`, (c) =>
    inWarehouse(c, async (_w, warehouse) => c.json(articlesIndex(actor(c), warehouse, c.get('language')))),
  )
  app.get(`${a}/refresh-index`, (c) =>
    inWarehouse(c, async (_w, warehouse) =>
      c.json({
        ...articlesIndex(actor(c), warehouse, c.get('language')),
        refreshed_at: deps.clock.now().toISOString(),
      }),
    ),
  )
  app.get(`${a}/create`, (c) => inWarehouse(c, async () => c.json(await articleFormData(db))))
  app.get(`${a}/filter-list/:field`, (c) =>
    inWarehouse(c, async () => {
      const options = await articleFilterOptions(
        db,
        c.req.param('field'),
        c.req.query('search') ?? '',
        c.get('language'),
      )
      return options === null ? refuse(c, { code: 'NOT_FOUND' }) : c.json({ data: options })
    }),
  )
  app.get(`${a}/get-articles-stock`, (c) =>
    inWarehouse(c, async (w) =>
      c.json({ data: await searchStockArticles(db, w, c.req.query('search') ?? '') }),
    ),
  )
  app.get(`${a}/get-features-options`, (c) =>
    inWarehouse(c, async () => c.json({ data: await featureOptions(db) })),
  )
  app.get(`${a}/get-product-family-types-searched`, (c) =>
    inWarehouse(c, async () => respond(c, await searchClassification(db, 'types', c.req.query()))),
  )
  app.get(`${a}/get-product-families-searched`, (c) =>
    inWarehouse(c, async () => respond(c, await searchClassification(db, 'families', c.req.query()))),
  )
  app.get(`${a}/get-product-subfamilies-searched`, (c) =>
    inWarehouse(c, async () => respond(c, await searchClassification(db, 'subfamilies', c.req.query()))),
  )
  app.get(`${a}/get-help-items`, (c) =>
    inWarehouse(c, async () => c.json({ data: helpItems(c.get('language')) })),
  )
  const referenceCheck = (c: Context<AppEnv>) =>
    inWarehouse(c, async () => {
      return respond(c, await checkReference(db, c.req.param('reference') ?? '', c.req.query()))
    })
  app.get(`${a}/check-reference/:reference`, referenceCheck)
  // An empty reference reaches these two: the check answers 422.
  app.get(`${a}/check-reference`, referenceCheck)
  app.get(`${a}/check-reference/`, referenceCheck)
  app.get(`${a}/get-cart`, (c) => inWarehouse(c, async (w) => respond(c, await getCart(db, actor(c), w))))
  app.post(`${a}/search-field`, (c) =>
    inWarehouse(c, async () => respond(c, await searchField(db, await readBody(c)))),
  )
  app.post(`${a}/do-bulk-action`, (c) =>
    inWarehouse(c, async () => respond(c, await articleBulkAction(deps, actor(c), await readBody(c)))),
  )
  app.post(`${a}/export-headers`, (c) =>
    inWarehouse(c, async () =>
      c.body(await exportArticles(db), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="articles.csv"',
      }),
    ),
  )
  app.post(`${a}/import`, (c) =>
    inWarehouse(c, async () => {
      const upload = await csvStreamOf(c)
      if (upload === null) return refuse(c, formError({ file: [{ code: 'FIELD_REQUIRED' }] }))
      if (extensionOf(upload.name) !== 'csv') {
        upload.stream.resume()
        return refuse(c, formError({ file: [{ code: 'FILE_BAD_EXTENSION', params: { allowed: 'csv' } }] }))
      }
      return respond(c, await importArticles(deps, actor(c), upload.stream, c.get('language')))
    }),
  )
  app.post(`${a}/create-purchase-order`, (c) =>
    inWarehouse(c, async (w) =>
      respond(
        c,
        await createOrdersFromCart(withLink(c), actor(c), w, c.req.query('mode'), c.get('language')),
        201,
      ),
    ),
  )
  app.post(`${a}/empty-cart`, (c) =>
    inWarehouse(c, async (w) => respond(c, await emptyCart(deps, actor(c), w))),
  )

  app.get(a, async (c) => {
    const id = idParam(c, 'warehouse')
    if (id === null) return refuse(c, { code: 'NOT_FOUND' })
    const warehouse = await listWarehouse(db, id)
    if (!warehouse.ok) return refuse(c, warehouse.error)
    return respond(c, await listArticles(db, actor(c), warehouse.value, c.req.query(), c.get('language')))
  })
  app.post(a, (c) =>
    inWarehouse(c, async () => respond(c, await saveArticle(deps, actor(c), null, await readBody(c)), 201)),
  )
  app.put(`${a}/:id`, (c) =>
    onArticle(c, async (_w, id) => respond(c, await saveArticle(deps, actor(c), id, await readBody(c)))),
  )
  app.get(`${a}/:id/contextual-menu`, (c) =>
    onArticle(c, async (w, id) =>
      respond(c, await articleContextualMenu(db, actor(c), w, id, c.get('language'))),
    ),
  )
  app.get(`${a}/:id/show`, (c) =>
    onArticle(c, async (w, id) => respond(c, await showArticle(db, actor(c), w, id, c.get('language')))),
  )
  app.get(`${a}/:id/get-supplier-articles`, (c) =>
    onArticle(c, async (_w, id) =>
      (await findArticle(db, id)) === undefined
        ? refuse(c, { code: 'ITEM_NOT_FOUND' })
        : c.json({ data: await supplierArticlesOf(db, id) }),
    ),
  )
  app.get(`${a}/:id/get-article-history`, (c) =>
    onArticle(c, async (_w, id) => respond(c, await articleHistory(db, id))),
  )
  app.get(`${a}/:id/get-stock-suppliers`, (c) =>
    onArticle(c, async (_w, id) => respond(c, await stockSuppliers(db, id))),
  )
  app.get(`${a}/:id/image`, (c) =>
    onArticle(c, async (_w, id) => {
      const article = await findArticle(db, id)
      if (article?.image_path === null || article === undefined) return refuse(c, { code: 'ITEM_NOT_FOUND' })
      const bytes = new Uint8Array(await readFile(join(deps.storageDir, article.image_path)))
      const type = imageTypeOf(bytes)
      return c.body(bytes, 200, {
        'content-type': type === null ? 'application/octet-stream' : IMAGE_TYPES[type],
      })
    }),
  )
  app.post(`${a}/:id/add-feature`, (c) =>
    onArticle(c, async (_w, id) => respond(c, await addFeature(deps, actor(c), id, await readBody(c)), 201)),
  )
  app.post(`${a}/:id/update-stock-info`, (c) =>
    onArticle(c, async (w, id) =>
      respond(c, await updateStockInfo(deps, actor(c), w, id, await readBody(c))),
    ),
  )
  app.post(`${a}/:id/upload-image`, (c) =>
    onArticle(c, async (_w, id) =>
      respond(
        c,
        await uploadImage(deps, actor(c), id, await uploadedFile(await formOf(c), 'file'), c.get('language')),
      ),
    ),
  )
  app.delete(`${a}/:id/delete-image`, (c) =>
    onArticle(c, async (_w, id) => respond(c, await deleteImage(deps, actor(c), id))),
  )
  app.post(`${a}/:id/add-in-warehouse`, (c) =>
    onArticle(c, async (w, id) => respond(c, await addInWarehouse(deps, actor(c), w, id), 201)),
  )
  app.post(`${a}/:id/stock-out`, (c) =>
    onArticle(c, async (w, id) => respond(c, await stockOut(deps, actor(c), w, id, await readBody(c)))),
  )
  app.post(`${a}/:id/adjust-stock`, (c) =>
    onArticle(c, async (w, id) => respond(c, await adjustStock(deps, actor(c), w, id, await readBody(c)))),
  )
  app.post(`${a}/:id/add-to-cart`, (c) =>
    onArticle(c, async (w, id) => respond(c, await addToCart(deps, actor(c), w, id, await readBody(c)))),
  )
  app.post(`${a}/:id/change-quantity-cart`, (c) =>
    onArticle(c, async (w, id) =>
      respond(c, await changeCartQuantity(deps, actor(c), w, id, await readBody(c))),
    ),
  )
  app.post(`${a}/:id/change-supplier-cart`, (c) =>
    onArticle(c, async (w, id) =>
      respond(c, await changeCartSupplier(deps, actor(c), w, id, await readBody(c))),
    ),
  )
  app.post(`${a}/:id/delete-cart-article`, (c) =>
    onArticle(c, async (w, id) => respond(c, await deleteCartArticle(deps, actor(c), w, id))),
  )
  return app
}
