import { ArticleInputSchema, articlePrices } from '@procura/core/article'
import { toStockUnits } from '@procura/core/stock'
import type { demoCatalogue } from '@procura/fixtures/catalogue'
import type { Clock } from '../clock'
import type { Tx } from '../db'
import {
  articleFeatures,
  articles,
  companies,
  productFamilies,
  productFamilyTypes,
  productSubfamilies,
  stocks,
  supplierArticles,
  suppliers,
  warehouses,
} from '../db/schema'
import { need } from '../services/seed'

type Catalogue = ReturnType<typeof demoCatalogue>
const CHUNK = 200

const chunks = <T>(list: readonly T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK))
const byCode = (rows: { id: number; code: string }[]) => new Map(rows.map((r) => [r.code, r.id]))

/** The demo catalogue: warehouses, classification, articles with their suppliers and features, stock. */
export const seedCatalogue = async (tx: Tx, clock: Clock, catalogue: Catalogue) => {
  const now = clock.now()
  const stamps = { created_at: now, updated_at: now }
  const companyIds = byCode(await tx.select({ id: companies.id, code: companies.code }).from(companies))
  await tx.insert(warehouses).values(
    catalogue.warehouses.map(({ company_code, ...w }) => ({
      ...w,
      company_id: need(companyIds, company_code),
      ...stamps,
    })),
  )
  await tx.insert(productFamilyTypes).values(catalogue.family_types)
  const typeIds = byCode(
    await tx.select({ id: productFamilyTypes.id, code: productFamilyTypes.code }).from(productFamilyTypes),
  )
  await tx.insert(productFamilies).values(
    catalogue.families.map((f) => ({
      code: f.code,
      label: f.label,
      product_family_type_id: need(typeIds, f.type_code),
    })),
  )
  const familyIds = byCode(
    await tx.select({ id: productFamilies.id, code: productFamilies.code }).from(productFamilies),
  )
  await tx
    .insert(productSubfamilies)
    .values(
      catalogue.families.flatMap((f) =>
        f.subfamilies.map((s) => ({ ...s, product_family_id: need(familyIds, f.code) })),
      ),
    )
  const subfamilyIds = byCode(
    await tx.select({ id: productSubfamilies.id, code: productSubfamilies.code }).from(productSubfamilies),
  )
  const supplierIds = byCode(await tx.select({ id: suppliers.id, code: suppliers.code }).from(suppliers))

  for (const chunk of chunks(catalogue.articles)) {
    const rows = chunk.map((a) => {
      const input = ArticleInputSchema.parse({
        reference: a.reference,
        label: a.label,
        unit_price_exctax: a.unit_price_exctax,
        unit_number_per_price: a.unit_number_per_price,
        quantity_step: a.quantity_step,
        vat_rate: a.vat_rate,
        conditioning: a.conditioning,
        internal: a.internal,
        supplier_code: a.suppliers[0]?.supplier_code ?? null,
        product_family_type_id: need(typeIds, a.product_family_type),
        product_family_id: need(familyIds, a.product_family),
        product_subfamily_id: need(subfamilyIds, a.product_subfamily),
      })
      const { features: _f, affiliated_ids: _a, suppliers: _s, ...columns } = input
      const prices = articlePrices(input)
      return {
        ...columns,
        ...prices,
        ...stamps,
      }
    })
    const inserted = await tx
      .insert(articles)
      .values(rows)
      .returning({ id: articles.id, reference: articles.reference })
    const ids = new Map(inserted.map((r) => [r.reference, r.id]))
    const offers = chunk.flatMap((a) =>
      a.suppliers.map((s, i) => ({
        article_id: need(ids, a.reference),
        supplier_id: need(supplierIds, s.code),
        supplier_code: s.supplier_code,
        unit_price_exctax: s.unit_price_exctax,
        main: i === 0,
      })),
    )
    if (offers.length > 0) await tx.insert(supplierArticles).values(offers)
    const features = chunk.flatMap((a) =>
      a.features.map((f) => ({ ...f, article_id: need(ids, a.reference) })),
    )
    if (features.length > 0) await tx.insert(articleFeatures).values(features)
  }
  const articleIds = byCode(await tx.select({ id: articles.id, code: articles.reference }).from(articles))
  const warehouseIds = byCode(await tx.select({ id: warehouses.id, code: warehouses.code }).from(warehouses))
  for (const chunk of chunks(catalogue.stocks))
    await tx.insert(stocks).values(
      chunk.map((s) => ({
        article_id: need(articleIds, s.reference),
        warehouse_id: need(warehouseIds, s.warehouse_code),
        actual: toStockUnits(s.actual) ?? 0,
        minimum: toStockUnits(s.minimum) ?? 0,
        ...stamps,
      })),
    )
  return { articles: catalogue.articles.length, warehouses: catalogue.warehouses.length }
}
