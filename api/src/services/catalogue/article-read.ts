import { articleRowActions } from '@procura/core/article'
import { type Language, type ReferenceKind, referenceLabel } from '@procura/core/i18n'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { fromStockUnits } from '@procura/core/stock'
import { and, asc, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db'
import { first } from '../../db/first'
import {
  articleAffiliations,
  articleFavorites,
  articleFeatures,
  articles,
  deliveries,
  productFamilies,
  productFamilyTypes,
  productSubfamilies,
  stockMovements,
  stocks,
  supplierArticles,
  suppliers,
  traces,
  users,
  warehouses,
} from '../../db/schema'
import { catalogueAgreementPrices } from '../sourcing/draws'
import { actionLabel, type Refusal, stockView } from './article-list'

export const loadArticle = (db: Db, id: number) =>
  db.select().from(articles).where(eq(articles.id, id)).limit(1).then(first)

/** GET articles/{id}/contextual-menu */
export const articleContextualMenu = async (
  db: Db,
  actor: OrderActor,
  warehouseId: number,
  id: number,
  language: Language,
): Refusal<unknown> => {
  const article = await loadArticle(db, id)
  if (article === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const [stock, offer, fav] = await Promise.all([
    db
      .select({ id: stocks.id })
      .from(stocks)
      .where(and(eq(stocks.article_id, id), eq(stocks.warehouse_id, warehouseId)))
      .limit(1)
      .then(first),
    db
      .select({ id: supplierArticles.id })
      .from(supplierArticles)
      .where(eq(supplierArticles.article_id, id))
      .limit(1)
      .then(first),
    db
      .select({ id: articleFavorites.article_id })
      .from(articleFavorites)
      .where(and(eq(articleFavorites.article_id, id), eq(articleFavorites.user_id, actor.id)))
      .limit(1)
      .then(first),
  ])
  return ok({
    actions: articleRowActions(actor, {
      active: article.active,
      has_stock_here: stock !== undefined,
      has_supplier: offer !== undefined,
      favorite: fav !== undefined,
      has_image: article.image_path !== null,
    }).map((a) => actionLabel(a, language)),
  })
}

/** GET articles/{id}/get-supplier-articles: the suppliers offering the article, main first, with their prices. */
export const supplierArticlesOf = (db: Db, id: number) =>
  db
    .select({
      id: supplierArticles.id,
      supplier_id: suppliers.id,
      supplier: suppliers.company_name,
      supplier_status: suppliers.status,
      currency_code: suppliers.currency_code,
      supplier_code: supplierArticles.supplier_code,
      unit_price_exctax: supplierArticles.unit_price_exctax,
      main: supplierArticles.main,
    })
    .from(supplierArticles)
    .innerJoin(suppliers, eq(supplierArticles.supplier_id, suppliers.id))
    .where(eq(supplierArticles.article_id, id))
    .orderBy(desc(supplierArticles.main), asc(suppliers.company_name))

/** GET articles/{id}/show: everything about the article, and its stock in this warehouse and the others. */
export const showArticle = async (
  db: Db,
  actor: OrderActor,
  warehouseId: number,
  id: number,
  language: Language,
  /** Today in the instance's time zone: the framework agreement in force on it is shown. */
  today?: string,
): Refusal<{ data: unknown }> => {
  const article = await loadArticle(db, id)
  if (article === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const agreed = today === undefined ? new Map() : await catalogueAgreementPrices(db, [id], today)
  const [features, offers, affiliated, stockRows, classification, fav, menu] = await Promise.all([
    db.select().from(articleFeatures).where(eq(articleFeatures.article_id, id)),
    supplierArticlesOf(db, id),
    db
      .select({ id: articles.id, reference: articles.reference, label: articles.label })
      .from(articleAffiliations)
      .innerJoin(articles, eq(articleAffiliations.affiliated_id, articles.id))
      .where(eq(articleAffiliations.article_id, id)),
    db
      .select({
        warehouse_id: warehouses.id,
        warehouse: warehouses.label,
        warehouse_code: warehouses.code,
        actual: stocks.actual,
        reserved: stocks.reserved,
        minimum: stocks.minimum,
        location: stocks.location,
      })
      .from(stocks)
      .innerJoin(warehouses, eq(stocks.warehouse_id, warehouses.id))
      .where(eq(stocks.article_id, id)),
    db
      .select({
        type: productFamilyTypes.label,
        type_code: productFamilyTypes.code,
        family: productFamilies.label,
        family_code: productFamilies.code,
        subfamily: productSubfamilies.label,
        subfamily_code: productSubfamilies.code,
      })
      .from(articles)
      .leftJoin(productFamilyTypes, eq(articles.product_family_type_id, productFamilyTypes.id))
      .leftJoin(productFamilies, eq(articles.product_family_id, productFamilies.id))
      .leftJoin(productSubfamilies, eq(articles.product_subfamily_id, productSubfamilies.id))
      .where(eq(articles.id, id))
      .limit(1)
      .then(first),
    db
      .select({ id: articleFavorites.article_id })
      .from(articleFavorites)
      .where(and(eq(articleFavorites.article_id, id), eq(articleFavorites.user_id, actor.id)))
      .limit(1)
      .then(first),
    articleContextualMenu(db, actor, warehouseId, id, language),
  ])
  const here = stockRows.find((s) => s.warehouse_id === warehouseId)
  const nameOf = (kind: ReferenceKind, code: string | null | undefined, label: string | null | undefined) =>
    label === null || label === undefined ? null : referenceLabel(kind, code, label, language)
  return ok({
    data: {
      ...article,
      image: article.image_path !== null,
      image_path: undefined,
      warehouse_id: warehouseId,
      product_family_type: nameOf('family_type', classification?.type_code, classification?.type),
      product_family: nameOf('family', classification?.family_code, classification?.family),
      product_subfamily: nameOf('subfamily', classification?.subfamily_code, classification?.subfamily),
      features,
      suppliers: offers,
      affiliated,
      favorite: fav !== undefined,
      agreement: agreed.get(id) ?? null,
      stock: here === undefined ? null : { ...stockView(here), location: here.location },
      stocks: stockRows.map((s) => ({
        warehouse_id: s.warehouse_id,
        warehouse: referenceLabel('warehouse', s.warehouse_code, s.warehouse, language),
        ...stockView(s),
      })),
      actions: menu.ok ? (menu.value as { actions: unknown[] }).actions : [],
    },
  })
}

/** GET articles/{id}/get-article-history: its traces and its stock movements, newest first. */
export const articleHistory = async (db: Db, id: number): Refusal<{ data: unknown[] }> => {
  if ((await loadArticle(db, id)) === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const [changes, movements] = await Promise.all([
    db
      .select({
        id: traces.id,
        at: traces.created_at,
        action: traces.action,
        message: traces.message,
        user: users.label,
      })
      .from(traces)
      .leftJoin(users, eq(traces.user_id, users.id))
      .where(and(eq(traces.model, 'article'), eq(traces.model_id, String(id)))),
    db
      .select({
        id: stockMovements.id,
        at: stockMovements.created_at,
        type: stockMovements.type,
        quantity: stockMovements.quantity,
        actual_after: stockMovements.actual_after,
        warehouse: warehouses.label,
        comment: stockMovements.comment,
        user: users.label,
        delivery_id: deliveries.id,
        delivery_code: deliveries.code,
      })
      .from(stockMovements)
      .leftJoin(deliveries, eq(stockMovements.delivery_id, deliveries.id))
      .innerJoin(stocks, eq(stockMovements.stock_id, stocks.id))
      .innerJoin(warehouses, eq(stocks.warehouse_id, warehouses.id))
      .leftJoin(users, eq(stockMovements.user_id, users.id))
      .where(eq(stocks.article_id, id)),
  ])
  const entries = [
    ...changes.map((c) => ({
      seq: c.id,
      kind: 'change' as const,
      at: c.at,
      action: c.action,
      message: c.message,
      user: c.user,
      delivery: null,
    })),
    ...movements.map((m) => ({
      seq: m.id,
      kind: 'movement' as const,
      at: m.at,
      action: m.type,
      message: `${m.warehouse}: ${m.quantity > 0 ? '+' : ''}${fromStockUnits(m.quantity)} → ${fromStockUnits(m.actual_after)}${m.comment ? ` (${m.comment})` : ''}`,
      user: m.user,
      // The delivery that moved it, when a receipt (or its cancellation) did.
      delivery:
        m.delivery_id === null || m.delivery_code === null
          ? null
          : { id: m.delivery_id, code: m.delivery_code },
    })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime() || b.seq - a.seq)
  return ok({ data: entries.map(({ seq: _seq, ...e }) => ({ ...e, at: e.at.toISOString() })) })
}
