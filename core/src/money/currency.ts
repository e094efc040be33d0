import type { DomainError } from '../errors/domain-error'
import { formError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'
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

/**
 * An amount in one currency expressed in another through the default currency (both rates are
 * to the default currency): for display only, a document keeps its own currency.
 */
export const convertAmount = (
  amount: DecimalInput,
  from: { rate: DecimalInput },
  to: { rate: DecimalInput },
  decimals: number,
): Dec => {
  if (dec(from.rate).lte(0) || dec(to.rate).lte(0)) throw new Error('A currency rate must be positive.')
  return final(intermediate(dec(amount).div(from.rate).times(to.rate)), decimals)
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

/**
 * A document's currency must be one the instance uses: any of its currencies when the
 * multi-currency module is on, only the default one when it is off. Refused on `field`.
 */
/** The currencies a document may be written in: all of them with the multi-currency module, else the default one. */
export const usableCurrencies = <C extends { is_default: boolean }>(
  currencies: readonly C[],
  multiCurrency: boolean,
): C[] => currencies.filter((c) => multiCurrency || c.is_default)

export const checkDocumentCurrency = (
  code: string,
  instance: { currencies: readonly { code: string; is_default: boolean }[]; multiCurrency: boolean },
  field = 'currency_code',
): Result<void, DomainError> => {
  const usable = usableCurrencies(instance.currencies, instance.multiCurrency)
  return usable.some((c) => c.code === code)
    ? ok(undefined)
    : err(formError({ [field]: [{ code: 'CURRENCY_NOT_ACTIVE', params: { currency: code } }] }))
}
