import type {
  AgreementPriceAnswer,
  ArticleActionAnswer,
  ArticleDetailAnswer,
  ArticleOfferAnswer,
  ArticleRowAnswer,
  StockViewAnswer,
} from '@procura/core/article'
export type StockView = StockViewAnswer
export type Action = ArticleActionAnswer

export type ArticleRow = ArticleRowAnswer

export type AgreementPrice = AgreementPriceAnswer

export type Offer = ArticleOfferAnswer

export type ArticleDetail = ArticleDetailAnswer

/** The app routes of the catalogue (spec named routes articles_stock and article_stock). */
export const articlesStock = (warehouseId: number | string) => `/warehouses/${warehouseId}/articles`
export const articleStock = (warehouseId: number | string, articleId: number | string) =>
  `/warehouses/${warehouseId}/articles/${articleId}/show`
export const articlesApi = (warehouseId: number | string) => `/bwapi/warehouses/${warehouseId}/articles`
