import { z } from 'zod'
import { NamedAnswerSchema } from '../answer'
import { DecimalString, ListIndexSchema } from '../list/answers'

/**
 * The catalogue's answers as the API declares them and the app types them (one schema for both
 * sides: the API's tests check every answer against it).
 */

const id = z.number().int()

/** GET /bwapi/articles/search: an active article as a line picker offers it. */
export const PickedArticleAnswerSchema = z.object({
  id,
  reference: z.string(),
  label: z.string(),
  /** One unit, excluding tax (6 decimals). */
  price_exctax: DecimalString,
  vat_rate: DecimalString,
  quantity_step: DecimalString.nullable(),
  conditioning: z.string().nullable(),
  product_family: z.string().nullable(),
})
export type PickedArticleAnswer = z.infer<typeof PickedArticleAnswerSchema>

/** An article's stock in one warehouse, as the catalogue shows it. */
export const StockViewAnswerSchema = z.looseObject({
  actual: z.string(),
  available: z.string(),
  minimum: z.string(),
  below_minimum: z.boolean(),
  location: z.string().nullable().optional(),
})
export type StockViewAnswer = z.infer<typeof StockViewAnswerSchema>

/** An action of a catalogue row, with its label. */
export const ArticleActionAnswerSchema = z.looseObject({
  action: z.string(),
  label: z.string(),
})
export type ArticleActionAnswer = z.infer<typeof ArticleActionAnswerSchema>

/**
 * An article the stock forms offer (GET …/get-articles-stock, and the list's rows): its reference,
 * its label and its stock in the warehouse.
 */
export const StockedArticleAnswerSchema = z.looseObject({
  id: z.number().int().int(),
  reference: z.string(),
  label: z.string(),
  internal: z.boolean(),
  quantity_step: z.string().nullable(),
  warehouse_id: z.number().int().int(),
  stock: StockViewAnswerSchema.nullable(),
})
export type StockedArticleAnswer = z.infer<typeof StockedArticleAnswerSchema>

/** The framework agreement in force that prices an article. */
export const AgreementPriceAnswerSchema = z.looseObject({
  code: z.string(),
  supplier: z.string(),
  currency_code: z.string(),
  unit_price_exctax: z.string(),
})
export type AgreementPriceAnswer = z.infer<typeof AgreementPriceAnswerSchema>

/** A row of the catalogue seen from a warehouse. */
export const ArticleRowAnswerSchema = z.looseObject({
  id: z.number().int(),
  warehouse_id: z.number().int(),
  reference: z.string(),
  label: z.string(),
  price_exctax: z.string(),
  price_inctax: z.string(),
  quantity_step: z.string().nullable(),
  internal: z.boolean(),
  active: z.boolean(),
  product_family: z.string().nullable(),
  favorite: z.boolean(),
  stock: StockViewAnswerSchema.nullable(),
  /** The framework agreement in force that prices it (the cart and the order apply it). */
  agreement: AgreementPriceAnswerSchema.nullable(),
  actions: z.array(ArticleActionAnswerSchema),
})
export type ArticleRowAnswer = z.infer<typeof ArticleRowAnswerSchema>

/** A supplier's offer of an article. */
export const ArticleOfferAnswerSchema = z.looseObject({
  supplier_id: z.number().int(),
  supplier: z.string(),
  supplier_code: z.string().nullable(),
  unit_price_exctax: z.string(),
  main: z.boolean(),
  currency_code: z.string(),
})
export type ArticleOfferAnswer = z.infer<typeof ArticleOfferAnswerSchema>

/** GET …/articles/{id}/show: an article with its stock everywhere, its suppliers and its features. */
export const ArticleDetailAnswerSchema = ArticleRowAnswerSchema.extend({
  supplier_code: z.string().nullable(),
  unit_price_exctax: z.string(),
  unit_number_per_price: z.string(),
  original_unit_price_exctax: z.string().nullable(),
  vat_rate: z.string(),
  vat_rate_2: z.string().nullable(),
  conditioning: z.string().nullable(),
  supplier_sheet_url: z.string().nullable(),
  image: z.boolean(),
  product_family_type_id: z.number().int().nullable(),
  product_family_id: z.number().int().nullable(),
  product_subfamily_id: z.number().int().nullable(),
  product_family_type: z.string().nullable(),
  product_subfamily: z.string().nullable(),
  features: z.array(
    z.looseObject({
      id: z.number().int(),
      label: z.string(),
      value: z.string(),
      unit: z.string().nullable(),
    }),
  ),
  suppliers: z.array(ArticleOfferAnswerSchema),
  affiliated: z.array(
    z.looseObject({
      id: z.number().int(),
      reference: z.string(),
      label: z.string(),
    }),
  ),
  stocks: z.array(
    StockViewAnswerSchema.extend({
      warehouse_id: z.number().int(),
      warehouse: z.string(),
    }),
  ),
})
export type ArticleDetailAnswer = z.infer<typeof ArticleDetailAnswerSchema>

/** GET …/articles/{id}/get-article-history: an article's changes and stock movements. */
export const ArticleHistoryAnswerSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      at: z.string(),
      action: z.string(),
      message: z.string(),
      user: z.string().nullable(),
      /** The delivery whose receipt moved the stock. */
      delivery: z
        .looseObject({
          id: z.number().int(),
          code: z.string(),
        })
        .nullable(),
    }),
  ),
})
export type ArticleHistoryAnswer = z.infer<typeof ArticleHistoryAnswerSchema>

/** GET …/articles/create: what the article form offers. */
export const ArticleFormDataAnswerSchema = z.looseObject({
  product_families: z.array(NamedAnswerSchema),
  suppliers: z.array(
    z.looseObject({
      id: z.number().int(),
      company_name: z.string(),
    }),
  ),
  vat_rates: z.array(z.string()),
})
export type ArticleFormDataAnswer = z.infer<typeof ArticleFormDataAnswerSchema>

/** GET /bwapi/warehouses: a warehouse. */
export const WarehouseAnswerSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
})
export type WarehouseAnswer = z.infer<typeof WarehouseAnswerSchema>

/** GET …/warehouses/{id}/articles/index: the list's index, and its warehouse. */
export const ArticlesIndexAnswerSchema = ListIndexSchema.extend({
  warehouse_id: z.number().int(),
})
export type ArticlesIndexAnswer = z.infer<typeof ArticlesIndexAnswerSchema>

/** A line of the cart. */
export const CartItemAnswerSchema = z.looseObject({
  /** The cart line's own id (a PunchOut line is changed and removed by it). */
  id: z.number().int(),
  /** Null for a line a supplier's PunchOut shop sent (docs/domain/punchout.md). */
  article_id: z.number().int().nullable(),
  punchout: z.boolean(),
  /** A PunchOut line's unit and lead time in days, as the shop gave them. */
  unit: z.string().nullable(),
  lead_time_days: z.number().int().nullable(),
  reference: z.string(),
  label: z.string(),
  quantity: z.string(),
  quantity_step: z.string().nullable(),
  supplier_id: z.number().int(),
  supplier: z.string(),
  supplier_flagged: z.boolean(),
  currency_code: z.string(),
  amount_exctax: z.string(),
  /** The framework agreement that prices it, when one does. */
  agreement: z.string().nullable(),
  suppliers: z.array(
    z.looseObject({
      supplier_id: z.number().int(),
      supplier: z.string(),
      unit_price_exctax: z.string(),
      flagged: z.boolean(),
    }),
  ),
})
export type CartItemAnswer = z.infer<typeof CartItemAnswerSchema>

/** GET …/get-cart: this user's cart in a warehouse, by supplier, and what it may become. */
export const CartAnswerSchema = z.looseObject({
  items: z.array(CartItemAnswerSchema),
  suppliers: z.array(
    z.looseObject({
      supplier_id: z.number().int(),
      supplier: z.string(),
      flagged: z.boolean(),
      currency_code: z.string(),
      amount_exctax: z.string(),
    }),
  ),
  /** What this cart may become for this user: orders (submit, draft) or a request. */
  modes: z.array(z.enum(['submit', 'draft', 'request'])),
})
export type CartAnswer = z.infer<typeof CartAnswerSchema>

/** POST …/create-purchase-order: the orders or the request the cart became, and what was refused. */
export const CartOrderedAnswerSchema = z.looseObject({
  data: z.looseObject({
    orders: z.array(
      z.looseObject({
        id: z.number().int(),
        code: z.string(),
        status: z.string(),
      }),
    ),
    requests: z.array(
      z.looseObject({
        id: z.number().int(),
        code: z.string(),
        status: z.string(),
      }),
    ),
    refused: z.array(
      z.looseObject({
        message: z.string(),
      }),
    ),
  }),
})
export type CartOrderedAnswer = z.infer<typeof CartOrderedAnswerSchema>

/** GET /bwapi/warehouses/{id}/stock-in: the stock entry form's warehouse and latest entries. */
export const StockInAnswerSchema = z.looseObject({
  warehouse: z.looseObject({
    label: z.string(),
  }),
  recent: z.array(
    z.looseObject({
      at: z.string(),
      reference: z.string(),
      article: z.string(),
      quantity: z.string(),
      supplier: z.string().nullable(),
      user: z.string().nullable(),
    }),
  ),
})
export type StockInAnswer = z.infer<typeof StockInAnswerSchema>

/** GET …/stock-in/{article}/get-suppliers: the suppliers an article can be received from. */
export const StockInSuppliersAnswerSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      supplier_id: z.number().int(),
      supplier: z.string(),
    }),
  ),
})
export type StockInSuppliersAnswer = z.infer<typeof StockInSuppliersAnswerSchema>

/** GET /bwapi/warehouses/transfer: the transfer form's data, or a transfer tied to an order. */
export const TransferAnswerSchema = z.looseObject({
  warehouses: z.array(NamedAnswerSchema),
  purchase_order: z
    .looseObject({
      id: z.number().int(),
      code: z.string(),
    })
    .nullable(),
  lines: z.array(
    z.looseObject({
      article_id: z.number().int(),
      from_warehouse_id: z.number().int(),
      quantity: z.string(),
    }),
  ),
})
export type TransferAnswer = z.infer<typeof TransferAnswerSchema>
