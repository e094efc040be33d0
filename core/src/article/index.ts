export { type PickedArticleAnswer, PickedArticleAnswerSchema } from './answers'
export {
  type ArticleInput,
  ArticleInputSchema,
  type ArticleRowAction,
  articlePrices,
  articleRowActions,
  checkAffiliations,
  checkCanManageCatalogue,
  checkCartQuantity,
  type FeatureInput,
  FeatureInputSchema,
  SupplierArticleInputSchema,
} from './article'
export {
  CART_ORDER_MODES,
  type CartLine,
  type CartOrderMode,
  type CartRequestDetails,
  CartRequestSchema,
  cartModesFor,
  needFromCart,
  ordersFromCart,
} from './cart'
export {
  ARTICLE_CSV_COLUMNS,
  ARTICLES_CSV_NAME,
  type ArticleCsvColumn,
  applyCsvRow,
  CSV_NULL,
  CSV_SEPARATOR,
  checkCsvHeader,
  csvValue,
  readCsvCell,
} from './csv'
export { ARTICLE_BULK_ACTIONS, ArticleBulkSchema, CartAddSchema } from './inputs'
export { ARTICLE_LIST } from './list'
