export {
  amountsFromExcTax,
  type DocumentTotals,
  displayedAmount,
  documentTotals,
  excludingTax,
  includingTax,
  type LineAmounts,
  lineAmountExcTax,
  lineAmounts,
  rateKey,
  receiptAmounts,
  sumAmounts,
  type TaxAmount,
  type VatRates,
} from './amounts'
export {
  type ArticlePricing,
  articleLineAmounts,
  articleUnitPrices,
  articleUnitPriceTexts,
  pricePerUnit,
  priceSortKey,
} from './article-price'
export {
  checkDocumentCurrency,
  convertAmount,
  fromDefaultCurrency,
  type Money,
  money,
  sumMoney,
  toDefaultCurrency,
  usableCurrencies,
} from './currency'
export {
  Dec,
  type DecimalInput,
  dec,
  final,
  INTERMEDIATE_DECIMALS,
  intermediate,
  isDecimalString,
  isNegative,
  parseDecimal,
  toAmountString,
} from './decimal'
export { decimalField, documentTotalSign, totalRule } from './decimal-fields'
export { addMinor, fromMinor, rescaleMinor, taxMinor, toMinor } from './minor-units'
