import type { Language } from '../i18n/language'
import { isLanguage } from '../i18n/language'
import type { CurrencyPosition } from '../locale/locale.schema'
import type { AmountFormat } from './amount'

export type NumberStyle = { decimal_delimiter: '.' | ','; group: string }

/**
 * How each shipped language writes numbers (CLDR): English "1,234.50", French "1 234,50" (narrow
 * no-break space), Spanish "1.234,50". The reader's language decides, not the instance.
 */
export const NUMBER_STYLES: Record<Language, NumberStyle> = {
  en: { decimal_delimiter: '.', group: ',' },
  fr: { decimal_delimiter: ',', group: '\u202f' },
  es: { decimal_delimiter: ',', group: '.' },
}

export const numberStyleFor = (language: string): NumberStyle =>
  NUMBER_STYLES[isLanguage(language) ? language : 'en']

/** A reader: their language, where their language puts a currency symbol, the instance's decimals. */
export type Reader = { language: string; currency_position?: CurrencyPosition; decimals: number }

/**
 * The format of an amount for a reader: their language's separators, the instance's decimals, the
 * currency's symbol placed where the reader's language puts it (else where the currency says).
 */
export const amountFormatFor = (
  reader: Reader,
  currency?: { symbol: string; position: CurrencyPosition },
): AmountFormat => ({
  ...numberStyleFor(reader.language),
  decimals: reader.decimals,
  ...(currency === undefined
    ? {}
    : { symbol: currency.symbol, position: reader.currency_position ?? currency.position }),
})
