export type StockView = {
  actual: string
  available: string
  minimum: string
  below_minimum: boolean
  location?: string | null
}
export type Action = { action: string; label: string }

export type ArticleRow = {
  id: number
  warehouse_id: number
  reference: string
  label: string
  price_exctax: string
  price_inctax: string
  quantity_step: string | null
  internal: boolean
  active: boolean
  product_family: string | null
  favorite: boolean
  stock: StockView | null
  /** The framework agreement in force that prices it (the cart and the order apply it). */
  agreement: AgreementPrice | null
  actions: Action[]
}

export type AgreementPrice = {
  code: string
  supplier: string
  currency_code: string
  unit_price_exctax: string
}

export type Offer = {
  supplier_id: number
  supplier: string
  supplier_code: string | null
  unit_price_exctax: string
  main: boolean
  currency_code: string
}

export type ArticleDetail = ArticleRow & {
  supplier_code: string | null
  unit_price_exctax: string
  unit_number_per_price: string
  original_unit_price_exctax: string | null
  vat_rate: string
  vat_rate_2: string | null
  conditioning: string | null
  supplier_sheet_url: string | null
  image: boolean
  product_family_type_id: number | null
  product_family_id: number | null
  product_subfamily_id: number | null
  product_family_type: string | null
  product_subfamily: string | null
  features: { id: number; label: string; value: string; unit: string | null }[]
  suppliers: Offer[]
  affiliated: { id: number; reference: string; label: string }[]
  stocks: (StockView & { warehouse_id: number; warehouse: string })[]
}

/** The app routes of the catalogue (spec named routes articles_stock and article_stock). */
export const articlesStock = (warehouseId: number | string) => `/warehouses/${warehouseId}/articles`
export const articleStock = (warehouseId: number | string, articleId: number | string) =>
  `/warehouses/${warehouseId}/articles/${articleId}/show`
export const articlesApi = (warehouseId: number | string) => `/bwapi/warehouses/${warehouseId}/articles`
