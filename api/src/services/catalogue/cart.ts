import { cartModesFor } from '@procura/core/article'
import type { DomainError } from '@procura/core/errors'
import { articleLineAmounts, dec, toAmountString } from '@procura/core/money'
import type { OrderActor } from '@procura/core/purchase-order'
import { ok, type Result } from '@procura/core/result'
import { supplierStatusOn } from '@procura/core/supplier'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { articles, cartItems, supplierArticles, suppliers } from '../../db/schema'
import type { OrderDeps } from '../purchase-orders/orders'
import { loadSettings } from '../settings'
import { articleAgreementPrices } from '../sourcing/draws'
import { statisticsOf } from '../suppliers/supplier-figures'
import { requireWarehouse } from './warehouses'

export type Refusal<T> = Promise<Result<T, DomainError>>
export type CartDeps = OrderDeps

export const offerOf = (db: Db, articleId: number, supplierId: number) =>
  db
    .select()
    .from(supplierArticles)
    .where(and(eq(supplierArticles.article_id, articleId), eq(supplierArticles.supplier_id, supplierId)))
    .limit(1)
    .then(first)

export const itemOf = (db: Db, actor: OrderActor, warehouseId: number, articleId: number) =>
  db
    .select()
    .from(cartItems)
    .where(
      and(
        eq(cartItems.user_id, actor.id),
        eq(cartItems.warehouse_id, warehouseId),
        eq(cartItems.article_id, articleId),
      ),
    )
    .limit(1)
    .then(first)

/**
 * A cart line a supplier's PunchOut shop sent (docs/domain/punchout.md): its part, description,
 * unit and price as the shop gave them, in the basket's currency; no other supplier offers it.
 */
const punchoutItem = (
  item: typeof cartItems.$inferSelect,
  supplier: typeof suppliers.$inferSelect,
  flagged: boolean,
  decimals: number,
) => {
  const amounts = articleLineAmounts(
    {
      unit_price_exctax: item.unit_price_exctax ?? '0',
      unit_number_per_price: '1',
      vat_rate: item.vat_rate ?? '0',
      vat_rate_2: null,
    },
    item.quantity,
    decimals,
  )
  return {
    id: item.id,
    article_id: null,
    punchout: true,
    unit: item.unit,
    lead_time_days: item.lead_time_days,
    warehouse_id: item.warehouse_id,
    reference: item.supplier_part_id ?? '',
    label: item.label ?? '',
    quantity: item.quantity,
    quantity_step: null,
    supplier_id: supplier.id,
    supplier: supplier.company_name,
    supplier_flagged: flagged,
    currency_code: item.currency_code ?? supplier.currency_code,
    unit_price_exctax: item.unit_price_exctax ?? '0',
    unit_number_per_price: '1',
    agreement: null,
    amount_exctax: toAmountString(amounts.exctax, decimals),
    amount_inctax: toAmountString(amounts.inctax, decimals),
    suppliers: [],
  }
}

/**
 * GET articles/get-cart: this user's cart in this warehouse, priced by the chosen suppliers, with
 * totals per supplier. Each line offers the article's suppliers active today (forced status
 * included); a supplier the statistics job flagged (under its objectives) is `flagged`, as on the
 * order form.
 */
export const getCart = async (db: Db, actor: OrderActor, warehouseId: number, today: string) => {
  const warehouse = await requireWarehouse(db, warehouseId)
  if (!warehouse.ok) return warehouse
  const { decimals } = (await loadSettings(db)).formats
  const rows = await db
    .select({ item: cartItems, article: articles, offer: supplierArticles, supplier: suppliers })
    .from(cartItems)
    .leftJoin(articles, eq(cartItems.article_id, articles.id))
    .innerJoin(suppliers, eq(cartItems.supplier_id, suppliers.id))
    .leftJoin(
      supplierArticles,
      and(
        eq(supplierArticles.article_id, cartItems.article_id),
        eq(supplierArticles.supplier_id, cartItems.supplier_id),
      ),
    )
    .where(and(eq(cartItems.user_id, actor.id), eq(cartItems.warehouse_id, warehouseId)))
    .orderBy(
      asc(suppliers.company_name),
      asc(sql`coalesce(${articles.label}, ${cartItems.label})`),
      asc(cartItems.id),
    )
  const offers =
    rows.length === 0
      ? []
      : await db
          .select({
            article_id: supplierArticles.article_id,
            supplier_id: suppliers.id,
            supplier: suppliers.company_name,
            unit_price_exctax: supplierArticles.unit_price_exctax,
            status: suppliers.status,
            forced_status: suppliers.forced_status,
            forced_status_date: suppliers.forced_status_date,
          })
          .from(supplierArticles)
          .innerJoin(suppliers, eq(supplierArticles.supplier_id, suppliers.id))
          .where(
            inArray(
              supplierArticles.article_id,
              rows.flatMap((r) => (r.item.article_id === null ? [] : [r.item.article_id])),
            ),
          )
          .then((found) => found.filter((o) => supplierStatusOn(o, today) === 'active'))
  const flagged = new Set(
    (
      await statisticsOf(db, [
        ...new Set([...rows.map((r) => r.supplier.id), ...offers.map((o) => o.supplier_id)]),
      ])
    )
      .filter((r) => r.flagged)
      .map((r) => r.supplier_id),
  )
  // An article under a framework agreement with the chosen supplier takes the agreed price.
  const agreed = await articleAgreementPrices(
    db,
    rows.flatMap(({ item, supplier }) =>
      item.article_id === null
        ? []
        : [
            {
              article_id: item.article_id,
              supplier_id: supplier.id,
              currency_code: supplier.currency_code,
              quantity: item.quantity,
            },
          ],
    ),
    today,
  )
  const items = rows.map(({ item, article, offer, supplier }) => {
    if (article === null) return punchoutItem(item, supplier, flagged.has(supplier.id), decimals)
    const agreement = agreed.get(`${article.id}:${supplier.id}`)
    const amounts = articleLineAmounts(
      {
        unit_price_exctax:
          agreement?.unit_price_exctax ?? offer?.unit_price_exctax ?? article.unit_price_exctax,
        unit_number_per_price: agreement === undefined ? article.unit_number_per_price : '1',
        vat_rate: agreement?.vat_rate ?? article.vat_rate,
        vat_rate_2: agreement === undefined ? article.vat_rate_2 : null,
      },
      item.quantity,
      decimals,
    )
    return {
      id: item.id,
      article_id: article.id,
      punchout: false,
      unit: null,
      lead_time_days: null,
      warehouse_id: warehouseId,
      reference: article.reference,
      label: article.label,
      quantity: item.quantity,
      quantity_step: article.quantity_step,
      supplier_id: supplier.id,
      supplier: supplier.company_name,
      supplier_flagged: flagged.has(supplier.id),
      currency_code: supplier.currency_code,
      unit_price_exctax:
        agreement?.unit_price_exctax ?? offer?.unit_price_exctax ?? article.unit_price_exctax,
      unit_number_per_price: agreement === undefined ? article.unit_number_per_price : '1',
      agreement: agreement?.code ?? null,
      amount_exctax: toAmountString(amounts.exctax, decimals),
      amount_inctax: toAmountString(amounts.inctax, decimals),
      suppliers: offers
        .filter((o) => o.article_id === article.id)
        .map((o) => ({
          supplier_id: o.supplier_id,
          supplier: o.supplier,
          unit_price_exctax: o.unit_price_exctax,
          flagged: flagged.has(o.supplier_id),
        })),
    }
  })
  const bySupplier = new Map<
    number,
    { supplier_id: number; supplier: string; flagged: boolean; currency_code: string; amount_exctax: string }
  >()
  for (const i of items) {
    const current = bySupplier.get(i.supplier_id)
    bySupplier.set(i.supplier_id, {
      supplier_id: i.supplier_id,
      supplier: i.supplier,
      flagged: i.supplier_flagged,
      currency_code: i.currency_code,
      amount_exctax: toAmountString(dec(current?.amount_exctax ?? 0).plus(i.amount_exctax), decimals),
    })
  }
  return ok({
    data: {
      warehouse_id: warehouseId,
      items,
      suppliers: [...bySupplier.values()],
      modes: cartModesFor(actor),
    },
  })
}
