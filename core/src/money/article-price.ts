import { amountsFromExcTax, includingTax, type LineAmounts, type VatRates } from './amounts'
import { type Dec, type DecimalInput, dec, INTERMEDIATE_DECIMALS, intermediate } from './decimal'
import { divideToMinor, fromMinor, percentOfMinor, scaledOf } from './minor-units'

/**
 * Catalogue pricing: unit_price_exctax is the price of unit_number_per_price units (12.00 for a
 * box of 100 screws priced per 100). The price of one unit keeps 6 decimals.
 */
export type ArticlePricing = {
  unit_price_exctax: DecimalInput
  unit_number_per_price: DecimalInput
} & VatRates

export const pricePerUnit = (article: ArticlePricing): Dec => {
  const per = dec(article.unit_number_per_price)
  if (per.lte(0)) throw new Error('unit_number_per_price must be positive.')
  return intermediate(dec(article.unit_price_exctax).div(per))
}

/**
 * The same as texts with 6 decimals, and the sort key (the price in millionths), computed in
 * integers (core/money minor-units) — exactly articleUnitPrices' results, without a decimal object:
 * an import prices every row.
 */
export const articleUnitPriceTexts = (article: {
  unit_price_exctax: string
  unit_number_per_price: string
  vat_rate: string
  vat_rate_2?: string | null
}): { price_exctax: string; price_inctax: string; price_sort: number } => {
  if (scaledOf(article.unit_number_per_price).units <= 0n)
    throw new Error('unit_number_per_price must be positive.')
  const exctax = divideToMinor(
    article.unit_price_exctax,
    article.unit_number_per_price,
    INTERMEDIATE_DECIMALS,
  )
  let inctax = exctax + percentOfMinor(exctax, article.vat_rate)
  const second = article.vat_rate_2
  if (second !== undefined && second !== null && /[1-9]/.test(second))
    inctax += percentOfMinor(exctax, second)
  return {
    price_exctax: fromMinor(exctax, INTERMEDIATE_DECIMALS),
    price_inctax: fromMinor(inctax, INTERMEDIATE_DECIMALS),
    price_sort: Number(exctax),
  }
}

/** price_exctax and price_inctax of one unit, as the catalogue lists them (6 decimals). */
export const articleUnitPrices = (article: ArticlePricing): { price_exctax: Dec; price_inctax: Dec } => {
  const price_exctax = pricePerUnit(article)
  return { price_exctax, price_inctax: includingTax(price_exctax, article) }
}

/**
 * The amounts of ordering `quantity` units: quantity × price ÷ units per price in one step, kept
 * to 6 decimals, so 3 units at 10.00 per 3 cost exactly 10.00.
 */
export const articleLineAmounts = (
  article: ArticlePricing,
  quantity: DecimalInput,
  decimals: number,
): LineAmounts => {
  const per = dec(article.unit_number_per_price)
  if (per.lte(0)) throw new Error('unit_number_per_price must be positive.')
  return amountsFromExcTax(
    intermediate(dec(quantity).times(article.unit_price_exctax).div(per)),
    article,
    decimals,
  )
}

/**
 * The integer a price sorts by (millionths of a unit), computed in decimal: the text "0.1" gives
 * 100000 exactly, never a float's 99999.99…
 */
export const priceSortKey = (price: DecimalInput): number =>
  dec(price).times(1_000_000).toDecimalPlaces(0).toNumber()
