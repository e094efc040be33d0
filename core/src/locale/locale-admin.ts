import { z } from 'zod'
import { type IsoDate, isIsoDate } from '../calendar/days'
import { type DomainError, type FieldIssues, formError } from '../errors/domain-error'
import { dec, final, intermediate } from '../money/decimal'
import { err, ok, type Result } from '../result'
import { CURRENCY_POSITIONS } from './locale.schema'

/** How many decimals a rate keeps (rates are quoted to 6 at most, like the ECB's reference rates). */
export const RATE_DECIMALS = 6

const rate = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,6})?$/, 'INVALID_VALUE')
  .refine((v) => !/^[0.]+$/.test(v), 'MUST_BE_POSITIVE')

/**
 * A currency as its administration screen writes it (POST /bwapi/currencies, PUT /{code}): the
 * rate is how many units of it one unit of the default currency buys, in force from `rate_from`
 * (a day; null: today). A changed rate is kept in the currency's rate history, so a document keeps
 * the rate of its own date.
 */
export const CurrencyInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'INVALID_VALUE'),
  label: z.string().trim().min(1).max(100),
  symbol: z.string().trim().min(1).max(5),
  position: z.enum(CURRENCY_POSITIONS),
  rate,
  rate_from: z
    .string()
    .refine((v) => isIsoDate(v), 'INVALID_DATE')
    .nullable()
    .default(null),
})
export type CurrencyInput = z.output<typeof CurrencyInputSchema>

/**
 * What a currency's change must respect beyond its shape: the default currency's rate is 1 (every
 * other rate is written against it), and a rate is a known fact, so it starts today or before.
 */
export const currencyIssues = (
  input: CurrencyInput,
  context: { isDefault: boolean; today: IsoDate },
): FieldIssues | null => {
  if (context.isDefault && !dec(input.rate).equals(1))
    return { rate: [{ code: 'CURRENCY_DEFAULT_RATE', params: { currency: input.code } }] }
  if (input.rate_from !== null && input.rate_from > context.today)
    return { rate_from: [{ code: 'CURRENCY_RATE_FUTURE' }] }
  return null
}

/** A rate in a currency's history: in force from its day until the next one. */
export type DatedRate = { readonly valid_from: string; readonly rate: string }

/**
 * The rate of a currency on a day: the last of its history in force that day; before its first
 * known rate, the first known one; without history, its current rate.
 */
export const rateOn = (history: readonly DatedRate[], day: string, current: string): string => {
  let found: DatedRate | undefined
  let earliest: DatedRate | undefined
  for (const entry of history) {
    if (earliest === undefined || entry.valid_from < earliest.valid_from) earliest = entry
    if (entry.valid_from <= day && (found === undefined || entry.valid_from > found.valid_from)) found = entry
  }
  return (found ?? earliest)?.rate ?? current
}

/**
 * How many units of the company's currency one unit of the document's buys, both rates being to
 * the default currency (kept to 6 decimals, as a rate is written): 1 when they are the same.
 */
export const bookingFactor = (documentRate: string, companyRate: string): string =>
  documentRate === companyRate
    ? '1'
    : intermediate(dec(companyRate).div(documentRate))
        .toFixed(RATE_DECIMALS)
        .replace(/\.?0+$/, '')

/** An amount of a document in its company's currency, at the document's factor, rounded once. */
export const inBookingCurrency = (amount: string, factor: string, decimals: number): string =>
  final(intermediate(dec(amount).times(factor)), decimals).toFixed(decimals)

/**
 * A language as the administration screen edits it (PUT /bwapi/languages/{code}): the interface
 * languages are the product's own (their texts ship with it), so they are edited, never created.
 */
export const LanguageInputSchema = z.object({
  label: z.string().trim().min(1).max(50),
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'INVALID_VALUE'),
  currency_position: z.enum(CURRENCY_POSITIONS),
  date_format: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .refine((v) => /YY/.test(v) && /M/.test(v) && /D/.test(v), 'DATE_FORMAT_TOKENS'),
  hour_format: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .refine((v) => /[Hh]/.test(v) && /mm/.test(v), 'HOUR_FORMAT_TOKENS'),
  active: z.boolean().default(true),
})
export type LanguageInput = z.output<typeof LanguageInputSchema>

/** The instance keeps one active language at least (the language selector offers the active ones). */
export const checkLanguageActive = (
  input: LanguageInput,
  context: { code: string; otherActive: number },
): Result<void, DomainError> =>
  !input.active && context.otherActive === 0
    ? err(formError({ active: [{ code: 'LANGUAGE_LAST_ACTIVE', params: { language: context.code } }] }))
    : ok(undefined)
