import { rowsOf } from '@procura/core/answer'
import {
  ARTICLE_LIST,
  ArticleBulkSchema,
  ArticleDetailAnswerSchema,
  ArticleFormDataAnswerSchema,
  ArticleHistoryAnswerSchema,
  ArticleInputSchema,
  ArticleRowAnswerSchema,
  FeatureInputSchema,
  StockedArticleAnswerSchema,
} from '@procura/core/article'
import { isoDateIn } from '@procura/core/calendar'
import { ImportAnswerSchema } from '@procura/core/import'
import { err, ok } from '@procura/core/result'
import { StockInfoSchema } from '@procura/core/stock'
import { IMAGE_TYPES, imageTypeOf } from '@procura/core/validation'
import type { Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import {
  BulkOutcome,
  binary,
  Classification,
  ContextualMenu,
  Created,
  dataOf,
  ListIndex,
  Ok,
  SearchQuery,
} from '../http/schemas'
import { csvUpload, formOf, uploadedFile } from '../http/upload'
import { exportArticles, importArticles } from '../services/catalogue/article-csv'
import {
  articleFormData,
  featureOptions,
  helpItems,
  searchClassification,
  searchField,
  searchStockArticles,
} from '../services/catalogue/article-form'
import {
  ARTICLE_FILTERS,
  ARTICLE_SORTS,
  articleFilterOptions,
  articlesIndex,
  listArticles,
} from '../services/catalogue/article-list'
import {
  articleContextualMenu,
  articleHistory,
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
import { stockSuppliers } from '../services/catalogue/stock-forms'
import { listWarehouse, requireWarehouse } from '../services/catalogue/warehouses'
import { fileStore } from '../services/documents/file-store'
import { loadSettings } from '../services/settings'
import { readBody } from './auth'
import { addListRoutes } from './list-routes'
import { ARTICLES, type WarehouseScope } from './warehouse-scope'

/** The catalogue seen from a warehouse (shell spec §7 "Warehouse articles"): its list, search, import and export, each article's page, features and image. */
export const addArticleRoutes = (app: Hono<AppEnv>, deps: AppDeps, scope: WarehouseScope) => {
  const { db } = deps
  const { actor, inWarehouse, onArticle } = scope
  const a = ARTICLES
  /** The warehouse the path names (any, for its index and filters), or the refusal. */
  const named = async (c: Context<AppEnv>) => {
    const id = idParam(c, 'warehouse')
    return id === null ? err({ code: 'NOT_FOUND' as const }) : requireWarehouse(db, id)
  }
  /** The warehouse a page is served for: the one asked while active, else the first active one. */
  const served = async (c: Context<AppEnv>) => {
    const id = idParam(c, 'warehouse')
    return id === null ? err({ code: 'NOT_FOUND' as const }) : listWarehouse(db, id)
  }
  addListRoutes(app, a, {
    list: ARTICLE_LIST,
    row: ArticleRowAnswerSchema,
    tag: 'Catalogue',
    sorts: ARTICLE_SORTS,
    queryFilters: ARTICLE_FILTERS,
    index: async (c) => {
      const warehouse = await named(c)
      return warehouse.ok ? ok(articlesIndex(actor(c), warehouse.value, c.get('language'))) : warehouse
    },
    read: (c, options) => async (query) => {
      const warehouse = await served(c)
      if (!warehouse.ok) return warehouse
      // The export reads the rows alone; a page prices them with the agreements in force today.
      const today = options.count
        ? isoDateIn(deps.clock.now(), (await loadSettings(db)).formats.time_zone)
        : undefined
      return listArticles(db, actor(c), warehouse.value, query, c.get('language'), today)
    },
    options: async (c, field, search) => {
      const warehouse = await named(c)
      return warehouse.ok ? ok(await articleFilterOptions(db, field, search, c.get('language'))) : warehouse
    },
  })
  app.get(
    `${a}/refresh-index`,
    route({
      summary: 'The catalogue index, recomputed',
      tags: ['Catalogue'],
      responses: { 200: { description: 'List index', schema: ListIndex } },
    }),
    (c) =>
      inWarehouse(c, async (_w, warehouse) =>
        c.json({
          ...articlesIndex(actor(c), warehouse, c.get('language')),
          refreshed_at: deps.clock.now().toISOString(),
        }),
      ),
  )
  app.get(
    `${a}/create`,
    route({
      summary: 'What the article form offers',
      tags: ['Catalogue'],
      responses: { 200: { description: 'Form data', schema: ArticleFormDataAnswerSchema } },
    }),
    (c) => inWarehouse(c, async () => c.json(await articleFormData(db))),
  )
  app.get(
    `${a}/get-articles-stock`,
    route({
      summary: 'Stocked articles matching a text',
      tags: ['Catalogue'],
      query: SearchQuery,
      responses: {
        200: { description: 'Matches', schema: rowsOf(StockedArticleAnswerSchema) },
      },
    }),
    (c) =>
      inWarehouse(c, async (w) =>
        c.json({ data: await searchStockArticles(db, w, c.req.query('search') ?? '') }),
      ),
  )
  app.get(
    `${a}/get-features-options`,
    route({
      summary: 'Feature labels and units in use',
      tags: ['Catalogue'],
      responses: { 200: { description: 'Options', schema: dataOf(z.unknown()) } },
    }),
    (c) => inWarehouse(c, async () => c.json({ data: await featureOptions(db) })),
  )
  app.get(
    `${a}/get-product-family-types-searched`,
    route({
      summary: 'Product family types matching a text',
      tags: ['Catalogue'],
      query: SearchQuery,
      responses: { 200: { description: 'Matches', schema: dataOf(z.array(Classification)) } },
    }),
    (c) => inWarehouse(c, async () => respond(c, await searchClassification(db, 'types', c.req.query()))),
  )
  app.get(
    `${a}/get-product-families-searched`,
    route({
      summary: 'Product families matching a text (of a type)',
      tags: ['Catalogue'],
      query: SearchQuery.extend({ product_family_type: z.string().optional() }),
      responses: { 200: { description: 'Matches', schema: dataOf(z.array(Classification)) } },
    }),
    (c) => inWarehouse(c, async () => respond(c, await searchClassification(db, 'families', c.req.query()))),
  )
  app.get(
    `${a}/get-product-subfamilies-searched`,
    route({
      summary: 'Product subfamilies matching a text (of a family)',
      tags: ['Catalogue'],
      query: SearchQuery.extend({ product_family: z.string().optional() }),
      responses: { 200: { description: 'Matches', schema: dataOf(z.array(Classification)) } },
    }),
    (c) =>
      inWarehouse(c, async () => respond(c, await searchClassification(db, 'subfamilies', c.req.query()))),
  )
  app.get(
    `${a}/get-help-items`,
    route({
      summary: 'Help texts of the article form',
      tags: ['Catalogue'],
      responses: { 200: { description: 'Help items', schema: dataOf(z.unknown()) } },
    }),
    (c) => inWarehouse(c, async () => c.json({ data: helpItems(c.get('language')) })),
  )
  const referenceCheck = (c: Context<AppEnv>) =>
    inWarehouse(c, async () => {
      return respond(c, await checkReference(db, c.req.param('reference') ?? '', c.req.query()))
    })
  app.get(
    `${a}/check-reference/:reference`,
    route({
      summary: 'Whether a reference is free (422 when taken or empty)',
      tags: ['Catalogue'],
      query: z.object({ article: z.string().optional() }),
      responses: { 200: { description: 'Free', schema: dataOf(z.object({ available: z.literal(true) })) } },
    }),
    referenceCheck,
  )
  // An empty reference reaches these two: the check answers 422.
  app.get(
    `${a}/check-reference`,
    route({
      summary: 'An empty reference: always 422',
      tags: ['Catalogue'],
      responses: { 200: { description: 'Never', schema: Ok } },
    }),
    referenceCheck,
  )
  app.get(
    `${a}/check-reference/`,
    route({
      summary: 'An empty reference: always 422',
      tags: ['Catalogue'],
      responses: { 200: { description: 'Never', schema: Ok } },
    }),
    referenceCheck,
  )
  app.post(
    `${a}/search-field`,
    route({
      summary: 'Values of one article field matching a text',
      tags: ['Catalogue'],
      body: z.object({ field: z.string(), search: z.string() }),
      responses: { 200: { description: 'Matches', schema: dataOf(z.unknown()) } },
    }),
    (c) => inWarehouse(c, async () => respond(c, await searchField(db, await readBody(c)))),
  )
  app.post(
    `${a}/do-bulk-action`,
    route({
      summary: 'Apply one action to several articles, each on its own',
      tags: ['Catalogue'],
      body: ArticleBulkSchema,
      responses: { 200: { description: 'Each article done or refused', schema: BulkOutcome } },
    }),
    (c) => inWarehouse(c, async () => respond(c, await articleBulkAction(deps, actor(c), await readBody(c)))),
  )
  app.post(
    `${a}/export-headers`,
    route({
      summary: 'Download the catalogue as articles.csv',
      tags: ['Catalogue'],
      responses: { 200: binary('text/csv', 'articles.csv') },
    }),
    (c) =>
      inWarehouse(c, async () =>
        c.body(await exportArticles(db), 200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="articles.csv"',
        }),
      ),
  )
  app.post(
    `${a}/import`,
    route({
      summary:
        'Import articles from a CSV file (multipart file, or a text/csv body); all or nothing; ?dry_run=1 checks only',
      tags: ['Catalogue'],
      body: 'multipart',
      responses: { 200: { description: 'Summary and errors per line', schema: ImportAnswerSchema } },
    }),
    (c) =>
      inWarehouse(c, async () => {
        return respond(
          c,
          await importArticles(deps, actor(c), csvUpload(c, { csvOnly: true }), c.get('language'), {
            dryRun: c.req.query('dry_run') === '1',
          }),
        )
      }),
  )
  app.post(
    a,
    route({
      summary: 'Create an article',
      tags: ['Catalogue'],
      body: ArticleInputSchema,
      responses: { 201: { description: 'Created', schema: Created } },
    }),
    (c) =>
      inWarehouse(c, async () => respond(c, await saveArticle(deps, actor(c), null, await readBody(c)), 201)),
  )
  app.put(
    `${a}/:id`,
    route({
      summary: 'Edit an article',
      tags: ['Catalogue'],
      body: ArticleInputSchema,
      responses: { 200: { description: 'Saved', schema: Created } },
    }),
    (c) =>
      onArticle(c, async (_w, id) => respond(c, await saveArticle(deps, actor(c), id, await readBody(c)))),
  )
  app.get(
    `${a}/:id/contextual-menu`,
    route({
      summary: 'The actions this user may apply to this article',
      tags: ['Catalogue'],
      responses: { 200: { description: 'Row actions', schema: ContextualMenu } },
    }),
    (c) =>
      onArticle(c, async (w, id) =>
        respond(c, await articleContextualMenu(db, actor(c), w, id, c.get('language'))),
      ),
  )
  app.get(
    `${a}/:id/show`,
    route({
      summary: 'An article with its stock here, suppliers and features',
      tags: ['Catalogue'],
      responses: {
        200: {
          description: 'The article',
          schema: dataOf(ArticleDetailAnswerSchema),
        },
      },
    }),
    (c) =>
      onArticle(c, async (w, id) =>
        respond(
          c,
          await showArticle(
            db,
            actor(c),
            w,
            id,
            c.get('language'),
            isoDateIn(deps.clock.now(), (await loadSettings(db)).formats.time_zone),
          ),
        ),
      ),
  )
  app.get(
    `${a}/:id/get-supplier-articles`,
    route({
      summary: 'The suppliers of an article with their codes and prices',
      tags: ['Catalogue'],
      responses: { 200: { description: 'Offers', schema: dataOf(z.array(z.looseObject({}))) } },
    }),
    (c) =>
      onArticle(c, async (_w, id) =>
        (await findArticle(db, id)) === undefined
          ? refuse(c, { code: 'ITEM_NOT_FOUND' })
          : c.json({ data: await supplierArticlesOf(db, id) }),
      ),
  )
  app.get(
    `${a}/:id/get-article-history`,
    route({
      summary: 'An article’s history (changes and stock movements)',
      tags: ['Catalogue'],
      responses: { 200: { description: 'History', schema: ArticleHistoryAnswerSchema } },
    }),
    (c) => onArticle(c, async (_w, id) => respond(c, await articleHistory(db, id))),
  )
  app.get(
    `${a}/:id/get-stock-suppliers`,
    route({
      summary: 'The suppliers stock of an article came from',
      tags: ['Catalogue'],
      responses: { 200: { description: 'Suppliers', schema: dataOf(z.array(z.looseObject({}))) } },
    }),
    (c) => onArticle(c, async (_w, id) => respond(c, await stockSuppliers(db, id))),
  )
  app.get(
    `${a}/:id/image`,
    route({
      summary: 'An article’s image',
      tags: ['Catalogue'],
      responses: { 200: binary('image/png', 'The image') },
    }),
    (c) =>
      onArticle(c, async (_w, id) => {
        const article = await findArticle(db, id)
        if (article?.image_path === null || article === undefined)
          return refuse(c, { code: 'ITEM_NOT_FOUND' })
        const bytes = await fileStore(deps).read(article.image_path)
        const type = imageTypeOf(bytes)
        return c.body(bytes, 200, {
          'content-type': type === null ? 'application/octet-stream' : IMAGE_TYPES[type],
        })
      }),
  )
  app.post(
    `${a}/:id/add-feature`,
    route({
      summary: 'Add a feature to an article',
      tags: ['Catalogue'],
      body: FeatureInputSchema,
      responses: { 201: { description: 'Created', schema: Created } },
    }),
    (c) =>
      onArticle(c, async (_w, id) =>
        respond(c, await addFeature(deps, actor(c), id, await readBody(c)), 201),
      ),
  )
  app.post(
    `${a}/:id/update-stock-info`,
    route({
      summary: 'Set the minimum and reserved stock here',
      tags: ['Catalogue'],
      body: StockInfoSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    (c) =>
      onArticle(c, async (w, id) =>
        respond(c, await updateStockInfo(deps, actor(c), w, id, await readBody(c))),
      ),
  )
  app.post(
    `${a}/:id/upload-image`,
    route({
      summary: 'Upload an article’s image (multipart: file)',
      tags: ['Catalogue'],
      body: 'multipart',
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    (c) =>
      onArticle(c, async (_w, id) =>
        respond(
          c,
          await uploadImage(
            deps,
            actor(c),
            id,
            await uploadedFile(await formOf(c), 'file'),
            c.get('language'),
          ),
        ),
      ),
  )
  app.delete(
    `${a}/:id/delete-image`,
    route({
      summary: 'Remove an article’s image',
      tags: ['Catalogue'],
      responses: { 200: { description: 'Removed', schema: Ok } },
    }),
    (c) => onArticle(c, async (_w, id) => respond(c, await deleteImage(deps, actor(c), id))),
  )
}
