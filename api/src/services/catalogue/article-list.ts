/** The warehouse's article list: its index, filters and page. */
import { ARTICLE_LIST, articleRowActions, checkCanManageCatalogue } from '@procura/core/article'
import type { DomainError } from '@procura/core/errors'
import { type Language, namedIn, referenceLabel } from '@procura/core/i18n'
import { columnsOf, filterOf, listFilter, PER_PAGE_OPTIONS, parseListQuery } from '@procura/core/list'
import type { OrderActor } from '@procura/core/purchase-order'
import type { Result } from '@procura/core/result'
import { ok } from '@procura/core/result'
import { fromStockUnits } from '@procura/core/stock'
import { and, asc, eq, exists, gt, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { containsPattern, everyWord, likeCi } from '../../db/portable-sql'
import {
  articleFavorites,
  articles,
  productFamilies,
  stocks,
  supplierArticles,
  suppliers,
} from '../../db/schema'
import { inSlice, readPage } from '../list-page'
import { type CatalogueAgreementPrice, catalogueAgreementPrices } from '../sourcing/draws'
import type { WarehouseRow } from './warehouses'

export type Refusal<T> = Promise<Result<T, DomainError>>
/** A text in the three languages. */
export const t = (en: string, es: string, fr: string) => ({ en, es, fr })

export const ARTICLE_SORTS = ['reference', 'label', 'price', 'stock', 'created_at'] as const
/** The catalogue's filters, each with the kind of value it takes. */
export const ARTICLE_FILTER_KINDS = {
  product_family_id: listFilter.id(),
  supplier_id: listFilter.id(),
  internal: listFilter.flag(),
  active: listFilter.flag(),
  favorite: listFilter.flag(),
  stock_state: listFilter.oneOf(['in_stock', 'below_minimum', 'not_stocked']),
}
type ArticleFilter = keyof typeof ARTICLE_FILTER_KINDS
export const ARTICLE_FILTERS = Object.keys(ARTICLE_FILTER_KINDS) as ArticleFilter[]

const FILTER_LABELS: Record<ArticleFilter, Record<Language, string>> = {
  product_family_id: t('Product family', 'Familia de productos', 'Famille de produits'),
  supplier_id: t('Supplier', 'Proveedor', 'Fournisseur'),
  internal: t('Internal article', 'Artículo interno', 'Article interne'),
  active: t('Active', 'Activo', 'Actif'),
  favorite: t('Favourites', 'Favoritos', 'Favoris'),
  stock_state: t('Stock', 'Stock', 'Stock'),
}
const ACTION_LABELS = {
  show: t('Show', 'Ver', 'Voir'),
  edit: t('Edit', 'Modificar', 'Modifier'),
  add_to_cart: t('Add to cart', 'Añadir al carrito', 'Ajouter au panier'),
  add_in_warehouse: t('Add to this warehouse', 'Añadir a este almacén', 'Ajouter à cet entrepôt'),
  favorite: t('Add to favourites', 'Añadir a favoritos', 'Ajouter aux favoris'),
  unfavorite: t('Remove from favourites', 'Quitar de favoritos', 'Retirer des favoris'),
  delete_image: t('Remove the image', 'Quitar la imagen', "Supprimer l'image"),
  activate: t('Activate', 'Activar', 'Activer'),
  deactivate: t('Deactivate', 'Desactivar', 'Désactiver'),
} as const
const YES_NO = [
  { value: '1', label: t('Yes', 'Sí', 'Oui') },
  { value: '0', label: t('No', 'No', 'Non') },
]
const STOCK_STATES = [
  { value: 'in_stock', label: t('In stock here', 'En stock aquí', 'En stock ici') },
  { value: 'below_minimum', label: t('Below the minimum', 'Bajo el mínimo', 'Sous le minimum') },
  { value: 'not_stocked', label: t('Not stocked here', 'Sin stock aquí', 'Pas en stock ici') },
]
export const actionLabel = (action: keyof typeof ACTION_LABELS, language: Language) => ({
  action,
  label: ACTION_LABELS[action][language],
})

/** GET articles/index (and refresh-index): what the warehouse article list needs to draw itself. */
export const articlesIndex = (actor: OrderActor, warehouse: WarehouseRow, language: Language) => ({
  title: `${t('Articles', 'Artículos', 'Articles')[language]} — ${referenceLabel('warehouse', warehouse.code, warehouse.label, language)}`,
  warehouse_id: warehouse.id,
  columns: columnsOf(ARTICLE_LIST, language),
  filters: ARTICLE_FILTERS.map((key) => filterOf(key, FILTER_LABELS[key][language])),
  bulk_actions: [
    ...(checkCanManageCatalogue(actor).ok ? (['activate', 'deactivate'] as const) : []),
    'favorite' as const,
    'unfavorite' as const,
  ].map((a) => actionLabel(a, language)),
  per_page_options: PER_PAGE_OPTIONS,
  default_sort: { sort: 'label', direction: 'asc' },
})

/** GET articles/filter-list/{field}?search= ; null for a field without a list. */
export const articleFilterOptions = async (db: Db, field: string, search: string, language: Language) => {
  const needle = search.trim().toLowerCase()
  const keep = (o: { value: string; label: string }) =>
    needle === '' || `${o.label} ${o.value}`.toLowerCase().includes(needle)
  if (field === 'product_family_id') {
    const rows = await db
      .select({ id: productFamilies.id, code: productFamilies.code, label: productFamilies.label })
      .from(productFamilies)
      .where(
        needle === ''
          ? undefined
          : or(
              likeCi(productFamilies.label, containsPattern(needle)),
              likeCi(productFamilies.code, containsPattern(needle)),
            ),
      )
      .orderBy(asc(productFamilies.label))
      .limit(100)
    return rows.map(namedIn('family', language)).map((r) => ({ value: String(r.id), label: r.label }))
  }
  if (field === 'supplier_id') {
    const rows = await db
      .select({ id: suppliers.id, code: suppliers.code, name: suppliers.company_name })
      .from(suppliers)
      .where(
        needle === ''
          ? undefined
          : or(
              likeCi(suppliers.company_name, containsPattern(needle)),
              likeCi(suppliers.code, containsPattern(needle)),
            ),
      )
      .orderBy(asc(suppliers.company_name))
      .limit(100)
    return rows.map((r) => ({ value: String(r.id), label: `${r.name} (${r.code})` }))
  }
  if (field === 'internal' || field === 'active' || field === 'favorite')
    return YES_NO.map((o) => ({ value: o.value, label: o.label[language] })).filter(keep)
  if (field === 'stock_state')
    return STOCK_STATES.map((o) => ({ value: o.value, label: o.label[language] })).filter(keep)
  return null
}

export const stockView = (stock: { actual: number; reserved: number; minimum: number } | null) =>
  stock === null
    ? null
    : {
        actual: fromStockUnits(stock.actual),
        available: fromStockUnits(stock.actual - stock.reserved),
        minimum: fromStockUnits(stock.minimum),
        below_minimum: stock.actual < stock.minimum,
      }

/**
 * GET articles?{query}: one page of the catalogue seen from a warehouse: each row with its stock
 * there, whether it is a favourite of this user, and the row's actions. Rows carry warehouse_id.
 */
export const listArticles = async (
  db: Db,
  actor: OrderActor,
  warehouse: WarehouseRow,
  query: Record<string, string | undefined>,
  language: Language,
  /** Today in the instance's time zone: the framework agreements in force on it price the rows. */
  today?: string,
) => {
  const parsed = parseListQuery(query, {
    sortable: ARTICLE_SORTS,
    defaultSort: 'label',
    filters: ARTICLE_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const stockHere = and(eq(stocks.article_id, articles.id), eq(stocks.warehouse_id, warehouse.id))
  const favorite = and(eq(articleFavorites.article_id, articles.id), eq(articleFavorites.user_id, actor.id))
  const where: SQL[] = []
  const search = everyWord(q.search, (pattern) =>
    or(
      likeCi(articles.reference, pattern),
      likeCi(articles.label, pattern),
      likeCi(articles.supplier_code, pattern),
    ),
  )
  if (search !== undefined) where.push(search)
  const f = q.filters
  if (f.product_family_id !== undefined) where.push(eq(articles.product_family_id, f.product_family_id))
  if (f.internal !== undefined) where.push(eq(articles.internal, f.internal))
  if (f.active !== undefined) where.push(eq(articles.active, f.active))
  if (f.supplier_id !== undefined)
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(supplierArticles)
          .where(
            and(
              eq(supplierArticles.article_id, articles.id),
              eq(supplierArticles.supplier_id, f.supplier_id),
            ),
          ),
      ),
    )
  if (f.favorite === true) where.push(isNotNull(articleFavorites.article_id))
  if (f.favorite === false) where.push(sql`${articleFavorites.article_id} IS NULL`)
  if (f.stock_state === 'in_stock') where.push(gt(stocks.actual, 0))
  if (f.stock_state === 'below_minimum') where.push(lt(stocks.actual, stocks.minimum))
  if (f.stock_state === 'not_stocked') where.push(sql`${stocks.id} IS NULL`)
  const condition = where.length === 0 ? undefined : and(...where)
  const column = {
    reference: articles.reference,
    label: articles.label,
    price: articles.price_sort,
    stock: stocks.actual,
    created_at: articles.created_at,
  }[q.sort]
  const page = await readPage(db, q, {
    table: articles,
    id: articles.id,
    idDirection: 'asc',
    where: condition,
    sort: { by: column },
    // The count joins only what a filter reads (a join per row of a large family costs).
    countFrom: () => {
      let counting = db.select({ one: sql`1` }).from(articles).$dynamic()
      if (f.stock_state !== undefined) counting = counting.leftJoin(stocks, stockHere)
      if (f.favorite !== undefined) counting = counting.leftJoin(articleFavorites, favorite)
      return counting
    },
    rows: (slice) =>
      inSlice(
        db
          .select({
            // Only what a row shows: reading every column of 50 rows is a good part of the time.
            article: {
              id: articles.id,
              reference: articles.reference,
              label: articles.label,
              supplier_code: articles.supplier_code,
              price_exctax: articles.price_exctax,
              price_inctax: articles.price_inctax,
              quantity_step: articles.quantity_step,
              internal: articles.internal,
              active: articles.active,
              image_path: articles.image_path,
              created_at: articles.created_at,
            },
            family: { code: productFamilies.code, label: productFamilies.label },
            stock: { actual: stocks.actual, reserved: stocks.reserved, minimum: stocks.minimum },
            stock_id: stocks.id,
            favorite: articleFavorites.article_id,
            offered: sql<number>`exists (select 1 from ${supplierArticles} where ${supplierArticles.article_id} = ${articles.id})`,
          })
          .from(articles)
          .leftJoin(stocks, stockHere)
          .leftJoin(articleFavorites, favorite)
          .leftJoin(productFamilies, eq(articles.product_family_id, productFamilies.id))
          .$dynamic(),
        slice,
      ),
  })
  if (!page.ok) return page
  const rows = page.value.rows
  const agreed =
    today === undefined
      ? new Map<number, CatalogueAgreementPrice>()
      : await catalogueAgreementPrices(
          db,
          rows.map((r) => r.article.id),
          today,
        )
  const data = rows.map(({ article, family, stock, stock_id, favorite: fav, offered }) => ({
    id: article.id,
    warehouse_id: warehouse.id,
    reference: article.reference,
    label: article.label,
    supplier_code: article.supplier_code,
    price_exctax: article.price_exctax,
    price_inctax: article.price_inctax,
    quantity_step: article.quantity_step,
    internal: article.internal,
    active: article.active,
    image: article.image_path !== null,
    product_family: family === null ? null : referenceLabel('family', family.code, family.label, language),
    favorite: fav !== null,
    stock: stock_id === null ? null : stockView(stock),
    // The agreement in force that prices it (the cart and the order apply it).
    agreement: agreed.get(article.id) ?? null,
    created_at: article.created_at.toISOString(),
    actions: articleRowActions(actor, {
      active: article.active,
      has_stock_here: stock_id !== null,
      has_supplier: offered === 1,
      favorite: fav !== null,
      has_image: article.image_path !== null,
    }).map((a) => actionLabel(a, language)),
  }))
  return ok({ data, meta: { ...page.value.meta, warehouse_id: warehouse.id } })
}
