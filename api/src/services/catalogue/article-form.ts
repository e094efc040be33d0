/** What the article form offers: its lists, features, classification searches, help and autocompletion. */
import { formError } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { listFilter, parseSearchQuery } from '@procura/core/list'
import { err, ok } from '@procura/core/result'
import { and, asc, eq, isNotNull, or } from 'drizzle-orm'
import type { Db } from '../../db'
import { containsPattern, likeCi } from '../../db/portable-sql'
import {
  articleFeatures,
  articles,
  productFamilies,
  productFamilyTypes,
  productSubfamilies,
  stocks,
  suppliers,
} from '../../db/schema'
import { type Refusal, stockView, t } from './article-list'

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
