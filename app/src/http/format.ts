import {
  amountFormatFor,
  formatAmount,
  formatDate,
  formatDateTime,
  formatNumber,
  numberStyleFor,
} from '@procura/core/format'
import { isLanguage, unitFor } from '@procura/core/i18n'
import { convertAmount } from '@procura/core/money'
import { currencyNamer, displayCurrencyOf } from './currency-display'
import type { FormatInfos } from './format-infos'

export type { FormatInfos } from './format-infos'

export type FormatReader = { language: string; currency: string | null; price_display_inctax: boolean }

/** "YYYY-MM-DD" days are read at noon UTC so that no time zone moves them to another day. */
const dayOf = (iso: string) => (iso.length === 10 ? new Date(`${iso}T12:00:00Z`) : new Date(iso))

/**
 * The one formatter of the web app, built from the instance's formats and the reader's
 * preferences (core's rules): numbers in the reader's language, amounts with their document's
 * currency and, when the reader picked another display currency, converted at its rate; prices
 * excluding or including tax as the reader chose; dates in the language's format and the instance's
 * time zone.
 */
export const createFormatter = (infos: FormatInfos | undefined, reader: FormatReader) => {
  const currencies = infos?.currencies ?? []
  const defaultCurrency = currencies.find((c) => c.is_default)
  const display = displayCurrencyOf(infos, reader.currency)
  const language = infos?.languages.find((l) => l.code === reader.language)
  const decimals = infos?.formats?.decimals ?? 2
  const timeZone = infos?.formats?.time_zone ?? 'UTC'
  const style = numberStyleFor(reader.language)
  const currencyOf = (code?: string | null) =>
    code === undefined || code === null ? defaultCurrency : currencies.find((c) => c.code === code)
  const currencyName = currencyNamer(infos, reader.language)

  /** An amount in its document's currency (the default one when none is given). */
  const amount = (value: string, currencyCode?: string | null): string => {
    const currency = currencyOf(currencyCode)
    const format = amountFormatFor(
      {
        language: reader.language,
        decimals,
        ...(language ? { currency_position: language.currency_position } : {}),
      },
      currency,
    )
    const text = formatAmount(value, format)
    return currency === undefined && currencyCode ? `${text} ${currencyCode}` : text
  }

  /** The amount in the reader's display currency, or null when it is already in it. */
  const converted = (value: string, currencyCode?: string | null): string | null => {
    const currency = currencyOf(currencyCode)
    if (currency === undefined || display === undefined || currency.code === display.code) return null
    return amount(convertAmount(value, currency, display, decimals).toFixed(decimals), display.code)
  }

  return {
    language: reader.language,
    /** The decimals amounts are rounded to (the settings' final rounding). */
    decimals,
    displayCurrency: display?.code ?? null,
    pricesIncTax: reader.price_display_inctax,
    amount,
    converted,
    /** The document's amount, followed by "≈ converted" when the reader displays another currency. */
    money: (value: string, currencyCode?: string | null): string => {
      const other = converted(value, currencyCode)
      return other === null ? amount(value, currencyCode) : `${amount(value, currencyCode)} (≈ ${other})`
    },
    /** A price as the reader chose to see prices: excluding or including tax, in the display currency. */
    price: (prices: { exctax: string; inctax: string }, currencyCode?: string | null): string => {
      const value = reader.price_display_inctax ? prices.inctax : prices.exctax
      return converted(value, currencyCode) ?? amount(value, currencyCode)
    },
    number: (value: string | number) => formatNumber(String(value), style.decimal_delimiter, style.group),
    date: (iso: string) =>
      language === undefined ? iso.slice(0, 10) : formatDate(dayOf(iso), language, timeZone),
    dateTime: (iso: string) =>
      language === undefined
        ? iso.slice(0, 16).replace('T', ' ')
        : formatDateTime(new Date(iso), language, timeZone),
    /** A quantity with its unit, the unit in the plural the quantity asks for ("8 unités", "1 unité"). */
    quantity: (value: string, unit: string | null | undefined) => {
      const code = unit ?? 'unit'
      const shown = formatNumber(String(value), style.decimal_delimiter, style.group)
      return `${shown} ${isLanguage(reader.language) ? unitFor(code, String(value), reader.language) : code}`
    },
    currencyName,
  }
}

export type Formatter = ReturnType<typeof createFormatter>
