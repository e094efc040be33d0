export {
  amountsFromExcTax,
  type DocumentTotals,
  displayedAmount,
  documentTotals,
  excludingTax,
  includingTax,
  type LineAmounts,
  lineAmounts,
  rateKey,
  type TaxAmount,
  type VatRates,
} from './amounts'
export { type ArticlePricing, articleLineAmounts, articleUnitPrices, pricePerUnit } from './article-price'
export { fromDefaultCurrency, type Money, money, sumMoney, toDefaultCurrency } from './currency'
export {
  Dec,
  type DecimalInput,
  dec,
  final,
  INTERMEDIATE_DECIMALS,
  intermediate,
  isDecimalString,
  parseDecimal,
  toAmountString,
} from './decimal'
