import { ARTICLE_LIST, articleRowActions, checkCanManageCatalogue } from '@procura/core/article'
import { type DomainError, formError } from '@procura/core/errors'
import { type Language, namedIn, type ReferenceKind, referenceLabel } from '@procura/core/i18n'
import {
  columnsOf,
  filterOf,
  listFilter,
  PER_PAGE_OPTIONS,
  parseListQuery,
  parseSearchQuery,
} from '@procura/core/list'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { fromStockUnits } from '@procura/core/stock'
import { and, asc, desc, eq, exists, gt, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { containsPattern, everyWord, likeCi } from '../../db/portable-sql'
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
import { readPage } from '../list-page'
import { type CatalogueAgreementPrice, catalogueAgreementPrices } from '../sourcing/draws'
import type { WarehouseRow } from './warehouses'

type Refusal<T> = Promise<Result<T, DomainError>>
const t = (en: string, es: string, fr: string) => ({ en, es, fr })

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
const actionLabel = (action: keyof typeof ACTION_LABELS, language: Language) => ({
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

const stockView = (stock: { actual: number; reserved: number; minimum: number } | null) =>
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
        .where(slice.where)
        .orderBy(...slice.orderBy)
        .limit(slice.limit)
        .offset(slice.offset),
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

const loadArticle = (db: Db, id: number) =>
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

/** GET articles/create: the lists the article form offers. */
export const articleFormData = async (db: Db) => {
  const [types, families, subfamilies, supplierRows] = await Promise.all([
    db.select().from(productFamilyTypes).orderBy(asc(productFamilyTypes.label)),
    db.select().from(productFamilies).orderBy(asc(productFamilies.label)),
    db.select().from(productSubfamilies).orderBy(asc(productSubfamilies.label)),
    db
      .select({ id: suppliers.id, code: suppliers.code, company_name: suppliers.company_name })
      .from(suppliers)
      .where(eq(suppliers.status, 'active'))
      .orderBy(asc(suppliers.company_name)),
  ])
  return {
    product_family_types: types,
    product_families: families,
    product_subfamilies: subfamilies,
    suppliers: supplierRows,
    vat_rates: ['0', '2.1', '5.5', '10', '20'],
  }
}

/** GET articles/get-features-options: the feature names already used, each with its units. */
export const featureOptions = async (db: Db) => {
  const rows = await db
    .selectDistinct({ label: articleFeatures.label, unit: articleFeatures.unit })
    .from(articleFeatures)
    .orderBy(asc(articleFeatures.label))
  const byLabel = new Map<string, string[]>()
  for (const r of rows) byLabel.set(r.label, [...(byLabel.get(r.label) ?? []), ...(r.unit ? [r.unit] : [])])
  return [...byLabel].map(([label, units]) => ({ label, units }))
}

/** The classification searches: family types, families (of a type), subfamilies (of a family). */
export const searchClassification = async (
  db: Db,
  level: 'types' | 'families' | 'subfamilies',
  query: Record<string, string | undefined>,
) => {
  const parsed = parseSearchQuery(query, {
    product_family_type: listFilter.id(),
    product_family: listFilter.id(),
  })
  if (!parsed.ok) return parsed
  const { search, filters } = parsed.value
  const pattern = containsPattern(search)
  return ok({ data: await classificationRows(db, level, pattern, filters) })
}

const classificationRows = async (
  db: Db,
  level: 'types' | 'families' | 'subfamilies',
  pattern: string,
  filters: { product_family_type?: number; product_family?: number },
) => {
  if (level === 'types')
    return db
      .select()
      .from(productFamilyTypes)
      .where(or(likeCi(productFamilyTypes.label, pattern), likeCi(productFamilyTypes.code, pattern)))
      .orderBy(asc(productFamilyTypes.label))
      .limit(50)
  if (level === 'families')
    return db
      .select()
      .from(productFamilies)
      .where(
        and(
          or(likeCi(productFamilies.label, pattern), likeCi(productFamilies.code, pattern)),
          filters.product_family_type === undefined
            ? undefined
            : eq(productFamilies.product_family_type_id, filters.product_family_type),
        ),
      )
      .orderBy(asc(productFamilies.label))
      .limit(50)
  return db
    .select()
    .from(productSubfamilies)
    .where(
      and(
        or(likeCi(productSubfamilies.label, pattern), likeCi(productSubfamilies.code, pattern)),
        filters.product_family === undefined
          ? undefined
          : eq(productSubfamilies.product_family_id, filters.product_family),
      ),
    )
    .orderBy(asc(productSubfamilies.label))
    .limit(50)
}

const HELP = {
  reference: t(
    'Your own code for the article; unique in the catalogue.',
    'Su propio código del artículo; único en el catálogo.',
    "Votre code de l'article ; unique dans le catalogue.",
  ),
  unit_price_exctax: t(
    'The price excluding tax of the number of units below (12.00 per 100 screws).',
    'El precio sin IVA del número de unidades indicado (12,00 por 100 tornillos).',
    "Le prix HT du nombre d'unités ci-dessous (12,00 les 100 vis).",
  ),
  unit_number_per_price: t(
    'How many units the price is for.',
    'Cuántas unidades cubre el precio.',
    "Pour combien d'unités le prix est donné.",
  ),
  quantity_step: t(
    'Orders are multiples of this quantity (a box of 10: 10).',
    'Los pedidos son múltiplos de esta cantidad (caja de 10: 10).',
    'Les commandes sont des multiples de cette quantité (carton de 10 : 10).',
  ),
  internal: t(
    'An internal article is kept in stock and may leave it; it cannot change while stocked or affiliated.',
    'Un artículo interno se almacena y puede salir del stock; no cambia mientras tenga stock o afiliados.',
    'Un article interne est stocké et peut sortir du stock ; ce choix ne change pas tant qu’il a du stock ou des articles affiliés.',
  ),
  vat_rate_2: t(
    'A second tax added to the first, if any.',
    'Un segundo impuesto añadido al primero, si lo hay.',
    "Une seconde taxe ajoutée à la première, s'il y en a une.",
  ),
} as const

/** GET articles/get-help-items: the form's help texts in the reader's language. */
export const helpItems = (language: Language) =>
  Object.entries(HELP).map(([field, text]) => ({ field, text: text[language] }))

export const SEARCH_FIELDS = ['reference', 'label', 'supplier_code', 'conditioning'] as const

/** POST articles/search-field {field, search}: values already used for a field, for autocompletion. */
export const searchField = async (db: Db, input: unknown): Refusal<{ data: string[] }> => {
  const { field, search } = (input ?? {}) as { field?: unknown; search?: unknown }
  if (typeof field !== 'string' || !(SEARCH_FIELDS as readonly string[]).includes(field))
    return err(formError({ field: [{ code: 'NOT_IN_LIST' }] }))
  const column = articles[field as (typeof SEARCH_FIELDS)[number]]
  const rows = await db
    .selectDistinct({ value: column })
    .from(articles)
    .where(and(isNotNull(column), likeCi(column, containsPattern(typeof search === 'string' ? search : ''))))
    .orderBy(asc(column))
    .limit(20)
  return ok({ data: rows.map((r) => r.value).filter((v): v is string => v !== null) })
}

/** GET articles/get-articles-stock?search=: stocked articles of this warehouse (for transfers and stock entry). */
export const searchStockArticles = async (db: Db, warehouseId: number, search: string) => {
  const rows = await db
    .select({
      id: articles.id,
      reference: articles.reference,
      label: articles.label,
      internal: articles.internal,
      quantity_step: articles.quantity_step,
      actual: stocks.actual,
      reserved: stocks.reserved,
      minimum: stocks.minimum,
    })
    .from(stocks)
    .innerJoin(articles, eq(stocks.article_id, articles.id))
    .where(
      and(
        eq(stocks.warehouse_id, warehouseId),
        or(
          likeCi(articles.reference, containsPattern(search)),
          likeCi(articles.label, containsPattern(search)),
        ),
      ),
    )
    .orderBy(asc(articles.label))
    .limit(50)
  return rows.map(({ actual, reserved, minimum, ...r }) => ({
    ...r,
    warehouse_id: warehouseId,
    stock: stockView({ actual, reserved, minimum }),
  }))
}

/**
 * GET /bwapi/articles/search?search=: active catalogue articles whose label or reference holds
 * the text (20 at most), with what a request or order line takes from them: the price of one
 * unit, VAT, step, conditioning and family.
 */
export const searchArticles = async (db: Db, query: Record<string, string | undefined>) => {
  const parsed = parseSearchQuery(query, {})
  if (!parsed.ok) return parsed
  const { search } = parsed.value
  if (search.length < 2) return ok({ data: [] })
  const rows = await db
    .select({
      id: articles.id,
      reference: articles.reference,
      label: articles.label,
      price_exctax: articles.price_exctax,
      vat_rate: articles.vat_rate,
      quantity_step: articles.quantity_step,
      conditioning: articles.conditioning,
      product_family: productFamilies.code,
    })
    .from(articles)
    .leftJoin(productFamilies, eq(articles.product_family_id, productFamilies.id))
    .where(
      and(
        eq(articles.active, true),
        or(
          likeCi(articles.reference, containsPattern(search)),
          likeCi(articles.label, containsPattern(search)),
        ),
      ),
    )
    .orderBy(asc(articles.label))
    .limit(20)
  return ok({ data: rows })
}
