import { type Dec, type DecimalInput, dec, final, intermediate } from './decimal'

/**
 * A currency's rate is how many units of it one unit of the default currency buys
 * (default EUR, USD rate "1.08": 1 EUR = 1.08 USD). Conversions keep 6 decimals, then round.
 */
export const toDefaultCurrency = (amount: DecimalInput, rate: DecimalInput, decimals: number): Dec => {
  if (dec(rate).lte(0)) throw new Error('A currency rate must be positive.')
  return final(intermediate(dec(amount).div(rate)), decimals)
}

export const fromDefaultCurrency = (amount: DecimalInput, rate: DecimalInput, decimals: number): Dec => {
  if (dec(rate).lte(0)) throw new Error('A currency rate must be positive.')
  return final(intermediate(dec(amount).times(rate)), decimals)
}

/** An amount with its currency (ISO 4217 code). */
export type Money = { readonly amount: Dec; readonly currency: string }

export const money = (amount: DecimalInput, currency: string): Money => ({ amount: dec(amount), currency })

/** Adds amounts of one currency; mixing currencies is a bug the caller must prevent. */
export const sumMoney = (items: readonly Money[], currency: string): Money => {
  for (const item of items) {
    if (item.currency !== currency) throw new Error(`Cannot add ${item.currency} to ${currency}.`)
  }
  return money(
    items.reduce((sum, item) => sum.plus(item.amount), dec(0)),
    currency,
  )
}
