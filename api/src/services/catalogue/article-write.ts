import {
  ArticleBulkSchema,
  type ArticleInput,
  ArticleInputSchema,
  articlePrices,
  checkAffiliations,
  checkCanManageCatalogue,
  FeatureInputSchema,
} from '@procura/core/article'
import { type DomainError, type FieldIssue, formError, parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { listFilter, parseSearchQuery } from '@procura/core/list'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { filePolicyOf } from '@procura/core/settings'
import {
  checkCanChangeInternalFlag,
  checkReservation,
  fromStockUnits,
  StockInfoSchema,
  toStockUnits,
} from '@procura/core/stock'
import { imageIssues, imageTypeOf } from '@procura/core/validation'
import { and, count, eq, inArray, ne, sum } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import {
  articleAffiliations,
  articleFavorites,
  articleFeatures,
  articles,
  productFamilies,
  productFamilyTypes,
  productSubfamilies,
  stocks,
  supplierArticles,
  suppliers,
} from '../../db/schema'
import { fileStore } from '../documents/file-store'
import { storeFile } from '../documents/stored-file'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import type { UploadedFile } from '../users/signature'

export type CatalogueDeps = { db: Db; clock: Clock; storageDir: string }
type Refusal<T> = Promise<Result<T, DomainError>>
type ArticleRow = typeof articles.$inferSelect

export const findArticle = (db: DbOrTx, id: number) =>
  db.select().from(articles).where(eq(articles.id, id)).limit(1).then(first)

/** Whether another article already has this reference (spec: "Product already referenced"). */
export const referenceTaken = async (db: DbOrTx, reference: string, exceptId: number | null) =>
  (await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      exceptId === null
        ? eq(articles.reference, reference)
        : and(eq(articles.reference, reference), ne(articles.id, exceptId)),
    )
    .limit(1)
    .then(first)) !== undefined

/** The references the schema cannot check: classification, suppliers and affiliated articles exist. */
const checkReferences = async (db: DbOrTx, input: ArticleInput, id: number | null) => {
  const fields: Record<string, FieldIssue[]> = {}
  if (await referenceTaken(db, input.reference, id))
    fields.reference = [{ code: 'PRODUCT_ALREADY_REFERENCED' }]
  const exists = async (
    table: typeof productFamilyTypes | typeof productFamilies | typeof productSubfamilies,
    value: number | null,
  ) =>
    value === null ||
    (await db.select({ id: table.id }).from(table).where(eq(table.id, value)).limit(1).then(first)) !==
      undefined
  if (!(await exists(productFamilyTypes, input.product_family_type_id)))
    fields.product_family_type_id = [{ code: 'NOT_IN_LIST' }]
  if (!(await exists(productFamilies, input.product_family_id)))
    fields.product_family_id = [{ code: 'NOT_IN_LIST' }]
  if (!(await exists(productSubfamilies, input.product_subfamily_id)))
    fields.product_subfamily_id = [{ code: 'NOT_IN_LIST' }]
  const supplierIds = input.suppliers.map((s) => s.supplier_id)
  if (supplierIds.length > 0) {
    const found = await db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(inArray(suppliers.id, supplierIds))
    if (found.length !== supplierIds.length) fields.suppliers = [{ code: 'NOT_IN_LIST' }]
  }
  if (input.affiliated_ids.length > 0) {
    const found = await db
      .select({ id: articles.id })
      .from(articles)
      .where(inArray(articles.id, input.affiliated_ids))
    if (found.length !== new Set(input.affiliated_ids).size) fields.affiliated_ids = [{ code: 'NOT_IN_LIST' }]
  }
  if (!checkAffiliations(id, input.affiliated_ids).ok) fields.affiliated_ids = [{ code: 'INVALID_VALUE' }]
  return Object.keys(fields).length === 0 ? ok(undefined) : err(formError(fields))
}

/** Units in stock over every warehouse, and how many articles are affiliated to this one. */
const internalFlagState = async (db: DbOrTx, id: number) => {
  const [stock, affiliated] = await Promise.all([
    db
      .select({ total: sum(stocks.actual) })
      .from(stocks)
      .where(eq(stocks.article_id, id))
      .limit(1)
      .then(first),
    db
      .select({ n: count() })
      .from(articleAffiliations)
      .where(eq(articleAffiliations.article_id, id))
      .limit(1)
      .then(first),
  ])
  return { stock_quantity: String(stock?.total ?? 0), affiliated_count: affiliated?.n ?? 0 }
}

const columnsOf = (input: ArticleInput) => {
  const prices = articlePrices(input)
  const { features: _f, affiliated_ids: _a, suppliers: list, ...fields } = input
  const main = list.find((s) => s.main) ?? list[0]
  return {
    ...fields,
    ...prices,
    supplier_code: fields.supplier_code ?? main?.supplier_code ?? null,
  }
}

const COMPARED = [
  'reference',
  'label',
  'supplier_code',
  'unit_price_exctax',
  'unit_number_per_price',
  'quantity_step',
  'vat_rate',
  'vat_rate_2',
  'conditioning',
  'internal',
  'active',
] as const

/** The fields an update changes, named in the article's history. */
const changedFields = (before: ArticleRow, after: ReturnType<typeof columnsOf>) =>
  COMPARED.filter((key) => String(before[key] ?? '') !== String(after[key] ?? ''))

/**
 * POST articles and PUT articles/{id}: checked (schema, unique reference, classification,
 * suppliers, affiliations, the internal-flag rule), written with its features, suppliers and
 * affiliations in one transaction, traced with the fields changed.
 */
export const saveArticle = async (
  deps: CatalogueDeps,
  actor: OrderActor,
  id: number | null,
  input: unknown,
): Refusal<{ data: { id: number } }> => {
  const allowed = checkCanManageCatalogue(actor)
  if (!allowed.ok) return allowed
  const before = id === null ? undefined : await findArticle(deps.db, id)
  if (id !== null && before === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const parsed = parseWith(ArticleInputSchema, input)
  if (!parsed.ok) return parsed
  const references = await checkReferences(deps.db, parsed.value, id)
  if (!references.ok) return references
  if (before !== undefined && id !== null && before.internal !== parsed.value.internal) {
    const flag = checkCanChangeInternalFlag(await internalFlagState(deps.db, id))
    if (!flag.ok) return err(formError({ internal: [flag.error] }))
  }
  const columns = columnsOf(parsed.value)
  const now = deps.clock.now()
  const savedId = await deps.db.transaction(async (tx) => {
    let articleId = id ?? 0
    if (id === null) {
      const inserted = await tx
        .insert(articles)
        .values({ ...columns, created_at: now, updated_at: now })
        .returning({ id: articles.id })
      articleId = inserted[0]?.id ?? 0
    } else {
      await tx
        .update(articles)
        .set({ ...columns, updated_at: now })
        .where(eq(articles.id, id))
      await tx.delete(articleFeatures).where(eq(articleFeatures.article_id, id))
      await tx.delete(supplierArticles).where(eq(supplierArticles.article_id, id))
      await tx.delete(articleAffiliations).where(eq(articleAffiliations.article_id, id))
    }
    const { features, suppliers: offers, affiliated_ids } = parsed.value
    if (features.length > 0)
      await tx.insert(articleFeatures).values(features.map((f) => ({ ...f, article_id: articleId })))
    if (offers.length > 0)
      await tx.insert(supplierArticles).values(offers.map((s) => ({ ...s, article_id: articleId })))
    if (affiliated_ids.length > 0)
      await tx
        .insert(articleAffiliations)
        .values(
          [...new Set(affiliated_ids)].map((affiliated_id) => ({ article_id: articleId, affiliated_id })),
        )
    await writeTrace(tx, deps.clock, {
      action: id === null ? 'create' : 'update',
      message:
        before === undefined
          ? `Article ${columns.reference} created`
          : `Article ${columns.reference} updated: ${changedFields(before, columns).join(', ') || 'features, suppliers or affiliations'}`,
      model: 'article',
      model_id: articleId,
      user_id: actor.id,
    })
    return articleId
  })
  return ok({ data: { id: savedId } })
}

/** GET articles/check-reference/{reference}?article={id}: whether the reference is free. */
export const checkReference = async (
  db: Db,
  reference: string,
  query: Record<string, string | undefined>,
): Refusal<{ data: { available: true } }> => {
  const parsed = parseSearchQuery(query, { article: listFilter.id() })
  if (!parsed.ok) return parsed
  const articleId = parsed.value.filters.article ?? null
  if (reference.trim() === '') return err(formError({ reference: [{ code: 'FIELD_REQUIRED' }] }))
  return (await referenceTaken(db, reference.trim(), articleId))
    ? err(formError({ reference: [{ code: 'PRODUCT_ALREADY_REFERENCED' }] }))
    : ok({ data: { available: true } })
}

/** POST articles/{id}/add-feature */
export const addFeature = async (
  deps: CatalogueDeps,
  actor: OrderActor,
  id: number,
  input: unknown,
): Refusal<{ data: { id: number } }> => {
  const allowed = checkCanManageCatalogue(actor)
  if (!allowed.ok) return allowed
  const article = await findArticle(deps.db, id)
  if (article === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const parsed = parseWith(FeatureInputSchema, input)
  if (!parsed.ok) return parsed
  const featureId = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(articleFeatures)
      .values({ ...parsed.value, article_id: id })
      .returning({ id: articleFeatures.id })
    await writeTrace(tx, deps.clock, {
      action: 'add_feature',
      message: `Article ${article.reference}: feature ${parsed.value.label} = ${parsed.value.value}${parsed.value.unit ? ` ${parsed.value.unit}` : ''}`,
      model: 'article',
      model_id: id,
      user_id: actor.id,
    })
    return inserted[0]?.id ?? 0
  })
  return ok({ data: { id: featureId } })
}

/** POST articles/{id}/update-stock-info: minimum threshold, reserved quantity and location in this warehouse. */
export const updateStockInfo = async (
  deps: CatalogueDeps,
  actor: OrderActor,
  warehouseId: number,
  id: number,
  input: unknown,
): Refusal<{ data: { id: number } }> => {
  const allowed = checkCanManageCatalogue(actor)
  if (!allowed.ok) return allowed
  const stock = await deps.db
    .select()
    .from(stocks)
    .where(and(eq(stocks.article_id, id), eq(stocks.warehouse_id, warehouseId)))
    .limit(1)
    .then(first)
  if (stock === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const parsed = parseWith(StockInfoSchema, input)
  if (!parsed.ok) return parsed
  const minimum = toStockUnits(parsed.value.minimum)
  const reserved = toStockUnits(parsed.value.reserved)
  const fields: Record<string, FieldIssue[]> = {}
  if (minimum === null || minimum < 0)
    fields.minimum = [{ code: minimum === null ? 'NOT_A_NUMBER' : 'TOO_SMALL', params: { min: 0 } }]
  if (reserved === null) fields.reserved = [{ code: 'NOT_A_NUMBER' }]
  else {
    const reservation = checkReservation(fromStockUnits(reserved), fromStockUnits(stock.actual))
    if (!reservation.ok) fields.reserved = [reservation.error]
  }
  if (Object.keys(fields).length > 0 || minimum === null || reserved === null) return err(formError(fields))
  await deps.db.transaction(async (tx) => {
    await tx
      .update(stocks)
      .set({ minimum, reserved, location: parsed.value.location, updated_at: deps.clock.now() })
      .where(eq(stocks.id, stock.id))
    await writeTrace(tx, deps.clock, {
      action: 'update_stock_info',
      message: `Stock info: minimum ${parsed.value.minimum}, reserved ${parsed.value.reserved}`,
      model: 'article',
      model_id: id,
      user_id: actor.id,
    })
  })
  return ok({ data: { id } })
}

/** POST articles/{id}/upload-image: an image (extension, name, size, real image content); replaces the previous one. */
export const uploadImage = async (
  deps: CatalogueDeps,
  actor: OrderActor,
  id: number,
  file: UploadedFile | null,
  language: Language,
): Refusal<{ data: { id: number } }> => {
  const allowed = checkCanManageCatalogue(actor)
  if (!allowed.ok) return allowed
  const article = await findArticle(deps.db, id)
  if (article === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  if (file === null) return err(formError({ file: [{ code: 'FIELD_REQUIRED' }] }))
  const issues = imageIssues(file, filePolicyOf(await loadSettings(deps.db)), language)
  if (issues.length > 0) return err(formError({ file: issues }))
  const relative = await storeFile(
    fileStore(deps),
    'articles',
    imageTypeOf(file.bytes) ?? 'png',
    file.bytes,
    `${id}-`,
  )
  await deps.db.transaction(async (tx) => {
    await tx
      .update(articles)
      .set({ image_path: relative, updated_at: deps.clock.now() })
      .where(eq(articles.id, id))
    await writeTrace(tx, deps.clock, {
      action: 'upload_image',
      message: `Image of ${article.reference} uploaded`,
      model: 'article',
      model_id: id,
      user_id: actor.id,
    })
  })
  if (article.image_path !== null) await fileStore(deps).remove(article.image_path)
  return ok({ data: { id } })
}

/** DELETE articles/{id}/delete-image */
export const deleteImage = async (
  deps: CatalogueDeps,
  actor: OrderActor,
  id: number,
): Refusal<{ data: { id: number } }> => {
  const allowed = checkCanManageCatalogue(actor)
  if (!allowed.ok) return allowed
  const article = await findArticle(deps.db, id)
  if (article === undefined || article.image_path === null) return err({ code: 'ITEM_NOT_FOUND' })
  await deps.db.transaction(async (tx) => {
    await tx
      .update(articles)
      .set({ image_path: null, updated_at: deps.clock.now() })
      .where(eq(articles.id, id))
    await writeTrace(tx, deps.clock, {
      action: 'delete_image',
      message: `Image of ${article.reference} removed`,
      model: 'article',
      model_id: id,
      user_id: actor.id,
    })
  })
  await fileStore(deps).remove(article.image_path)
  return ok({ data: { id } })
}

/** POST articles/do-bulk-action: (de)activate (catalogue keepers) or (un)favour several articles; all or none. */
export const articleBulkAction = async (
  deps: CatalogueDeps,
  actor: OrderActor,
  input: unknown,
): Refusal<{ data: { done: number[]; failed: never[] } }> => {
  const parsed = parseWith(ArticleBulkSchema, input)
  if (!parsed.ok) return parsed
  const { action } = parsed.value
  const ids = [...new Set(parsed.value.ids)]
  if (action === 'activate' || action === 'deactivate') {
    const allowed = checkCanManageCatalogue(actor)
    if (!allowed.ok) return allowed
  }
  const found = await deps.db.select({ id: articles.id }).from(articles).where(inArray(articles.id, ids))
  if (found.length !== ids.length) return err({ code: 'ITEM_NOT_FOUND' })
  await deps.db.transaction(async (tx) => {
    if (action === 'activate' || action === 'deactivate') {
      await tx
        .update(articles)
        .set({ active: action === 'activate', updated_at: deps.clock.now() })
        .where(inArray(articles.id, ids))
      await writeTrace(tx, deps.clock, {
        action,
        message: `Articles ${ids.join(', ')}: ${action}`,
        model: 'article',
        user_id: actor.id,
      })
    } else if (action === 'favorite') {
      await tx
        .insert(articleFavorites)
        .values(ids.map((article_id) => ({ user_id: actor.id, article_id })))
        .onConflictDoNothing()
    } else {
      await tx
        .delete(articleFavorites)
        .where(and(eq(articleFavorites.user_id, actor.id), inArray(articleFavorites.article_id, ids)))
    }
  })
  // The same answer as the documents' bulk actions; this one is all or none, so nothing fails alone.
  return ok({ data: { done: ids, failed: [] } })
}
