import { formatAmount } from '../format/amount'
import { numberStyleFor } from '../format/locale-format'
import type { Language } from '../i18n/language'
import { type ErrorCode, MESSAGES } from './catalogue'
import { interpolate, type MessageParams } from './interpolate'

export { interpolate, type MessageParams, placeholdersOf } from './interpolate'

/** A decimal written as the machine writes it ("1234.50"): a parameter a reader reads as a number. */
const DECIMAL = /^-?\d+\.\d+$/

/**
 * A message's parameters as the reader writes them: a decimal ("1234.50", an amount or a quantity)
 * in the reader's language's separators ("1 234,50" in French), its decimals kept; anything else
 * (codes, years, names) as it is.
 */
export const readerParams = (
  params: MessageParams | undefined,
  language: Language,
): MessageParams | undefined =>
  params === undefined
    ? undefined
    : Object.fromEntries(
        Object.entries(params).map(([name, value]) =>
          typeof value === 'string' && DECIMAL.test(value)
            ? [
                name,
                formatAmount(value, {
                  ...numberStyleFor(language),
                  decimals: value.length - value.indexOf('.') - 1,
                }),
              ]
            : [name, value],
        ),
      )

/** The message of `code` in `language`, with its parameters filled in as the reader writes them. */
export const translate = (code: ErrorCode, params: MessageParams | undefined, language: Language): string =>
  interpolate(MESSAGES[code][language], readerParams(params, language))
